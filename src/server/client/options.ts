/** `createClient`'s options, checked and resolved once: a call reads only the resolved values. */
import { type ParsedTraceparent, parseTraceparent, traceparentExpected } from '../../protocol/trace-context.js';
import { ServerConfigError } from '../errors.js';
import { checkSecret } from '../inputs/keys.js';
import { type Clock, readClock } from '../inputs/time.js';
import { type ObservedAttempt, clientObserver } from '../telemetry/client.js';
import { resolveLogger, resolveTelemetry, safeLog } from '../telemetry/resolve.js';
import type { Logger, TelemetryOptions } from '../telemetry/types.js';
import type { RetryOptions, RetryPolicy } from './retry.js';

export interface ClientOptions {
  /** Service origin (and optional path prefix). @example 'https://api.example.com' */
  baseUrl: string;
  /** Public token id. @example 'tok_live_1' */
  tokenId: string;
  /** Signing secret; kept in a closure, never in a property, message or log. @example process.env.HJ_SIGNING_SECRET */
  signingSecret: string;
  /** Fetch implementation. Default `globalThis.fetch`. @example undici.fetch */
  fetch?: typeof fetch;
  /** Per-attempt timeout, ms: finite, > 0, at most 2147483647 (24.8 days). Default 30000. @example 10_000 */
  timeoutMs?: number;
  /** Retry policy, or `false` for none. @example { retries: 4, baseDelayMs: 100 } */
  retry?: RetryOptions | false;
  /**
   * Largest response body, bytes: JSON answers, downloads as bytes and downloads as a stream (a call may set its own).
   * A larger one rejects with `ResponseTooLargeError` (from its Content-Length, or once the bytes counted while
   * reading pass it; a stream then errors with it). A whole number > 0. Default 50 MiB.
   * @example { maxResponseBytes: 200 * 1024 * 1024 }
   */
  maxResponseBytes?: number;
  /**
   * Spans and metrics (docs/observability.md). Default: `@opentelemetry/api`'s global providers when the package is
   * installed (Node build); `false` records nothing.
   * @example { telemetry: { tracerProvider, meterProvider } }
   */
  telemetry?: TelemetryOptions | false;
  /**
   * Where lines go (pino's shape: `(fields, message)`): a debug line per answered attempt, a warn line per failed one.
   * Default: none (the call's error is the caller's).
   * @example { logger: pino() }
   */
  logger?: Logger;
  /**
   * The W3C traceparent a call sends when no OpenTelemetry span is active and the call passes no `traceparent` of its
   * own (the active span wins, then the call's, then this). A string, for a client made for one job or request; or a
   * function asked once per call, e.g. reading the request your server is handling from an AsyncLocalStorage, whose
   * `undefined` sends none. A string that is not a valid traceparent, or anything but a string or a function, is a
   * `ServerConfigError`; an invalid value the function returns is ignored and counted, as a call's is.
   * @example { traceparent: () => requestContext.getStore()?.traceparent }
   */
  traceparent?: string | (() => string | undefined);
  /**
   * The clock each request's `Date` is signed with (epoch ms or a Date). Default the system's. The service accepts a
   * Date within its tolerance of its own clock: against a sandbox started with `now`, pass the same clock.
   * @example { now: () => new Date('2026-11-22T00:00:00Z') }
   */
  now?: Clock;
}

