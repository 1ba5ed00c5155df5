/**
 * Exactly-once webhook handling. Status codes (senders retry on any non-2xx):
 *   200 processed · 200 duplicate of a finished event · 200 ignored (no handler for the type; acknowledged)
 *   400 malformed delivery (missing/malformed header, parsed body, invalid payload)
 *   401 bad signature/key/timestamp/digest
 *   405 not POST · 409 + Retry-After: the same event is being processed right now (retryable)
 *   500 the handler threw: the claim is released so the retry runs it
 *   503 + Retry-After: the dedupe store is unreachable or full (STORE_UNAVAILABLE, STORE_BUSY), or the claim was lost
 *   while the handler ran (LEASE_LOST: another delivery may have run it too)
 * Everything is resolved at creation (handler-options.ts); a delivery runs straight down: verify → find the function
 * → the strategy delivers it (lease-delivery.ts for a DedupeStore, inbox-delivery.ts for an InboxStore).
 */
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError, SignatureVerificationError, isSignatureVerificationError } from '../errors.js';
import type { RawBody } from '../inputs/body.js';
import { type HeadersInput, readHeader } from '../inputs/headers.js';
import { type ParsedTraceparent, TRACE_HEADERS, parseTraceHeaders } from '../../protocol/trace-context.js';
import type { KnownWebhookType } from '../../protocol/webhooks.js';
import { type DeliveryAccess, REPORT, type Run, type WebhookResult, result } from './delivery.js';
import {
  type EventFunction,
  type WebhookContext,
  type WebhookHandlerOptions,
  resolveHandlerOptions,
} from './handler-options.js';
import type { DeliveryProbe } from '../telemetry/webhook.js';
import { claimedEventId, notePayload } from './report.js';
import { type VerifiedWebhook, toEvent } from './verify.js';
import { type CatchUpOptions, type CatchUpSummary, catchUp } from './catch-up.js';
import { parseWebhookEvent } from '../../protocol/webhooks.js';

export interface WebhookDelivery {
  method: string;
  /** Request path with query (used as the signed path unless `verify.path` is set). */
  path: string;
  headers: HeadersInput;
  body: RawBody;
}

export interface WebhookHandler {
  handle(delivery: WebhookDelivery): Promise<WebhookResult>;
  /**
   * The event types `on` has a function for: register the receiver with them (`client.registerWebhook({ url,
   * handler })`), so the service never filters out an event this handler handles. Undefined: it handles every type
   * (`'*'`, or a type this SDK version does not know), so register it for every type (no `events`).
   * @example await client.registerWebhook({ url: 'https://app.example.com/webhooks', handler: webhooks })
   */
  readonly events?: readonly KnownWebhookType[] | undefined;
  /**
   * Handles every event of the token since a time (or since the last call's checkpoint) that was not handled yet,
   * through the same exactly-once path and store as the deliveries: after an outage, one call. Answers what it saw,
   * ran, found already done and failed. [ours]
   * @example const { processed, failed } = await webhooks.catchUp({ client });
   */
  catchUp(options: CatchUpOptions): Promise<CatchUpSummary>;
}

const has = Object.prototype.hasOwnProperty;
/** Own properties only: an event type such as 'constructor' or '__proto__' must not find Object.prototype's members. */
const own = <T>(o: Record<string, T>, k: string): T | undefined => (has.call(o, k) ? o[k] : undefined);

const notPost = () =>
  result(
    405,
    'method_not_allowed',
    { error: { code: 'METHOD_NOT_ALLOWED', message: 'webhooks are POSTed' } },
    { headers: { allow: 'POST' } },
  );

/** The longest event id accepted: the envelope's own cap (protocol/webhooks.ts), checked here before any store. */
export const MAX_EVENT_ID_LENGTH = 200;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The event, when every store can keep its id exactly: PostgreSQL refuses NUL in text, and PostgreSQL and Redis
 * store UTF-8, where each unpaired surrogate becomes U+FFFD (two different ids would collide). Anything else is a
 * 400 INVALID_PAYLOAD, the same for every store, before any store sees it.
 */
function toStorableEvent(body: string | Uint8Array, tokenId: string): VerifiedWebhook {
  const v = toEvent(body, tokenId);
  if (!storable(v.event.event_id)) throw new SignatureVerificationError('INVALID_PAYLOAD', unstorable());
  return v;
}
/** A function, not a constant: a top-level template literal stays in the verifier's bundle (bench/size.mjs). */
const unstorable = () => `event_id must be 1-${MAX_EVENT_ID_LENGTH} characters with no NUL and no unpaired surrogate`;
const storable = (id: string) => id.length <= MAX_EVENT_ID_LENGTH && !id.includes('\0') && !UNPAIRED_SURROGATE.test(id);

