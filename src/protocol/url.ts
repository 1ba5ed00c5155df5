/**
 * The hosted-journey URL: `{journeyOrigin}/i/{vendor}/{customerId}[/deep-link]?query`.
 * Every part of its shape lives here; the widget builds it and the journey pages parse it.
 */
// Codes are written as literals (typed by `fail`'s `JourneyConfigErrorCode` parameter) rather than read from the const
// object, so the inline bundle need not carry the object (issue 10: the brand's bytes were paid for this way).
import { failConfig as fail, type JourneyConfigErrorCode } from './errors.js';

/** Longest URL the service accepts [doc]. */
export const MAX_URL_LENGTH = 2048;

/** Letters, digits, `-` and `_` [doc: the `ref`]. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/**
 * A consent id as it travels in `bank_authorisation` and in the bank-redirect path [ours]: 1–128 letters, digits, `-`,
 * `_`. No `.`, `/`, `%` or `:`, so it can never steer the path (`..`), the host (`//`) or the scheme of the URL it
 * joins.
 */
export const CONSENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const HEX_COLOUR = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;
/** Google Fonts family names are letters, digits and single spaces; anything else could smuggle URL syntax. */
const FONT_PATTERN = /^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/;
const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const START_AT = { terms: 'tnc', mygov: 'do_mygov', banks: 'banks' } as const;
export type StartAt = keyof typeof START_AT;
export type CollectOption = 'analysis' | 'account_owner';
const COLLECT_VALUES: readonly CollectOption[] = ['analysis', 'account_owner'];

/** Query parameter names. The service spells `secondary_color` without the u [doc]. */
export const QUERY = {
  collect: 'collect',
  multiple: 'multiple',
  primaryColour: 'primary_colour',
  secondaryColour: 'secondary_color',
  backgroundColour: 'background_colour',
  font: 'font',
  parentOrigin: 'parent_origin',
  channel: 'channel',
  fullName: 'full_name',
  email: 'email',
  phone: 'phone',
} as const;

/**
 * Query parameters of the bank-authorisation redirect round trip [ours]. The journey's bank-return page sends the
 * customer back to the integrator's `returnUrl` with these appended; `resumeJourney()` reads and removes them.
 */
export const RESUME_QUERY = {
  /** The channel of the journey that was interrupted (keys its saved state). */
  channel: 'hj_channel',
  /** `authorised` | `denied` | `closed` | `blocked`. */
  status: 'hj_bank_status',
} as const;
/** Query parameter of the journey's bank-return page naming where to send the customer (must be on parent_origin). */
export const RETURN_TO_QUERY = 'return_to';

/**
 * First path segment of the journey origin's bank-redirect endpoint [ours]:
 * `GET {journeyOrigin}/bank-redirect/{vendor}/{customerId}/{consentId}`. The journey origin's server looks the consent
 * up (it must belong to that vendor/customer) and answers 302 to that consent's bank page, or 404 — never a URL from
 * the request. It is the only place the widget ever sends the integrator's top-level page (docs/bank-authorisation.md).
 */
export const BANK_REDIRECT_SEGMENT = 'bank-redirect';

export interface BankRedirectTarget {
  vendor: string;
  customerId: string;
  consentId: string;
}

export interface JourneyTheme {
  /** Hex colour, `#RRGGBB`, `RRGGBB` or `#RGB`. @example '#0B5FFF' */
  primaryColour?: string;
  /** Hex colour. @example '#FFB800' */
  secondaryColour?: string;
  /** Hex colour of the journey's page background. @example '#FFFFFF' */
  backgroundColour?: string;
  /** A Google Fonts family name. @example 'Open Sans' */
  font?: string;
}

export interface JourneyPrefill {
  /** @example 'Alex Citizen' */
  fullName?: string;
  /** @example 'alex@example.com' */
  email?: string;
  /** @example '+61400000000' */
  phone?: string;
}

