// RedisDedupeStore on a real three-master Redis Cluster, with a node-redis cluster client
// (createCluster) passed as { client }: keys spread over every master, the store contract, catchUp's checkpoint, the
// script cache per node, and 200 simultaneous deliveries of one event over HTTP to two processes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { createClient, createWebhookHandler } from '../../src/server/index.js';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { event } from '../support/deliveries.js';
import {
  type ClusterClient,
  connectCluster,
  type RunningRedisCluster,
  startRedisCluster,
} from '../support/redis-cluster.js';
import { storeContract } from '../support/store-contract.js';
import { type Worker, forkWorker, postDelivery, runsOf, stopWorkers } from '../support/workers.js';

let cluster: RunningRedisCluster;
let client: ClusterClient;
beforeAll(async () => {
  cluster = await startRedisCluster();
  client = await connectCluster(cluster.urls);
}, 90_000);
afterAll(async () => {
  await client?.close();
  await cluster?.stop();
});

const prefixed = (p: string) => new RedisDedupeStore({ client, prefix: `${p}${Math.random().toString(36).slice(2)}:` });
/** Keys matching `pattern` on each master, by port. */
const keysByNode = async (pattern: string) =>
  Promise.all(
    cluster.ports.map(async (p) => (await cluster.cli(p, '--raw', 'KEYS', pattern)).split('\n').filter(Boolean)),
  );

describe('RedisDedupeStore on a three-master Redis Cluster (createCluster client)', () => {
  it('the keys of 300 event ids spread over all three masters, each key on the master of its slot', async () => {
    const s = new RedisDedupeStore({ client, prefix: 'spread:' });
    const ids = Array.from({ length: 300 }, (_, i) => `evt_${i.toString().padStart(4, '0')}`);
    expect(await Promise.all(ids.map((id) => s.claim(id, 'o1', 60_000)))).toEqual(ids.map(() => 'claimed'));
    const byNode = await keysByNode('spread:*');
    expect(byNode.flat().sort()).toEqual(ids.map((id) => `spread:${id}`));
    for (const keys of byNode) expect(keys.length).toBeGreaterThan(50); // about 100 each; hash slots, not hash tags
    // Each node holds only keys of slots it owns (CLUSTER KEYSLOT / CLUSTER COUNTKEYSINSLOT on that node).
    for (const [i, keys] of byNode.entries()) {
      const port = cluster.ports[i]!;
      for (const key of keys.slice(0, 10)) {
        const slot = (await cluster.cli(port, 'CLUSTER', 'KEYSLOT', key)).trim();
        expect(Number(await cluster.cli(port, 'CLUSTER', 'COUNTKEYSINSLOT', slot))).toBeGreaterThan(0);
      }
    }
    // Every script finds its key wherever it lives: complete on all, then each is done.
    expect(await Promise.all(ids.map((id) => s.complete(id, 'o1', 60_000)))).toEqual(ids.map(() => true));
    expect(new Set(await Promise.all(ids.map((id) => s.claim(id, 'o2', 1000))))).toEqual(new Set(['done']));
    expect(await Promise.all(ids.slice(0, 30).map((id) => client.get(`spread:${id}`)))).toEqual(
      ids.slice(0, 30).map(() => 'done'),
    );
  });

  describe('store contract', () => storeContract(() => prefixed('contract')));

  it("catchUp's checkpoint: one key, on one master; a new handler carries on from it, running nothing twice", async () => {
    const sandbox = await startSandbox({ crawlDelayMs: 0, duplicateRate: 0 });
    try {
      const token = { tokenId: 'sandbox_token', secret: 'sandbox_secret' };
      const api = createClient({ baseUrl: sandbox.url, tokenId: token.tokenId, signingSecret: token.secret });
      const since = (await advanceClock({ url: sandbox.url }, 0)).now;
      for (const ref of ['cp_1', 'cp_2']) await triggerJourney(sandbox.url, { vendor: 'acme', ref });
      const runs: string[] = [];
      const handlerOn = () =>
        createWebhookHandler({
          verify: { keys: [token] },
          store: new RedisDedupeStore({ client, prefix: 'catchup:' }),
          on: { '*': (e) => void runs.push(e.event_id) },
        });
      const first = await handlerOn().catchUp({ client: api, since });
      expect(first).toMatchObject({ processed: first.seen, failed: 0 });
      expect(runs).toHaveLength(first.seen);
      const byNode = await keysByNode('catchup:*checkpoint:events');
      expect(byNode.flat()).toHaveLength(1);
      expect(await new RedisDedupeStore({ client, prefix: 'catchup:' }).readCheckpoint('events')).toBe(
        first.checkpoint,
      );
      // Another process's handler, no since: from the checkpoint, where every event is done.
      const again = await handlerOn().catchUp({ client: api });
      expect(again).toMatchObject({ processed: 0, failed: 0, checkpoint: first.checkpoint });
      expect(again.alreadyDone).toBe(again.seen);
      expect(runs).toHaveLength(first.seen);
    } finally {
      await sandbox.close();
    }
  });

  it('connect() loads the four scripts on every master before the first call', async () => {
    for (const port of cluster.ports) await cluster.cli(port, 'SCRIPT', 'FLUSH');
    expect(await cachedScripts()).toEqual([0, 0, 0]);
    await prefixed('connect').connect();
    expect(await cachedScripts()).toEqual([4, 4, 4]);
  });

  it('a node without the scripts (flushed, or missed by SCRIPT LOAD) answers NOSCRIPT, gets them by EVAL', async () => {
    const s = prefixed('noscript');
    const ids = Array.from({ length: 60 }, (_, i) => `n${i}`);
    expect(new Set(await Promise.all(ids.map((id) => s.claim(id, 'o1', 60_000))))).toEqual(new Set(['claimed']));
    // The scripts are cached on every master now; flush two of them behind the store's back.
    const [a, b] = cluster.ports as [number, number];
    await cluster.cli(a, 'SCRIPT', 'FLUSH');
    await cluster.cli(b, 'SCRIPT', 'FLUSH');
    expect(await cachedScripts()).toEqual([0, 0, expect.any(Number)]);
    expect(await Promise.all(ids.map((id) => s.claim(id, 'o2', 60_000)))).toEqual(ids.map(() => 'in_flight'));
    expect(await Promise.all(ids.map((id) => s.complete(id, 'o1', 60_000)))).toEqual(ids.map(() => true));
    expect(new Set(await Promise.all(ids.map((id) => s.claim(id, 'o3', 60_000))))).toEqual(new Set(['done']));
    // The EVAL fallback cached claim and complete on the flushed nodes again.
    for (const n of await cachedScripts()) expect(n).toBeGreaterThanOrEqual(2);
  });
});

