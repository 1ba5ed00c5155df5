/**
 * Webhook verification, two schemes:
 *  - 'hmac' (default): the request-signing scheme, over POST and the receiver's path (see ../signing.ts).
 *  - 'standard': Standard Webhooks — `webhook-id`, `webhook-timestamp` (unix seconds), `webhook-signature:
 *    v1,<base64>` (space-separated list) = HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64 key of a
 *    `whsec_` secret. Matches the `standardwebhooks` package, but hashes the exact body bytes (no UTF-8 round trip).
 * The exact bytes received are hashed; the event is parsed only after the signature matched.
 */
import { HEADERS } from '../../protocol/signing.js';
import { type WebhookEvent, parseWebhookEvent } from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { timingSafeEqualString } from '../crypto/timing-safe.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import {
  type Clock,
  type HeadersInput,
  type RawBody,
  type Tolerance,
  type VerificationKey,
  checkKeys,
  checkTimestamp,
  readClock,
  requireHeader,
  resolveTolerance,
  toRawBody,
} from '../inputs.js';
import { verifyRequestWith } from '../signing.js';

export type WebhookScheme = 'hmac' | 'standard';

/** Everything `verifyWebhook` needs besides the delivery itself; also the `verify` option of `createWebhookHandler`. */
export interface WebhookVerifyOptions {
  /** Accepted keys; several for rotation. Standard scheme: secrets are `whsec_<base64>`. @example [{ tokenId: 'wh_1', secret: process.env.HJ_WEBHOOK_SECRET! }] */
  keys: readonly VerificationKey[];
  /** 'hmac' (default) or 'standard' (Standard Webhooks headers). @example 'standard' */
  scheme?: WebhookScheme;
  /** 'hmac' only: the path (with query) the sender signed, i.e. of the URL registered with the service. Needed when a proxy rewrites paths; the adapters default to the request's path. @example '/webhooks/hosted-journey' */
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

export interface VerifiedWebhook {
  /** The validated event; `known` tells whether its `type` is one this SDK version knows. */
  event: WebhookEvent;
  known: boolean;
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
}

const decoder = new TextDecoder();
const STANDARD_SECRET = 'whsec_';

export async function verifyWebhookWith(provider: CryptoProvider, o: VerifyWebhookOptions): Promise<VerifiedWebhook> {
  if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyWebhook needs an options object');
  const scheme = o.scheme ?? 'hmac';
  let tokenId: string;
  const body = toRawBody(o.body);
  if (scheme === 'hmac') {
    if (typeof o.path !== 'string' || !o.path.startsWith('/')) {
      throw new ServerConfigError('path', "path is required for the 'hmac' scheme: the receiver path (with query) the sender signed, e.g. '/webhooks'");
    }
    const opts = { method: 'POST', path: o.path, headers: o.headers, body, keys: o.keys, ...(o.tolerance ? { tolerance: o.tolerance } : {}), ...(o.now ? { now: o.now } : {}) };
    tokenId = (await verifyRequestWith(provider, opts)).tokenId;
  } else if (scheme === 'standard') {
    tokenId = await verifyStandard(provider, o, body);
  } else {
    throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
  }
  return { ...parsePayload(body), tokenId };
}

/** Decoded `whsec_` keys, by secret (decoding is cheap, but this keeps the hot path allocation-free). */
const standardKeyCache = new Map<string, Uint8Array>();

export function standardKey(provider: CryptoProvider, secret: string, field: string): Uint8Array {
  let key = standardKeyCache.get(secret);
  if (key) return key;
  const b64 = secret.startsWith(STANDARD_SECRET) ? secret.slice(STANDARD_SECRET.length) : secret;
  try {
    key = provider.base64Decode(b64);
  } catch {
    throw new ServerConfigError(field, `${field} must be 'whsec_' followed by base64 for the 'standard' scheme`);
  }
  if (key.length === 0) throw new ServerConfigError(field, `${field} is empty`);
  if (standardKeyCache.size > 256) standardKeyCache.clear();
  standardKeyCache.set(secret, key);
  return key;
}

async function verifyStandard(provider: CryptoProvider, o: VerifyWebhookOptions, body: string | Uint8Array): Promise<string> {
  const keys = checkKeys(o.keys);
  const tol = resolveTolerance(o.tolerance);
  const id = requireHeader(o.headers, HEADERS.webhookId);
  const tsText = requireHeader(o.headers, HEADERS.webhookTimestamp);
  const sigHeader = requireHeader(o.headers, HEADERS.webhookSignature);
  if (!/^\d{1,12}$/.test(tsText)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookTimestamp} must be unix seconds`, { header: HEADERS.webhookTimestamp });
  }
  if (id.length > 256 || /\s/.test(id)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookId} is malformed`, { header: HEADERS.webhookId });
  }
  const offered = sigHeader
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => s.slice(3));
  if (offered.length === 0) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookSignature} holds no 'v1,<base64>' signature`, { header: HEADERS.webhookSignature });
  }
  checkTimestamp(Number(tsText) * 1000, readClock(o.now), tol);
  const prefix = `${id}.${tsText}.`;
  let matched: string | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = standardKey(provider, keys[i]!.secret, `keys[${i}].secret`);
    const expected = await provider.hmacSha256Base64(key, [prefix, body]);
    for (const sig of offered) if (timingSafeEqualString(expected, sig) && matched === undefined) matched = keys[i]!.tokenId;
  }
  if (matched === undefined) throw new SignatureVerificationError('BAD_SIGNATURE', 'no webhook-signature matches any configured key');
  return matched;
}

function parsePayload(body: string | Uint8Array): { event: WebhookEvent; known: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    throw new SignatureVerificationError('INVALID_PAYLOAD', 'the signed body is not JSON');
  }
  const r = parseWebhookEvent(json);
  if (!r.ok) throw new SignatureVerificationError('INVALID_PAYLOAD', `the signed body is not a valid event: ${r.detail}`);
  return { event: r.event, known: r.known };
}