export interface JourneyUrlOptions {
  /** Your vendor label, as issued by the service. @example 'acme' */
  vendor: string;
  /** Your id for this customer (the `ref`): letters, digits, `-`, `_`. @example 'cust_1234' */
  customerId: string;
  /**
   * Origin serving the journey; https, or http only for localhost, 127.0.0.0/8 and [::1].
   * @example 'https://journey.example.com'
   */
  journeyOrigin: string;
  /** Deep link to a step. @example 'banks' */
  startAt?: StartAt;
  /** Deep link straight to one institution (implies `startAt: 'banks'`). @example 'cba' */
  institutionId?: string;
  /** Extra data to collect. @example ['analysis', 'account_owner'] */
  collect?: readonly CollectOption[];
  /** Let the customer connect more than one institution. */
  multipleInstitutions?: boolean;
  theme?: JourneyTheme;
  /** Customer details to pre-fill. Sent in the handshake by default, never in the URL unless `prefillIn: 'query'`. */
  prefill?: JourneyPrefill;
  /**
   * Where prefill travels. `'handshake'` (default) keeps it out of URLs, logs, history and `Referer`;
   * `'query'` is for links sent by e-mail or SMS, where there is no parent page to hand it over.
   */
  prefillIn?: 'handshake' | 'query';
  /** Exact origin of the embedding page, so the journey posts only there. Set by the widget. */
  parentOrigin?: string;
  /** Per-mount channel id. Set by the widget. */
  channel?: string;
}

/** `localhost`, `127.0.0.0/8` (the URL parser has already normalised forms like `127.1`) and `[::1]`. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
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
  if (typeof value !== 'string' || value === '')
    fail(code, field, `${field} is required, e.g. 'https://journey.example.com'.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(
      code,
      field,
      `${field} must be an absolute origin such as 'https://journey.example.com'; got '${value}'.`,
    );
  }
  if (url.origin === 'null') fail(code, field, `${field} must be an http(s) origin; got '${value}'.`);
  if (url.username || url.password) fail(code, field, `${field} must not contain credentials.`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    fail(code, field, `${field} must be an origin only (no path, query or fragment); did you mean '${url.origin}'?`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    fail(
      code,
      field,
      `${field} must use https (http is allowed only for localhost, 127.0.0.0/8 and [::1]); got '${value}'.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    fail(code, field, `${field} must use https; got '${url.protocol}'.`);
  return url.origin;
}

function checkId(value: unknown, field: string, code: JourneyConfigErrorCode, max = 128): string {
  if (typeof value !== 'string' || value === '') fail(code, field, `${field} is required.`);
  if (value.length > max) fail(code, field, `${field} must be at most ${max} characters.`);
  if (!ID_PATTERN.test(value))
    fail(code, field, `${field} may contain only letters, digits, '-' and '_'; got '${value}'.`);
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

export function checkFont(value: unknown, field = 'theme.font'): string {
  if (typeof value !== 'string' || value.length > 64 || !FONT_PATTERN.test(value)) {
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

const PREFILL_LIMITS: Record<keyof JourneyPrefill, number> = { fullName: 200, email: 254, phone: 32 };

export function checkPrefill(prefill: unknown): JourneyPrefill | undefined {
  if (prefill === undefined) return undefined;
  if (typeof prefill !== 'object' || prefill === null) fail('INVALID_PREFILL', 'prefill', 'prefill must be an object.');
  const out: JourneyPrefill = {};
  for (const [key, value] of Object.entries(prefill)) {
    if (!Object.prototype.hasOwnProperty.call(PREFILL_LIMITS, key))
      fail('INVALID_PREFILL', `prefill.${key}`, `prefill.${key} is not a known field (fullName, email, phone).`);
    if (value === undefined) continue;
    const max = PREFILL_LIMITS[key as keyof JourneyPrefill];
    if (typeof value !== 'string' || value.length > max)
      fail('INVALID_PREFILL', `prefill.${key}`, `prefill.${key} must be a string of at most ${max} characters.`);
    out[key as keyof JourneyPrefill] = value;
  }
  return out;
}

/**
 * The journey origin's bank-redirect URL for one consent (see `BANK_REDIRECT_SEGMENT`). The widget builds it from its
 * own validated `journeyOrigin`, vendor and customer id; only the consent id comes from the journey, and it must match
 * `CONSENT_ID_PATTERN`. Throws `JourneyConfigError` on any bad part.
 *
 * @example
 * buildBankRedirectUrl({ journeyOrigin: 'https://journey.example.com', vendor: 'acme', customerId: 'cust_1', consentId:
 * 'cns_42' }) // 'https://journey.example.com/bank-redirect/acme/cust_1/cns_42'
 */
