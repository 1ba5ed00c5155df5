/**
 * Exactly-once webhook handling. Status codes (senders retry on any non-2xx):
 *   200 processed · 200 duplicate of a finished event · 200 ignored (no handler for the type; acknowledged)
 *   400 malformed delivery (missing/malformed header, parsed body, invalid payload)
 *   401 bad signature/key/timestamp/digest
 *   405 not POST · 409 + Retry-After: the same event is being processed right now (retryable)
 *   500 the handler threw: the claim is released so the retry runs it
 *   503 + Retry-After: the dedupe store is unreachable or full (STORE_UNAVAILABLE, STORE_BUSY), or the claim was lost
 *   while the handler ran (LEASE_LOST: another delivery may have run it too)
 * Ownership: a delivery claims the event under a random owner token and renews the lease (lease.ts) while its
 * handler runs; only that owner can renew, complete or release it. The answer is 200 only when complete() confirmed
 * the owner still held the claim, i.e. no other delivery claimed the event since (see stores/types.ts).
 * A store with `begin` (InboxStore, e.g. PostgresInbox) takes the transactional path of inbox-delivery.ts instead.
 */
import type {
  KnownOrGenericWebhookEvent,
  KnownWebhookEvent,
  KnownWebhookType,
  WebhookEvent,
} from '../../protocol/webhooks.js';
import { ServerConfigError, isSignatureVerificationError } from '../errors.js';
import type { RawBody } from '../inputs/body.js';
import type { HeadersInput } from '../inputs/headers.js';
import { positiveNumber } from '../options.js';
import { MemoryDedupeStore } from '../stores/memory.js';
import { LeaseKeeper } from './lease.js';
import { checkVerifyOptions, claimedEventId, logWebhookError } from './report.js';
import type { DedupeStore, InboxStore } from '../stores/types.js';
import { deliverInInbox, isInboxStore } from './inbox-delivery.js';
import type { CryptoProvider } from '../crypto/provider.js';
import {
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  type WebhookVerifyOptions,
  verifyWebhookWith,
} from './verify.js';

/** What every handler gets besides the event. */
export interface WebhookContextBase {
  /** Token id of the key that verified the delivery. */
  tokenId: string;
  /**
   * Aborted when a renewal finds this delivery no longer owns its claim (the lease ran out or another delivery took
   * it): another copy may be running the event now. Stop, and do not commit effects you have not committed yet; the
   * answer will be 503 whatever the handler returns. With an InboxStore: aborted when the transaction's connection is
   * lost (nothing written through ctx.db will commit). @example await db.tx(work, { signal: ctx.signal })
   */
  signal: AbortSignal;
}

/**
 * `ctx.db` exists only with an InboxStore (`Db` is its connection type, e.g. pg's `PoolClient`): the connection inside
 * the delivery's open transaction. Write your effects through it; they commit with the done-mark.
 * @example 'consent.authorised': (e, { db }) => db.query('INSERT INTO consents (id) VALUES ($1)', [e.data.consent_id])
 */
export type WebhookDbContext<Db> = [Db] extends [never] ? unknown : { db: Db };

/**
 * A handler's context: `known` (whether the event type is one this SDK version knows) discriminates `event`, as in
 * `VerifiedWebhook`.
 * @example '*': (_e, ctx) => { if (ctx.known && ctx.event.type === 'consent.authorised')
 *     save(ctx.event.data.consent_id) }
 */
export type WebhookContext<
  E extends KnownOrGenericWebhookEvent = KnownOrGenericWebhookEvent,
  Db = never,
> = WebhookContextBase & E & WebhookDbContext<Db>;

type Fn<E, C> = (event: E, ctx: C) => unknown | Promise<unknown>;
type KnownEventOf<K extends KnownWebhookType> = Extract<KnownWebhookEvent, { type: K }>;
/** `Db`: the store's connection type when it is an InboxStore (then every ctx has `db`); never otherwise. */
export type WebhookHandlers<Db = never> = {
  [K in KnownWebhookType]?: Fn<KnownEventOf<K>, WebhookContext<{ known: true; event: KnownEventOf<K> }, Db>>;
} & {
  /** Every event without its own handler, including types this SDK version does not know (`ctx.known === false`). */
  '*'?: Fn<WebhookEvent, WebhookContext<KnownOrGenericWebhookEvent, Db>>;
};

