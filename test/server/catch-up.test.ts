// handler.catchUp after a receiver was down (docs/production.md, "After an outage"), the proof of "no event lost" at a
// light size (the bench runs the full one, bench/sections/catch-up.mjs): receivers answering 503 while APPS
// applications make 11 events each and the sandbox's clock moves 48 h through the retry schedule; then
// 1. catch-up races the recovered live deliveries over the same store, with memory, Redis and the PostgreSQL inbox
//    (effects counted in the database): every event's function ran exactly once, 0 missing, 0 doubled, and a second
//    call without `since` carries on from the checkpoint;
// 2. catch-up in a child process SIGKILLed at random points and restarted (without `since`: from the checkpoint the
//    killed one left): the inbox runs every event exactly once; Redis loses none, and doubles only an event a kill
//    caught between its effect and its done-mark (an effect outside the store's transaction: at most `concurrency`
//    events in flight per kill).
import path from 'node:path';
import pg from 'pg';
import { createClient as createRedisClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createClient, createWebhookHandler, type WebhookHandler } from '../../src/server/index.js';
import type { DeliveryAttempt } from '../../src/server/types.js';
import { MemoryDedupeStore, PostgresInbox, RedisDedupeStore } from '../../src/server/stores/index.js';
import { runCatchUpKills } from '../support/catch-up-kill.js';
import { type DownReceiver, downReceiver, makeOutage } from '../support/outage.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

/** Applications of the outage: 1,100 events (the bench: 1,000 applications, 11,000 events). */
const APPS = 100;
const STORES = ['memory', 'redis', 'postgres'] as const;
const TOKEN = { tokenId: 'tok_outage', secret: 'secret_outage' };
const CONCURRENCY = 8;
/** Events in one page of catch-up's list: the checkpoint moves after each. */
const PAGE = 500;

let sandbox: Sandbox;
let redis: RunningRedis;
let postgres: RunningPostgres;
let pool: pg.Pool;
let since: string;
let listed: string[];
const api = () => createClient({ baseUrl: sandbox.url, tokenId: TOKEN.tokenId, signingSecret: TOKEN.secret });
const receivers = new Map<(typeof STORES)[number], { rx: DownReceiver; handler: WebhookHandler; id: string }>();
const runs = { memory: new Map<string, number>(), redis: new Map<string, number>() };

/** The three handlers, each behind a receiver of the token that is down. */
async function handlerFor(kind: (typeof STORES)[number]): Promise<WebhookHandler> {
  const verify = { keys: [{ tokenId: TOKEN.tokenId, secret: TOKEN.secret }] };
  if (kind === 'postgres') {
    const store = new PostgresInbox({ pool, table: 'inbox_catchup' });
    await store.migrate();
    await pool.query('CREATE TABLE effects_race (event_id text NOT NULL)');
    return createWebhookHandler({
      verify,
      store,
      on: { '*': async (e, ctx) => void (await ctx.db.query('INSERT INTO effects_race VALUES ($1)', [e.event_id])) },
    });
  }
  const counted = runs[kind];
  return createWebhookHandler({
    verify,
    store: kind === 'redis' ? new RedisDedupeStore({ url: redis.url, prefix: 'race:' }) : new MemoryDedupeStore(),
    on: {
      '*': async (e) => {
        await new Promise((r) => setTimeout(r, 1)); // a function that takes a moment, so deliveries and catch-up meet
        counted.set(e.event_id, (counted.get(e.event_id) ?? 0) + 1);
      },
    },
  });
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
  sandbox = await startSandbox({ tokens: [TOKEN], crawlDelayMs: 0, duplicateRate: 0 });
  const client = api();
  for (const kind of STORES) {
    const handler = await handlerFor(kind);
    const rx = await downReceiver(handler);
    receivers.set(kind, { rx, handler, id: (await client.registerWebhook({ url: rx.url })).webhook_id });
  }
  const token = { id: TOKEN.tokenId, secret: TOKEN.secret };
  ({ since } = await makeOutage({
    sandboxUrl: sandbox.url,
    token,
    client,
    apps: APPS,
    prefix: 'out',
    settled: sandbox.webhooksSettled,
  }));
  listed = [];
  for await (const e of client.listEvents({ since })) listed.push(e.event_id);
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  await Promise.all([...receivers.values()].map((r) => r.rx.close()));
  await pool?.end();
  await Promise.all([redis?.stop(), postgres?.destroy()]);
});

const countRows = async (sql: string) =>
  new Map(
    (await pool.query<{ event_id: string; n: number }>(sql)).rows.map((r) => [r.event_id, r.n] as [string, number]),
  );
/** Listed events whose count is not 1: none missing, none doubled. */
const notOnce = (counts: Map<string, number>) => listed.filter((id) => counts.get(id) !== 1);

it(`the outage: ${APPS} applications' events, each first event refused 8 times over the 48 h`, async () => {
  expect(listed.length).toBe(APPS * 11);
  const client = api();
  const log: DeliveryAttempt[] = [];
  for await (const a of client.listDeliveries({ id: receivers.get('memory')!.id, limit: 500 })) log.push(a);
  const attempts = log.filter((a) => a.event_id === log[0]!.event_id);
  expect(attempts.map((a) => a.status)).toEqual([503, 503, 503, 503, 503, 503, 503, 503]);
  expect(attempts.at(-1)!.next_retry_at ?? null).toBe(null);
});

