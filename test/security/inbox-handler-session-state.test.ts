// Attack: a handler leaves session state on its pooled connection through ctx.db (`SET SESSION CHARACTERISTICS AS
// TRANSACTION READ ONLY`, a session-wide statement_timeout, search_path, SET ROLE, a temporary table, LISTEN). The
// connection goes back to the pool, and every later delivery on it failed (500, three of three tries) or ran with
// another delivery's role and settings. The inbox gives a connection back only with the session it
// first found on it: the next handler sees the pool's session, and the next events are processed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let admin: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  admin = new pg.Pool({ connectionString: server.url, max: 2 });
  await admin.query('CREATE TABLE effects (event_id text NOT NULL, note text)');
  await admin.query('CREATE ROLE reader NOLOGIN');
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await server?.destroy();
});

/** What a handler sees of its session. */
const SESSION =
  "SELECT current_user AS role, current_setting('default_transaction_read_only') AS read_only, " +
  "current_setting('statement_timeout') AS timeout, current_setting('search_path') AS path, " +
  "current_setting('lock_timeout') AS lock_timeout, to_regclass('pg_temp.scratch') IS NOT NULL AS temp, " +
  '(SELECT count(*)::int FROM pg_listening_channels()) AS listening';

/**
 * An inbox on a pool of one connection (each delivery reuses the previous one's session) whose connect hook sets
 * lock_timeout (kept: it is the pool's, not a handler's). The first event's handler runs `leave`; every handler
 * writes an effect and records the session it found.
 */
async function inboxOfOne(leave: (db: pg.PoolClient) => Promise<unknown>) {
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  pool.on('error', () => {});
  pool.on('connect', (c) => void c.query("SET lock_timeout = '7s'"));
  const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
  const inbox = new PostgresInbox<pg.PoolClient>({ pool, table });
  await inbox.migrate();
  const seen: Record<string, unknown>[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    verify: { keys: KEYS },
    store: inbox,
    onError: (e) => void errors.push(e),
    on: {
      '*': async (e, { db }) => {
        seen.push((await db.query(SESSION)).rows[0]);
        await db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, table]);
        if (e.event_id === 'evt_first') await leave(db);
      },
    },
  });
  return { pool, table, handler, seen, errors };
}

const done = async (table: string) =>
  (await admin.query(`SELECT event_id FROM ${table} WHERE done_at IS NOT NULL ORDER BY 1`)).rows.map((r) => r.event_id);

describe('a handler that leaves session state on its pooled connection (PostgresInbox)', () => {
  const cases: [string, string][] = [
    ['SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY', 'SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY'],
    [
      "set_config('default_transaction_read_only', 'on', false)",
      "SELECT set_config('default_transaction_read_only', 'on', false)",
    ],
    ['SET statement_timeout = 250', 'SET statement_timeout = 250'],
    ['SET search_path TO nowhere', 'SET search_path TO nowhere'],
    ['SET lock_timeout = 0 (over the pool hook)', 'SET lock_timeout = 0'],
    ['SET ROLE reader (no right on effects, nor on the inbox table)', 'SET ROLE reader'],
    ['a temporary table and LISTEN', 'CREATE TEMP TABLE scratch (n int); LISTEN hj'],
  ];
  for (const [name, sql] of cases) {
    it(`${name}: the next handlers see the pool's session, and the next events are processed (200)`, async () => {
      const { pool, table, handler, seen, errors } = await inboxOfOne((db) => db.query(sql));
      const first = await deliver(handler, event('evt_first'));
      expect([first.status, first.json.status]).toEqual([200, 'processed']);
      for (const id of ['evt_next1', 'evt_next2', 'evt_next3']) {
        const r = await deliver(handler, event(id));
        expect([id, r.status, r.json.status]).toEqual([id, 200, 'processed']);
      }
      expect(await done(table)).toEqual(['evt_first', 'evt_next1', 'evt_next2', 'evt_next3']);
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM effects WHERE note = $1', [table]);
      expect(rows).toEqual([{ n: 4 }]);
      expect(errors).toEqual([]);
      expect(seen).toHaveLength(4);
      for (const s of seen)
        expect(s).toEqual({
          role: 'app',
          read_only: 'off',
          timeout: '0',
          path: '"$user", public',
          lock_timeout: '7s',
          temp: false,
          listening: 0,
        });
      await pool.end();
    });
  }

  it('a handler that throws after leaving READ ONLY (in its transaction, or after a COMMIT of its own, which the rollback does not undo): the retry and the next events are processed', async () => {
    for (const sql of ['', 'COMMIT; ']) {
      let thrown = false;
      const { pool, table, handler, seen } = await inboxOfOne(async (db) => {
        await db.query(`${sql}SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY`);
        if (!thrown) {
          thrown = true;
          throw new Error('boom');
        }
      });
      expect((await deliver(handler, event('evt_first'))).status).toBe(500);
      for (const id of ['evt_next1', 'evt_next2'])
        expect([id, (await deliver(handler, event(id))).status]).toEqual([id, 200]);
      expect(seen.map((s) => s.read_only)).toEqual(['off', 'off', 'off']);
      expect(await done(table)).toEqual(['evt_next1', 'evt_next2']);
      await pool.end();
    }
  });
});
