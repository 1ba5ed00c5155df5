/**
 * The sandbox bank pages' catalogue (the consent page; `sharing.*` the dashboard), per locale (a missing key shows in
 * en-AU). A real bank's pages are the bank's: it words them in its own languages, whatever the journey's; the
 * sandbox's follow the journey's locale (the `locale` the journey adds to the consent URL, else the browser's
 * `Accept-Language`) so a test sees one language throughout. The data clusters and permissions are the standards'
 * English words in every locale (src/protocol/cdr-language.ts); `cdr.<key>` is the help beside them.
 */
import { DEFAULT_LOCALE, fill, type Locale } from '../../protocol/locale.js';
import { pseudoCatalogue } from '../../protocol/pseudo.js';

const EN_AU = {
  secure: 'Secure consent',
  fallbackBank: 'Sandbox bank',
  footer: 'Sandbox bank — test data only. Nothing here is a real account.',
  errorTitle: 'Something went wrong',
  'error.NOT_FOUND': 'This bank does not exist in the sandbox.',
  'error.CONSENT_NOT_FOUND': 'This consent request does not exist at this bank.',
  'error.CONSENT_ALREADY_DECIDED': 'This consent request has already been answered.',
  'error.INVALID_FORM_TOKEN': 'This form was not issued by the bank. Start again from the application.',
  'error.other': 'The bank could not process this request. Start again from the application.',
  pageTitle: '{bank} — share your data',
  title: 'Share your data',
  asking: '{vendor} is asking to access data from your {bank} accounts.',
  accounts: 'Accounts',
  balance: 'Balance {amount}',
  shared: 'Data we will share',
  howLong: 'How long',
  'cdr.customer': 'Your name and job, so your bank records can be matched to you.',
  'cdr.accounts': 'Each account’s name, type, balance and number, and its rates, fees and terms.',
  'cdr.transactions': 'Money in and out of your accounts: amounts, dates, descriptions and who it was paid to or from.',
  deny: 'Deny',
  approve: 'Approve',
  'sharing.pageTitle': '{bank} — manage data sharing',
  'sharing.title': 'Manage data sharing',
  'sharing.with': 'You share data from your {bank} accounts with {vendor}.',
  'sharing.until': 'Sharing until {date}',
  'sharing.revoked': 'Sharing stopped',
  'sharing.expired': 'Sharing ended',
  'sharing.none': 'Not sharing',
  'sharing.stop': 'Stop sharing',
} as const;

export type BankKey = keyof typeof EN_AU;

export const BANK_WORDS: Record<Locale, Partial<Record<BankKey, string>>> = {
  'en-AU': EN_AU,
  'en-XA': pseudoCatalogue(EN_AU),
};

/** The words of `locale`: `w(key, params)`, a key it lacks in en-AU. */
export function bankWords(locale: Locale): (key: BankKey, params?: Record<string, string>) => string {
  return (key, params) => fill(BANK_WORDS[locale][key] ?? BANK_WORDS[DEFAULT_LOCALE][key]!, params);
}
