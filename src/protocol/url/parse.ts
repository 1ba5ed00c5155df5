/**
 * Reads journey URLs and bank-redirect paths: the journey pages, the journey bridge and the journey origin's server.
 * Never throws on a bad part: what does not pass its check is treated as absent (or the whole URL as not a journey).
 */
import { parseTraceparent } from '../trace-context.js';
import {
  type BankRedirectTarget,
  COLLECT_VALUES,
  type CollectOption,
  type JourneyPrefill,
  type JourneyTheme,
  type ParsedJourneyUrl,
  PREFILL_LIMITS,
  QUERY,
  START_AT,
  type StartAt,
  BANK_REDIRECT_SEGMENT,
  THEME_FIELDS,
} from './types.js';
import {
  CHANNEL_PATTERN,
  CONSENT_ID_PATTERN,
  HEX_COLOUR,
  ID_PATTERN,
  canonicalLocale,
  isFont,
  normaliseOrigin,
} from './validate.js';
import { readNativeQuery } from './native.js';

/** The inverse of `buildBankRedirectUrl`'s path, for the journey origin's server. `null` when it is not one. */
export function parseBankRedirectPath(pathname: string): BankRedirectTarget | null {
  const parts = pathname.split('/');
  if (parts.length !== 5 || parts[0] !== '' || parts[1] !== BANK_REDIRECT_SEGMENT) return null;
  const [, , vendor, customerId, consentId] = parts as [string, string, string, string, string];
  if (!ID_PATTERN.test(vendor) || vendor.length > 64 || !ID_PATTERN.test(customerId) || customerId.length > 255)
    return null;
  return CONSENT_ID_PATTERN.test(consentId) ? { vendor, customerId, consentId } : null;
}

/** What a framed journey needs from its query: where its parent is, its channel and any query prefill. */
export interface FrameQuery {
  /** Absent when missing or invalid: the journey then runs unframed. */
  parentOrigin?: string;
  /** Absent when missing or invalid. */
  channel?: string;
  prefill: JourneyPrefill;
  /** The journey session's traceparent; absent when missing or not a valid W3C traceparent. */
  traceparent?: string;
}

/**
 * Reads `parent_origin`, `channel`, `traceparent` and the prefill fields (`PREFILL_LIMITS`' keys) from a journey URL's
 * query.
 */
export function readFrameQuery(q: URLSearchParams): FrameQuery {
  const out: FrameQuery = { prefill: {} };
  const parentOrigin = q.get(QUERY.parentOrigin);
  if (parentOrigin) {
    try {
      out.parentOrigin = normaliseOrigin(parentOrigin, 'parentOrigin', 'INVALID_PARENT_ORIGIN');
    } catch {
      /* an invalid parent origin is treated as absent: the journey then runs unframed */
    }
  }
  const channel = q.get(QUERY.channel);
  if (channel && CHANNEL_PATTERN.test(channel)) out.channel = channel;
  const traceparent = q.get(QUERY.traceparent);
  if (parseTraceparent(traceparent).ok) out.traceparent = traceparent!;
  let key: keyof typeof PREFILL_LIMITS;
  for (key in PREFILL_LIMITS) {
    const value = q.get(QUERY[key]);
    if (value) out.prefill[key] = value;
  }
  return out;
}

/** The theme fields (`THEME_FIELDS`' keys) that pass their check; colours as `#RRGGBB` upper case. */
function readTheme(q: URLSearchParams): JourneyTheme {
  const theme: JourneyTheme = {};
  let key: keyof typeof THEME_FIELDS;
  for (key in THEME_FIELDS) {
    const value = q.get(QUERY[key]);
    if (!value) continue;
    if (key === 'font') {
      if (isFont(value)) theme.font = value;
    } else if (HEX_COLOUR.test(value)) theme[key] = `#${value.replace(/^#/, '').toUpperCase()}`;
  }
  return theme;
}

/** The inverse of `buildJourneyUrl`, used by the journey pages. Returns `null` for a path that is not a journey. */
export function parseJourneyUrl(href: string | URL): ParsedJourneyUrl | null {
  const url = typeof href === 'string' ? new URL(href) : href;
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 'i' || parts.length < 3 || parts.length > 5) return null;
  const [, vendor, customerId, step, institutionId] = parts as [string, string, string, string?, string?];
  if (!ID_PATTERN.test(vendor) || !ID_PATTERN.test(customerId)) return null;
  let startAt: StartAt | undefined;
  if (step !== undefined) {
    const found = (Object.keys(START_AT) as StartAt[]).find((k) => START_AT[k] === step);
    if (!found) return null;
    startAt = found;
  }
  if (institutionId !== undefined && (startAt !== 'banks' || !ID_PATTERN.test(institutionId))) return null;
  const q = url.searchParams;
  const { parentOrigin, channel, prefill, traceparent } = readFrameQuery(q);
  const parsed: ParsedJourneyUrl = {
    vendor,
    customerId,
    collect: q.getAll(QUERY.collect).filter((c): c is CollectOption => COLLECT_VALUES.includes(c as CollectOption)),
    multipleInstitutions: q.get(QUERY.multiple) === 'true',
    theme: readTheme(q),
    prefill,
  };
  if (startAt) parsed.startAt = startAt;
  if (institutionId) parsed.institutionId = institutionId;
  if (parentOrigin) parsed.parentOrigin = parentOrigin;
  if (channel) parsed.channel = channel;
  const locale = canonicalLocale(q.get(QUERY.locale));
  if (locale) parsed.locale = locale;
  const renewConsent = q.get(QUERY.renewConsent);
  if (renewConsent && CONSENT_ID_PATTERN.test(renewConsent)) parsed.renewConsent = renewConsent;
  if (traceparent) parsed.traceparent = traceparent;
  const native = readNativeQuery(q);
  if (native) parsed.native = native;
  return parsed;
}
