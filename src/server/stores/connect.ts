/**
 * The bound on a store's first connection. A driver left alone may wait for ever (node-redis retries a refused
 * connection without end; node-postgres waits on a server that accepts and never answers unless the pool has a
 * connectionTimeoutMillis), so every store races its connection against `connectTimeoutMs` and, when that runs out,
 * stops the driver's attempts and rejects with a StoreConnectionError naming the address.
 */
import type { StoreConnectionError } from '../errors.js';
import { MAX_TIMER_MS, numberIn } from '../options.js';

/** Default of every store's `connectTimeoutMs`. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/** The checked `connectTimeoutMs` option (default 5 s). */
export const connectTimeoutOption = (value: unknown): number =>
  numberIn('connectTimeoutMs', value === undefined ? DEFAULT_CONNECT_TIMEOUT_MS : value, {
    min: 1,
    max: MAX_TIMER_MS,
    unit: ' ms',
  });

/** `url` without user, password, query or fragment (where credentials may sit): `redis://10.0.0.1:6379/2`. */
export function addressOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'an unparseable URL';
  }
}

export interface Deadline<T> {
  /** Milliseconds the attempt may take. */
  ms: number;
  /** The error to reject with, given the attempt's own error (or undefined when the time ran out). */
  fail(cause: unknown, timedOut: boolean): StoreConnectionError;
  /** Stops the driver once the time ran out (destroy the client, end its retries). */
  stop?(): void;
  /** A value that arrives after the time ran out (a pooled client to give back). */
  late?(value: T): void;
}

/** `attempt`, or its failure as a StoreConnectionError; after `d.ms` a StoreConnectionError and the driver stopped. */
export function withDeadline<T>(attempt: Promise<T>, d: Deadline<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(d.fail(undefined, true));
      d.stop?.();
    }, d.ms);
    (timer as { unref?(): void }).unref?.();
    attempt.then(
      (v) => {
        if (settled) return d.late?.(v);
        settled = true;
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(d.fail(e, false));
      },
    );
  });
}

/** A short text of a driver's error for a message: its code and first line, never more than 200 characters. */
export function reason(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown } | undefined;
  const first = (typeof err?.message === 'string' ? err.message : String(e)).split('\n')[0]!.slice(0, 200);
  const text = first.replace(/\/\/[^\s/@]*@/g, '//'); // a URL's user and password, should a driver quote one
  return typeof err?.code === 'string' && !text.includes(err.code) ? `${err.code}: ${text}` : text;
}
