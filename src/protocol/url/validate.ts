/**
 * Checks of the journey URL's parts. Each throws a `JourneyConfigError` naming the field; the patterns are exported for
 * the parser and the journey origin's server, which test without throwing.
 */
// Codes are written as literals (typed by `fail`'s `JourneyConfigErrorCode` parameter) rather than read from the const
// object, so the inline bundle need not carry the object.
import { hasOwn } from '../own.js';
import { failConfig as fail, type JourneyConfigErrorCode } from '../errors.js';
import { type JourneyPrefill, PREFILL_LIMITS } from './types.js';
import { isLoopbackHost } from './loopback.js';

export { isLoopbackHost };

/** Letters, digits, `-` and `_` [doc: the `ref`]. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/**
 * A consent id as it travels in `bank_authorisation` and in the bank-redirect path [ours]: 1–128 letters, digits, `-`,
 * `_`. No `.`, `/`, `%` or `:`, so it can never steer the path (`..`), the host (`//`) or the scheme of the URL it
 * joins.
 */
export const CONSENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const HEX_COLOUR = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;
/** Google Fonts family names are letters, digits and single spaces; anything else could smuggle URL syntax. */
export const FONT_PATTERN = /^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/;
export const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A BCP 47 tag in canonical form (`zh-hans` → `zh-Hans`), or `undefined` when `tag` is not one. */
export function canonicalLocale(tag: unknown): string | undefined {
  try {
    return typeof tag === 'string' ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    /* not a tag: undefined */
  }
}

/** `locale` in canonical form; throws `INVALID_LOCALE` when it is not a BCP 47 tag. */
export function checkLocale(tag: unknown): string {
  return canonicalLocale(tag) ?? fail('INVALID_LOCALE', 'locale', `locale must be a BCP 47 tag; got '${tag}'.`);
}

/**
 * Validates an origin (scheme + host + port, nothing else) and returns it normalised.
 * https everywhere; http only on loopback so local development and the sandbox work.
 */
export function normaliseOrigin(
  value: unknown,
  field = 'journeyOrigin',
  code: JourneyConfigErrorCode = 'INVALID_JOURNEY_ORIGIN',
): string {
  let url: URL | undefined;
  try {
    url = new URL(value as string);
  } catch {
    /* reported below */
  }
  // One message, its reason chosen here: each sentence costs the inline bundle its bytes. A value with credentials
  // is never repeated in it.
  const got = `; got '${String(value)}'`;
  const problem =
    typeof value !== 'string' || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')
      ? `must be an origin such as 'https://journey.example.com'${got}`
      : url.username || url.password
        ? 'must not contain credentials'
        : (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash
          ? `must be an origin only (no path, query or fragment): '${url.origin}'?`
          : url.protocol === 'http:' && !isLoopbackHost(url.hostname)
            ? `must use https (http on loopback only)${got}`
            : '';
  if (problem) fail(code, field, `${field} ${problem}.`);
  return url!.origin;
}

/**
 * `value` when it is one of `allowed`, else a `JourneyConfigError` (`code`) naming them: one sentence for every option
 * that is one of a few words (a single template costs the inline bundle less than a sentence each).
 */
export function checkOneOf<const T>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  code: JourneyConfigErrorCode = 'INVALID_OPTION',
): T {
  if (!allowed.includes(value as T))
    fail(code, field, `${field} must be one of ${allowed.join(', ')}; got '${String(value)}'.`);
  return value as T;
}

export function checkId(value: unknown, field: string, code: JourneyConfigErrorCode, max = 128): string {
  if (typeof value !== 'string' || value.length > max || !ID_PATTERN.test(value))
    fail(code, field, `${field} must be 1 to ${max} letters, digits, '-' or '_'; got '${String(value)}'.`);
  return value;
}

/** Normalises a colour to `RRGGBB` (upper case, no `#`), as the service expects. */
export function normaliseColour(value: unknown, field: string, code: JourneyConfigErrorCode): string {
  if (typeof value !== 'string' || !HEX_COLOUR.test(value)) {
    fail(code, field, `${field} must be a hex colour like '#0B5FFF'; got '${String(value)}'.`);
  }
  let hex = value.replace(/^#/, '').toUpperCase();
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  return hex;
}

/** A font family the URL may carry: at most 64 characters of `FONT_PATTERN`. */
export const isFont = (value: string): boolean => value.length <= 64 && FONT_PATTERN.test(value);

export function checkFont(value: unknown, field = 'theme.font'): string {
  if (typeof value !== 'string' || !isFont(value)) {
    fail(
      'INVALID_FONT',
      field,
      `${field} must be a Google Fonts family name (letters, digits, single spaces), e.g. 'Open Sans'.`,
    );
  }
  return value;
}

export function checkChannel(value: unknown): string {
  if (typeof value !== 'string' || !CHANNEL_PATTERN.test(value)) {
    fail('INVALID_CHANNEL', 'channel', 'channel must be 8-64 characters of letters, digits, - or _.');
  }
  return value;
}

export function checkPrefill(prefill: unknown): JourneyPrefill | undefined {
  if (prefill === undefined) return undefined;
  if (typeof prefill !== 'object' || prefill === null) fail('INVALID_PREFILL', 'prefill', 'prefill must be an object.');
  const out: JourneyPrefill = {};
  for (const [key, value] of Object.entries(prefill)) {
    if (!hasOwn(PREFILL_LIMITS, key))
      fail('INVALID_PREFILL', `prefill.${key}`, `prefill.${key} is not a known field (fullName, email, phone).`);
    if (value === undefined) continue;
    const max = PREFILL_LIMITS[key as keyof JourneyPrefill];
    if (typeof value !== 'string' || value.length > max)
      fail('INVALID_PREFILL', `prefill.${key}`, `prefill.${key} must be a string of at most ${max} characters.`);
    out[key as keyof JourneyPrefill] = value;
  }
  return out;
}
