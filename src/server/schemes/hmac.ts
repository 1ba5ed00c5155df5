/**
 * The 'hmac' scheme [doc, see src/protocol/signing.ts]: `Date`, `Content-MD5`, `Content-Type` and
 * `Authorization: HMAC <tokenId>:<base64 HMAC-SHA256>` over the string to sign. Signs requests to the service, and
 * verifies signed requests and 'hmac' webhook deliveries (POST over the receiver's path). Inputs arrive resolved
 * (keys prepared and indexed, tolerance in ms) from the caller's one pass over its options.
 */
import {
  DEFAULT_CONTENT_TYPE,
  HEADERS,
  formatAuthorization,
  formatHttpDate,
  parseAuthorization,
  parseHttpDate,
  stringToSign,
} from '../../protocol/signing.js';
import { type CryptoProvider, hmacEach } from '../crypto/provider.js';
import { timingSafeEqualString } from '../crypto/timing-safe.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import { type RawBody, toRawBody } from '../inputs/body.js';
import { type HeadersInput, readHeader, requireHeader } from '../inputs/headers.js';
import { type ResolvedKeys, signingKey } from '../inputs/keys.js';
import { type Clock, type ToleranceMs, checkTimestamp, readClock, timeOf } from '../inputs/time.js';

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

/** Years 0000-9999: the range an RFC 1123 date (four-digit year) can carry. */
const MIN_DATE_MS = -62_167_219_200_000; // 0000-01-01T00:00:00Z
const MAX_DATE_MS = 253_402_300_799_000; // 9999-12-31T23:59:59Z

/** The Date header for a time. */
function httpDate(ms: number): string {
  if (!(ms >= MIN_DATE_MS && ms <= MAX_DATE_MS))
    throw new ServerConfigError('date', 'date must be a valid Date or epoch milliseconds (years 0-9999)');
  return formatHttpDate(new Date(ms));
}

const same = <T>(v: T): T => v;

/** Signs one request, resolving to `done(headers)`; checks its options first (ServerConfigError). */
export function signHmac<R = SignedHeaders>(
  provider: CryptoProvider,
  o: SignRequestOptions,
  done: (headers: SignedHeaders) => R = same as never,
): Promise<R> {
  if (!o || typeof o.method !== 'string' || o.method === '')
    return Promise.reject(new ServerConfigError('method', 'method is required'));
  try {
    if (typeof o.path !== 'string' || !o.path.startsWith('/')) {
      throw new ServerConfigError('path', "path must start with '/' and include the query string");
    }
    if (typeof o.tokenId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(o.tokenId)) {
      throw new ServerConfigError('tokenId', 'tokenId must be 1-128 letters, digits, ".", "_" or "-"');
    }
    const key = signingKey(provider, o.secret, 'hmac');
    const body = toRawBody(o.body);
    const contentType = o.contentType ?? DEFAULT_CONTENT_TYPE;
    const date = httpDate(o.date === undefined ? Date.now() : timeOf(o.date));
    const contentMd5 = provider.md5Base64(body);
    const text = stringToSign({ method: o.method, contentMd5, contentType, date, pathWithQuery: o.path });
    const tokenId = o.tokenId;
    return hmacEach(provider, [[key, [text]]], ([signature]) =>
      done({
        [HEADERS.date]: date,
        [HEADERS.contentMd5]: contentMd5,
        [HEADERS.contentType]: contentType,
        [HEADERS.authorization]: formatAuthorization(tokenId, signature!),
      } as SignedHeaders),
    );
  } catch (e) {
    return Promise.reject(e);
  }
}

/** What verifyHmac needs: keys and tolerance prepared by its caller (verifyRequest, a webhook verifier). */
export interface HmacVerifyInput {
  method: string;
  path: string;
  headers: HeadersInput;
  body: string | Uint8Array;
  keys: ResolvedKeys;
  tolerance: ToleranceMs;
  now: Clock | undefined;
}

/**
 * Resolves to `done(tokenId of the key that matched)`; throws (synchronously) or rejects with
 * SignatureVerificationError. `done` runs in the same step as the comparison, so the caller adds no Promise hop.
 */
export function verifyHmac<R>(provider: CryptoProvider, o: HmacVerifyInput, done: (tokenId: string) => R): Promise<R> {
  const { headers } = o;
  const authHeader = requireHeader(headers, HEADERS.authorization);
  const dateHeader = requireHeader(headers, HEADERS.date);
  const md5Header = requireHeader(headers, HEADERS.contentMd5);
  const contentType = readHeader(headers, HEADERS.contentType) ?? '';

  const auth = parseAuthorization(authHeader);
  if (!auth) {
    throw new SignatureVerificationError(
      'MALFORMED_HEADER',
      "authorization must be 'HMAC <tokenId>:<base64 HMAC-SHA256>'",
      {
        header: HEADERS.authorization,
      },
    );
  }
  const ts = parseHttpDate(dateHeader);
  if (ts === null) {
    throw new SignatureVerificationError(
      'MALFORMED_HEADER',
      "date must be an RFC 1123 GMT date, e.g. 'Sun, 22 Nov 2026 00:00:00 GMT'",
      {
        header: HEADERS.date,
      },
    );
  }
  const candidates = o.keys.byTokenId.get(auth.tokenId);
  if (!candidates) {
    throw new SignatureVerificationError('UNKNOWN_KEY', `no key configured for token id '${auth.tokenId}'`, {
      header: HEADERS.authorization,
    });
  }
  checkTimestamp(ts, readClock(o.now), o.tolerance);

  const text = stringToSign({
    method: o.method,
    contentMd5: md5Header,
    contentType,
    date: dateHeader,
    pathWithQuery: o.path,
  });
  const parts = [text];
  return hmacEach(
    provider,
    candidates.map((k) => [k.key, parts] as const),
    (expected) => {
      let matched: string | undefined;
      for (let i = 0; i < candidates.length; i++)
        if (timingSafeEqualString(expected[i]!, auth.signature) && matched === undefined)
          matched = candidates[i]!.tokenId;
      if (matched === undefined)
        throw new SignatureVerificationError('BAD_SIGNATURE', 'signature does not match any configured key');
      // The body digest is computed only once the signature matched.
      if (!timingSafeEqualString(provider.md5Base64(o.body), md5Header)) {
        throw new SignatureVerificationError(
          'BODY_DIGEST_MISMATCH',
          'content-md5 does not match the body received (was the body re-serialised or altered?)',
          {
            header: HEADERS.contentMd5,
          },
        );
      }
      return done(matched);
    },
  );
}
