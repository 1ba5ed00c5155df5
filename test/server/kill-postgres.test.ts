// The kill test, PostgreSQL variant: PostgresInbox on a real PostgreSQL, the effect written through
// ctx.db in the delivery's transaction. Every event's receiver is SIGKILLed once, at a point chosen per event (before
// the effect, after the effect but before the commit, after the commit before the HTTP answer), and the sender retries
// until a 2xx. Asserted: effect rows = distinct events, exactly — 0 doubles, 0 losses (compare kill-redis.test.ts,
// where the kills after the effect double it). The figures are printed in one line (KILL_SEED=<seed> replays a plan).
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { killEvents, runKillLoop } from '../support/kill-loop.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => {});
  await new PostgresInbox({ pool }).migrate();
  await pool.query('CREATE TABLE kill_effects (event_id text NOT NULL, pid int NOT NULL)');
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await server?.destroy();
});

const EVENTS = killEvents();
const EACH = EVENTS / 3;

it(`SIGKILL at each point, ${EVENTS} events: effect rows = events exactly (0 doubles, 0 losses)`, async () => {
  const report = await runKillLoop({
    name: 'PostgresInbox + effect through ctx.db',
    receiver: path.resolve('test/support/kill-receivers/postgres.ts'),
    env: { DATABASE_URL: server.url, EFFECTS_TABLE: 'kill_effects' },
    events: EVENTS,
    leaseMs: 500, // not used by an inbox: a killed receiver's claim ends with its connection
    spares: 5,
    async countEffects() {
      const { rows } = await pool.query<{ event_id: string; n: number }>(
        'SELECT event_id, count(*)::int AS n FROM kill_effects GROUP BY event_id',
      );
      return new Map(rows.map((r) => [r.event_id, r.n]));
    },
  });
  console.log(report.line);
  expect(report.kills).toEqual({ before_effect: EACH, after_effect: EACH, after_complete: EACH });
  expect(report.losses).toBe(0);
  expect(report.doubles).toBe(0);
  expect(report.extraEffects).toBe(0);
  const { rows } = await pool.query<{ rows: number; events: number; done: number }>(
    'SELECT (SELECT count(*)::int FROM kill_effects) AS rows, ' +
      '(SELECT count(DISTINCT event_id)::int FROM kill_effects) AS events, ' +
      '(SELECT count(*)::int FROM hj_webhook_inbox WHERE done_at IS NOT NULL) AS done',
  );
  expect(rows[0]).toEqual({ rows: EVENTS, events: EVENTS, done: EVENTS });
}, 120_000);