export function buildBankRedirectUrl(options: BankRedirectTarget & { journeyOrigin: string }): string {
  const origin = normaliseOrigin(options.journeyOrigin);
  const vendor = checkId(options.vendor, 'vendor', 'INVALID_VENDOR', 64);
  const customerId = checkId(options.customerId, 'customerId', 'INVALID_CUSTOMER_ID', 255);
  if (typeof options.consentId !== 'string' || !CONSENT_ID_PATTERN.test(options.consentId)) {
    fail('INVALID_OPTION', 'consentId', 'Invalid consentId.');
  }
  return `${origin}/${BANK_REDIRECT_SEGMENT}/${vendor}/${customerId}/${options.consentId}`;
}

/** The inverse of `buildBankRedirectUrl`'s path, for the journey origin's server. `null` when it is not one. */
export function parseBankRedirectPath(pathname: string): BankRedirectTarget | null {
  const parts = pathname.split('/');
  if (parts.length !== 5 || parts[0] !== '' || parts[1] !== BANK_REDIRECT_SEGMENT) return null;
  const [, , vendor, customerId, consentId] = parts as [string, string, string, string, string];
  if (!ID_PATTERN.test(vendor) || vendor.length > 64 || !ID_PATTERN.test(customerId) || customerId.length > 255)
    return null;
  return CONSENT_ID_PATTERN.test(consentId) ? { vendor, customerId, consentId } : null;
}

/**
 * Builds the hosted-journey URL. Pure: no DOM, no globals. Throws `JourneyConfigError` on any bad input.
 *
 * @example
 * buildJourneyUrl({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com', startAt:
 * 'banks' }) // 'https://journey.example.com/i/acme/cust_1/banks'
 */
export function buildJourneyUrl(options: JourneyUrlOptions): string {
  if (typeof options !== 'object' || options === null)
    fail('INVALID_OPTION', 'options', 'buildJourneyUrl needs an options object.');
  const origin = normaliseOrigin(options.journeyOrigin);
  const vendor = checkId(options.vendor, 'vendor', 'INVALID_VENDOR', 64);
  const customerId = checkId(options.customerId, 'customerId', 'INVALID_CUSTOMER_ID', 255);

  const segments = ['i', vendor, customerId];
  if (options.institutionId !== undefined) {
    if (options.startAt !== undefined && options.startAt !== 'banks') {
      fail(
        'INVALID_START_AT',
        'startAt',
        "institutionId deep-links into the bank list; use startAt: 'banks' or leave startAt out.",
      );
    }
    segments.push(START_AT.banks, checkId(options.institutionId, 'institutionId', 'INVALID_INSTITUTION_ID', 64));
  } else if (options.startAt !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(START_AT, options.startAt)) {
      fail(
        'INVALID_START_AT',
        'startAt',
        `startAt must be one of ${Object.keys(START_AT).join(', ')}; got '${String(options.startAt)}'.`,
      );
    }
    segments.push(START_AT[options.startAt]);
  }

  const query = new URLSearchParams();
  if (options.collect !== undefined) {
    if (!Array.isArray(options.collect))
      fail('INVALID_COLLECT', 'collect', "collect must be an array, e.g. ['analysis'].");
    for (const item of new Set(options.collect)) {
      if (!COLLECT_VALUES.includes(item))
        fail(
          'INVALID_COLLECT',
          'collect',
          `collect values must be ${COLLECT_VALUES.join(' or ')}; got '${String(item)}'.`,
        );
      query.append(QUERY.collect, item);
    }
  }
  if (options.multipleInstitutions !== undefined) {
    if (typeof options.multipleInstitutions !== 'boolean')
      fail('INVALID_OPTION', 'multipleInstitutions', 'multipleInstitutions must be a boolean.');
    if (options.multipleInstitutions) query.set(QUERY.multiple, 'true');
  }
  const theme = options.theme;
  if (theme !== undefined) {
    if (typeof theme !== 'object' || theme === null) fail('INVALID_OPTION', 'theme', 'theme must be an object.');
    if (theme.primaryColour !== undefined)
      query.set(
        QUERY.primaryColour,
        normaliseColour(theme.primaryColour, 'theme.primaryColour', 'INVALID_PRIMARY_COLOUR'),
      );
    if (theme.secondaryColour !== undefined)
      query.set(
        QUERY.secondaryColour,
        normaliseColour(theme.secondaryColour, 'theme.secondaryColour', 'INVALID_SECONDARY_COLOUR'),
      );
    if (theme.backgroundColour !== undefined)
      query.set(
        QUERY.backgroundColour,
        normaliseColour(theme.backgroundColour, 'theme.backgroundColour', 'INVALID_BACKGROUND_COLOUR'),
      );
    if (theme.font !== undefined) query.set(QUERY.font, checkFont(theme.font));
  }
  if (options.parentOrigin !== undefined)
    query.set(QUERY.parentOrigin, normaliseOrigin(options.parentOrigin, 'parentOrigin', 'INVALID_PARENT_ORIGIN'));
  if (options.channel !== undefined) query.set(QUERY.channel, checkChannel(options.channel));

  const prefillIn = options.prefillIn ?? 'handshake';
  if (prefillIn !== 'handshake' && prefillIn !== 'query')
    fail('INVALID_PREFILL_IN', 'prefillIn', "prefillIn must be 'handshake' or 'query'.");
  const prefill = checkPrefill(options.prefill);
  if (prefill && prefillIn === 'query') {
    if (prefill.fullName) query.set(QUERY.fullName, prefill.fullName);
    if (prefill.email) query.set(QUERY.email, prefill.email);
    if (prefill.phone) query.set(QUERY.phone, prefill.phone);
  }

  const path = '/' + segments.map(encodeURIComponent).join('/');
  const search = query.toString();
  const url = origin + path + (search ? `?${search}` : '');
  if (url.length > MAX_URL_LENGTH) {
    fail(
      'URL_TOO_LONG',
      'customerId',
      `The journey URL would be ${url.length} characters; the service accepts at most ${MAX_URL_LENGTH}.`,
    );
  }
  return url;
}

