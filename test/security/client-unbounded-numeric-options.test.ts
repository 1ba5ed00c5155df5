// Attack: numeric client options that switch the client's own bounds off. `retries: Infinity` or `NaN` retried a
// failing call without end (hundreds of attempts a second against a struggling service), `timeoutMs: Infinity`,
// `NaN` or `-1` (and anything past setTimeout's 2^31-1 ms) became a 1 ms timeout, negative or NaN back-off delays
// hammered without waiting. Every numeric option is finite and in range at creation, else a ServerConfigError that
// names it; a call's own `timeoutMs` is checked the same way before anything is sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, isServerConfigError } from '../../src/server/index.js';
import { json, startHttp } from '../support/http.js';
import { thrown } from '../support/thrown.js';

let srv: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  srv = await startHttp((_r, res) => json(res, 503, { error: { code: 'INTERNAL', message: 'overloaded' } }));
});
afterAll(() => srv.close());

const base = () => ({ baseUrl: srv.url, tokenId: 'tok_1', signingSecret: 'sk_test_secret' });
const INF = Number.POSITIVE_INFINITY;
const NAN = Number.NaN;
const TOO_LONG = 2 ** 31;

const CASES: Array<[field: string, bad: unknown[], options: (v: unknown) => object]> = [
  ['retry.retries', [INF, NAN, -1, 1.5, 101, '3'], (v) => ({ retry: { retries: v } })],
  ['timeoutMs', [INF, NAN, -1, 0, TOO_LONG, '100'], (v) => ({ timeoutMs: v })],
  ['retry.baseDelayMs', [-1, NAN, INF, TOO_LONG], (v) => ({ retry: { baseDelayMs: v } })],
  ['retry.maxDelayMs', [-1, NAN, INF, TOO_LONG], (v) => ({ retry: { maxDelayMs: v } })],
  ['retry.maxRetryAfterMs', [-1, NAN, INF, TOO_LONG], (v) => ({ retry: { maxRetryAfterMs: v } })],
  ['maxResponseBytes', [INF, NAN, -1, 0, 1.5, 2 ** 60], (v) => ({ maxResponseBytes: v })],
];

it.each(CASES)('%s out of range is refused at creation with a ServerConfigError naming it', (field, bad, options) => {
  for (const v of bad) {
    const e = thrown(() => createClient({ ...base(), ...options(v) }));
    expect([v, isServerConfigError(e), (e as { field?: string })?.field]).toEqual([v, true, field]);
    expect((e as Error).message).toContain(field);
  }
});

it('in-range values are accepted, zero delays and retries included', () => {
  expect(() =>
    createClient({
      ...base(),
      timeoutMs: 1,
      maxResponseBytes: 1,
      retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    }),
  ).not.toThrow();
  expect(() => createClient({ ...base(), retry: { retries: 100 }, timeoutMs: 2 ** 31 - 1 })).not.toThrow();
  expect(() => createClient({ ...base(), retry: false })).not.toThrow();
  expect(isServerConfigError(thrown(() => createClient({ ...base(), retry: 3 as never })))).toBe(true);
});

it('a failing service gets exactly 1 + retries attempts, never an endless loop', async () => {
  srv.requests.length = 0;
  const c = createClient({ ...base(), retry: { retries: 3, baseDelayMs: 0 } });
  await expect(c.finalise({ vendor: 'acme', ref: 'c1' })).rejects.toMatchObject({ name: 'ApiError', status: 503 });
  expect(srv.requests).toHaveLength(4);
});

it("a call's own timeoutMs of -1, NaN, Infinity or past 2^31-1 ms is a validation error; nothing is sent", async () => {
  srv.requests.length = 0;
  const c = createClient({ ...base(), retry: false });
  for (const timeoutMs of [-1, NAN, INF, TOO_LONG, 0]) {
    await expect(c.finalise({ vendor: 'acme', ref: 'c1', timeoutMs })).rejects.toMatchObject({
      name: 'HostedJourneyValidationError',
      fields: [{ path: 'timeoutMs' }],
    });
    await expect(c.downloadReport({ enquiry_id: 'enq_1', timeoutMs })).rejects.toMatchObject({
      name: 'HostedJourneyValidationError',
    });
  }
  expect(srv.requests).toHaveLength(0);
});
