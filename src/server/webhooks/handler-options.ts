/**
 * The options of `createWebhookHandler` and the context its functions get, checked and resolved once, at creation:
 * the verifier prepared (keys, scheme, path, tolerance), the function table, the delivery strategy chosen by the
 * store's kind (a DedupeStore: leases; an InboxStore: its transaction), every numeric option checked. A delivery
 * re-checks none of it.
 */
import {
  KNOWN_WEBHOOK_TYPES,
  type KnownOrGenericWebhookEvent,
  type KnownWebhookEvent,
  type KnownWebhookType,
  type WebhookEvent,
} from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError, isServerConfigError } from '../errors.js';
import { MIN_LEASE_MS, numberIn, positiveNumber } from '../options.js';
import { EVENT_RETENTION_MS } from '../../protocol/schedule.js';
import { MemoryDedupeStore } from '../stores/memory.js';
import type { CheckpointStore, DedupeStore, InboxStore } from '../stores/types.js';
import { type DeliveryStrategy, type Report, type WebhookErrorStage, makeReplies } from './delivery.js';
import { InboxDelivery, isInboxStore } from './inbox-delivery.js';
import { LeaseDelivery } from './lease-delivery.js';
import { loggerReport, storeKind } from '../telemetry/logs.js';
import { quietly } from '../telemetry/quiet.js';
import { resolveLogger, resolveTelemetry } from '../telemetry/resolve.js';
import type { Logger, TelemetryOptions } from '../telemetry/types.js';
import { type WebhookObserver, webhookObserver } from '../telemetry/webhook.js';
import { nearestEventType } from './near.js';
import { defaultLog } from './report.js';
import { type Verifier, type WebhookVerifyOptions, prepareVerifier } from './verify.js';

/** What every handler gets besides the event. */
export interface WebhookContextBase {
  /** Token id of the key that verified the delivery. */
  tokenId: string;
  /**
   * Aborted when a renewal finds this delivery no longer owns its claim (the lease ran out or another delivery took
   * it; the answer will be 503 whatever the handler returns), or when no renewal has succeeded for a whole lease (the
   * store unreachable: the claim may have expired; complete() then decides the answer). Either way another copy may
   * be running the event now: stop, and do not commit effects you have not committed yet. With an InboxStore: aborted
   * when the transaction's connection is lost (nothing written through ctx.db will commit).
   * @example await db.tx(work, { signal: ctx.signal })
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
   * How long a finished event id is remembered; longer than the sender's whole retry window and than the events
   * `catchUp` may list (the service keeps 30 days). Finite, > 0. Default 31 days. Not used with an InboxStore (rows
   * stay until its prune(): prune nothing younger than 31 days either).
   * @example { doneTtlMs: 3 * 24 * 3600_000 }
   */
  doneTtlMs?: number;
  /** Retry-After (whole seconds) on 409 and 503. Integer, > 0. Default 5. @example { retryAfterSec: 10 } */
  retryAfterSec?: number;
  /**
   * Called with every failure (never with secrets); for your logging. Stages: 'verify' (the delivery failed
   * verification: a `SignatureVerificationError`, answered 400/401; `eventId` is the id it claims, unverified),
   * 'handler' (your function threw), 'store' (the store failed or is full; a renewal failure is reported once per
   * delivery), 'lease_lost' (the claim was lost while the handler ran; answered 503), 'respond' (`toNodeHandler` could
   * not send the answer: something else had answered the response, or it was closed; `RESPONSE_NOT_SENT` — or the
   * sender hung up while the delivery was handled, its timeout: `SENDER_STOPPED_WAITING`, from either adapter).
   * Default: one `console.error` line with the stage, the error's code, the event id and its message (never a secret,
   * a URL's password or the body); for 'handler' also the first three stack frames, payload values shown as `***`.
   * A throw or a rejected promise from it changes no answer.
   * @example { onError: (e, { stage, eventId }) => log.warn(stage, eventId, e) }
   */
  onError?: (error: unknown, info: { stage: WebhookErrorStage; eventId?: string }) => void;
  /**
   * Spans and metrics (docs/observability.md). Default: `@opentelemetry/api`'s global providers when the package is
   * installed (Node build); `false` records nothing.
   * @example { telemetry: { tracerProvider, meterProvider } }
   */
  telemetry?: TelemetryOptions | false;
  /**
   * Where lines go (pino's shape: `(fields, message)`): a debug line per delivery, and each failure at error level
   * when there is no `onError`. Default: one `console.error` line per failure, nothing else.
   * @example { logger: pino() }
   */
  logger?: Logger;
}

/** One of the handler's functions, as the handler calls it. */
export type EventFunction = Fn<WebhookEvent, WebhookContext>;
/** A handler's functions by event type, as the handler looks them up. */
export type FunctionTable = Record<string, EventFunction | undefined>;

export interface ResolvedHandler {
  verify: Verifier;
  on: FunctionTable;
  /** The types `on` has a function for; undefined when it handles every type ('*', or a type this version lacks). */
  events: readonly KnownWebhookType[] | undefined;
  strategy: DeliveryStrategy;
  report: Report;
  /** Telemetry and the logger's delivery lines; undefined when neither records anything. */
  observe: WebhookObserver | undefined;
  /** Where `catchUp` keeps its checkpoint: the store, when it can. */
  checkpoints: CheckpointStore | undefined;
}