export interface ParsedJourneyUrl {
  vendor: string;
  customerId: string;
  /** Deep link, if any. */
  startAt?: StartAt;
  institutionId?: string;
  collect: CollectOption[];
  multipleInstitutions: boolean;
  theme: JourneyTheme;
  prefill: JourneyPrefill;
  parentOrigin?: string;
  channel?: string;
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
  const theme: JourneyTheme = {};
  const colour = (v: string | null) => (v && HEX_COLOUR.test(v) ? `#${v.replace(/^#/, '').toUpperCase()}` : undefined);
  const pc = colour(q.get(QUERY.primaryColour));
  const sc = colour(q.get(QUERY.secondaryColour));
  const bc = colour(q.get(QUERY.backgroundColour));
  const font = q.get(QUERY.font);
  if (pc) theme.primaryColour = pc;
  if (sc) theme.secondaryColour = sc;
  if (bc) theme.backgroundColour = bc;
  if (font && FONT_PATTERN.test(font) && font.length <= 64) theme.font = font;
  const prefill: JourneyPrefill = {};
  const fullName = q.get(QUERY.fullName);
  const email = q.get(QUERY.email);
  const phone = q.get(QUERY.phone);
  if (fullName) prefill.fullName = fullName;
  if (email) prefill.email = email;
  if (phone) prefill.phone = phone;
  const parsed: ParsedJourneyUrl = {
    vendor,
    customerId,
    collect: q.getAll(QUERY.collect).filter((c): c is CollectOption => COLLECT_VALUES.includes(c as CollectOption)),
    multipleInstitutions: q.get(QUERY.multiple) === 'true',
    theme,
    prefill,
  };
  if (startAt) parsed.startAt = startAt;
  if (institutionId) parsed.institutionId = institutionId;
  const parentOrigin = q.get(QUERY.parentOrigin);
  if (parentOrigin) {
    try {
      parsed.parentOrigin = normaliseOrigin(parentOrigin, 'parentOrigin', 'INVALID_PARENT_ORIGIN');
    } catch {
      /* an invalid parent origin is treated as absent: the journey then runs unframed */
    }
  }
  const channel = q.get(QUERY.channel);
  if (channel && CHANNEL_PATTERN.test(channel)) parsed.channel = channel;
  return parsed;
}
