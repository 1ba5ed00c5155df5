// Attack (on the operator, not the code): a store that fails without onError must say why. A cold or paused Redis
// answers every delivery 503, and a default line of `webhook store failed: Error` alone would hide the one thing that
// explains the outage — `redis operation timed out after … ms`. Every default line (the console one and the
// logger's) carries the error's message: a store's timeout, a lost lease. A real redis-server
// stops answering (CLIENT PAUSE WRITE, which holds scripts), or loses the claim's key while the handler runs.
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());
afterEach(() => {
  cli('CLIENT', 'UNPAUSE');
  vi.restoreAllMocks();
});

const cli = (...args: string[]) => {
  const r = spawnSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8' });
  if (r.error) throw new Error('redis-cli not found; install it: sudo apt-get install -y redis-tools');
  return r.stdout.trim();
};

const consoleLines = () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => spy.mock.calls.map((args) => args.map(String).join(' '));
};

async function pausedStore(prefix: string): Promise<RedisDedupeStore> {
  const store = new RedisDedupeStore({ url: redis.url, operationTimeoutMs: 200, prefix });
  await store.connect();
  expect(cli('CLIENT', 'PAUSE', '5000', 'WRITE')).toBe('OK');
  return store;
}

describe('a store error without onError carries its message', () => {
  it('a claim that timed out on a paused Redis logs "redis operation timed out after 200 ms", answered 503', async () => {
    const lines = consoleLines();
    const store = await pausedStore('msg1:');
    try {
      const handler = createWebhookHandler({ verify: { keys: KEYS }, store, on: { '*': () => {} } });
      const r = await deliver(handler, event('evt_cold'));
      expect(r.status).toBe(503);
      expect(r.json.error?.code).toBe('STORE_UNAVAILABLE');
      expect(lines()).toEqual([
        expect.stringMatching(
          /webhook store failed: Error, event evt_cold: redis operation timed out after 200 ms \(no onError\)$/,
        ),
      ]);
    } finally {
      cli('CLIENT', 'UNPAUSE');
      await store.close();
    }
  });

  it("the logger's error line carries the same message as error_message", async () => {
    const store = await pausedStore('msg2:');
    const errors: Record<string, unknown>[] = [];
    const logger = {
      debug() {},
      info() {},
      warn() {},
      error: (fields: Record<string, unknown>) => errors.push(fields),
    };
    try {
      const handler = createWebhookHandler({ verify: { keys: KEYS }, store, logger, on: { '*': () => {} } });
      expect((await deliver(handler, event('evt_cold_2'))).status).toBe(503);
      expect(errors).toEqual([
        expect.objectContaining({
          stage: 'store',
          event_id: 'evt_cold_2',
          error_message: 'redis operation timed out after 200 ms',
        }),
      ]);
    } finally {
      cli('CLIENT', 'UNPAUSE');
      await store.close();
    }
  });

  it('a lease lost while the handler ran logs what happened, answered 503 LEASE_LOST', async () => {
    const lines = consoleLines();
    const store = new RedisDedupeStore({ url: redis.url, prefix: 'msg3:' });
    await store.connect();
    try {
      const handler = createWebhookHandler({
        verify: { keys: KEYS },
        store,
        on: { '*': () => void cli('DEL', 'msg3:evt_lost') },
      });
      const r = await deliver(handler, event('evt_lost'));
      expect(r.status).toBe(503);
      expect(r.json.error?.code).toBe('LEASE_LOST');
      expect(lines()).toEqual([
        expect.stringMatching(
          /webhook lease_lost failed: Error, event evt_lost: the claim on evt_lost was lost while its handler ran/,
        ),
      ]);
    } finally {
      await store.close();
    }
  });

  it("a URL's user and password and a configured secret in a message are shown as ***", async () => {
    const lines = consoleLines();
    const failing = {
      claim: () => Promise.reject(new Error(`connect redis://app:hunter2@cache:6379 refused (${KEYS[0]!.secret})`)),
      renew: async () => true,
      complete: async () => true,
      release: async () => true,
    };
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store: failing, on: { '*': () => {} } });
    expect((await deliver(handler, event('evt_creds'))).status).toBe(503);
    expect(lines()[0]).toContain(': connect redis://***@cache:6379 refused (***)');
    expect(lines()[0]).not.toContain('hunter2');
  });
});
