// Every numeric option of the stores and the inbox is finite and within its range at creation (a ServerConfigError
// naming the option and the range), so no value can switch a bound off: an Infinity timeout that never fires, a NaN
// that compares false with everything, a timer delay past 2^31 - 1 ms that Node fires after 1 ms.
import { describe, expect, it } from 'vitest';
import { MIN_LEASE_MS, MAX_TIMER_MS } from '../../src/server/options.js';
import { MemoryDedupeStore, PostgresInbox, RedisDedupeStore } from '../../src/server/stores/index.js';
import { isServerConfigError } from '../../src/server/index.js';
import { thrown } from '../support/thrown.js';

const NOT_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '5', null, {}];
const fieldOf = (e: unknown) => (isServerConfigError(e) ? e.field : `not a ServerConfigError: ${String(e)}`);

/** A pool that fails the test if anything reaches it. */
let connects = 0;
const pool = {
  connect: async () => {
    connects++;
    throw new Error('no SQL may run for an option error');
  },
};

const CASES: Array<[string, (v: unknown) => unknown, unknown[], unknown[]]> = [
  // [option, make, out of range, in range]
  ['maxEntries', (v) => new MemoryDedupeStore({ maxEntries: v as number }), [0, -1, 1.5, 2 ** 32 + 1], [1, 2 ** 32]],
  [
    'operationTimeoutMs',
    (v) => new RedisDedupeStore({ url: 'redis://127.0.0.1:1', operationTimeoutMs: v as number }),
    [0, -5, MAX_TIMER_MS + 1, 2 ** 40],
    [1, 2000, MAX_TIMER_MS],
  ],
  [
    'connectTimeoutMs',
    (v) => new RedisDedupeStore({ url: 'redis://127.0.0.1:1', connectTimeoutMs: v as number }),
    [0, -5, MAX_TIMER_MS + 1],
    [1, 5000, MAX_TIMER_MS],
  ],
  [
    'connectTimeoutMs',
    (v) => new PostgresInbox({ pool, connectTimeoutMs: v as number }),
    [0, -5, MAX_TIMER_MS + 1],
    [1, 5000, MAX_TIMER_MS],
  ],
];

describe.each(CASES)('%s', (field, make, outOfRange, inRange) => {
  it('not a finite number, or out of range → ServerConfigError naming it and its range', () => {
    for (const bad of [...NOT_NUMBERS, ...outOfRange]) {
      const e = thrown(() => make(bad));
      expect([bad, fieldOf(e)]).toEqual([bad, field]);
      if (typeof bad === 'number' && Number.isFinite(bad)) expect((e as Error).message).toMatch(/from \d+ to \d+/);
    }
    for (const good of inRange) expect(thrown(() => make(good))).toBeUndefined();
  });
});

it('PostgresInbox.prune({ olderThan }): from one hour to 100 years, refused before any SQL', async () => {
  const inbox = new PostgresInbox({ pool });
  for (const bad of [...NOT_NUMBERS, 0, 30, 59 * 60_000, 2_592_000, 101 * 365.25 * 86_400_000]) {
    const e = await inbox.prune({ olderThan: bad as number }).catch((x: unknown) => x);
    expect([bad, fieldOf(e)]).toEqual([bad, 'olderThan']);
  }
  expect(connects).toBe(0);
  // In range: it gets as far as the pool.
  await expect(inbox.prune({ olderThan: 3_600_000 })).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
  expect(connects).toBe(1);
});

it('the lease floor is one renewals can keep: four renewal ticks of at least 25 ms', () => {
  expect(MIN_LEASE_MS / 4).toBeGreaterThanOrEqual(25);
});