export interface WebhookHandlerOptions<Db = never> {
  /** Verification options (keys, scheme, path, tolerance, now). @example { keys: [{ tokenId: 'wh_1', secret }] } */
  verify: WebhookVerifyOptions;
  /**
   * Dedupe store. Default: a MemoryDedupeStore (one process). An InboxStore (PostgresInbox) runs each handler in a
   * transaction and gives it `ctx.db`.
   * @example new RedisDedupeStore({ url: process.env.REDIS_URL })
   */
  store?: DedupeStore | InboxStore<Db>;
  /**
   * Handlers by event type, and '*' for the rest.
   * @example { 'consent.authorised': async (e) => save(e.data.consent_id) }
   */
  on: WebhookHandlers<Db>;
  /**
   * Lease of a claim: renewed about every leaseMs/4 while the handler runs, so it bounds how long a crashed process
   * blocks redeliveries (409), not how long a handler may run. Finite, > 0. Default 60 000 ms. Not used with an
   * InboxStore (its open transaction is the claim).
   * @example { leaseMs: 30_000 }
   */
  leaseMs?: number;
  /**
   * How long a finished event id is remembered; longer than the sender's whole retry window. Finite, > 0. Default 7
   * days. Not used with an InboxStore (rows stay until its prune()).
   * @example { doneTtlMs: 3 * 24 * 3600_000 }
   */
  doneTtlMs?: number;
  /** Retry-After (whole seconds) on 409 and 503. Integer, > 0. Default 5. @example { retryAfterSec: 10 } */
  retryAfterSec?: number;
  /**
   * Called with every failure (never with secrets); for your logging. Stages: 'verify' (the delivery failed
   * verification: a `SignatureVerificationError`, answered 400/401; `eventId` is the id it claims, unverified),
   * 'handler' (your function threw), 'store' (the store failed or is full; a renewal failure is reported once per
   * delivery), 'lease_lost' (the claim was lost while the handler ran; answered 503). Default: one `console.error`
   * line with the stage, the error's code and the event id (never its message, a secret or the body).
   * @example { onError: (e, { stage, eventId }) => log.warn(stage, eventId, e) }
   */
  onError?: (error: unknown, info: { stage: WebhookErrorStage; eventId?: string }) => void;
}

export type WebhookErrorStage = 'verify' | 'handler' | 'store' | 'lease_lost';

export interface WebhookDelivery {
  method: string;
  /** Request path with query (used as the signed path unless `verify.path` is set). */
  path: string;
  headers: HeadersInput;
  body: RawBody;
}

export type WebhookOutcome =
  | 'processed'
  | 'duplicate'
  | 'ignored'
  | 'in_flight'
  | 'rejected'
  | 'failed'
  | 'unavailable'
  | 'method_not_allowed';

export interface WebhookResult {
  status: number;
  outcome: WebhookOutcome;
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
  eventId?: string;
}

export interface WebhookHandler {
  handle(delivery: WebhookDelivery): Promise<WebhookResult>;
}

const has = Object.prototype.hasOwnProperty;
/** Own properties only: an event type such as 'constructor' or '__proto__' must not find Object.prototype's members. */
const own = <T>(o: Record<string, T>, k: string): T | undefined => (has.call(o, k) ? o[k] : undefined);

const result = (
  status: number,
  outcome: WebhookOutcome,
  payload: object,
  extra: Record<string, string> = {},
  eventId?: string,
): WebhookResult => ({
  status,
  outcome,
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(payload),
  ...(eventId ? { eventId } : {}),
});

