/**
 * The Consumer Data Standards' data language [doc] for what the journey asks a bank to share: each data cluster's
 * language and its permission language, verbatim, in English, in every locale (the standards require this wording
 * whenever CDR data is requested). Each locale's catalogue carries translated help beside it (`cdr.<key>`), never in
 * its place. Source: the Consumer Data Standards, "Data Language Standards" (ConsumerDataStandardsAustralia/standards,
 * slate/source/includes/cx_standards/data_language.md); test/i18n/cdr-language.test.ts compares every string here
 * byte for byte with that table's rows, kept in test/fixtures/cdr-data-language.md.
 *
 * The sandbox asks for the detailed account scope, which includes the basic one: the standards then require the
 * merged cluster ("Account balance and details"), not the basic cluster beside the detailed one.
 */
export const CDR_CLUSTERS = [
  {
    key: 'customer',
    scope: 'common:customer.basic:read',
    cluster: 'Name and occupation',
    permissions: ['Name;', 'Occupation;'],
  },
  {
    key: 'accounts',
    scope: 'bank:accounts.detail:read',
    cluster: 'Account balance and details',
    permissions: [
      'Name of account;',
      'Type of account;',
      'Account balance;',
      'Account number;',
      'Interest rates;',
      'Fees;',
      'Discounts;',
      'Account terms;',
      'Account mail address;',
    ],
  },
  {
    key: 'transactions',
    scope: 'bank:transactions:read',
    cluster: 'Transaction details',
    permissions: [
      'Incoming and outgoing transactions;',
      'Amounts;',
      'Dates;',
      'Descriptions of transactions;',
      'Who you have sent money to and received money from;',
    ],
  },
] as const;

export type CdrClusterKey = (typeof CDR_CLUSTERS)[number]['key'];
