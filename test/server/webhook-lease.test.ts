// The lease model of createWebhookHandler: renewal, the owner check, the answers when ownership
// cannot be confirmed, and the renewal timer cleared on every path.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryDedupeStore, RedisDedupeStore, type DedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler, isServerConfigError, type WebhookContext } from '../../src/server/index.js';
import { KEYS, deliver, event, storesOf } from '../support/deliveries.js';
import { startRedis, type RunningRedis } from '../support/redis.js';
import { storeContract } from '../support/store-contract.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());
afterEach(() => void vi.useRealTimers());

/** Settles when `signal` aborts: the handler's positive signal that a renewal found its claim lost. */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((r) => (signal.aborted ? r() : signal.addEventListener('abort', () => r(), { once: true })));

/** A memory store whose methods can be overridden per test, counting renewals. */
function scripted(over: Partial<DedupeStore> = {}) {
  const inner = new MemoryDedupeStore();
  const calls = { renew: 0, complete: 0 };
  const store: DedupeStore = {
    claim: (...a) => inner.claim(...a),
    renew: (...a) => {
      calls.renew++;
      return over.renew ? over.renew(...a) : inner.renew(...a);
    },
    complete: (...a) => {
      calls.complete++;
      return over.complete ? over.complete(...a) : inner.complete(...a);
    },
    release: (...a) => inner.release(...a),
  };
  return { store, calls, inner };
}

// The DedupeStore contract (claim, renew, complete, release, lease expiry, same-tick claims), shared with the
// Redis Cluster tests (test/server/redis-cluster.test.ts).
describe.each(storesOf(() => redis))('$name: store contract', ({ make }) => storeContract(make));

