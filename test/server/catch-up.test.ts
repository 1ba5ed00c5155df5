// handler.catchUp after a receiver was down (docs/production.md, "After an outage"): a receiver answering 503 while a
// token's applications make their events and the sandbox's clock moves 48 h; then catch-up races the recovered live
// deliveries over the same store, with memory, Redis and the PostgreSQL inbox (effects counted in the database):
// every event's function ran exactly once, and a second call without `since` carries on from the checkpoint.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { createClient, createWebhookHandler, toNodeHandler, type WebhookHandler } from '../../src/server/index.js';
import { MemoryDedupeStore, PostgresInbox, RedisDedupeStore } from '../../src/server/stores/index.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

const APPS = 6;
const STORES = ['memory', 'redis', 'postgres'] as const;
const TOKENS = STORES.map((s) => ({ tokenId: `tok_${s}`, secret: `secret_${s}` }));

let sandbox: Sandbox;
let redis: RunningRedis;
let postgres: RunningPostgres;
let pool: pg.Pool;
const servers: Server[] = [];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
  sandbox = await startSandbox({ tokens: TOKENS, crawlDelayMs: 0, duplicateRate: 0 });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  for (const s of servers) s.close();
  await pool?.end();
  await Promise.all([redis?.stop(), postgres?.destroy()]);
});

/** A receiver that answers 503 while `down`, else hands the delivery to the handler. */
async function receiver(handler: WebhookHandler) {
  const state = { down: true };
  const node = toNodeHandler(handler);
  const server = createServer((req, res) => {
    if (!state.down) return node(req, res);
    req.resume();
    req.on('end', () => res.writeHead(503).end());
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

describe.each(STORES)('catchUp with the %s store', (kind) => {
  const token = TOKENS[STORES.indexOf(kind)]!;

  it('a receiver down for 48 h: one call runs every event once, racing the recovered deliveries', async () => {
    const api = createClient({ baseUrl: sandbox.url, tokenId: token.tokenId, signingSecret: token.secret });
    const runs = new Map<string, number>();
    const table = `effects_${kind}`;
    if (kind === 'postgres') await pool.query(`CREATE TABLE ${table} (event_id text NOT NULL)`);
    const verify = { keys: [{ tokenId: token.tokenId, secret: token.secret }] };
    const slow = () => new Promise((r) => setTimeout(r, 2));
    const handler =
      kind === 'postgres'
        ? createWebhookHandler({
            verify,
            store: await (async () => {
              const inbox = new PostgresInbox({ pool, table: 'inbox_catchup' });
              await inbox.migrate();
              return inbox;
            })(),
            on: {
              '*': async (event, ctx) => {
                await (ctx.db as pg.PoolClient).query(`INSERT INTO ${table} VALUES ($1)`, [event.event_id]);
              },
            },
          })
        : createWebhookHandler({
            verify,
            store:
              kind === 'redis'
                ? new RedisDedupeStore({ url: redis.url, prefix: `catchup:${Math.random()}:` })
                : new MemoryDedupeStore(),
            on: {
              '*': async (event) => {
                await slow();
                runs.set(event.event_id, (runs.get(event.event_id) ?? 0) + 1);
              },
            },
          });
    const hooks = await receiver(handler);
    const { webhook_id } = await api.registerWebhook({ url: hooks.url });
    const since = (await advanceClock({ url: sandbox.url, token: { id: token.tokenId, secret: token.secret } }, 0)).now;
    for (let i = 0; i < APPS; i++) {
      const ref = `${kind}_${i}`;
      await api.startApplication({ vendor: 'acme', ref, full_name: 'A B', email: 'a@example.com' });
      await triggerJourney(sandbox.url, { vendor: 'acme', ref });
    }
    await advanceClock({ url: sandbox.url, token: { id: token.tokenId, secret: token.secret } }, '48h');

    hooks.state.down = false;
    const [summary] = await Promise.all([
      handler.catchUp({ client: api, since, concurrency: 4 }),
      api.recoverWebhook({ id: webhook_id, since }),
    ]);
    // A delivery that met catch-up's claim was answered 409 and waits for its next retry: recovering again retries it
    // now (200, a duplicate of a done event).
    await api.recoverWebhook({ id: webhook_id, since });
    await sandbox.webhooksIdle();

    const listed: string[] = [];
    for await (const e of api.listEvents({ since })) listed.push(e.event_id);
    expect(listed.length).toBeGreaterThanOrEqual(APPS * 4);
    const counts =
      kind === 'postgres'
        ? new Map(
            (await pool.query(`SELECT event_id, count(*)::int AS n FROM ${table} GROUP BY event_id`)).rows.map(
              (r: { event_id: string; n: number }) => [r.event_id, r.n],
            ),
          )
        : runs;
    expect(listed.filter((id) => counts.get(id) !== 1)).toEqual([]); // 0 missing, 0 doubled
    expect(counts.size).toBe(listed.length);
    expect(summary).toMatchObject({ seen: listed.length, failed: 0 });
    expect(summary.processed + summary.alreadyDone).toBe(listed.length);

    // Without since: from the checkpoint (the last event's time), where everything is done already.
    const again = await handler.catchUp({ client: api });
    expect(again).toMatchObject({ processed: 0, failed: 0, checkpoint: summary.checkpoint });
    expect(again.alreadyDone).toBe(again.seen);
  }, 60_000);
});

it('the first call without since, and a store without checkpoints, say since is needed', async () => {
  const handler = createWebhookHandler({ verify: { keys: [{ tokenId: 't', secret: 's' }] }, on: {} });
  const client = createClient({ baseUrl: sandbox.url, tokenId: TOKENS[0]!.tokenId, signingSecret: TOKENS[0]!.secret });
  await expect(handler.catchUp({ client })).rejects.toMatchObject({ code: 'INVALID_OPTION', field: 'since' });
});
