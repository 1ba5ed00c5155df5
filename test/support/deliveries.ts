// Shared by the regression tests of test/security/: signed deliveries and the two stores (memory, real redis-server).
import {
  MemoryDedupeStore,
  RedisDedupeStore,
  type DedupeStore,
  type InboxStore,
} from '../../src/server/stores/index.js';
import {
  type WebhookHandler,
  type WebhookHandlerOptions,
  type WebhookHandlers,
  createWebhookHandler,
} from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { KEYS } from './events.js';
import type { RunningRedis } from './redis.js';

export { KEYS, event } from './events.js';
export const PATH = '/hooks/hj';

export async function deliver(handler: WebhookHandler, payload: object) {
  const d = await signWebhook({ payload, tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
  const r = await handler.handle({ method: 'POST', path: PATH, headers: d.headers, body: d.body });
  return { ...r, json: JSON.parse(r.body) as { status?: string; error?: { code: string } } };
}

/**
 * A handler over `inbox` verifying with KEYS: every event to `run`; onError quiet (the tests read the answers) unless
 * `options` gives one.
 */
export const inboxHandler = <Db>(
  inbox: InboxStore<Db>,
  run: NonNullable<WebhookHandlers<Db>['*']>,
  options: Omit<WebhookHandlerOptions<Db>, 'verify' | 'store' | 'on'> = {},
) =>
  createWebhookHandler<Db>({ verify: { keys: KEYS }, store: inbox, onError: () => {}, ...options, on: { '*': run } });

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