export function createWebhookHandlerWith<Db>(
  provider: CryptoProvider,
  options: WebhookHandlerOptions<Db>,
): WebhookHandler {
  if (!options?.verify || typeof options.verify !== 'object')
    throw new ServerConfigError('verify', 'createWebhookHandler needs verify: { keys, ... }');
  checkVerifyOptions(provider, options.verify);
  if (!options.on || typeof options.on !== 'object')
    throw new ServerConfigError('on', "createWebhookHandler needs on: { '<type>': fn, '*': fn }");
  for (const [type, fn] of Object.entries(options.on)) {
    if (fn !== undefined && typeof fn !== 'function')
      throw new ServerConfigError(`on.${type}`, `on['${type}'] must be a function`);
  }
  const given = options.store ?? new MemoryDedupeStore();
  const inbox = isInboxStore(given) ? given : undefined;
  for (const m of inbox ? [] : (['claim', 'renew', 'complete', 'release'] as const)) {
    if (typeof (given as Partial<DedupeStore>)?.[m] !== 'function') {
      throw new ServerConfigError(
        'store',
        `store must implement claim, renew, complete and release (DedupeStore), or begin (InboxStore); ${m} is missing`,
      );
    }
  }
  const store = given as DedupeStore;
  const leaseMs = positiveNumber('leaseMs', options.leaseMs ?? 60_000);
  const doneTtlMs = positiveNumber('doneTtlMs', options.doneTtlMs ?? 7 * 24 * 3600_000);
  const retryAfter = String(positiveNumber('retryAfterSec', options.retryAfterSec ?? 5, true));
  if (options.onError !== undefined && typeof options.onError !== 'function')
    throw new ServerConfigError('onError', 'onError must be a function');
  const onError = options.onError ?? logWebhookError;
  const report: NonNullable<WebhookHandlerOptions['onError']> = (e, info) => {
    try {
      onError(e, info);
    } catch {
      /* a throwing logger must not change the answer */
    }
  };
  const on = options.on as Record<string, Fn<WebhookEvent, WebhookContext> | undefined>;
  const v = options.verify;
  const leases = new LeaseKeeper(store, leaseMs, (e, id) => report(e, { stage: 'store', eventId: id }));
  const unavailable = (id: string, code: string, message: string) =>
    result(503, 'unavailable', { error: { code, message } }, { 'retry-after': retryAfter }, id);
  const inFlight = (id: string) =>
    result(
      409,
      'in_flight',
      { error: { code: 'IN_FLIGHT', message: 'this event is being processed; retry later' } },
      { 'retry-after': retryAfter },
      id,
    );
  const failed = (id: string) =>
    result(
      500,
      'failed',
      { error: { code: 'HANDLER_FAILED', message: 'the handler failed; the event will be processed on retry' } },
      {},
      id,
    );
  const duplicate = (id: string) => result(200, 'duplicate', { status: 'duplicate', event_id: id }, {}, id);
  const processed = (id: string, outcome: 'processed' | 'ignored') =>
    result(200, outcome, { status: outcome, event_id: id }, {}, id);
  const replies = { processed, duplicate, inFlight, failed, unavailable };
  const leaseLost = (id: string) => {
    report(
      new Error(
        `the claim on ${id} was lost while its handler ran (lease expired or taken by another delivery); answered 503`,
      ),
      { stage: 'lease_lost', eventId: id },
    );
    return unavailable(id, 'LEASE_LOST', 'the claim on this event was lost while it was processed; retry later');
  };
  /** Marks done; 200 only when the store confirms this owner still held the claim. */
  const finish = async (id: string, owner: string, outcome: 'processed' | 'ignored'): Promise<WebhookResult> => {
    let completed: boolean;
    try {
      completed = await store.complete(id, owner, doneTtlMs);
    } catch (e) {
      report(e, { stage: 'store', eventId: id });
      return unavailable(id, 'STORE_UNAVAILABLE', 'processed but not recorded; retry later');
    }
    if (!completed) return leaseLost(id);
    return processed(id, outcome);
  };

  return {
    async handle(d: WebhookDelivery): Promise<WebhookResult> {
      if (typeof d?.method !== 'string' || typeof d.path !== 'string') {
        throw new ServerConfigError(
          typeof d?.method !== 'string' ? 'method' : 'path',
          'handle() needs a delivery { method, path, headers, body } with string method and path',
        );
      }
      if (d.method.toUpperCase() !== 'POST')
        return result(
          405,
          'method_not_allowed',
          { error: { code: 'METHOD_NOT_ALLOWED', message: 'webhooks are POSTed' } },
          { allow: 'POST' },
        );
      let verified: VerifiedWebhook;
      try {
        verified = await verifyWebhookWith(provider, {
          keys: v.keys,
          scheme: v.scheme,
          path: v.path ?? d.path,
          tolerance: v.tolerance,
          now: v.now,
          headers: d.headers,
          body: d.body,
        } as VerifyWebhookOptions);
      } catch (e) {
        if (!isSignatureVerificationError(e)) throw e;
        report(e, { stage: 'verify', eventId: claimedEventId(d.headers, d.body) });
        return result(e.status, 'rejected', { error: { code: e.code, message: e.message } });
      }
      const { event, tokenId } = verified;
      const id = event.event_id;
      const fn = own(on, event.type) ?? own(on, '*');
      if (inbox) {
        return deliverInInbox(inbox, {
          id,
          run:
            fn && ((db, signal) => fn(event, { tokenId, known: verified.known, event, db, signal } as WebhookContext)),
          report,
          replies,
        });
      }
      const owner = crypto.randomUUID();
      let claim;
      try {
        claim = await store.claim(id, owner, leaseMs);
      } catch (e) {
        report(e, { stage: 'store', eventId: id });
        return unavailable(id, 'STORE_UNAVAILABLE', 'dedupe store unreachable; retry later');
      }
      if (claim === 'done') return duplicate(id);
      if (claim === 'in_flight') return inFlight(id);
      if (claim === 'busy') {
        report(new Error('dedupe store full: every entry is a claim in progress (raise maxEntries?)'), {
          stage: 'store',
          eventId: id,
        });
        return unavailable(id, 'STORE_BUSY', 'dedupe store full; retry later');
      }
      if (claim !== 'claimed') {
        report(
          new Error(
            `store.claim() answered ${JSON.stringify(claim)}; expected 'claimed', 'in_flight', 'done' or 'busy'`,
          ),
          { stage: 'store', eventId: id },
        );
        return unavailable(id, 'STORE_UNAVAILABLE', 'dedupe store unreachable; retry later');
      }
      if (!fn) return finish(id, owner, 'ignored');
      const held = leases.hold(id, owner);
      try {
        const ctx = {
          tokenId,
          known: verified.known,
          event,
          get signal() {
            return held.signal;
          },
        } as WebhookContext;
        await fn(event, ctx);
      } catch (e) {
        await leases.drop(held);
        report(e, { stage: 'handler', eventId: id });
        try {
          await store.release(id, owner);
        } catch (err) {
          report(err, { stage: 'store', eventId: id });
        }
        return failed(id);
      }
      if (await leases.drop(held)) return leaseLost(id);
      return finish(id, owner, 'processed');
    },
  };
}
