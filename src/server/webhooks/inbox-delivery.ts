/**
 * One delivery through an InboxStore (a transactional inbox such as PostgresInbox): the handler runs inside the
 * store's open transaction with `ctx.db`, and its effects commit together with the done-mark.
 *   begin rejects (database unreachable) → 503 STORE_UNAVAILABLE · 'done' → 200 duplicate · 'in_flight' → 409
 *   handler returns → commit → 200; commit rejects → 503 STORE_UNAVAILABLE (nothing marked done unless it did commit,
 *     in which case the retry finds the event done)
 *   handler throws → rollback → 500 HANDLER_FAILED; the rollback rejects too → 503 STORE_UNAVAILABLE (the database
 *     went away: PostgreSQL rolls the transaction back itself when the connection dies)
 * No lease and no renewal: the transaction holds the claim for exactly as long as it is open. `ctx.signal` aborts when
 * the transaction's connection is lost.
 */
import type { InboxStore } from '../stores/types.js';
import type { WebhookErrorStage, WebhookResult } from './handler.js';

export interface InboxReplies {
  processed(id: string, outcome: 'processed' | 'ignored'): WebhookResult;
  duplicate(id: string): WebhookResult;
  inFlight(id: string): WebhookResult;
  failed(id: string): WebhookResult;
  unavailable(id: string, code: string, message: string): WebhookResult;
}

export interface InboxDelivery {
  id: string;
  /** The event's handler, given the transaction's connection and signal; undefined → acknowledged as 'ignored'. */
  run: ((db: unknown, signal: AbortSignal) => unknown) | undefined;
  report(error: unknown, info: { stage: WebhookErrorStage; eventId?: string }): void;
  replies: InboxReplies;
}

/** The store is an InboxStore: the handler takes the transactional path for it. */
export const isInboxStore = (store: unknown): store is InboxStore =>
  typeof (store as Partial<InboxStore> | undefined)?.begin === 'function';

export async function deliverInInbox(store: InboxStore, d: InboxDelivery): Promise<WebhookResult> {
  const { id, report, replies } = d;
  let tx: Awaited<ReturnType<InboxStore['begin']>>;
  try {
    tx = await store.begin(id);
  } catch (e) {
    report(e, { stage: 'store', eventId: id });
    return replies.unavailable(id, 'STORE_UNAVAILABLE', 'inbox database unreachable; retry later');
  }
  if (tx === 'done') return replies.duplicate(id);
  if (tx === 'in_flight') return replies.inFlight(id);
  try {
    await d.run?.(tx.db, tx.signal);
  } catch (e) {
    report(e, { stage: 'handler', eventId: id });
    try {
      await tx.rollback();
    } catch (err) {
      report(err, { stage: 'store', eventId: id });
      return replies.unavailable(id, 'STORE_UNAVAILABLE', 'the handler failed and the inbox database is unreachable');
    }
    return replies.failed(id);
  }
  try {
    await tx.commit();
  } catch (e) {
    report(e, { stage: 'store', eventId: id });
    return replies.unavailable(id, 'STORE_UNAVAILABLE', 'the commit was not confirmed; retry later');
  }
  return replies.processed(id, d.run ? 'processed' : 'ignored');
}
