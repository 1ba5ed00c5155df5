/**
 * Every word the credit report shows the integrator and the consumer (the PDF, and the notice in the JSON), in one
 * place so that a catalogue can take them over. English.
 */
export const CREDIT_REPORT_WORDS = {
  title: 'Credit report',
  /** The enquirer and provider of what a token without a `vendor` lodged. */
  unnamedLender: 'Sandbox vendor',
  generated: (at: string) => `Sandbox data · generated ${at}`,
  applicant: 'Applicant',
  name: 'Name',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  enquiry: 'Enquiry',
  creditScore: 'Credit score',
  enquiries: 'Enquiries',
  enquiryColumns: ['Date', 'Enquirer', 'Type', 'Product', 'Amount'],
  accounts: 'Accounts',
  accountLine: (limit: string, opened: string, status: string, closed?: string) =>
    `limit $${limit}, opened ${opened}, ${status}` + (closed ? ` ${closed}` : ''),
  repaymentHistory: 'Repayment history (24 months)',
  noRepaymentHistory: '(no repayment history reported)',
  hardship: 'Financial hardship information',
  hardshipAccount: (provider: string, type: string) => `${provider} · ${type}`,
  defaults: 'Defaults',
  noDefaults: 'No defaults listed.',
  defaultColumns: ['Default', 'Account', 'Amount', 'Days', 'Status'],
  /** Told to the consumer whenever the report holds FHI (Privacy Act Part IIIA; OAIC's FHI guidance). */
  hardshipNotice:
    'This report includes financial hardship information. A marks a month of a temporary financial hardship ' +
    'arrangement; V marks the month a permanent variation of a credit contract took effect. Financial hardship ' +
    'information is not used to calculate a credit score and is kept for 12 months.',
} as const;
