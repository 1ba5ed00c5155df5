// Attack: event ids the stores cannot keep exactly. PostgreSQL refuses NUL in text (an inbox would answer 503
// "database unreachable" for that event on every retry), and PostgreSQL and Redis store UTF-8, where every unpaired
// surrogate becomes U+FFFD: a second, different event would collide with the first and be acknowledged as a
// duplicate without running. The handler refuses such ids — and ids over 200 characters — as 400 INVALID_PAYLOAD
// before any store sees them, the same for memory, a real redis-server and a real PostgreSQL; well-formed ids (emoji
// included) run, each once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DedupeStore,
  type InboxStore,
  MemoryDedupeStore,
  PostgresInbox,
  RedisDedupeStore,
} from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

let redis: RunningRedis;
let postgres: RunningPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  pool = new pg.Pool({ connectionString: postgres.url, max: 5 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await Promise.all([redis?.stop(), postgres?.destroy()]);
});

/** The store, with every call to it counted (methods bound to the store itself: its private fields stay reachable). */
function counted<S extends object>(store: S): { store: S; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(store, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.push(`${String(key)}(${JSON.stringify(args[0])})`);
        return v.apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

const quiet = () => {};

const STORES: { name: string; make: () => Promise<DedupeStore | InboxStore> }[] = [
  { name: 'MemoryDedupeStore', make: async () => new MemoryDedupeStore() },
  {
    name: 'RedisDedupeStore (real redis-server)',
    make: async () => {
      const s = new RedisDedupeStore({ url: redis.url, prefix: `ids${Math.random().toString(36).slice(2)}:` });
      await s.connect();
      return s;
    },
  },
  {
    name: 'PostgresInbox (real PostgreSQL)',
    make: async () => {
      const inbox = new PostgresInbox({ pool, table: `inbox_ids_${Math.random().toString(36).slice(2, 10)}` });
      await inbox.migrate();
      return inbox;
    },
  },
];

describe.each(STORES)('event ids a store cannot keep exactly — $name', ({ make }) => {
  it.each([
    ['a NUL', 'evt_\u0000x'],
    ['a lone high surrogate', 'evt_\uD800'],
    ['a lone low surrogate', 'evt_\uDC00'],
    ['surrogates in the wrong order', 'evt_\uDC00\uD800'],
    ['201 characters', `evt_${'x'.repeat(197)}`],
  ])('%s → 400 INVALID_PAYLOAD, and the store never sees it', async (_label, id) => {
    const { store, calls } = counted(await make());
    const ran: string[] = [];
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      on: { '*': (e) => void ran.push(e.event_id) },
    });
    const r = await deliver(handler, event(id));
    expect([r.status, r.json.error?.code]).toEqual([400, 'INVALID_PAYLOAD']);
    expect(calls).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('two ids that would collide as UTF-8 are both refused, not one run and one "duplicate"', async () => {
    const { store } = counted(await make());
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store, onError: quiet, on: { '*': () => {} } });
    const answers = [await deliver(handler, event('evt_\uD800')), await deliver(handler, event('evt_\uDBFF'))];
    expect(answers.map((a) => [a.status, a.outcome])).toEqual([
      [400, 'rejected'],
      [400, 'rejected'],
    ]);
  });

  it('well-formed ids up to 200 characters, emoji included, each run once', async () => {
    const { store } = counted(await make());
    const ran: string[] = [];
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      on: { '*': (e) => void ran.push(e.event_id) },
    });
    const ids = ['evt_😀', 'evt_😁', `evt_${'y'.repeat(196)}`];
    for (const id of [...ids, ...ids]) await deliver(handler, event(id));
    expect(ran).toEqual(ids);
  });
});
