// Attack (on the documentation's promise): a partition between the receiver and Redis while a handler runs. Every
// renewal of the claim fails, the lease runs out in Redis, and a redelivery could claim and run the event — so the
// running handler must be told to stop: `ctx.signal` aborts once no renewal has succeeded for a whole lease, not only
// when a renewal answers "not yours". A real redis-server stops answering (CLIENT PAUSE) while the handler waits on
// its signal.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

const cli = (...args: string[]) => {
  const r = spawnSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8' });
  if (r.error) throw new Error('redis-cli not found; install it: sudo apt-get install -y redis-tools');
  return r.stdout.trim();
};

describe('Redis stops answering while a handler runs', () => {
  it('ctx.signal aborts once renewals have failed for longer than the lease', async () => {
    const store = new RedisDedupeStore({ url: redis.url, operationTimeoutMs: 100, prefix: 'part:' });
    await store.connect();
    const LEASE_MS = 400;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let abortedAfter = -1;
    let reason = '';
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      leaseMs: LEASE_MS,
      onError: () => {},
      on: {
        '*': async (_e, ctx) => {
          const t0 = Date.now();
          started();
          await new Promise<void>((resolve) => {
            const cap = setTimeout(resolve, 10_000);
            ctx.signal.addEventListener('abort', () => {
              clearTimeout(cap);
              resolve();
            });
          });
          if (!ctx.signal.aborted) return;
          abortedAfter = Date.now() - t0;
          reason = String(ctx.signal.reason);
          throw ctx.signal.reason;
        },
      },
    });
    try {
      const answer = deliver(handler, event('evt_partition'));
      await running;
      expect(cli('CLIENT', 'PAUSE', '3000', 'ALL')).toBe('OK');
      const r = await answer;
      expect(reason).toMatch(/no renewal of the claim on evt_partition succeeded for a whole lease/);
      expect(abortedAfter).toBeGreaterThanOrEqual(LEASE_MS - 50);
      expect(abortedAfter).toBeLessThan(5_000);
      expect(r.status).not.toBe(200);
    } finally {
      cli('CLIENT', 'UNPAUSE');
      await store.close?.();
    }
  }, 20_000);
});
