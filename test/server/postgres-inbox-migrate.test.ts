// A PostgresInbox whose table was never created (migrate() forgotten) against a real PostgreSQL: connect() says so
// and names the fix, a delivery answers a 503 of its own (not "unreachable"), and the default log line says why.
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type RunningPostgres, poolOf, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  pool = poolOf(server, 4);
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await server?.destroy();
});

it('a forgotten migrate(): connect() rejects with INBOX_TABLE_MISSING saying run await inbox.migrate()', async () => {
  await pool.query('CREATE SCHEMA IF NOT EXISTS billing');
  for (const table of ['never_migrated', 'billing.never_migrated']) {
    const e = await new PostgresInbox({ pool, table }).connect().catch((x: unknown) => x);
    expect((e as { code?: string }).code, table).toBe('INBOX_TABLE_MISSING');
    expect(String(e), table).toMatch(new RegExp(`inbox table ${table.replace('.', '\\.')} does not exist`));
    expect(String(e), table).toMatch(/run await inbox\.migrate\(\)/);
  }
  const inbox = new PostgresInbox({ pool, table: 'billing.never_migrated' });
  await inbox.migrate();
  await expect(inbox.connect()).resolves.toBeUndefined();
});

it('a missing schema: connect() says the schema does not exist', async () => {
  const e = await new PostgresInbox({ pool, table: 'no_such_schema.inbox' }).connect().catch((x: unknown) => x);
  expect((e as { code?: string }).code).toBe('INBOX_TABLE_MISSING');
  expect(String(e)).toMatch(/the schema no_such_schema of the inbox table no_such_schema\.inbox does not exist/);
});

it('a delivery without migrate() → 503 STORE_NOT_MIGRATED, the default log line says why; after migrate() it runs', async () => {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
  try {
    for (const table of ['forgotten_a', 'public.forgotten_b']) {
      const inbox = new PostgresInbox({ pool, table });
      let runs = 0;
      const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: { '*': () => void runs++ } });
      const r = await deliver(handler, event(`evt_${table}`));
      expect([r.status, r.json.error?.code, r.headers['retry-after'], runs], table).toEqual([
        503,
        'STORE_NOT_MIGRATED',
        '5',
        0,
      ]);
      expect(lines.at(-1), table).toMatch(/does not exist.*run await inbox\.migrate\(\)/);
      await inbox.migrate();
      expect((await deliver(handler, event(`evt_${table}`))).json.status, table).toBe('processed');
      expect(runs).toBe(1);
    }
  } finally {
    spy.mockRestore();
  }
  // Unreachable stays STORE_UNAVAILABLE: the two causes answer two codes.
  const dead = new pg.Pool({ connectionString: 'postgres://app@127.0.0.1:1/app', connectionTimeoutMillis: 1000 });
  const down = createWebhookHandler({
    verify: { keys: KEYS },
    store: new PostgresInbox({ pool: dead }),
    onError: () => {},
    on: { '*': () => {} },
  });
  expect((await deliver(down, event('evt_down'))).json.error?.code).toBe('STORE_UNAVAILABLE');
  await dead.end();
});
