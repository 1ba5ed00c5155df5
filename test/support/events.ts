// A webhook event and the signing key most tests sign it with: one place, imported by tests that need nothing else of
// test/support (no store, no server).
export const KEYS = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];

/** A valid event of `type` (an empty `data`, as `application.completed` has), created at `createdAt`. */
export const event = (id = 'evt_1', type = 'application.completed', createdAt = '2026-11-22T00:00:00Z') => ({
  event_id: id,
  type,
  created_at: createdAt,
  vendor: 'acme',
  ref: 'c1',
  data: {},
});

/** The events of a CDR application finalised with analysis, in the order the sandbox sends them. */
export const CDR_EVENTS = [
  'consent.authorised',
  'account.numbers_ready',
  'account.balances_ready',
  'crawl.completed',
  'application.documents_ready',
  'application.report_ready',
  'analysis.report_ready',
  'application.completed',
];
