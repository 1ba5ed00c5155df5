// Shared by the regression tests of test/security/: signed deliveries and the two stores (memory, real redis-server).
import { MemoryDedupeStore, RedisDedupeStore, type DedupeStore } from '../../src/server/stores/index.js';
import type { WebhookHandler } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import type { RunningRedis } from './redis.js';

export { KEYS, event } from './events.js';
export const PATH = '/hooks/hj';

export async function deliver(handler: WebhookHandler, payload: object) {
  const d = await signWebhook({ payload, tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
  const r = await handler.handle({ method: 'POST', path: PATH, headers: d.headers, body: d.body });
  return { ...r, json: JSON.parse(r.body) as { status?: string; error?: { code: string } } };
}

export type TestStore = DedupeStore & { close?(): Promise<void>; connect?(): Promise<void> };

/** Both stores; the Redis one against the redis-server the test file started (each store gets its own key prefix). */
export const storesOf = (redis: () => RunningRedis): { name: string; make: () => TestStore }[] => [
  { name: 'MemoryDedupeStore', make: () => new MemoryDedupeStore() },
  {
    name: 'RedisDedupeStore (real redis-server)',
    make: () => new RedisDedupeStore({ url: redis().url, prefix: `sec${Math.random().toString(36).slice(2)}:` }),
  },
];

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
