// ctx.db of a PostgresInbox delivery against a real PostgreSQL: the ways a handler could hand the open delivery
// transaction back to the pool (release(), a query builder that releases after each query, end(), replacing the
// client's own methods) are harmless or refused, so the application's own pool.query never runs inside it.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event, inboxHandler } from '../support/deliveries.js';
import { type RunningPostgres, poolOf, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let admin: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  admin = poolOf(server, 2);
  await admin.query('CREATE TABLE effects (event_id text NOT NULL, note text NOT NULL, pid int NOT NULL)');
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await server?.destroy();
});

/**
 * The application's pool, of two connections, shared with the inbox as an integrator would. node-postgres hands out
 * the connection released last first: a released delivery connection would be the next `pool.query`'s.
 */
async function appInbox() {
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => {});
  const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
  const inbox = new PostgresInbox<pg.PoolClient>({ pool, table });
  await inbox.migrate();
  return { pool, inbox, table };
}
const notes = async (id: string) =>
  (await admin.query('SELECT note FROM effects WHERE event_id = $1 ORDER BY note', [id])).rows.map((r) => r.note);
const write = (q: { query: pg.PoolClient['query'] }, id: string, note: string) =>
  q.query('INSERT INTO effects (event_id, note, pid) VALUES ($1, $2, pg_backend_pid()) RETURNING pid', [id, note]);

it("ctx.db.release() hands nothing to the pool: the app's pool.query runs on another connection, outside the delivery", async () => {
  const { pool, inbox } = await appInbox();
  let runs = 0;
  const pids: { delivery?: number; app?: number }[] = [];
  const handler = inboxHandler(inbox, async (e, { db }) => {
    runs++;
    const inside = await write(db, e.event_id, `delivery ${runs}`);
    db.release();
    db.release(true); // node-postgres: destroy the connection
    const app = await write(pool, e.event_id, `app ${runs}`);
    pids.push({ delivery: inside.rows[0].pid, app: app.rows[0].pid });
    await write(db, e.event_id, `delivery ${runs} after release`); // ctx.db still the delivery's
    if (runs === 1) throw new Error('boom');
  });
  const first = await deliver(handler, event('evt_release'));
  expect([first.status, first.json.error?.code]).toEqual([500, 'HANDLER_FAILED']);
  // The app's write committed on its own connection; the delivery's, before and after release(), rolled back.
  expect(await notes('evt_release')).toEqual(['app 1']);
  const retry = await deliver(handler, event('evt_release'));
  expect([retry.status, retry.json.status]).toEqual([200, 'processed']);
  expect(await notes('evt_release')).toEqual(['app 1', 'app 2', 'delivery 2', 'delivery 2 after release']);
  for (const p of pids) expect(p.app).not.toBe(p.delivery);
  expect((await deliver(handler, event('evt_release'))).json.status).toBe('duplicate');
  await pool.end();
});

it('a Kysely-style driver ({ connect: async () => ctx.db }, release after each query) stays inside the delivery', async () => {
  const { pool, inbox } = await appInbox();
  let runs = 0;
  const handler = inboxHandler(inbox, async (e, { db }) => {
    runs++;
    // What a query builder does with a pool it is given: check out, run one query, release.
    const driver = { connect: async () => db };
    const run = async (note: string) => {
      const c = await driver.connect();
      try {
        return await write(c, e.event_id, note);
      } finally {
        c.release();
      }
    };
    const a = await run(`builder ${runs} a`);
    const app = await write(pool, e.event_id, `app ${runs}`);
    const b = await run(`builder ${runs} b`);
    expect(b.rows[0].pid).toBe(a.rows[0].pid);
    expect(app.rows[0].pid).not.toBe(a.rows[0].pid);
    if (runs === 1) throw new Error('boom');
  });
  expect((await deliver(handler, event('evt_builder'))).status).toBe(500);
  expect(await notes('evt_builder')).toEqual(['app 1']); // both builder writes rolled back with the delivery
  expect((await deliver(handler, event('evt_builder'))).json.status).toBe('processed');
  expect(await notes('evt_builder')).toEqual(['app 1', 'app 2', 'builder 2 a', 'builder 2 b']);
  await pool.end();
});

it('ctx.db.end() is refused (INBOX_CONNECTION_HELD), and ctx.db cannot replace the client’s query, release or end', async () => {
  const { pool, inbox } = await appInbox();
  const refused: unknown[] = [];
  const handler = createWebhookHandler({
    verify: { keys: KEYS },
    store: inbox,
    on: {
      '*': async (e, { db }) => {
        refused.push(await db.end().catch((x: unknown) => x));
        refused.push(await new Promise((r) => (db.end as unknown as (cb: (x: unknown) => void) => void)(r)));
        for (const name of ['release', 'query', 'end'] as const) {
          try {
            (db as unknown as Record<string, unknown>)[name] = () => Promise.resolve({ rows: [] });
            refused.push(`replaced ${name}`);
          } catch (x) {
            refused.push(x);
          }
        }
        await write(db, e.event_id, 'once');
      },
    },
  });
  const r = await deliver(handler, event('evt_end'));
  expect([r.status, r.json.status]).toEqual([200, 'processed']);
  expect(refused).toHaveLength(5);
  for (const x of refused.slice(0, 2)) expect((x as { code?: string }).code).toBe('INBOX_CONNECTION_HELD');
  for (const x of refused.slice(2)) expect(x).toBeInstanceOf(TypeError);
  expect(await notes('evt_end')).toEqual(['once']);
  // The connection went back to the pool open and usable: both of the pool's connections answer.
  const both = await Promise.all([pool.query('SELECT 1 AS one'), pool.query('SELECT 1 AS one')]);
  expect(both.map((x) => x.rows[0].one)).toEqual([1, 1]);
  await pool.end();
});
