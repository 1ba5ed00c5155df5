/**
 * A consent's year: its statuses, who revoked it, its sharing duration and the leads of the warnings before it ends.
 * The seed names the statuses and `revoked_by` values; `denied`, the default leads, the duration bounds' defaults and
 * the duration syntax are ours [ours]. Each union is closed for the compiler and open at run time: a value the
 * service adds later still reaches the caller unchanged, typed as a pattern no known value matches (as the event
 * types are), so a misspelt status does not compile and `default:` still receives the new one.
 */

/**
 * pending → active → expiring (inside the first warning lead) → expired; revoked from any live state; denied [ours].
 */
export const CONSENT_STATUSES = ['pending', 'active', 'expiring', 'expired', 'revoked', 'denied'] as const;
export type KnownConsentStatus = (typeof CONSENT_STATUSES)[number];
/** Who stopped the sharing: the customer (in your app or the journey), you, or the bank's dashboard. */
export const REVOKED_BY = ['customer', 'integrator', 'data_holder'] as const;
export type KnownRevokedBy = (typeof REVOKED_BY)[number];
/** Why a journey ended before any consent [ours]. */
export const ABANDON_REASONS = ['crawler_timedout', 'consent_link_expired'] as const;
export type KnownAbandonReason = (typeof ABANDON_REASONS)[number];

/**
 * A value this SDK version does not know. At run time it is whatever the service sent; the type is a pattern no
 * known value can match, so comparing with a misspelt value is a compile error.
 */
export type UnknownValue = `unknown:${string}`;
export type ConsentStatus = KnownConsentStatus | UnknownValue;
export type RevokedBy = KnownRevokedBy | UnknownValue;
export type AbandonReason = KnownAbandonReason | UnknownValue;

/** A sharing period is 1–365 days: at most 12 months under the Consumer Data Right [doc]. Default 365 [ours]. */
export const SHARING_DAYS = { min: 1, max: 365, default: 365 } as const;
/** Days before `sharing_expires_at` at which `consent.expiring` is sent, once each [ours; overridable per token]. */
export const DEFAULT_WARNING_LEADS_DAYS: readonly number[] = [30, 14, 7, 1];
export const DAY_MS = 86_400_000;

/** Whether data can still be pulled under a consent in this status. */
export function consentIsLive(status: ConsentStatus): boolean {
  return status === 'active' || status === 'expiring';
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS };

/**
 * A duration as the clock's advance takes it: milliseconds, or `'<n><unit>'` with unit ms, s, m, h, d or w
 * (`'30d'`, `'12h'`, `'1.5d'`) [ours]. Answers undefined for anything else (negative, not finite, unknown unit).
 */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/.exec(String(value));
  if (!m) return undefined;
  const ms = Number(m[1]) * UNITS[m[2]!]!;
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}
