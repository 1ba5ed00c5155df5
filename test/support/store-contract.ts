// The DedupeStore contract (src/server/stores/types.ts) as tests any store can run: call storeContract(make) inside a
// describe block; `make` returns a fresh store (own key prefix) each time.
import { expect, it } from 'vitest';
import { type TestStore, sleep } from './deliveries.js';

export function storeContract(make: () => TestStore): void {
  it('claim: one owner at a time; release, complete only by the owner; leases expire; done is kept', async () => {
    const s = make();
    expect(await s.claim('e1', 'o1', 1000)).toBe('claimed');
    expect(await s.claim('e1', 'o2', 1000)).toBe('in_flight');
    expect(await s.release('e1', 'o2')).toBe(false);
    expect(await s.complete('e1', 'o2', 1000)).toBe(false);
    await sleep(1100);
    expect(await s.claim('e1', 'o2', 5000)).toBe('claimed'); // o1's lease ran out
    expect(await s.complete('e1', 'o1', 1000)).toBe(false); // and never comes back to o1
    expect(await s.release('e1', 'o1')).toBe(false);
    expect(await s.complete('e1', 'o2', 60_000)).toBe(true);
    expect(await s.claim('e1', 'o3', 5000)).toBe('done');
    expect(await s.release('e1', 'o2')).toBe(false); // a done mark is not a claim
    expect(await s.claim('e2', 'o1', 5000)).toBe('claimed');
    expect(await s.release('e2', 'o1')).toBe(true);
    expect(await s.claim('e2', 'o2', 5000)).toBe('claimed'); // released: the retry claims it
    await s.close?.();
  });

  it('renew: only by the owner; it extends the lease past its first expiry; an expired claim stays lost', async () => {
    const s = make();
    // Generous margins (1 s leases, renewals 300 ms apart): these stores run on a loaded machine too.
    expect(await s.claim('r1', 'o1', 1000)).toBe('claimed');
    expect(await s.renew('r1', 'o2', 1000)).toBe(false);
    for (let i = 0; i < 4; i++) {
      await sleep(300);
      expect(await s.renew('r1', 'o1', 1000)).toBe(true);
    }
    expect(await s.claim('r1', 'o2', 1000)).toBe('in_flight'); // 1.2 s after a 1 s claim
    await sleep(1100);
    expect(await s.renew('r1', 'o1', 1000)).toBe(false);
    expect(await s.claim('r1', 'o2', 1000)).toBe('claimed');
    expect(await s.complete('r1', 'o2', 10_000)).toBe(true);
    expect(await s.renew('r1', 'o2', 1000)).toBe(false); // a done mark is not a claim
    expect(await s.claim('r1', 'o3', 1000)).toBe('done');
    await s.close?.();
  });

  it('claims issued in the same tick: exactly one of 200 wins', async () => {
    const s = make();
    await s.connect?.();
    expect(await s.claim('warm', 'o', 5000)).toBe('claimed');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => s.claim('same', `o${i}`, 5000)));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'in_flight')).toHaveLength(199);
    await s.close?.();
  });
}
