// MemoryDedupeStore's bounds: expired entries dropped, oldest finished id evicted first, claims in
// progress never evicted. The per-claim cost is checked structurally in test/security/memory-store-full.test.ts.
import { expect, it } from 'vitest';
import { MemoryDedupeStore } from '../../src/server/stores/index.js';

it('expired claims and done marks are dropped as time passes (the space comes back without a full store)', async () => {
  let t = 0;
  const s = new MemoryDedupeStore({ maxEntries: 100, now: () => t });
  for (let i = 0; i < 10; i++) await s.claim(`c${i}`, 'o', 100);
  for (let i = 0; i < 10; i++) {
    await s.claim(`d${i}`, 'o', 100);
    await s.complete(`d${i}`, 'o', 1000);
  }
  expect(s.size).toBe(20);
  t = 150; // the claims' leases ran out
  expect(await s.claim('x', 'o', 100)).toBe('claimed');
  expect(s.size).toBe(11); // 10 done + x
  expect(await s.claim('c3', 'o2', 100)).toBe('claimed');
  t = 1200; // the done marks expired too
  expect(await s.claim('d0', 'o2', 100)).toBe('claimed');
  expect(s.size).toBe(1);
});

it('full: the oldest finished id goes first; renewing keeps a claim; a store full of claims answers busy', async () => {
  let t = 0;
  const s = new MemoryDedupeStore({ maxEntries: 4, now: () => t });
  for (const id of ['a', 'b']) {
    await s.claim(id, 'o', 100);
    await s.complete(id, 'o', 10_000);
  }
  await s.claim('c', 'o', 100);
  await s.claim('d', 'o', 100);
  expect(await s.claim('e', 'o', 100)).toBe('claimed'); // evicts 'a', the oldest done
  expect(await s.claim('a', 'o', 100)).toBe('claimed'); // evicts 'b'
  expect(await s.claim('b', 'o', 100)).toBe('busy'); // c, d, e, a are all in progress
  t = 90;
  for (const id of ['c', 'd', 'e', 'a']) expect(await s.renew(id, 'o', 100)).toBe(true);
  t = 150; // past the first lease, within the renewed one
  expect(await s.claim('c', 'x', 100)).toBe('in_flight');
  expect(await s.claim('b', 'o', 100)).toBe('busy');
  t = 200; // the renewed leases ran out: their space comes back
  expect(await s.claim('b', 'o', 100)).toBe('claimed');
  expect(s.size).toBe(1);
});
