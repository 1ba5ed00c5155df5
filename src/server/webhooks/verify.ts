/**
 * Webhook verification: `prepareVerifier` checks and resolves the options once (a handler does it at creation, a
 * one-shot `verifyWebhook` call for itself); each delivery then only dispatches to the scheme (schemes/hmac.ts,
 * schemes/standard.ts) and parses the body — only after the signature matched. `verifyWebhookSignature` stops at
 * JSON (no payload schemas are reached, so a verify-only bundle stays small); `verifyWebhook` validates the event.
 */
import { type KnownOrGenericWebhookEvent, parseWebhookEvent } from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import { type RawBody, toRawBody } from '../inputs/body.js';
import { type HeadersInput, checkHeaders } from '../inputs/headers.js';
import { type VerificationKey, resolveKeys, resolveKeysOnce } from '../inputs/keys.js';
import { type Clock, type Tolerance, resolveTolerance } from '../inputs/time.js';
import { verifyHmac } from '../schemes/hmac.js';
import { verifyStandard } from '../schemes/standard.js';

export type WebhookScheme = 'hmac' | 'standard';

/** Everything `verifyWebhook` needs besides the delivery itself; also the `verify` option of `createWebhookHandler`. */
export interface WebhookVerifyOptions {
  /**
   * Accepted keys; several for rotation. Standard scheme: secrets are `whsec_<base64>`.
   * @example [{ tokenId: 'wh_1', secret: process.env.HJ_WEBHOOK_SECRET! }]
   */
  keys: readonly VerificationKey[];
  /** 'hmac' (default) or 'standard' (Standard Webhooks headers). @example 'standard' */
  scheme?: WebhookScheme;
  /**
   * 'hmac' only: the path (with query) the sender signed, i.e. of the URL registered with the service. Needed when a
   * proxy rewrites paths; the adapters default to the request's path.
   * @example '/webhooks/hosted-journey'
   */
  path?: string;
  /** Accepted clock skew, both directions. Default 300 s each. @example { pastSec: 600, futureSec: 30 } */
  tolerance?: Tolerance;
  /** Injectable clock. @example () => Date.parse('2026-11-22T00:00:00Z') */
  now?: Clock;
}

export interface VerifyWebhookOptions extends WebhookVerifyOptions {
  /** The exact raw body received (not parsed JSON). @example await request.text() */
  body: RawBody;
  /** Received headers (Fetch `Headers`, Node `req.headers`, or a record). */
  headers: HeadersInput;
}

export interface VerifiedWebhookSignature {
  /** The body parsed as JSON, **not** validated against the event schemas: check what you read. */
  payload: unknown;
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
}

/**
 * The validated event, discriminated by `known` (whether its `type` is one this SDK version knows): after
 * `if (v.known && v.event.type === 'consent.authorised')`, `v.event.data.consent_id` is typed.
 */
export type VerifiedWebhook = KnownOrGenericWebhookEvent & {
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
};

/** What a verification ends in, given the body and the matching key's tokenId: `toSignature` or `toEvent`. */
export type Finish<R> = (body: string | Uint8Array, tokenId: string) => R;

/** A delivery's verification, everything else prepared: resolves to `done(body, tokenId)` or rejects. */
export type Verifier = <R>(
  delivery: { headers?: unknown; body?: unknown; path?: string },
  done: Finish<R>,
) => Promise<R>;

const PATH_REQUIRED =
  "path is required for the 'hmac' scheme: the receiver path (with query) the sender signed, e.g. '/webhooks'";

/**
 * Checks and resolves the options once — scheme, path, keys (`whsec_` decoded, each prepared for the provider),
 * tolerance, clock — and returns the verifier of one delivery, which only reads the delivery's body and headers (and
 * its path when none is configured) and verifies. `pathRequired`: a one-shot call must name the signed path itself; a
 * handler may take it from each request. `resolve`: how keys are prepared (a one-shot call reuses its last keys).
 */
