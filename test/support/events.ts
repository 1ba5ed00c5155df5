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
