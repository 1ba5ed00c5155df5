/**
 * Webhook verification: checks the options once, dispatches to the scheme (schemes/hmac.ts, schemes/standard.ts),
 * then parses the body — only after the signature matched. `verifyWebhookSignature` stops at JSON (no payload
 * schemas are reached, so a verify-only bundle stays small); `verifyWebhook` validates the event as well.
 */
import { type KnownOrGenericWebhookEvent, parseWebhookEvent } from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import { type RawBody, toRawBody } from '../inputs/body.js';
import { type HeadersInput, checkHeaders } from '../inputs/headers.js';
import { type VerificationKey, resolveKeys } from '../inputs/keys.js';
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

/**
 * One pass over the options, then the scheme's verification; resolves to `done(body, tokenId)`, which runs in the
 * same step as the signature comparison (no extra Promise hop per delivery).
 */
function verifyDelivery<R>(
  provider: CryptoProvider,
  o: VerifyWebhookOptions,
  done: (body: string | Uint8Array, tokenId: string) => R,
): Promise<R> {
  try {
    if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyWebhook needs an options object');
    const body = toRawBody(o.body);
    const scheme = o.scheme ?? 'hmac';
    if (scheme === 'hmac') {
      if (typeof o.path !== 'string' || !o.path.startsWith('/')) {
        throw new ServerConfigError(
          'path',
          "path is required for the 'hmac' scheme: the receiver path (with query) the sender signed, e.g. '/webhooks'",
        );
      }
    } else if (scheme !== 'standard') {
      throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
    }
    const keys = resolveKeys(o.keys);
    const tolerance = resolveTolerance(o.tolerance);
    const headers = checkHeaders(o.headers);
    const then = (tokenId: string) => done(body, tokenId);
    return scheme === 'hmac'
      ? verifyHmac(provider, { method: 'POST', path: o.path!, headers, body, keys, tolerance, now: o.now }, then)
      : verifyStandard(provider, { headers, body, keys, tolerance, now: o.now }, then);
  } catch (e) {
    return Promise.reject(e);
  }
}

const toSignature = (body: string | Uint8Array, tokenId: string): VerifiedWebhookSignature => ({
  payload: parseJson(body),
  tokenId,
});

function toEvent(body: string | Uint8Array, tokenId: string): VerifiedWebhook {
  const r = parseWebhookEvent(parseJson(body));
  if (!r.ok)
    throw new SignatureVerificationError('INVALID_PAYLOAD', `the signed body is not a valid event: ${r.detail}`);
  return r.known ? { known: true, event: r.event, tokenId } : { known: false, event: r.event, tokenId };
}

/** Verifies signature and freshness and parses the JSON body without validating it against the event schemas. */
export function verifyWebhookSignatureWith(
  provider: CryptoProvider,
  o: VerifyWebhookOptions,
): Promise<VerifiedWebhookSignature> {
  return verifyDelivery(provider, o, toSignature);
}

/** Verifies, parses and validates the event against the payload schemas (src/protocol/webhooks.ts). */
export function verifyWebhookWith(provider: CryptoProvider, o: VerifyWebhookOptions): Promise<VerifiedWebhook> {
  return verifyDelivery(provider, o, toEvent);
}

const decoder = new TextDecoder();

function parseJson(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    throw new SignatureVerificationError('INVALID_PAYLOAD', 'the signed body is not JSON');
  }
}
