/** A key of the bank pages' catalogue (the en-AU words below). */
export type BankKey = keyof typeof EN_AU;
/** A locale's bank-page catalogue: a key it lacks shows in en-AU. */
export type BankWords = Partial<Record<BankKey, string>>;

/** The sandbox bank pages' catalogue in en-AU (words.ts): every key, and the fallback of every other locale's. */
export const EN_AU = {
  secure: 'Secure consent',
  fallbackBank: 'Sandbox bank',
  footer: 'Sandbox bank — test data only. Nothing here is a real account.',
  errorTitle: 'Something went wrong',
  'error.NOT_FOUND': 'This bank does not exist in the sandbox.',
  'error.CONSENT_NOT_FOUND': 'This consent request does not exist at this bank.',
  'error.CONSENT_ALREADY_DECIDED': 'This consent request has already been answered.',
  'error.RENEWAL_CANCELLED':
    'This renewal was cancelled: the data sharing it would renew was stopped or has ended, ' +
    'or a newer request replaced it.',
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