const checkpointsOf = (store: unknown): CheckpointStore | undefined => {
  const s = store as Partial<CheckpointStore> | undefined;
  return typeof s?.readCheckpoint === 'function' && typeof s.writeCheckpoint === 'function'
    ? (s as CheckpointStore)
    : undefined;
};

/** Every option checked and resolved; ServerConfigError naming the option otherwise. */
export function resolveHandlerOptions<Db>(
  provider: CryptoProvider,
  options: WebhookHandlerOptions<Db>,
): ResolvedHandler {
  if (!options?.verify || typeof options.verify !== 'object')
    throw new ServerConfigError('verify', 'createWebhookHandler needs verify: { keys, ... }');
  const verify = prepareHandlerVerifier(provider, options.verify);
  const on = functionTable(options.on);
  const events = handledTypes(on);
  if (options.onError !== undefined && typeof options.onError !== 'function')
    throw new ServerConfigError('onError', 'onError must be a function');
  const logger = resolveLogger(options.logger);
  warnMisspelt(on, logger);
  const report = safeReport(
    options.onError ??
      (logger ? loggerReport(logger, secretsOf(options.verify)) : defaultLog(secretsOf(options.verify))),
  );
  const replies = makeReplies(positiveNumber('retryAfterSec', options.retryAfterSec ?? 5, true));
  // Checked with an InboxStore too, where they are unused: a wrong value is wrong whichever store is passed.
  const times = {
    leaseMs: numberIn('leaseMs', options.leaseMs ?? 60_000, { min: MIN_LEASE_MS, max: 2 ** 31 - 1, unit: ' ms' }),
    doneTtlMs: positiveNumber('doneTtlMs', options.doneTtlMs ?? EVENT_RETENTION_MS + 24 * 3600_000),
  };
  const store = options.store ?? new MemoryDedupeStore();
  const info = { store: storeKind(store), scheme: options.verify.scheme ?? 'hmac' };
  const observe = webhookObserver(resolveTelemetry(options.telemetry), logger, info);
  const resolved = { verify, on, events, report, observe, checkpoints: checkpointsOf(store) };
  if (isInboxStore(store)) return { ...resolved, strategy: new InboxDelivery(store, replies, report) };
  for (const m of ['claim', 'renew', 'complete', 'release'] as const) {
    if (typeof (store as Partial<DedupeStore>)?.[m] !== 'function') {
      throw new ServerConfigError(
        'store',
        `store must implement claim, renew, complete and release (DedupeStore), or begin (InboxStore); ${m} is missing`,
      );
    }
  }
  return { ...resolved, strategy: new LeaseDelivery(store as DedupeStore, times, replies, report) };
}

/** The `verify` options prepared once; an error names the field as `verify.<field>`, never a secret. */
function prepareHandlerVerifier(provider: CryptoProvider, v: WebhookVerifyOptions): Verifier {
  try {
    return prepareVerifier(provider, v, false);
  } catch (e) {
    if (isServerConfigError(e))
      throw new ServerConfigError(`verify.${e.field}`, `createWebhookHandler: verify.${e.message}`);
    throw e;
  }
}

function functionTable(on: unknown): FunctionTable {
  if (!on || typeof on !== 'object')
    throw new ServerConfigError('on', "createWebhookHandler needs on: { '<type>': fn, '*': fn }");
  for (const [type, fn] of Object.entries(on)) {
    if (fn !== undefined && typeof fn !== 'function')
      throw new ServerConfigError(`on.${type}`, `on['${type}'] must be a function`);
  }
  return on as FunctionTable;
}

/**
 * The known types `on` has a function for, in the protocol's order: what the receiver must be registered for so that
 * the service filters out none of them. Undefined (every type) when `'*'` has a function, or a key is a type this
 * SDK version does not know (registerWebhook accepts known names only).
 */
function handledTypes(on: FunctionTable): readonly KnownWebhookType[] | undefined {
  const named = Object.keys(on).filter((k) => on[k] !== undefined);
  const known: readonly string[] = KNOWN_WEBHOOK_TYPES;
  if (named.some((k) => !known.includes(k))) return undefined;
  return Object.freeze(KNOWN_WEBHOOK_TYPES.filter((t) => named.includes(t)));
}

/** One warning per key of `on` near a known event type but not one: its deliveries would be answered `ignored`. */
function warnMisspelt(on: FunctionTable, logger: Logger | undefined): void {
  for (const key of Object.keys(on)) {
    const near = nearestEventType(key);
    if (!near) continue;
    const message = `createWebhookHandler: on['${key}'] is not an event type; did you mean '${near}'?`;
    quietly(() =>
      logger ? logger.warn({ key, suggestion: near }, message) : console.warn(`hosted-journey: ${message}`),
    );
  }
}

/** The configured secrets, for the default log line to hide (whatever their shape; the verifier checked them). */
const secretsOf = (v: WebhookVerifyOptions): string[] =>
  Array.isArray(v.keys) ? v.keys.flatMap((k) => (typeof k?.secret === 'string' ? [k.secret] : [])) : [];

/** A throwing logger must not change the answer. */
const safeReport =
  (onError: Report): Report =>
  (e, info) =>
    quietly(() => onError(e, info));
