/**
 * The journey URL's vocabulary: its limits, deep-link segments, query names and the shapes of its options. The tables
 * here drive the builder (build.ts), the parser (parse.ts) and the journey bridge alike, so no side spells a query
 * name or a field list of its own.
 */
import type { JourneyConfigErrorCode } from '../errors.js';
import type { ShippedLocale } from '../locale.js';

/** Longest URL the service accepts [doc]. */
export const MAX_URL_LENGTH = 2048;

export const START_AT = { terms: 'tnc', mygov: 'do_mygov', banks: 'banks' } as const;
export type StartAt = keyof typeof START_AT;
export type CollectOption = 'analysis' | 'account_owner';
export const COLLECT_VALUES: readonly CollectOption[] = ['analysis', 'account_owner'];

/**
 * Query parameter names, keyed by the option field they carry (theme and prefill fields use their own key, so
 * `QUERY[field]` is the name). The service spells `secondary_color` without the u [doc].
 */
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
  /** [ours] The customer's language, a BCP 47 tag (src/protocol/locale.ts negotiates over it). */
  locale: 'locale',
  /** [ours] The consent a renewal journey renews (`renewConsent`), as the API's `renews`. */
  renewConsent: 'renews',
  /**
   * [ours] The journey session's W3C trace context, for a journey that runs no bridge (`journeyProtocol: 'plain'`);
   * a bridge journey gets it in the handshake instead.
   */
  traceparent: 'traceparent',
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

/**
 * The theme's fields, in query order, each with the code its bad value throws (`font` is a family name, the rest are
 * colours). Its keys are the theme's query fields (`QUERY[key]`).
 */
export const THEME_FIELDS = {
  primaryColour: 'INVALID_PRIMARY_COLOUR',
  secondaryColour: 'INVALID_SECONDARY_COLOUR',
  backgroundColour: 'INVALID_BACKGROUND_COLOUR',
  font: 'INVALID_FONT',
} as const satisfies Record<keyof JourneyTheme, JourneyConfigErrorCode>;

/**
 * The prefill's fields, in query order, each with its longest accepted length (options, query and the handshake's
 * `welcome` schema all read it). Its keys are the prefill's query fields (`QUERY[key]`).
 */
export const PREFILL_LIMITS = { fullName: 200, email: 254, phone: 32 } as const satisfies Record<
  keyof JourneyPrefill,
  number
>;

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
  /**
   * The customer's language, a BCP 47 tag (canonicalised; one that is not BCP 47 is left out); the journey negotiates
   * from it, then the browser's languages, then en-AU. Any tag is accepted; the shipped locales are offered first,
   * and a tag none of them matches (`fr`) is told to the developer in the console. @example 'vi'
   */
  locale?: ShippedLocale | (string & {});
  /**
   * Opens the journey in renew mode for this consent of the customer's (`consent_id` from `listConsents` or a
   * `consent.expiring` webhook): it shows the consent's bank, accounts and duration pre-selected and goes to the bank;
   * once authorised the same consent has a new date and the same accounts. `startAt` and `institutionId` do not
   * apply. @example 'cns_3f9c2a'
   */
  renewConsent?: string;
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
  /** The `locale` parameter, canonicalised; absent when missing or not BCP 47. */
  locale?: string;
  /** Renew mode: the consent being renewed. */
  renewConsent?: string;
  /** The journey session's traceparent (`traceparent`), when it is a valid W3C traceparent. */
  traceparent?: string;
  /**
   * An app's journey (`native_bridge`, `return_url`: url/native.ts): the bridge and the return URL, each absent when
   * invalid. Absent on a web journey.
   */
  native?: { nativeBridge?: 'react-native' | 'ios' | 'android'; returnUrl?: string };
}