describe('catch-up racing the recovered deliveries', () => {
  it('memory, Redis and the PostgreSQL inbox at once: every event ran exactly once in each', async () => {
    const client = api();
    for (const r of receivers.values()) r.rx.state.down = false;
    const summaries = await Promise.all(
      STORES.map(async (kind) => {
        const { handler, id } = receivers.get(kind)!;
        const [summary] = await Promise.all([
          handler.catchUp({ client, since, concurrency: CONCURRENCY }),
          client.recoverWebhook({ id, since }),
        ]);
        return summary;
      }),
    );
    // A delivery that met catch-up's claim was answered 409 and waits for its next retry: recovering again retries it
    // now (200, a duplicate of a done event).
    for (const r of receivers.values()) await client.recoverWebhook({ id: r.id, since });
    await sandbox.webhooksIdle();

    expect(notOnce(runs.memory)).toEqual([]);
    expect(notOnce(runs.redis)).toEqual([]);
    const rows = await countRows('SELECT event_id, count(*)::int AS n FROM effects_race GROUP BY event_id');
    expect(notOnce(rows)).toEqual([]);
    for (const counts of [runs.memory, runs.redis, rows]) expect(counts.size).toBe(listed.length);
    for (const s of summaries) {
      expect(s).toMatchObject({ seen: listed.length, failed: 0 });
      expect(s.processed + s.alreadyDone).toBe(listed.length);
    }

    // Without since: from the checkpoint (the last event's time), where everything is done already.
    for (const [i, kind] of STORES.entries()) {
      const again = await receivers.get(kind)!.handler.catchUp({ client });
      expect(again).toMatchObject({ processed: 0, failed: 0, checkpoint: summaries[i]!.checkpoint });
      expect(again.alreadyDone).toBe(again.seen);
    }
  }, 60_000);
});

describe('catch-up SIGKILLed at random points and restarted from its checkpoint', () => {
  const env = () => ({ SANDBOX_URL: sandbox.url, TOKEN_ID: TOKEN.tokenId, TOKEN_SECRET: TOKEN.secret, SINCE: since });

  it('PostgreSQL inbox: every event exactly once, whatever the kills cut', async () => {
    await new PostgresInbox({ pool }).migrate();
    await pool.query('CREATE TABLE catchup_kill_effects (event_id text NOT NULL, pid int NOT NULL)');
    const report = await runCatchUpKills({
      factory: path.resolve('test/support/kill-receivers/postgres.ts'),
      env: { ...env(), DATABASE_URL: postgres.url, EFFECTS_TABLE: 'catchup_kill_effects', KILL_LEASE_MS: '500' },
      kills: 3,
      firstAfter: PAGE,
      maxEffectsBetween: Math.floor((listed.length - PAGE) / 4),
    });
    const rows = await countRows('SELECT event_id, count(*)::int AS n FROM catchup_kill_effects GROUP BY event_id');
    expect(notOnce(rows), `seed ${report.seed}`).toEqual([]);
    expect(rows.size).toBe(listed.length);
    expect(report.kills).toBe(3);
    expect(report.last.failed).toBe(0);
    // The last run started at the checkpoint a killed one left, not at `since`.
    expect(report.last.seen).toBeLessThan(listed.length);
  }, 90_000);

  it('Redis: none lost; a double only where a kill fell between an effect and its done-mark', async () => {
    const report = await runCatchUpKills({
      factory: path.resolve('test/support/kill-receivers/redis.ts'),
      env: { ...env(), DEDUPE_REDIS_URL: redis.url, EFFECTS_REDIS_URL: redis.url, KILL_LEASE_MS: '500' },
      kills: 3,
      firstAfter: PAGE,
      maxEffectsBetween: Math.floor((listed.length - PAGE) / 4),
    });
    const c = createRedisClient({ url: redis.url });
    await c.connect();
    const counts = new Map<string, number>();
    for (const row of await c.lRange('effects', 0, -1)) {
      const id = row.split(' ')[0]!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    await c.close();
    expect(
      listed.filter((id) => !counts.has(id)),
      `seed ${report.seed}`,
    ).toEqual([]); // 0 missing
    // Each kill leaves at most `concurrency` events between their effect and done-mark: each runs once more.
    const extra = listed.reduce((n, id) => n + (counts.get(id) ?? 0) - 1, 0);
    expect(extra).toBeLessThanOrEqual(report.kills * CONCURRENCY);
    expect(counts.size).toBe(listed.length);
    expect(report.last.failed).toBe(0);
    expect(report.last.seen).toBeLessThan(listed.length);
  }, 90_000);
});

it('the first call without since, and a store without checkpoints, say since is needed', async () => {
  const handler = createWebhookHandler({ verify: { keys: [{ tokenId: 't', secret: 's' }] }, on: {} });
  await expect(handler.catchUp({ client: api() })).rejects.toMatchObject({ code: 'INVALID_OPTION', field: 'since' });
});
