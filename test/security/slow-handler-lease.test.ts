// A handler slower than its lease must not run again (with every copy answering 200).
// The handler owns its claim while it runs: it renews the lease (about every leaseMs/4), and only the owner of the
// claim may renew or complete it; a claim found lost answers 503 (never 200) with onError stage 'lease_lost'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler } from '../../src/server/index.js';
import type { DedupeStore } from '../../src/server/stores/index.js';
import { KEYS, deliver, event, storesOf, type TestStore } from '../support/deliveries.js';
import { startRedis, type RunningRedis } from '../support/redis.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

const LEASE_MS = 400;
/** Renewals run every leaseMs/4: once this many have run, a lease taken before the first one has run out unrenewed. */
const PAST_LEASE = 5;

/** `inner` with its renewals counted (and failing, when `fail`), and a promise for the n-th renewal. */
function counted(inner: TestStore, fail = false) {
  let renewals = 0;
  const waiters: [number, () => void][] = [];
  const store: DedupeStore = {
    claim: (id, owner, ms) => inner.claim(id, owner, ms),
    complete: (id, owner, ms) => inner.complete(id, owner, ms),
    release: (id, owner) => inner.release(id, owner),
    renew: async (id, owner, ms) => {
      renewals++;
      for (const [n, resolve] of waiters) if (renewals >= n) resolve();
      if (fail) throw new Error('renewal failed: store unreachable');
      return inner.renew(id, owner, ms);
    },
  };
  const renewed = (n: number) => new Promise<void>((r) => (renewals >= n ? r() : waiters.push([n, r])));
  return { store, renewed };
}

/** A promise and the function that settles it: the handler waits on it, the test opens it. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((r) => (open = r));
  return { closed, open };
}

describe.each(storesOf(() => redis))('$name', ({ make }) => {
  it('a handler slower than its lease runs once; the other copies answer 409, then duplicate', async () => {
    const inner = make();
    await inner.connect?.(); // so the first claim is not delayed by connecting
    const { store, renewed } = counted(inner);
    const slow = gate();
    let runs = 0;
    let running = 0;
    let maxRunning = 0;
    const errors: unknown[] = [];
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: LEASE_MS,
      onError: (_e, info) => errors.push(info),
      on: {
        '*': async () => {
          runs++;
          maxRunning = Math.max(maxRunning, ++running);
          await slow.closed;
          running--;
        },
      },
    });
    const first = deliver(h, event('evt_slow'));
    await renewed(PAST_LEASE);
    const second = await deliver(h, event('evt_slow')); // the lease would have run out by now without renewal
    slow.open();
    const a = await first;
    const third = await deliver(h, event('evt_slow'));
    expect([second.status, second.outcome, second.headers['retry-after']]).toEqual([409, 'in_flight', '5']);
    expect([a.status, a.outcome]).toEqual([200, 'processed']);
    expect([third.status, third.outcome]).toEqual([200, 'duplicate']);
    expect(runs).toBe(1);
    expect(maxRunning).toBe(1);
    expect(errors).toEqual([]);
    await inner.close?.();
  });

  it('a claim taken over while its handler runs (renewals failing) answers 503 lease_lost, never 200', async () => {
    const inner = make();
    await inner.connect?.();
    // The store answers claims and completions but every renewal fails (e.g. the connection drops for a while).
    const { store, renewed } = counted(inner, true);
    const slow = gate();
    const stages: string[] = [];
    let runs = 0;
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: LEASE_MS,
      onError: (_e, info) => stages.push(info.stage),
      on: {
        '*': async () => {
          if (++runs === 1) await slow.closed;
        },
      },
    });
    const first = deliver(h, event('evt_lost'));
    await renewed(PAST_LEASE);
    // The first copy's lease lapsed unrenewed: a retry claims and runs it (a sender retries on 409, so does this).
    let second = await deliver(h, event('evt_lost'));
    while (second.status === 409) second = await deliver(h, event('evt_lost'));
    slow.open();
    const a = await first;
    expect([second.status, second.outcome]).toEqual([200, 'processed']);
    expect([a.status, a.outcome, a.json.error?.code, a.headers['retry-after']]).toEqual([
      503,
      'unavailable',
      'LEASE_LOST',
      '5',
    ]);
    expect(stages).toContain('lease_lost');
    expect(runs).toBe(2);
    expect((await deliver(h, event('evt_lost'))).outcome).toBe('duplicate');
    await inner.close?.();
  });
});