describe('createWebhookHandler lease model', () => {
  it('a renewal that finds the claim gone aborts ctx.signal and answers 503 LEASE_LOST without completing', async () => {
    const { store, calls } = scripted({ renew: async () => false });
    const stages: string[] = [];
    let signal!: AbortSignal;
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: 100,
      onError: (_e, i) => stages.push(i.stage),
      on: {
        '*': async (_e, ctx: WebhookContext) => {
          signal = ctx.signal;
          await aborted(ctx.signal); // the first renewal finds the claim gone
        },
      },
    });
    const r = await deliver(h, event('evt_gone'));
    expect([r.status, r.outcome, r.json.error?.code, r.headers['retry-after']]).toEqual([
      503,
      'unavailable',
      'LEASE_LOST',
      '5',
    ]);
    expect(signal.aborted).toBe(true);
    expect(stages).toEqual(['lease_lost']);
    expect(calls.complete).toBe(0);
  });

  it('renewals failing with store errors, but complete() confirms ownership → 200 (nobody claimed it meanwhile); reported once', async () => {
    vi.useFakeTimers(); // before the store is made: the memory store's clock and the renewal timer both
    const { store, calls } = scripted({
      renew: async () => {
        throw new Error('ECONNRESET');
      },
    });
    const stages: string[] = [];
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: 1000,
      onError: (_e, i) => stages.push(i.stage),
      on: { '*': () => vi.advanceTimersByTimeAsync(700) },
    });
    // 1000 ms lease, renewals from 250 ms fail; the handler ends before the lease does and completes as its owner.
    const r = await deliver(h, event('evt_flaky'));
    expect([r.status, r.outcome]).toEqual([200, 'processed']);
    expect(calls.renew).toBeGreaterThanOrEqual(2);
    expect(stages).toEqual(['store']);
  });

  it('complete() answering false (claim lost) → 503 LEASE_LOST, never 200', async () => {
    const { store } = scripted({ complete: async () => false });
    const stages: string[] = [];
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      onError: (_e, i) => stages.push(i.stage),
      on: { '*': () => {} },
    });
    const r = await deliver(h, event('evt_cf'));
    expect([r.status, r.json.error?.code]).toEqual([503, 'LEASE_LOST']);
    expect(stages).toEqual(['lease_lost']);
  });

  it('the renewal timer runs only while a handler runs: it stops at its first tick after the answer, on every path', async () => {
    vi.useFakeTimers();
    const paths: Record<string, Partial<DedupeStore>> = {
      processed: {},
      'lease lost': { renew: async () => false },
      'complete fails': {
        complete: async () => {
          throw new Error('down');
        },
      },
      'complete false': { complete: async () => false },
      'renew fails': {
        renew: async () => {
          throw new Error('down');
        },
      },
      'handler throws': {},
    };
    const seen: Record<string, [number, number, boolean]> = {};
    for (const [name, over] of Object.entries(paths)) {
      const { store, calls } = scripted(over);
      let during = -1;
      const h = createWebhookHandler({
        verify: { keys: KEYS },
        store,
        leaseMs: 400,
        on: {
          '*': async () => {
            await vi.advanceTimersByTimeAsync(350); // a few renewal ticks
            during = vi.getTimerCount();
            if (name === 'handler throws') throw new Error('boom');
          },
        },
      });
      await deliver(h, event(`evt_${name.replace(/ /g, '_')}`));
      const renewals = calls.renew;
      await vi.advanceTimersByTimeAsync(100); // one period (leaseMs/4)
      seen[name] = [during, vi.getTimerCount(), calls.renew === renewals && renewals > 0];
    }
    expect(seen).toEqual({
      processed: [1, 0, true],
      'lease lost': [1, 0, true],
      'complete fails': [1, 0, true],
      'complete false': [1, 0, true],
      'renew fails': [1, 0, true],
      'handler throws': [1, 0, true],
    });
  });

  it('many deliveries at once share one renewal timer; an event without a handler starts none', async () => {
    vi.useFakeTimers();
    const { store } = scripted();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const h = createWebhookHandler({ verify: { keys: KEYS }, store, on: { 'application.completed': () => gate } });
    const all = Array.from({ length: 20 }, (_, i) => deliver(h, event(`evt_many_${i}`)));
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(1);
    open();
    expect((await Promise.all(all)).map((r) => r.status)).toEqual(Array(20).fill(200));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(vi.getTimerCount()).toBe(0);
    expect((await deliver(h, event('evt_other', 'brand.new'))).outcome).toBe('ignored');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lost claims on a real redis-server', () => {
  it('the key deleted while the handler runs (failover, eviction, FLUSHDB) → 503 LEASE_LOST, and the redelivery runs it', async () => {
    const { createClient } = await import('redis');
    const admin = createClient({ url: redis.url });
    await admin.connect();
    const store = new RedisDedupeStore({ url: redis.url, prefix: 'lost:' });
    const stages: string[] = [];
    let runs = 0;
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: 200,
      onError: (_e, i) => stages.push(i.stage),
      on: {
        '*': async (_e, ctx: WebhookContext) => {
          if (++runs > 1) return;
          await admin.del('lost:evt_del');
          await aborted(ctx.signal); // a renewal after the key vanished finds the claim gone
        },
      },
    });
    const r = await deliver(h, event('evt_del'));
    expect([r.status, r.json.error?.code]).toEqual([503, 'LEASE_LOST']);
    expect(stages).toEqual(['lease_lost']);
    expect(await admin.get('lost:evt_del')).toBeNull(); // nothing marked done
    expect((await deliver(h, event('evt_del'))).outcome).toBe('processed');
    expect(runs).toBe(2);
    await store.close();
    await admin.close();
  });
});

it('a throwing onError does not change the answer', async () => {
  let calls = 0;
  const h = createWebhookHandler({
    verify: { keys: KEYS },
    onError: () => {
      throw new Error('logger down');
    },
    on: {
      '*': () => {
        if (++calls === 1) throw new Error('db down');
      },
    },
  });
  expect((await deliver(h, event('evt_log'))).status).toBe(500);
  expect((await deliver(h, event('evt_log'))).outcome).toBe('processed');
});

describe('createWebhookHandler refuses unusable handlers and stores at creation', () => {
  const err = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return [isServerConfigError(e), (e as { field: string }).field];
    }
    return undefined;
  };
  it('a store without renew (written for the old interface), or a handler that is not a function', () => {
    const old = {
      claim: async () => 'claimed',
      complete: async () => true,
      release: async () => true,
    } as unknown as DedupeStore;
    expect(err(() => createWebhookHandler({ verify: { keys: KEYS }, store: old, on: { '*': () => {} } }))).toEqual([
      true,
      'store',
    ]);
    expect(err(() => createWebhookHandler({ verify: { keys: KEYS }, on: { '*': 'log' as never } }))).toEqual([
      true,
      'on.*',
    ]);
    expect(err(() => new RedisDedupeStore({ url: 'redis://127.0.0.1:1', prefix: 5 as never }))).toEqual([
      true,
      'prefix',
    ]);
  });
});