export interface ResolvedClientOptions {
  baseUrl: string;
  tokenId: string;
  secret: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
  observe: ObservedAttempt | undefined;
  /** The client's default trace context (`traceparent` option), parsed; absent without one. */
  defaultTrace: (() => ParsedTraceparent | undefined) | undefined;
  /** The signing clock (`now` option), read at each attempt; absent: the system's. */
  now: (() => number) | undefined;
  /** A deprecation or similar note for the developer: the logger's warn line, else the console's. */
  warn: (fields: Record<string, unknown>, message: string) => void;
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
    throw new ServerConfigError(
      'maxResponseBytes',
      `maxResponseBytes must be a whole number of bytes > 0 (got ${shown(maxResponseBytes)})`,
    );
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ServerConfigError('fetch', 'fetch must be a function like globalThis.fetch');
  const baseUrl = (base.origin + base.pathname).replace(/\/+$/, '');
  const fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const logger = resolveLogger(options.logger);
  return {
    baseUrl,
    tokenId: options.tokenId,
    secret,
    fetch,
    observe: clientObserver(resolveTelemetry(options.telemetry), logger, baseUrl, fetch),
    warn: logger
      ? (fields, message) => safeLog(logger, 'warn', fields, message)
      : (_fields, message) => console.warn(`hosted-journey-server: ${message}`),
    timeoutMs: milliseconds('timeoutMs', options.timeoutMs ?? 30_000, 1),
    retry: resolveRetry(options.retry),
    maxResponseBytes,
    defaultTrace: resolveDefaultTrace(options.traceparent),
    now: resolveNow(options.now),
  };
}

function resolveNow(now: Clock | undefined): (() => number) | undefined {
  if (now === undefined) return undefined;
  if (typeof now !== 'function')
    throw new ServerConfigError('now', `now must be a function returning epoch ms or a Date (got ${shown(now)})`);
  return () => readClock(now);
}

/** A string is checked once, here; a function's answer at each call (an invalid one is counted, never thrown). */
function resolveDefaultTrace(given: unknown): (() => ParsedTraceparent | undefined) | undefined {
  if (given === undefined) return undefined;
  if (typeof given === 'function') {
    return () => {
      let value: unknown;
      try {
        value = given();
      } catch {
        return { ok: false, problem: 'malformed' };
      }
      return value === undefined ? undefined : parseTraceparent(value);
    };
  }
  const parsed = parseTraceparent(given);
  if (typeof given !== 'string' || !parsed.ok) {
    const why = typeof given === 'string' ? ` (${parsed.ok ? '' : parsed.problem})` : '';
    throw new ServerConfigError(
      'traceparent',
      `traceparent must be a W3C traceparent or a function returning one (got ${shown(given)}${why}); ` +
        traceparentExpected(given),
    );
  }
  return () => parsed;
}

/** setTimeout's ceiling: a longer delay fires after 1 ms, which would turn a long timeout or wait into none. */
export const MAX_TIMER_MS = 2_147_483_647;
const MAX_RETRIES = 100;

function resolveRetry(r: RetryOptions | false | undefined): RetryPolicy {
  if (r === false) return { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };
  if (r !== undefined && (typeof r !== 'object' || r === null))
    throw new ServerConfigError('retry', 'retry must be an object of retry options, or false');
  const retries = r?.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES)
    throw new ServerConfigError(
      'retry.retries',
      `retry.retries must be a whole number from 0 to ${MAX_RETRIES} (got ${shown(retries)})`,
    );
  return {
    retries,
    baseDelayMs: milliseconds('retry.baseDelayMs', r?.baseDelayMs ?? 250, 0),
    maxDelayMs: milliseconds('retry.maxDelayMs', r?.maxDelayMs ?? 8000, 0),
    maxRetryAfterMs: milliseconds('retry.maxRetryAfterMs', r?.maxRetryAfterMs ?? 60_000, 0),
  };
}

/** A duration a timer can keep: finite, ≥ 0 (`min` 0) or > 0 (`min` 1), at most MAX_TIMER_MS. */
export const isMilliseconds = (v: unknown, min: 0 | 1): v is number =>
  typeof v === 'number' && Number.isFinite(v) && (min === 0 ? v >= 0 : v > 0) && v <= MAX_TIMER_MS;

/** `value` when `isMilliseconds`, else a ServerConfigError naming the option. */
function milliseconds(field: string, value: unknown, min: 0 | 1): number {
  if (isMilliseconds(value, min)) return value;
  const range = min === 0 ? '≥ 0' : '> 0';
  throw new ServerConfigError(
    field,
    `${field} must be a finite number of ms ${range}, at most ${MAX_TIMER_MS} (got ${shown(value)})`,
  );
}

const shown = (v: unknown): string =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : typeof v;
