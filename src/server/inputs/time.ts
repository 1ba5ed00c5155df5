/** Time: the accepted clock skew, the injectable clock, and the freshness check. */
import { DEFAULT_TOLERANCE } from '../../protocol/signing.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';

export interface Tolerance {
  /** How old a timestamp may be, seconds. Default 300. */
  pastSec?: number;
  /** How far ahead of our clock a timestamp may be, seconds. Default 300. */
  futureSec?: number;
}

const DEFAULT_TOLERANCE_MS = {
  pastMs: DEFAULT_TOLERANCE.pastSec * 1000,
  futureMs: DEFAULT_TOLERANCE.futureSec * 1000,
} as const;

/** A tolerance in milliseconds, as the checks use it. */
export interface ToleranceMs {
  pastMs: number;
  futureMs: number;
}

export function resolveTolerance(t: Tolerance | undefined): ToleranceMs {
  if (t === undefined) return DEFAULT_TOLERANCE_MS;
  const past = t?.pastSec ?? DEFAULT_TOLERANCE.pastSec;
  const future = t?.futureSec ?? DEFAULT_TOLERANCE.futureSec;
  if (!Number.isFinite(past) || past < 0)
    throw new ServerConfigError('tolerance.pastSec', 'tolerance.pastSec must be a finite number ≥ 0');
  if (!Number.isFinite(future) || future < 0)
    throw new ServerConfigError('tolerance.futureSec', 'tolerance.futureSec must be a finite number ≥ 0');
  return { pastMs: past * 1000, futureMs: future * 1000 };
}

/** Rejects timestamps outside [now - past, now + future]. */
export function checkTimestamp(tsMs: number, nowMs: number, tol: ToleranceMs): void {
  if (tsMs < nowMs - tol.pastMs) {
    throw new SignatureVerificationError(
      'TIMESTAMP_TOO_OLD',
      `timestamp is ${Math.round((nowMs - tsMs) / 1000)} s old (tolerance ${tol.pastMs / 1000} s)`,
    );
  }
  if (tsMs > nowMs + tol.futureMs) {
    throw new SignatureVerificationError(
      'TIMESTAMP_IN_FUTURE',
      `timestamp is ${Math.round((tsMs - nowMs) / 1000)} s ahead of this clock (tolerance ${tol.futureMs / 1000} s)`,
    );
  }
}

export type Clock = () => number | Date;

/** Epoch ms of a time given as a number or a Date (of any realm); NaN for anything else. */
export function timeOf(v: unknown): number {
  if (typeof v === 'number') return v;
  try {
    return Date.prototype.getTime.call(v);
  } catch {
    return Number.NaN;
  }
}

/** A clock that is not a finite time would switch the freshness check off (every comparison with NaN is false). */
export const readClock = (now: Clock | undefined): number => {
  const ms = now === undefined ? Date.now() : typeof now === 'function' ? timeOf(now()) : Number.NaN;
  if (!Number.isFinite(ms)) throw new ServerConfigError('now', 'now() must return epoch ms or a valid Date');
  return ms;
};
