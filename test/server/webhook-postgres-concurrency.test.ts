// Exactly-once effects across processes: two receiver processes (test/support/inbox-worker.ts) share a real PostgreSQL
// through PostgresInbox; deliveries arrive over real HTTP; each handler writes one effect row through ctx.db into a
// table without a unique constraint, so a double effect would show as two rows.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedWebhook, signWebhook } from '../../src/server/testing.js';
import { event } from '../support/deliveries.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';
import { type Worker, postDelivery, forkWorker, stopWorkers } from '../support/workers.js';

const WORKER = path.resolve('test/support/inbox-worker.ts');
const PATH = '/';
let server: RunningPostgres;
let pool: pg.Pool;
const workers: Worker[] = [];

const startWorker = () =>
  forkWorker(WORKER, { DATABASE_URL: server.url, HOLD_MS: '100', HOLD_FOR_RELEASE: 'evt_storm' });

const sign = (id: string) =>
  signWebhook({ payload: event(id), tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
const post = (url: string, d: SignedWebhook) => postDelivery(url + PATH, d);
const effectsOf = async () =>
  (await pool.query('SELECT event_id, count(*)::int AS n FROM effects GROUP BY event_id ORDER BY event_id')).rows as {
    event_id: string;
    n: number;
  }[];

beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => {});
  await pool.query('CREATE TABLE effects (event_id text NOT NULL, pid int NOT NULL)');
  workers.push(...(await Promise.all([startWorker(), startWorker()]))); // both migrate at once
}, 60_000);

afterAll(async () => {
  await stopWorkers(workers);
  await pool?.end();
  await server?.destroy();
});

describe('PostgresInbox across two processes sharing a real PostgreSQL', () => {
  it('200 simultaneous deliveries of one event over HTTP to two processes → exactly one effect row', async () => {
    const d = await sign('evt_storm');
    const holding = new Promise<ChildProcess>((resolve) => {
      for (const w of workers) w.child.on('message', (m: { effect?: string }) => m.effect && resolve(w.child));
    });
    let answered = 0;
    const all = Array.from({ length: 200 }, (_, i) => post(workers[i % 2]!.url, d).finally(() => answered++));
    // evt_storm's handler holds its transaction open until the test releases it, so every other delivery arrives while
    // the claim is held, however slowly a loaded machine sends them.
    const holder = await holding;
    await vi.waitFor(() => expect(answered).toBe(199), { timeout: 30_000, interval: 20 });
    holder.send('release');
    const results = await Promise.all(all);
    expect(results.filter((r) => r.body.status === 'processed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(199);
    expect(await effectsOf()).toEqual([{ event_id: 'evt_storm', n: 1 }]);
    // Each redelivery now answers 200 duplicate from either process; still one effect.
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => post(workers[i % 2]!.url, d)));
    expect(again.every((r) => r.status === 200 && r.body.status === 'duplicate')).toBe(true);
    expect(await effectsOf()).toEqual([{ event_id: 'evt_storm', n: 1 }]);
  }, 60_000);

  it('PostgreSQL stopped mid-run → 503 while down; after start() all retried to 2xx, effects = events', async () => {
    await pool.query('TRUNCATE effects');
    const ids = Array.from({ length: 40 }, (_, i) => `evt_outage_${String(i).padStart(2, '0')}`);
    const deliveries = await Promise.all(ids.map(sign));
    let ok = 0;
    const answers: { at: number; sentAt: number; status: number; code?: string }[] = [];
    // A sender: 4 deliveries at a time, each retried (alternating processes) every 100 ms until it gets a 2xx.
    const queue = [...deliveries.keys()];
    const sender = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        for (let attempt = 0; ; attempt++) {
          const sentAt = Date.now();
          const r = await post(workers[(n + attempt) % 2]!.url, deliveries[n]!);
          answers.push({ at: Date.now(), sentAt, status: r.status, code: r.body.error?.code });
          if (r.status >= 200 && r.status < 300) break;
          await new Promise((res) => setTimeout(res, 100));
        }
        ok++;
      }
    };
    const senders = Promise.all([sender(), sender(), sender(), sender()]);
    while (ok < 10) await new Promise((r) => setTimeout(r, 20));
    await server.stop(); // fast shutdown: open transactions are cut
    const down = { from: Date.now(), to: 0 };
    // Down until the senders have had four answers sent and received while it was (however slow the machine).
    while (answers.filter((a) => a.sentAt >= down.from).length < 4) await new Promise((r) => setTimeout(r, 20));
    down.to = Date.now();
    await server.start();
    await senders;
    const whileDown = answers.filter((a) => a.sentAt >= down.from && a.at <= down.to);
    expect(whileDown.length).toBeGreaterThan(3);
    expect(whileDown.every((a) => a.status === 503 && a.code === 'STORE_UNAVAILABLE')).toBe(true);
    expect(ok).toBe(ids.length);
    expect(await effectsOf()).toEqual(ids.map((event_id) => ({ event_id, n: 1 })));
    // And every event is now done in the inbox: a redelivery is a duplicate.
    expect((await post(workers[1]!.url, deliveries[0]!)).body.status).toBe('duplicate');
  }, 60_000);
});
