/** `createClient`'s options, checked and resolved once: a call reads only the resolved values. */
import { ServerConfigError } from '../errors.js';
import { checkSecret } from '../inputs/keys.js';
import { type RetryOptions, type RetryPolicy, resolveRetry } from './retry.js';

export interface ClientOptions {
  /** Service origin (and optional path prefix). @example 'https://api.example.com' */
  baseUrl: string;
  /** Public token id. @example 'tok_live_1' */
  tokenId: string;
  /** Signing secret; kept in a closure, never in a property, message or log. @example process.env.HJ_SIGNING_SECRET */
  signingSecret: string;
  /** Fetch implementation. Default `globalThis.fetch`. @example undici.fetch */
  fetch?: typeof fetch;
  /** Per-attempt timeout, ms. Default 30000. @example 10_000 */
  timeoutMs?: number;
  /** Retry policy, or `false` for none. @example { retries: 4, baseDelayMs: 100 } */
  retry?: RetryOptions | false;
  /**
   * Largest response body read into memory (JSON answers, downloads as bytes), bytes; a larger one rejects with
   * `ResponseTooLargeError` (from its Content-Length, or once the bytes counted while reading pass it). Streamed
   * downloads (`as: 'stream'`) are not limited by this. Default 50 MiB.
   * @example { maxResponseBytes: 200 * 1024 * 1024 }
   */
  maxResponseBytes?: number;
}

export interface ResolvedClientOptions {
  baseUrl: string;
  tokenId: string;
  secret: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
}

export const validLimit = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  if (!options || typeof options.baseUrl !== 'string') throw new ServerConfigError('baseUrl', 'baseUrl is required');
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ServerConfigError('baseUrl', 'baseUrl must be an absolute http(s) URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ServerConfigError('baseUrl', 'baseUrl must be http(s)');
  if (typeof options.tokenId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(options.tokenId)) {
    throw new ServerConfigError('tokenId', 'tokenId must be 1-128 letters, digits, ".", "_" or "-"');
  }
  const secret = checkSecret(options.signingSecret, 'signingSecret');
  const maxResponseBytes = options.maxResponseBytes ?? 50 * 1024 * 1024;
  if (!validLimit(maxResponseBytes))
    throw new ServerConfigError('maxResponseBytes', 'maxResponseBytes must be a whole number of bytes > 0');
  return {
    baseUrl: (base.origin + base.pathname).replace(/\/+$/, ''),
    tokenId: options.tokenId,
    secret,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: resolveRetry(options.retry),
    maxResponseBytes,
  };
}
