// The demo's webhook receiver (demo/service.ts) with and without DATABASE_URL, over real HTTP. With a real PostgreSQL:
// PostgresInbox (migrated by start()), and each event's application row written through ctx.db — a delivery writes it,
// a duplicate does not, and a handler that fails after its write leaves no row (rolled back with the claim). Without:
// the memory store, as before.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOptionsFromEnv } from '../../demo/server.js';
import { type Service, createService } from '../../demo/service.js';
import { ApplicationStore } from '../../demo/store.js';
import { signWebhook } from '../../src/server/testing.js';
import { type RunningPostgres, poolOf, startPostgres } from '../support/postgres.js';

const PATH = '/webhooks';
// No sandbox: a crawl.completed handler's finalise() call fails (connection refused) after the row was written.
const NO_SANDBOX = 'http://127.0.0.1:9';

let db: RunningPostgres;
let pool: pg.Pool;
const open: { server: Server; service: Service }[] = [];

async function serve(databaseUrl?: string) {
  const service = createService({
    sandboxUrl: NO_SANDBOX,
    tokenId: 'sandbox_token',
    signingSecret: 'sandbox_secret',
    vendor: 'lendly',
    store: new ApplicationStore(),
    databaseUrl,
  });
  await service.start();
  const server = createServer((req, res) => void service.webhooks(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ server, service });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
  const deliver = async (payload: object) => {
    const d = await signWebhook({ payload, tokenId: 'sandbox_token', secret: 'sandbox_secret', path: PATH });
    const res = await fetch(url, { method: 'POST', headers: d.headers, body: d.body as string });
    return { status: res.status, body: (await res.json()) as { status?: string; error?: { code: string } } };
  };
  return { service, deliver };
}

const consent = (id: string, ref: string) => ({
  event_id: id,
  type: 'consent.authorised',
  created_at: '2026-11-23T00:00:00Z',
  vendor: 'lendly',
  ref,
  application_id: `app_${ref}`,
  data: { consent_id: `con_${id}`, institution_id: 'sandbox-bank', pathway: 'cdr' },
});
const rowOf = async (ref: string) =>
  (
    await pool.query(
      'SELECT application_id, last_event_id, webhook_events, report_ready FROM demo_applications WHERE ref = $1',
      [ref],
    )
  ).rows[0];

beforeAll(async () => {
  db = await startPostgres();
  pool = poolOf(db, 2);
}, 60_000);
afterAll(async () => {
  for (const { server, service } of open) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await service.close();
  }
  await pool?.end();
  await db?.destroy();
});

describe('demo webhooks with DATABASE_URL (real PostgreSQL)', () => {
  it('a delivery writes the application row through ctx.db; its duplicate does not', async () => {
    const { service, deliver } = await serve(db.url);
    expect(service.storeKind).toBe('postgres');
    const first = await deliver(consent('evt_demo_1', 'cust_a'));
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ status: 'processed' }) });
    expect(await rowOf('cust_a')).toEqual({
      application_id: 'app_cust_a',
      last_event_id: 'evt_demo_1',
      webhook_events: 1,
      report_ready: false,
    });
    const again = await deliver(consent('evt_demo_1', 'cust_a'));
    expect(again).toEqual({ status: 200, body: expect.objectContaining({ status: 'duplicate' }) });
    expect((await rowOf('cust_a')).webhook_events).toBe(1); // not run again: the count is not idempotent
    // A different event for the same application does count (the check above could fail).
    expect((await deliver(consent('evt_demo_2', 'cust_a'))).status).toBe(200);
    expect(await rowOf('cust_a')).toMatchObject({ last_event_id: 'evt_demo_2', webhook_events: 2 });
    const inbox = await pool.query('SELECT count(*)::int AS n FROM hj_webhook_inbox WHERE done_at IS NOT NULL');
    expect(inbox.rows[0].n).toBe(2);
    expect(service.processed()).toEqual(['evt_demo_1', 'evt_demo_2']);
  });

  it('a handler that fails after writing the row (finalise unreachable) leaves no row: 500, rolled back', async () => {
    const { deliver } = await serve(db.url); // a second receiver on the same database: migrate() is idempotent
    const crawl = {
      ...consent('evt_demo_crawl', 'cust_b'),
      type: 'crawl.completed',
      data: { accounts: 2, transactions: 40 },
    };
    const r = await deliver(crawl);
    expect(r.status).toBe(500);
    expect(await rowOf('cust_b')).toBeUndefined();
    const inbox = await pool.query("SELECT done_at FROM hj_webhook_inbox WHERE event_id = 'evt_demo_crawl'");
    expect(inbox.rows.every((row) => row.done_at === null)).toBe(true); // the claim rolled back: a retry runs it
  });
});

describe('demo webhooks without DATABASE_URL', () => {
  it('uses the memory store: processed, then duplicate; nothing written to PostgreSQL', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM demo_applications')).rows[0].n;
    const { service, deliver } = await serve(undefined);
    expect(service.storeKind).toBe('memory');
    expect(service.database).toBeUndefined();
    expect((await deliver(consent('evt_mem_1', 'cust_m'))).body.status).toBe('processed');
    expect((await deliver(consent('evt_mem_1', 'cust_m'))).body.status).toBe('duplicate');
    expect(service.processed()).toEqual(['evt_mem_1']);
    expect((await pool.query('SELECT count(*)::int AS n FROM demo_applications')).rows[0].n).toBe(before);
  });

  it('demo/server.ts takes DATABASE_URL from its environment, and only then', () => {
    const sandbox = 'http://127.0.0.1:4010';
    expect(demoOptionsFromEnv({ DATABASE_URL: 'postgres://app@db/app' }, sandbox).databaseUrl).toBe(
      'postgres://app@db/app',
    );
    expect(demoOptionsFromEnv({}, sandbox)).not.toHaveProperty('databaseUrl');
  });
});