/** Scripts in each master's script cache (INFO memory: number_of_cached_scripts), by port. */
const cachedScripts = async () =>
  Promise.all(
    cluster.ports.map(async (p) =>
      Number(/number_of_cached_scripts:(\d+)/.exec(await cluster.cli(p, 'INFO', 'memory'))?.[1]),
    ),
  );

describe('exactly-once across two processes sharing a Redis Cluster', () => {
  const WORKER = path.resolve('test/support/webhook-worker.ts');
  const runsFile = path.join(mkdtempSync(path.join(tmpdir(), 'hj-cluster-runs-')), 'runs.log');
  const workers: Worker[] = [];
  const startWorker = () => forkWorker(WORKER, { REDIS_CLUSTER: cluster.urls.join(','), RUNS_FILE: runsFile });
  beforeAll(async () => void workers.push(...(await Promise.all([startWorker(), startWorker()]))), 90_000);
  afterAll(() => stopWorkers(workers));
  const runs = (id: string) => runsOf(runsFile, id);
  const post = (url: string, d: Parameters<typeof postDelivery>[1]) => postDelivery(`${url}/`, d);

  it('200 simultaneous deliveries of one event over HTTP to two processes → the handler runs once', async () => {
    const d = await signWebhook({
      payload: event('evt_cluster_storm'),
      tokenId: 'wh_1',
      secret: 'webhook-secret-1',
      path: '/',
    });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post(workers[i % 2]!.url, d)));
    const statuses = results.map((r) => `${r.status} ${r.body.status ?? r.body.error?.code}`);
    expect(
      statuses.filter((s) => /^(200|409) /.test(s)),
      statuses.join(','),
    ).toHaveLength(200);
    expect(results.filter((r) => r.body.status === 'processed')).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThan(0);
    expect(runs('evt_cluster_storm')).toHaveLength(1);
    // Once done, every redelivery to either process is a duplicate; still one run.
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => post(workers[i % 2]!.url, d)));
    expect(again.map((r) => [r.status, r.body.status])).toEqual(again.map(() => [200, 'duplicate']));
    expect(runs('evt_cluster_storm')).toHaveLength(1);
  }, 60_000);
});
