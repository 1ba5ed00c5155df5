/** Back-off policy: which failures are retried, and how long to wait. */
export interface RetryOptions {
  /** Extra attempts after the first: a whole number, 0–100. Default 2. @example { retries: 4 } */
  retries?: number;
  /** First back-off ceiling, ms (finite, ≥ 0); doubles each attempt (full jitter). Default 250. */
  baseDelayMs?: number;
  /** Back-off ceiling, ms (finite, ≥ 0). Default 8000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this (ms, finite, ≥ 0) is not waited for: the error is thrown instead.
   * Default 60000. */
  maxRetryAfterMs?: number;
}

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

/** Statuses worth repeating a safe request for. */
export const RETRYABLE_STATUS: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

/** `Retry-After` as delta-seconds or an HTTP date → milliseconds from now; undefined when absent or unparsable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/** Exponential back-off with full jitter. */
export function backoffMs(attempt: number, p: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Resolves after `ms`, or rejects with the signal's reason when aborted first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
