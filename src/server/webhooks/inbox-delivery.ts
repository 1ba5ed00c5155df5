/**
 * The transactional strategy, for an InboxStore (e.g. PostgresInbox): the handler runs inside the store's open
 * transaction with `ctx.db`, and its effects commit together with the done-mark.
 *   begin rejects (database unreachable) → 503 STORE_UNAVAILABLE; (the table is missing: INBOX_TABLE_MISSING) →
 *   503 STORE_NOT_MIGRATED · 'done' → 200 duplicate · 'in_flight' → 409
 *   handler returns → commit → 200; commit rejects → the store is asked again: the event done now (another delivery
 *     marked it done between this one's claim and its done-mark, its own writes rolled back; or this commit went
 *     through unconfirmed) → 200 duplicate, else 503 STORE_UNAVAILABLE (nothing marked done)
 *   handler throws → rollback → 500 HANDLER_FAILED; the rollback rejects too → 503 STORE_UNAVAILABLE (the database
 *     went away: PostgreSQL rolls the transaction back itself when the connection dies)
 * No lease and no renewal: the transaction holds the claim for exactly as long as it is open. `ctx.signal` aborts when
 * the transaction's connection is lost.
 */
import type { InboxStore } from '../stores/types.js';
import type { DeliveryStrategy, Replies, Report, Run, WebhookResult } from './delivery.js';

/** The store is an InboxStore: the handler takes the transactional path for it. */
export const isInboxStore = (store: unknown): store is InboxStore =>
  typeof (store as Partial<InboxStore> | undefined)?.begin === 'function';

export class InboxDelivery implements DeliveryStrategy {
  readonly #store: InboxStore;
  readonly #replies: Replies;
  readonly #report: Report;

  constructor(store: InboxStore, replies: Replies, report: Report) {
    this.#store = store;
    this.#replies = replies;
    this.#report = report;
  }

  async deliver(id: string, run: Run): Promise<WebhookResult> {
    const replies = this.#replies;
    let tx: Awaited<ReturnType<InboxStore['begin']>>;
    try {
      tx = await this.#store.begin(id);
    } catch (e) {
      this.#report(e, { stage: 'store', eventId: id });
      if ((e as { code?: unknown } | null)?.code === 'INBOX_TABLE_MISSING')
        return replies.unavailable(id, 'STORE_NOT_MIGRATED', 'the inbox table does not exist yet; retry later');
      return replies.unavailable(id, 'STORE_UNAVAILABLE', 'inbox database unreachable; retry later');
    }
    if (tx === 'done') return replies.duplicate(id);
    if (tx === 'in_flight') return replies.inFlight(id);
    try {
      await run?.(tx);
    } catch (e) {
      this.#report(e, { stage: 'handler', eventId: id });
      try {
        await tx.rollback();
      } catch (err) {
        this.#report(err, { stage: 'store', eventId: id });
        return replies.unavailable(id, 'STORE_UNAVAILABLE', 'the handler failed and the inbox database is unreachable');
      }
      return replies.failed(id);
    }
    try {
      await tx.commit();
    } catch (e) {
      if (await this.#doneNow(id)) return replies.duplicate(id);
      this.#report(e, { stage: 'store', eventId: id });
      return replies.unavailable(id, 'STORE_UNAVAILABLE', 'the commit was not confirmed; retry later');
    }
    return replies.processed(id, run ? 'processed' : 'ignored');
  }

  /**
   * After a commit that did not confirm: whether the event is done now, by a new claim (let go at once when it gets
   * one). False when the store cannot say: the commit's own error is then what is reported.
   */
  async #doneNow(id: string): Promise<boolean> {
    try {
      const again = await this.#store.begin(id);
      if (again === 'done') return true;
      if (again !== 'in_flight') await again.rollback();
    } catch {
      // unreachable or not migrated: not known to be done
    }
    return false;
  }
}
