// createWebhookHandler and the stores must not take any number (doneTtlMs 0 would process twice on memory and answer
// 503 after the handler ran on Redis; leaseMs NaN would answer 503 or duplicate forever). Every numeric option must be
// finite and positive, else ServerConfigError at creation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDedupeStore, RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler, isServerConfigError, toFetchHandler, toNodeHandler } from '../../src/server/index.js';
import { KEYS, storesOf } from '../support/deliveries.js';
import { startRedis, type RunningRedis } from '../support/redis.js';
import { thrown } from '../support/thrown.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

const BAD = [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '5' as unknown as number];

describe.each(storesOf(() => redis))('$name', ({ make }) => {
  it('leaseMs, doneTtlMs and retryAfterSec that are not finite and positive are refused at creation', async () => {
    const store = make();
    await store.connect?.(); // connect first: a lazy connect under load can outlast operationTimeoutMs (then 503, not the behaviour under test)
    for (const field of ['leaseMs', 'doneTtlMs', 'retryAfterSec'] as const) {
      for (const bad of field === 'retryAfterSec' ? [...BAD, 1.5] : BAD) {
        // Retry-After is whole seconds
        const e = thrown(() =>
          createWebhookHandler({ verify: { keys: KEYS }, store, on: { '*': () => {} }, [field]: bad }),
        );
        expect([field, bad, isServerConfigError(e), (e as { field?: string })?.field]).toEqual([
          field,
          bad,
          true,
          field,
        ]);
      }
    }
    // A lease renewals cannot keep (they tick every leaseMs/4, one store round trip each) is refused too.
    for (const short of [1, 99]) {
      const e = thrown(() =>
        createWebhookHandler({ verify: { keys: KEYS }, store, on: { '*': () => {} }, leaseMs: short }),
      );
      expect([short, (e as { field?: string })?.field, String((e as Error)?.message)]).toEqual([
        short,
        'leaseMs',
        `leaseMs must be a finite number from 100 to ${2 ** 31 - 1} ms (got ${short})`,
      ]);
    }
    expect(() =>
      createWebhookHandler({
        verify: { keys: KEYS },
        store,
        on: { '*': () => {} },
        leaseMs: 250,
        doneTtlMs: 1000,
        retryAfterSec: 1,
      }),
    ).not.toThrow();
    await store.close?.();
  });
});

it('store options that are not finite and positive are refused at creation (maxEntries, operationTimeoutMs)', () => {
  for (const bad of [...BAD, 1.5]) {
    const e = thrown(() => new MemoryDedupeStore({ maxEntries: bad }));
    expect([bad, isServerConfigError(e), (e as { field?: string })?.field]).toEqual([bad, true, 'maxEntries']);
  }
  for (const bad of BAD) {
    const e = thrown(() => new RedisDedupeStore({ url: 'redis://127.0.0.1:1', operationTimeoutMs: bad }));
    expect([bad, isServerConfigError(e), (e as { field?: string })?.field]).toEqual([bad, true, 'operationTimeoutMs']);
  }
});

it('adapter options: maxBodyBytes that is not a whole number > 0 is refused at creation, by both adapters', () => {
  const handler = createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => {} } });
  for (const adapter of [toFetchHandler, toNodeHandler]) {
    for (const bad of [...BAD, 1.5]) {
      const e = thrown(() => adapter(handler, { maxBodyBytes: bad }));
      expect([adapter.name, bad, isServerConfigError(e), (e as { field?: string })?.field]).toEqual([
        adapter.name,
        bad,
        true,
        'maxBodyBytes',
      ]);
    }
    expect(() => adapter(handler, { maxBodyBytes: 1 })).not.toThrow();
  }
});
