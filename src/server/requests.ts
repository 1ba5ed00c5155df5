/**
 * Signed requests to and from the service: `signRequest` and `verifyRequest`, the 'hmac' scheme (schemes/hmac.ts)
 * over the request's own method and path. Each entry binds these to its CryptoProvider.
 */
import type { CryptoProvider } from './crypto/provider.js';
import { ServerConfigError } from './errors.js';
import { type RawBody, toRawBody } from './inputs/body.js';
import { type HeadersInput, checkHeaders } from './inputs/headers.js';
import { type VerificationKey, resolveKeysOnce } from './inputs/keys.js';
import { type Clock, type Tolerance, resolveTolerance } from './inputs/time.js';
import { type SignRequestOptions, type SignedHeaders, signHmac, verifyHmac } from './schemes/hmac.js';

export type { SignRequestOptions, SignedHeaders } from './schemes/hmac.js';

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

const toVerified = (tokenId: string): VerifiedRequest => ({ tokenId });

export const signRequestWith = (provider: CryptoProvider, o: SignRequestOptions): Promise<SignedHeaders> =>
  signHmac(provider, o);

/** Checks the options once (ServerConfigError), then the signature (SignatureVerificationError). */
export function verifyRequestWith(provider: CryptoProvider, o: VerifyRequestOptions): Promise<VerifiedRequest> {
  try {
    if (!o || typeof o !== 'object') throw new ServerConfigError('options', 'verifyRequest needs an options object');
    if (typeof o.method !== 'string' || o.method === '')
      throw new ServerConfigError('method', 'method must be the received HTTP method, e.g. req.method');
    if (typeof o.path !== 'string')
      throw new ServerConfigError('path', 'path must be the received path with query, e.g. req.url');
    const keys = resolveKeysOnce(provider, o.keys, false);
    const tolerance = resolveTolerance(o.tolerance);
    const body = toRawBody(o.body);
    const headers = checkHeaders(o.headers);
    return verifyHmac(
      provider,
      { method: o.method, path: o.path, headers, body, keys, tolerance, now: o.now },
      toVerified,
    );
  } catch (e) {
    return Promise.reject(e);
  }
}