/** The function's context: the verified event, the key's tokenId, the claim's signal, and `db` inside an inbox. */
function contextOf(v: VerifiedWebhook, access: DeliveryAccess): WebhookContext {
  const ctx = {
    tokenId: v.tokenId,
    known: v.known,
    event: v.event,
    get signal() {
      return access.signal;
    },
  };
  return ('db' in access ? Object.assign(ctx, { db: access.db }) : ctx) as WebhookContext;
}

/** Runs the function; an error it throws or rejects with is noted with its event, for the default log line. */
async function callNoting(fn: EventFunction, v: VerifiedWebhook, ctx: WebhookContext): Promise<unknown> {
  try {
    return await fn(v.event, ctx);
  } catch (e) {
    notePayload(e, v.event);
    throw e;
  }
}

export function createWebhookHandlerWith<Db>(
  provider: CryptoProvider,
  options: WebhookHandlerOptions<Db>,
): WebhookHandler {
  const { verify, on, events, strategy, report, observe, checkpoints } = resolveHandlerOptions(provider, options);
  /** The event's function bound to the event, as a delivery binds it. */
  const bind = (verified: VerifiedWebhook): Run => {
    const fn = own(on, verified.event.type) ?? own(on, '*');
    return fn && ((access) => callNoting(fn, verified, contextOf(verified, access)));
  };
  /** A verified event → the strategy delivers it; `probe` (telemetry, logger) sees the event and times it. */
  const deliverVerified = (verified: VerifiedWebhook, probe?: DeliveryProbe): Promise<WebhookResult> => {
    probe?.verified(verified.event, verified.known);
    const bound = bind(verified);
    return strategy.deliver(verified.event.event_id, probe && bound ? probe.timed(bound) : bound);
  };
  /** A listed event (catch-up): checked as a delivery's body is, then delivered the same way, with its own span. */
  const prepare = (event: unknown, tokenId: string) => {
    const r = parseWebhookEvent(event);
    if (!r.ok) return { invalid: r.detail };
    if (!storable(r.event.event_id)) return { invalid: unstorable() };
    const verified = (
      r.known ? { known: true, event: r.event, tokenId } : { known: false, event: r.event, tokenId }
    ) as VerifiedWebhook;
    const deliver = () =>
      observe?.recording()
        ? observe.deliver((probe) => deliverVerified(verified, probe), noTrace)
        : deliverVerified(verified);
    return { id: verified.event.event_id, deliver };
  };
  /** Verify → find the function → the strategy delivers it; `probe` (telemetry, logger) sees the event and times it. */
  const process = async (d: WebhookDelivery, probe?: DeliveryProbe): Promise<WebhookResult> => {
    let verified: VerifiedWebhook;
    try {
      verified = await verify(d, toStorableEvent);
    } catch (e) {
      if (!isSignatureVerificationError(e)) throw e;
      report(e, { stage: 'verify', eventId: claimedEventId(d.headers, d.body) });
      return result(e.status, 'rejected', { error: { code: e.code, message: e.message } });
    }
    return deliverVerified(verified, probe);
  };
  const handler: WebhookHandler & { [REPORT]: typeof report } = {
    [REPORT]: report,
    events,
    catchUp: (o) => {
      const run = () => catchUp({ prepare, checkpoints, report }, o);
      return observe ? observe.catchUp(run) : run();
    },
    async handle(d: WebhookDelivery): Promise<WebhookResult> {
      if (typeof d?.method !== 'string' || typeof d.path !== 'string') {
        throw new ServerConfigError(
          typeof d?.method !== 'string' ? 'method' : 'path',
          'handle() needs a delivery { method, path, headers, body } with string method and path',
        );
      }
      if (d.method.toUpperCase() !== 'POST') return notPost();
      return observe?.recording()
        ? observe.deliver(
            (probe) => process(d, probe),
            () => traceOf(d.headers),
          )
        : process(d);
    },
  };
  return handler;
}

/** A listed event carries no trace context: its `process` span is a child of the catch-up's `receive` span. */
const noTrace = () => undefined;

/** The delivery's traceparent and tracestate, read without ever throwing (a bad header bag reads as malformed). */
function traceOf(headers: HeadersInput): ParsedTraceparent {
  try {
    return parseTraceHeaders(
      readHeader(headers, TRACE_HEADERS.traceparent),
      readHeader(headers, TRACE_HEADERS.tracestate),
    );
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
