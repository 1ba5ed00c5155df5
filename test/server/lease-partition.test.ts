// Unit of src/server/webhooks/lease.ts with an injected clock and fake timers: when no renewal has succeeded for a
// whole lease (a partition — every renewal rejects or hangs), the held claim's signal aborts; ownership is still
// left to complete() (the claim is not marked lost). A renewal that succeeds keeps the signal quiet however long the
// handler runs. The real-Redis version of the partition is test/security/redis-partition-signal.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DedupeStore } from '../../src/server/stores/index.js';
import { LeaseKeeper } from '../../src/server/webhooks/lease.js';

afterEach(() => void vi.useRealTimers());

const storeWith = (renew: DedupeStore['renew']): DedupeStore => ({
  claim: async () => 'claimed',
  renew,
  complete: async () => true,
  release: async () => true,
});

/** Advances the injected clock and the timers together, one renewal period at a time. */
async function run(clock: { t: number }, ms: number, step = 250) {
  for (let done = 0; done < ms; done += step) {
    clock.t += step;
    await vi.advanceTimersByTimeAsync(step);
  }
}

describe('LeaseKeeper: a partition longer than the lease', () => {
  it('renewals that keep failing abort the signal once the lease has passed since the last success', async () => {
    vi.useFakeTimers();
    const clock = { t: 0 };
    const errors: string[] = [];
    const store = storeWith(async () => {
      throw new Error('ETIMEDOUT');
    });
    const keeper = new LeaseKeeper(
      store,
      1000,
      (_e, id) => errors.push(id),
      () => clock.t,
    );
    const held = keeper.hold('evt_p', 'owner-1');
    const { signal } = held;
    await run(clock, 750);
    expect(signal.aborted).toBe(false);
    await run(clock, 500);
    expect(signal.aborted).toBe(true);
    expect(String(signal.reason)).toMatch(/no renewal of the claim on evt_p succeeded for a whole lease/);
    expect(held.lost).toBe(false); // complete() decides the answer
    expect(errors).toEqual(['evt_p']); // the store error is reported once
    expect(await keeper.drop(held)).toBe(false);
  });

  it('a renewal that hangs counts as failed: the signal aborts after the lease', async () => {
    vi.useFakeTimers();
    const clock = { t: 0 };
    const keeper = new LeaseKeeper(
      storeWith(() => new Promise<boolean>(() => {})),
      1000,
      () => {},
      () => clock.t,
    );
    const held = keeper.hold('evt_h', 'owner-1');
    await run(clock, 1250);
    expect(held.signal.aborted).toBe(true);
    keeper.drop(held);
  });

  it('renewals that succeed keep the signal quiet for as long as the handler runs', async () => {
    vi.useFakeTimers();
    const clock = { t: 0 };
    let renewals = 0;
    const keeper = new LeaseKeeper(
      storeWith(async () => {
        renewals++;
        return true;
      }),
      1000,
      () => {},
      () => clock.t,
    );
    const held = keeper.hold('evt_ok', 'owner-1');
    await run(clock, 10_000);
    expect(held.signal.aborted).toBe(false);
    expect(renewals).toBeGreaterThanOrEqual(10);
    expect(await keeper.drop(held)).toBe(false);
  });
});

describe('LeaseKeeper: a wall clock stepped mid-handler', () => {
  for (const [label, stepMs] of [
    ['an hour back', -3_600_000],
    ['an hour forward', 3_600_000],
  ] as const) {
    it(`${label}: renewals go on on the default (monotonic) clock and the signal stays quiet`, async () => {
      // The wall clock is replaced before the keeper exists, so a keeper that read it would see the step.
      const realNow = Date.now.bind(Date);
      let offset = 0;
      const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
      let renewals = 0;
      const keeper = new LeaseKeeper(
        storeWith(async () => {
          renewals++;
          return true;
        }),
        100,
        () => {},
      );
      const held = keeper.hold('evt_clock', 'owner-1');
      try {
        await vi.waitFor(() => expect(renewals).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 5 });
        offset = stepMs;
        const before = renewals;
        // Positive signal: three more renewals after the step (one every leaseMs/4 = 25 ms at most).
        await vi.waitFor(() => expect(renewals).toBeGreaterThanOrEqual(before + 3), { timeout: 5000, interval: 5 });
        expect(held.signal.aborted).toBe(false);
      } finally {
        spy.mockRestore();
        await keeper.drop(held);
      }
    });
  }
});
