/**
 * Exactly-once webhook handling. Status codes (senders retry on any non-2xx):
 *   200 processed · 200 duplicate of a finished event · 200 ignored (no handler for the type; acknowledged)
 *   400 malformed delivery (missing/malformed header, parsed body, invalid payload) · 401 bad signature/key/timestamp/digest
 *   405 not POST · 409 + Retry-After: the same event is being processed right now (retryable)
 *   500 the handler threw: the claim is released so the retry runs it · 503 + Retry-After: the dedupe store is unreachable
 * Nothing is marked done unless the handler returned and the store confirmed it.
 */
import type { KnownWebhookEvent, KnownWebhookType, WebhookEvent } from '../../protocol/webhooks.js';
import { ServerConfigError, isSignatureVerificationError } from '../errors.js';
import type { HeadersInput, RawBody } from '../inputs.js';
import { MemoryDedupeStore } from '../stores/memory.js';
import type { DedupeStore } from '../stores/types.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { type VerifiedWebhook, type VerifyWebhookOptions, type WebhookVerifyOptions, verifyWebhookWith } from './verify.js';

export interface WebhookContext {
  /** Token id of the key that verified the delivery. */
  tokenId: string;
  /** Whether the event type is one this SDK version knows. */
  known: boolean;
}

type Fn<E> = (event: E, ctx: WebhookContext) => unknown | Promise<unknown>;
export type WebhookHandlers = { [K in KnownWebhookType]?: Fn<Extract<KnownWebhookEvent, { type: K }>> } & {
  /** Every event without its own handler, including types this SDK version does not know. */
  '*'?: Fn<WebhookEvent>;
};

export interface WebhookHandlerOptions {
  /** Verification options (keys, scheme, path, tolerance, now). @example { keys: [{ tokenId: 'wh_1', secret }] } */
  verify: WebhookVerifyOptions;
  /** Dedupe store. Default: a MemoryDedupeStore (one process). @example new RedisDedupeStore({ url: process.env.REDIS_URL }) */
  store?: DedupeStore;
  /** Handlers by event type, and '*' for the rest. @example { 'consent.authorised': async (e) => save(e.data.consent_id) } */
  on: WebhookHandlers;
  /** How long a claim holds while the handler runs; keep it above the handler's worst-case time. Default 60 000 ms. */
  leaseMs?: number;
  /** How long a finished event id is remembered; longer than the sender's whole retry window. Default 7 days. */
  doneTtlMs?: number;
  /** Retry-After (seconds) on 409 and 503. Default 5. */
  retryAfterSec?: number;
  /** Called with handler and store failures (never with secrets); for your logging. */
  onError?: (error: unknown, info: { stage: 'handler' | 'store'; eventId?: string }) => void;
}

export interface WebhookDelivery {
  method: string;
  /** Request path with query (used as the signed path unless `verify.path` is set). */
  path: string;
  headers: HeadersInput;
  body: RawBody;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'in_flight' | 'rejected' | 'failed' | 'unavailable' | 'method_not_allowed';

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

const result = (status: number, outcome: WebhookOutcome, payload: object, extra: Record<string, string> = {}, eventId?: string): WebhookResult => ({
  status,
  outcome,
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(payload),
  ...(eventId ? { eventId } : {}),
});

export function createWebhookHandlerWith(provider: CryptoProvider, options: WebhookHandlerOptions): WebhookHandler {
  if (!options?.verify) throw new ServerConfigError('verify', 'createWebhookHandler needs verify: { keys, ... }');
  if (!options.on || typeof options.on !== 'object') throw new ServerConfigError('on', "createWebhookHandler needs on: { '<type>': fn, '*': fn }");
  const store = options.store ?? new MemoryDedupeStore();
  const leaseMs = options.leaseMs ?? 60_000;
  const doneTtlMs = options.doneTtlMs ?? 7 * 24 * 3600_000;
  const retryAfter = String(options.retryAfterSec ?? 5);
  const report = options.onError ?? (() => {});
  const on = options.on as Record<string, Fn<WebhookEvent> | undefined>;
  const v = options.verify;

  return {
    async handle(d: WebhookDelivery): Promise<WebhookResult> {
      if (d.method.toUpperCase() !== 'POST') return result(405, 'method_not_allowed', { error: { code: 'METHOD_NOT_ALLOWED', message: 'webhooks are POSTed' } }, { allow: 'POST' });
      let verified: VerifiedWebhook;
      try {
        verified = await verifyWebhookWith(provider, {
          keys: v.keys, scheme: v.scheme, path: v.path ?? d.path, tolerance: v.tolerance, now: v.now, headers: d.headers, body: d.body,
        } as VerifyWebhookOptions);
      } catch (e) {
        if (isSignatureVerificationError(e)) return result(e.status, 'rejected', { error: { code: e.code, message: e.message } });
        throw e;
      }
      const { event, tokenId, known } = verified;
      const id = event.event_id;
      const owner = crypto.randomUUID();
      let claim;
      try {
        claim = await store.claim(id, owner, leaseMs);
      } catch (e) {
        report(e, { stage: 'store', eventId: id });
        return result(503, 'unavailable', { error: { code: 'STORE_UNAVAILABLE', message: 'dedupe store unreachable; retry later' } }, { 'retry-after': retryAfter }, id);
      }
      if (claim === 'done') return result(200, 'duplicate', { status: 'duplicate', event_id: id }, {}, id);
      if (claim === 'in_flight') {
        return result(409, 'in_flight', { error: { code: 'IN_FLIGHT', message: 'this event is being processed; retry later' } }, { 'retry-after': retryAfter }, id);
      }
      const fn = on[event.type] ?? on['*'];
      try {
        if (fn) await fn(event, { tokenId, known });
      } catch (e) {
        report(e, { stage: 'handler', eventId: id });
        await store.release(id, owner).catch((err: unknown) => report(err, { stage: 'store', eventId: id }));
        return result(500, 'failed', { error: { code: 'HANDLER_FAILED', message: 'the handler failed; the event will be processed on retry' } }, {}, id);
      }
      try {
        await store.complete(id, owner, doneTtlMs);
      } catch (e) {
        report(e, { stage: 'store', eventId: id });
        return result(503, 'unavailable', { error: { code: 'STORE_UNAVAILABLE', message: 'processed but not recorded; retry later' } }, { 'retry-after': retryAfter }, id);
      }
      return result(200, fn ? 'processed' : 'ignored', { status: fn ? 'processed' : 'ignored', event_id: id }, {}, id);
    },
  };
}
