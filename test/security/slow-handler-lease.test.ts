// A handler slower than its lease must not run again (with every copy answering 200).
// The handler owns its claim while it runs: it renews the lease (about every leaseMs/4), and only the owner of the
// claim may renew or complete it; a claim found lost answers 503 (never 200) with onError stage 'lease_lost'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler, type DedupeStore } from '../../src/server/index.js';
import { KEYS, deliver, event, sleep, storesOf } from '../support/deliveries.js';
import { startRedis, type RunningRedis } from '../support/redis.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

describe.each(storesOf(() => redis))('$name', ({ make }) => {
  it('a handler slower than its lease runs once; the other copies answer 409, then duplicate', async () => {
    const store = make();
    await store.connect?.(); // so the first claim is not delayed by connecting
    let runs = 0;
    let running = 0;
    let maxRunning = 0;
    const errors: unknown[] = [];
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: 200,
      onError: (_e, info) => errors.push(info),
      on: {
        '*': async () => {
          runs++;
          maxRunning = Math.max(maxRunning, ++running);
          await sleep(600);
          running--;
        },
      },
    });
    const t0 = Date.now();
    const first = deliver(h, event('evt_slow'));
    await sleep(300);
    const second = await deliver(h, event('evt_slow')); // the lease (200 ms) would have run out by now without renewal
    const a = await first;
    await sleep(Math.max(0, 700 - (Date.now() - t0)));
    const third = await deliver(h, event('evt_slow'));
    expect([second.status, second.outcome, second.headers['retry-after']]).toEqual([409, 'in_flight', '5']);
    expect([a.status, a.outcome]).toEqual([200, 'processed']);
    expect([third.status, third.outcome]).toEqual([200, 'duplicate']);
    expect(runs).toBe(1);
    expect(maxRunning).toBe(1);
    expect(errors).toEqual([]);
    await store.close?.();
  });

  it('a claim taken over while its handler runs (renewals failing) answers 503 lease_lost, never 200', async () => {
    const inner = make();
    await inner.connect?.();
    // The store answers claims and completions but every renewal fails (e.g. the connection drops for a while).
    const store: DedupeStore = {
      claim: (id, owner, ms) => inner.claim(id, owner, ms),
      complete: (id, owner, ms) => inner.complete(id, owner, ms),
      release: (id, owner) => inner.release(id, owner),
      renew: async () => {
        throw new Error('renewal failed: store unreachable');
      },
    };
    const stages: string[] = [];
    let runs = 0;
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: 200,
      onError: (_e, info) => stages.push(info.stage),
      on: {
        '*': async () => {
          runs++;
          await sleep(runs === 1 ? 600 : 10);
        },
      },
    });
    const first = deliver(h, event('evt_lost'));
    await sleep(300);
    const second = await deliver(h, event('evt_lost')); // the first copy's lease lapsed: this copy claims and runs
    const a = await first;
    expect([second.status, second.outcome]).toEqual([200, 'processed']);
    expect([a.status, a.outcome, a.json.error?.code, a.headers['retry-after']]).toEqual([
      503,
      'unavailable',
      'LEASE_LOST',
      '5',
    ]);
    expect(stages).toContain('lease_lost');
    expect((await deliver(h, event('evt_lost'))).outcome).toBe('duplicate');
    await inner.close?.();
  });
});
