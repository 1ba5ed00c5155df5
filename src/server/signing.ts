/**
 * Request signing [doc scheme, see src/protocol/signing.ts] and verification of signed requests. The same verification
 * backs the `'hmac'` webhook scheme. Provider-independent: each entry binds these to its CryptoProvider.
 */
import {
  DEFAULT_CONTENT_TYPE,
  HEADERS,
  formatAuthorization,
  formatHttpDate,
  parseAuthorization,
  parseHttpDate,
  stringToSign,
} from '../protocol/signing.js';
import type { CryptoProvider } from './crypto/provider.js';
import { timingSafeEqualString } from './crypto/timing-safe.js';
import { ServerConfigError, SignatureVerificationError } from './errors.js';
import {
  type Clock,
  type HeadersInput,
  type RawBody,
  type Tolerance,
  type VerificationKey,
  checkHeaders,
  checkSecret,
  checkTimestamp,
  readClock,
  readHeader,
  requireHeader,
  resolveKeys,
  resolveTolerance,
  timeOf,
  toRawBody,
} from './inputs.js';

export interface SignRequestOptions {
  /** HTTP method, any case. @example 'POST' */
  method: string;
  /** Path with the query string exactly as sent. @example '/api/v1/applications/app_123/bundle?format=json' */
  path: string;
  /** The exact body bytes that will be sent; omit for GET. @example JSON.stringify({ enquiry_id: 'enq_1' }) */
  body?: RawBody;
  /** Signed even on GET. Default `application/json`. @example 'application/json' */
  contentType?: string;
  /** The request time. Default now. @example new Date('2026-11-22T00:00:00Z') */
  date?: Date | number;
  /** Public token id. @example 'tok_live_1' */
  tokenId: string;
  /** Signing secret; never logged. @example process.env.HJ_SIGNING_SECRET */
  secret: string;
}

/** Lower-case header names, ready for `fetch` or `http.request`. */
export type SignedHeaders = {
  date: string;
  'content-md5': string;
  'content-type': string;
  authorization: string;
};

export interface VerifyRequestOptions {
  /** HTTP method of the received request. @example req.method */
  method: string;
  /** Path with query as received (behind a proxy: as the sender addressed it). @example req.url */
  path: string;
  /** Received headers: Fetch `Headers`, Node `req.headers` or a plain object. */
  headers: HeadersInput;
  /** Exact raw bytes received. @example await request.arrayBuffer() */
  body: RawBody | undefined;
  /** Accepted keys; several entries allow rotation. @example [{ tokenId: 'tok_1', secret: process.env.SECRET! }] */
  keys: readonly VerificationKey[];
  /** Accepted clock skew. @example { pastSec: 300, futureSec: 60 } */
  tolerance?: Tolerance;
  /** Injectable clock (epoch ms or Date). @example () => Date.parse('2026-11-22T00:00:00Z') */
  now?: Clock;
}

export interface VerifiedRequest {
  /** The token id whose key matched. */
  tokenId: string;
}

/** Years 0000-9999: the range an RFC 1123 date (four-digit year) can carry. */
const MIN_DATE_MS = -62_167_219_200_000; // 0000-01-01T00:00:00Z
const MAX_DATE_MS = 253_402_300_799_000; // 9999-12-31T23:59:59Z

/** The Date header for a time; consecutive requests within one second reuse the last string. */
let lastHttpDate = { sec: NaN, text: '' };
function httpDate(ms: number): string {
  if (!(ms >= MIN_DATE_MS && ms <= MAX_DATE_MS)) throw new ServerConfigError('date', 'date must be a valid Date or epoch milliseconds (years 0-9999)');
  const sec = Math.floor(ms / 1000);
  if (sec !== lastHttpDate.sec) lastHttpDate = { sec, text: formatHttpDate(new Date(ms)) };
  return lastHttpDate.text;
}

export async function signRequestWith(provider: CryptoProvider, o: SignRequestOptions): Promise<SignedHeaders> {
  if (!o || typeof o.method !== 'string' || o.method === '') throw new ServerConfigError('method', 'method is required');
  if (typeof o.path !== 'string' || !o.path.startsWith('/')) {
    throw new ServerConfigError('path', "path must start with '/' and include the query string");
  }
  if (typeof o.tokenId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(o.tokenId)) {
    throw new ServerConfigError('tokenId', 'tokenId must be 1-128 letters, digits, ".", "_" or "-"');
  }
  const secret = checkSecret(o.secret, 'secret');
  const body = toRawBody(o.body);
  const contentType = o.contentType ?? DEFAULT_CONTENT_TYPE;
  const date = httpDate(o.date === undefined ? Date.now() : timeOf(o.date));
  const m = provider.md5Base64(body);
  const contentMd5 = typeof m === 'string' ? m : await m;
  const s = provider.hmacSha256Base64(secret, [stringToSign({ method: o.method, contentMd5, contentType, date, pathWithQuery: o.path })]);
  const signature = typeof s === 'string' ? s : await s;
  return {
    [HEADERS.date]: date,
    [HEADERS.contentMd5]: contentMd5,
    [HEADERS.contentType]: contentType,
    [HEADERS.authorization]: formatAuthorization(o.tokenId, signature),
  } as SignedHeaders;
}