export function prepareVerifier(
  provider: CryptoProvider,
  o: WebhookVerifyOptions,
  pathRequired: boolean,
  resolve = resolveKeys,
): Verifier {
  if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyWebhook needs an options object');
  const scheme = o.scheme ?? 'hmac';
  if (scheme !== 'hmac' && scheme !== 'standard')
    throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
  const path = o.path;
  if (scheme === 'hmac' && (pathRequired || path !== undefined) && !isPath(path)) {
    throw new ServerConfigError(
      'path',
      pathRequired ? PATH_REQUIRED : "path must start with '/' (the path the sender signed), e.g. '/webhooks'",
    );
  }
  const keys = resolve(provider, o.keys, scheme === 'standard');
  const tolerance = resolveTolerance(o.tolerance);
  const now = o.now;
  if (now !== undefined && typeof now !== 'function')
    throw new ServerConfigError('now', 'now must be a function returning epoch ms or a Date');
  if (scheme === 'standard') {
    return (d, done) => {
      try {
        const body = toRawBody(d.body);
        const headers = checkHeaders(d.headers);
        return verifyStandard(provider, { headers, body, keys, tolerance, now }, (tokenId) => done(body, tokenId));
      } catch (e) {
        return Promise.reject(e);
      }
    };
  }
  return (d, done) => {
    try {
      const signed = path ?? d.path;
      if (!isPath(signed)) throw new ServerConfigError('path', PATH_REQUIRED);
      const body = toRawBody(d.body);
      const headers = checkHeaders(d.headers);
      const input = { method: 'POST', path: signed, headers, body, keys, tolerance, now };
      return verifyHmac(provider, input, (tokenId) => done(body, tokenId));
    } catch (e) {
      return Promise.reject(e);
    }
  };
}

const isPath = (p: unknown): p is string => typeof p === 'string' && p.startsWith('/');

/** A one-shot verification: the options prepared for this call only; `finish` is `toEvent` or `toSignature`. */
export function verifyOnce<R>(provider: CryptoProvider, o: VerifyWebhookOptions, done: Finish<R>): Promise<R> {
  try {
    // The delivery's own inputs first, as a one-shot call reads them: a malformed header bag is named before a key.
    if (o && typeof o === 'object') {
      toRawBody(o.body);
      checkHeaders(o.headers);
    }
    return prepareVerifier(provider, o, true, resolveKeysOnce)(o, done);
  } catch (e) {
    return Promise.reject(e);
  }
}

export const toSignature = (body: string | Uint8Array, tokenId: string): VerifiedWebhookSignature => ({
  payload: parseJson(body),
  tokenId,
});

export function toEvent(body: string | Uint8Array, tokenId: string): VerifiedWebhook {
  const r = parseWebhookEvent(parseJson(body));
  if (!r.ok)
    throw new SignatureVerificationError('INVALID_PAYLOAD', `the signed body is not a valid event: ${r.detail}`);
  return r.known ? { known: true, event: r.event, tokenId } : { known: false, event: r.event, tokenId };
}

/** One delivery to a verifier made once: its raw body, its headers, and its path when the verifier has none. */
export interface WebhookDeliveryInput {
  /** The exact raw body received (not parsed JSON). @example await request.text() */
  body: RawBody;
  /** Received headers (Fetch `Headers`, Node `req.headers`, or a record). */
  headers: HeadersInput;
  /** 'hmac' only, when the verifier was made without `path`: the path (with query) the sender signed. */
  path?: string;
}

/** A verifier made once: every option checked and every key prepared; `verify` only verifies. */
export interface WebhookVerifier<T> {
  verify(delivery: WebhookDeliveryInput): Promise<T>;
}

/** Checks the options (ServerConfigError) and prepares the keys once; its `verify` ends each delivery in `finish`. */
export function verifierOf<T>(
  provider: CryptoProvider,
  o: WebhookVerifyOptions,
  finish: Finish<T>,
): WebhookVerifier<T> {
  const run = prepareVerifier(provider, o, false);
  return { verify: (d) => run(d ?? {}, finish) };
}

const decoder = new TextDecoder();

function parseJson(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    throw new SignatureVerificationError('INVALID_PAYLOAD', 'the signed body is not JSON');
  }
}
