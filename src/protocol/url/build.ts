/** Builds journey URLs and bank-redirect URLs from options. Pure: no DOM, no globals. */
import { failConfig as fail } from '../errors.js';
import {
  BANK_REDIRECT_SEGMENT,
  type BankRedirectTarget,
  COLLECT_VALUES,
  type JourneyUrlOptions,
  MAX_URL_LENGTH,
  PREFILL_LIMITS,
  QUERY,
  START_AT,
  type StartAt,
  THEME_FIELDS,
} from './types.js';
import {
  CONSENT_ID_PATTERN,
  checkChannel,
  checkFont,
  checkId,
  checkLocale,
  checkOneOf,
  checkPrefill,
  normaliseColour,
  normaliseOrigin,
} from './validate.js';

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

/**
 * Builds the hosted-journey URL of a web page's journey (what the widget frames). Pure: no DOM, no globals. Throws
 * `JourneyConfigError` on any bad input. The public `buildJourneyUrl` (native.ts) is this plus an app's two parameters,
 * kept apart so the widget's inline mount carries none of their code.
 *
 * @example
 * buildWebJourneyUrl({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com', startAt:
 * 'banks' }) // 'https://journey.example.com/i/acme/cust_1/banks'
 */
export function buildWebJourneyUrl(options: JourneyUrlOptions): string {
  if (typeof options !== 'object' || options === null) fail('INVALID_OPTION', 'options', 'options must be an object.');
  const origin = normaliseOrigin(options.journeyOrigin);
  const vendor = checkId(options.vendor, 'vendor', 'INVALID_VENDOR', 64);
  const customerId = checkId(options.customerId, 'customerId', 'INVALID_CUSTOMER_ID', 255);

  const segments = ['i', vendor, customerId];
  if (options.institutionId !== undefined) {
    if (options.startAt !== undefined && options.startAt !== 'banks') {
      fail('INVALID_START_AT', 'startAt', "institutionId opens the bank list: startAt must be 'banks' or absent.");
    }
    segments.push(START_AT.banks, checkId(options.institutionId, 'institutionId', 'INVALID_INSTITUTION_ID', 64));
  } else if (options.startAt !== undefined) {
    segments.push(
      START_AT[checkOneOf(options.startAt, 'startAt', Object.keys(START_AT) as StartAt[], 'INVALID_START_AT')],
    );
  }

  const query = new URLSearchParams();
  const collect = options.collect;
  if (collect !== undefined && !(Array.isArray(collect) && collect.every((item) => COLLECT_VALUES.includes(item))))
    fail('INVALID_COLLECT', 'collect', `collect must be a list of ${COLLECT_VALUES.join(', ')}.`);
  for (const item of new Set(collect)) query.append(QUERY.collect, item);
  if (options.multipleInstitutions !== undefined) {
    if (typeof options.multipleInstitutions !== 'boolean')
      fail('INVALID_OPTION', 'multipleInstitutions', 'multipleInstitutions must be a boolean.');
    if (options.multipleInstitutions) query.set(QUERY.multiple, 'true');
  }
  const theme = options.theme;
  if (theme !== undefined) {
    if (typeof theme !== 'object' || theme === null) fail('INVALID_OPTION', 'theme', 'theme must be an object.');
    let key: keyof typeof THEME_FIELDS;
    for (key in THEME_FIELDS) {
      const value = theme[key];
      if (value !== undefined)
        query.set(
          QUERY[key],
          key === 'font' ? checkFont(value) : normaliseColour(value, `theme.${key}`, THEME_FIELDS[key]),
        );
    }
  }
  if (options.parentOrigin !== undefined)
    query.set(QUERY.parentOrigin, normaliseOrigin(options.parentOrigin, 'parentOrigin', 'INVALID_PARENT_ORIGIN'));
  if (options.channel !== undefined) query.set(QUERY.channel, checkChannel(options.channel));
  if (options.locale !== undefined) query.set(QUERY.locale, checkLocale(options.locale));
  if (options.renewConsent !== undefined)
    query.set(QUERY.renewConsent, checkId(options.renewConsent, 'renewConsent', 'INVALID_OPTION'));

  const prefillIn = checkOneOf(
    options.prefillIn ?? 'handshake',
    'prefillIn',
    ['handshake', 'query'],
    'INVALID_PREFILL_IN',
  );
  const prefill = checkPrefill(options.prefill);
  if (prefill && prefillIn === 'query') {
    let key: keyof typeof PREFILL_LIMITS;
    for (key in PREFILL_LIMITS) {
      const value = prefill[key];
      if (value) query.set(QUERY[key], value);
    }
  }

  const path = '/' + segments.map(encodeURIComponent).join('/');
  const search = query.toString();
  return withinUrlLength(origin + path + (search ? `?${search}` : ''), 'customerId');
}

/** `url` when the service accepts its length; else URL_TOO_LONG, blamed on `field` (what made it long). */
export function withinUrlLength(url: string, field: string): string {
  if (url.length > MAX_URL_LENGTH) {
    fail(
      'URL_TOO_LONG',
      field,
      `The journey URL would be ${url.length} characters; the service accepts at most ${MAX_URL_LENGTH}.`,
    );
  }
  return url;
}