/** Deliveries signed in the same second share their Date header: one parsed value is kept. */
let lastDate: { text: string; ms: number | null } = { text: '', ms: null };
function parseDateCached(text: string): number | null {
  if (lastDate.text !== text) lastDate = { text, ms: parseHttpDate(text) };
  return lastDate.ms;
}

export async function verifyRequestWith(provider: CryptoProvider, o: VerifyRequestOptions): Promise<VerifiedRequest> {
  if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyRequest needs an options object');
  if (typeof o.method !== 'string' || o.method === '') throw new ServerConfigError('method', 'method must be the received HTTP method, e.g. req.method');
  if (typeof o.path !== 'string') throw new ServerConfigError('path', 'path must be the received path with query, e.g. req.url');
  resolveKeys(o.keys);
  resolveTolerance(o.tolerance);
  return { tokenId: await verifyRequestSignature(provider, o.method, o.path, o.headers, toRawBody(o.body), o) };
}

/**
 * The verification itself; returns (or, with an asynchronous provider, resolves to) the matching tokenId. With a
 * synchronous provider (node:crypto) it returns synchronously, so callers pay no microtask per step.
 */
export function verifyRequestSignature(
  provider: CryptoProvider,
  method: string,
  path: string,
  headers: HeadersInput,
  body: string | Uint8Array,
  o: { keys: unknown; tolerance?: Tolerance | undefined; now?: Clock | undefined },
): string | Promise<string> {
  const { byTokenId } = resolveKeys(o.keys);
  const tol = resolveTolerance(o.tolerance);
  checkHeaders(headers);

  const authHeader = requireHeader(headers, HEADERS.authorization);
  const dateHeader = requireHeader(headers, HEADERS.date);
  const md5Header = requireHeader(headers, HEADERS.contentMd5);
  const contentType = readHeader(headers, HEADERS.contentType) ?? '';

  const auth = parseAuthorization(authHeader);
  if (!auth) {
    throw new SignatureVerificationError('MALFORMED_HEADER', "authorization must be 'HMAC <tokenId>:<base64 HMAC-SHA256>'", {
      header: HEADERS.authorization,
    });
  }
  const ts = parseDateCached(dateHeader);
  if (ts === null) {
    throw new SignatureVerificationError('MALFORMED_HEADER', "date must be an RFC 1123 GMT date, e.g. 'Sun, 22 Nov 2026 00:00:00 GMT'", {
      header: HEADERS.date,
    });
  }
  const candidates = byTokenId.get(auth.tokenId);
  if (!candidates) {
    throw new SignatureVerificationError('UNKNOWN_KEY', `no key configured for token id '${auth.tokenId}'`, { header: HEADERS.authorization });
  }
  checkTimestamp(ts, readClock(o.now), tol);

  const text = stringToSign({ method, contentMd5: md5Header, contentType, date: dateHeader, pathWithQuery: path });
  // Every candidate is computed and compared, so timing does not reveal which one matched.
  const expected: (string | Promise<string>)[] = [];
  let pending = false;
  for (const key of candidates) {
    const r = provider.hmacSha256Base64(key.secret, [text]);
    if (typeof r !== 'string') pending = true;
    expected.push(r);
  }
  if (pending) return Promise.all(expected).then((e) => checkDigest(provider, body, md5Header, matchKey(candidates, e, auth.signature)));
  return checkDigest(provider, body, md5Header, matchKey(candidates, expected as string[], auth.signature));
}

function matchKey(candidates: readonly VerificationKey[], expected: readonly string[], signature: string): string {
  let matched: VerificationKey | undefined;
  for (let i = 0; i < candidates.length; i++) if (timingSafeEqualString(expected[i]!, signature) && !matched) matched = candidates[i];
  if (!matched) throw new SignatureVerificationError('BAD_SIGNATURE', 'signature does not match any configured key');
  return matched.tokenId;
}

/** The body digest is computed only once the signature matched. */
function checkDigest(provider: CryptoProvider, body: string | Uint8Array, md5Header: string, tokenId: string): string | Promise<string> {
  const m = provider.md5Base64(body);
  return typeof m === 'string' ? digestMatches(m, md5Header, tokenId) : m.then((actual) => digestMatches(actual, md5Header, tokenId));
}

function digestMatches(actualMd5: string, md5Header: string, tokenId: string): string {
  if (!timingSafeEqualString(actualMd5, md5Header)) {
    throw new SignatureVerificationError('BODY_DIGEST_MISMATCH', 'content-md5 does not match the body received (was the body re-serialised or altered?)', {
      header: HEADERS.contentMd5,
    });
  }
  return tokenId;
}
