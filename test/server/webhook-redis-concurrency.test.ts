// Exactly-once under concurrency: two receiver processes share a real redis-server; deliveries arrive over real HTTP.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/server/testing.js';
import { event } from '../support/events.js';
import { type RunningRedis, startRedis } from '../support/redis.js';
import { type Worker, forkWorker, postDelivery, runsOf, stopWorkers } from '../support/workers.js';

const WORKER = path.resolve('test/support/webhook-worker.ts');
const PATH = '/';
const runsFile = path.join(mkdtempSync(path.join(tmpdir(), 'hj-runs-')), 'runs.log');
let redis: RunningRedis;
const workers: Worker[] = [];

const startWorker = () => forkWorker(WORKER, { REDIS_URL: redis.url, RUNS_FILE: runsFile, FAIL_FIRST: 'evt_throw' });
const runs = (id: string) => runsOf(runsFile, id);
const sign = (id: string) =>
  signWebhook({ payload: event(id), tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
const post = (url: string, d: Parameters<typeof postDelivery>[1]) => postDelivery(url + PATH, d);

/** Redelivers like a sender: on any non-2xx, wait and try again (alternating processes). */
async function deliverUntilOk(d: Parameters<typeof post>[1], maxMs = 15_000) {
  const statuses: number[] = [];
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < maxMs; i++) {
    const r = await post(workers[i % workers.length]!.url, d).catch(() => ({ status: 0, body: {} }));
    statuses.push(r.status);
    if (r.status === 200) return statuses;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`never 200: ${statuses.join(',')}`);
}

beforeAll(async () => {
  redis = await startRedis();
  workers.push(await startWorker(), await startWorker());
}, 60_000);

afterAll(async () => {
  await stopWorkers(workers);
  await redis?.stop();
});

describe('exactly-once webhook handling across processes sharing redis-server', () => {
  it('200 simultaneous deliveries of one event over HTTP to two processes → the handler runs once', async () => {
    const d = await sign('evt_storm');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post(workers[i % 2]!.url, d)));
    const byStatus: Record<number, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    expect(results.filter((r) => r.body.status === 'processed')).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(byStatus[409]).toBeGreaterThan(0);
    expect(runs('evt_storm')).toHaveLength(1);
    // The 409s are retryable: redelivering each ends in 200 duplicate, still one run.
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, i) => deliverUntilOk(d).then(() => post(workers[i % 2]!.url, d))),
    );
    expect(again.every((r) => r.status === 200 && r.body.status === 'duplicate')).toBe(true);
    expect(runs('evt_storm')).toHaveLength(1);
  }, 60_000);

  it('a handler that throws on its first run → 500, and the retry processes it exactly once', async () => {
    const d = await sign('evt_throw');
    const first = await post(workers[0]!.url, d);
    expect(first.status).toBe(500);
    const concurrentRetries = await Promise.all(Array.from({ length: 20 }, (_, i) => post(workers[i % 2]!.url, d)));
    expect(concurrentRetries.filter((r) => r.body.status === 'processed')).toHaveLength(1);
    expect(runs('evt_throw')).toHaveLength(2); // the failed run and exactly one successful one
    expect((await post(workers[1]!.url, d)).body.status).toBe('duplicate');
  }, 60_000);

  it('Redis stopped mid-test → 503 and the handler does not run; once Redis is back the delivery succeeds', async () => {
    const d = await sign('evt_outage');
    const port = redis.port;
    await redis.stop();
    const during = await Promise.all([post(workers[0]!.url, d), post(workers[1]!.url, d)]);
    expect(during.map((r) => [r.status, r.body.error?.code])).toEqual([
      [503, 'STORE_UNAVAILABLE'],
      [503, 'STORE_UNAVAILABLE'],
    ]);
    expect(runs('evt_outage')).toHaveLength(0);
    redis = await startRedis({ port });
    const statuses = await deliverUntilOk(d);
    expect(statuses.at(-1)).toBe(200);
    expect(runs('evt_outage')).toHaveLength(1);
    expect((await post(workers[0]!.url, d)).body.status).toBe('duplicate');
  }, 60_000);
});
