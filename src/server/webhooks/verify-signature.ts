/**
 * Checking a webhook delivery's signature, two schemes — no payload schemas here, so a verify-only bundle stays small:
 *  - 'hmac' (default): the request-signing scheme, over POST and the receiver's path (see ../signing.ts).
 *  - 'standard': Standard Webhooks — `webhook-id`, `webhook-timestamp` (unix seconds), `webhook-signature:
 *    v1,<base64>` (space-separated list) = HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64 key of a
 *    `whsec_` secret. Matches the `standardwebhooks` package, but hashes the exact body bytes (no UTF-8 round trip).
 * The exact bytes received are hashed; the body is parsed only after the signature matched.
 */
import { HEADERS } from '../../protocol/signing.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { timingSafeEqualString } from '../crypto/timing-safe.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import {
  type Clock,
  type HeadersInput,
  type RawBody,
  type Tolerance,
  type VerificationKey,
  checkHeaders,
  checkTimestamp,
  readClock,
  requireHeader,
  resolveKeys,
  resolveTolerance,
  toRawBody,
} from '../inputs.js';
import { verifyRequestSignature } from '../signing.js';

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

export interface VerifiedWebhookSignature {
  /** The body parsed as JSON, **not** validated against the event schemas: check what you read. */
  payload: unknown;
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
}

const decoder = new TextDecoder();
const STANDARD_SECRET = 'whsec_';
const UNIX_SECONDS = /^\d{1,12}$/;
const WHITESPACE = /\s/;

type Checked = { body: string | Uint8Array; tokenId: string };

const isPromise = <T>(v: T | Promise<T>): v is Promise<T> => typeof (v as { then?: unknown })?.then === 'function';

/**
 * Runs `fn` and hands back one Promise: a synchronous result (the Node provider) costs the caller a single microtask,
 * not one per nested `await`, and a synchronous throw becomes a rejection, as from an async function.
 */
export function settle<T, R>(fn: () => T | Promise<T>, then: (v: T) => R): Promise<R> {
  try {
    const v = fn();
    return isPromise(v) ? v.then(then) : Promise.resolve(then(v));
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * Checks the signature and freshness; returns the raw body and the matching tokenId — synchronously when the crypto
 * provider is synchronous (callers wrap it with `settle`). Throws/rejects with SignatureVerificationError.
 */
export function checkDelivery(provider: CryptoProvider, o: VerifyWebhookOptions): Checked | Promise<Checked> {
  if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyWebhook needs an options object');
  const body = toRawBody(o.body);
  const scheme = o.scheme;
  if (scheme === undefined || scheme === 'hmac') {
    if (typeof o.path !== 'string' || !o.path.startsWith('/')) {
      throw new ServerConfigError('path', "path is required for the 'hmac' scheme: the receiver path (with query) the sender signed, e.g. '/webhooks'");
    }
    const t = verifyRequestSignature(provider, 'POST', o.path, o.headers, body, o);
    return isPromise(t) ? t.then((tokenId) => ({ body, tokenId })) : { body, tokenId: t };
  }
  if (scheme === 'standard') {
    const t = verifyStandard(provider, o, body);
    return isPromise(t) ? t.then((tokenId) => ({ body, tokenId })) : { body, tokenId: t };
  }
  throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
}

/** Verifies signature and freshness and parses the JSON body without validating it against the event schemas. */
export function verifyWebhookSignatureWith(provider: CryptoProvider, o: VerifyWebhookOptions): Promise<VerifiedWebhookSignature> {
  return settle(() => checkDelivery(provider, o), ({ body, tokenId }) => ({ payload: parseJson(body), tokenId }));
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

function verifyStandard(provider: CryptoProvider, o: VerifyWebhookOptions, body: string | Uint8Array): string | Promise<string> {
  const keys = resolveKeys(o.keys).list;
  const tol = resolveTolerance(o.tolerance);
  checkHeaders(o.headers);
  const id = requireHeader(o.headers, HEADERS.webhookId);
  const tsText = requireHeader(o.headers, HEADERS.webhookTimestamp);
  const sigHeader = requireHeader(o.headers, HEADERS.webhookSignature);
  if (!UNIX_SECONDS.test(tsText)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookTimestamp} must be unix seconds`, { header: HEADERS.webhookTimestamp });
  }
  if (id.length > 256 || WHITESPACE.test(id)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookId} is malformed`, { header: HEADERS.webhookId });
  }
  const offered: string[] = [];
  for (const s of sigHeader.split(' ')) if (s.startsWith('v1,')) offered.push(s.slice(3));
  if (offered.length === 0) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookSignature} holds no 'v1,<base64>' signature`, { header: HEADERS.webhookSignature });
  }
  checkTimestamp(Number(tsText) * 1000, readClock(o.now), tol);
  const prefix = `${id}.${tsText}.`;
  // Every key is tried (no early exit on a match), so the time taken does not tell which key matched.
  const expected: (string | Promise<string>)[] = [];
  let pending = false;
  for (let i = 0; i < keys.length; i++) {
    const r = provider.hmacSha256Base64(standardKey(provider, keys[i]!.secret, `keys[${i}].secret`), [prefix, body]);
    if (typeof r !== 'string') pending = true;
    expected.push(r);
  }
  return pending ? Promise.all(expected).then((e) => matchStandard(keys, e, offered)) : matchStandard(keys, expected as string[], offered);
}

function matchStandard(keys: readonly VerificationKey[], expected: readonly string[], offered: readonly string[]): string {
  let matched: string | undefined;
  for (let i = 0; i < keys.length; i++) {
    for (const sig of offered) if (timingSafeEqualString(expected[i]!, sig) && matched === undefined) matched = keys[i]!.tokenId;
  }
  if (matched === undefined) throw new SignatureVerificationError('BAD_SIGNATURE', 'no webhook-signature matches any configured key');
  return matched;
}

export function parseJson(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    throw new SignatureVerificationError('INVALID_PAYLOAD', 'the signed body is not JSON');
  }
}
