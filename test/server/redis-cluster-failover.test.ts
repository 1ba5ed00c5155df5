// RedisDedupeStore on a real Redis Cluster with replicas (three masters, one replica each), a master SIGKILLed in the
// middle of a run: deliveries are in flight, the master's replica is promoted, and a sender retries every delivery
// until a 2xx. Counts runs per event: none lost, and every event that ran twice lived in the killed master's slots
// (its claim or done mark had not reached the replica: Redis replicates asynchronously). Prints the figures.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event, sleep } from '../support/deliveries.js';
import {
  type ClusterClient,
  connectCluster,
  type RunningRedisCluster,
  startRedisCluster,
} from '../support/redis-cluster.js';

const EVENTS = 240;
const CONCURRENCY = 16;
const KILL_AFTER = 80;
const NODE_TIMEOUT_MS = 1000;

let cluster: RunningRedisCluster;
let client: ClusterClient;
beforeAll(async () => {
  cluster = await startRedisCluster({ replicas: 1, nodeTimeoutMs: NODE_TIMEOUT_MS });
  client = await connectCluster((await cluster.masters(cluster.ports[0]!)).map((p) => `redis://127.0.0.1:${p}`));
}, 120_000);
afterAll(async () => {
  await client?.destroy();
  await cluster?.stop();
});

/** Slot ranges of each master, from CLUSTER NODES as `port` sees it. */
async function slotsOf(port: number): Promise<Map<number, Array<[number, number]>>> {
  const out = new Map<number, Array<[number, number]>>();
  for (const f of (await cluster.cli(port, 'CLUSTER', 'NODES')).split('\n').map((l) => l.split(' '))) {
    if (!f[2]?.split(',').includes('master')) continue;
    const p = Number(f[1]!.split(':')[1]!.split('@')[0]);
    out.set(
      p,
      f.slice(8).map((r) => r.split('-').map(Number) as [number, number]),
    );
  }
  return out;
}

it("a master killed mid-run: 0 losses; every double lived in the killed master's slots", async () => {
  const store = new RedisDedupeStore({ client, prefix: 'failover:', operationTimeoutMs: 500 });
  await store.connect();
  const runs = new Map<string, number>();
  const handler = createWebhookHandler({
    verify: { keys: KEYS },
    store,
    leaseMs: 2000,
    retryAfterSec: 1,
    onError: () => {},
    on: {
      '*': async (e) => {
        runs.set(e.event_id, (runs.get(e.event_id) ?? 0) + 1);
        await sleep(30);
      },
    },
  });
  const ids = Array.from({ length: EVENTS }, (_, i) => `evt_fo_${String(i).padStart(4, '0')}`);
  const statuses = new Map<number, number>();
  let finished = 0;
  let killed: number | undefined;
  const before = await slotsOf(cluster.ports[0]!);
  const killAt = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (finished < KILL_AFTER) return;
      clearInterval(check);
      resolve();
    }, 5);
  });
  const killing = killAt.then(async () => {
    killed = [...before.keys()][0]!;
    await cluster.kill(killed);
  });
  const t0 = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      for (let _attempt = 0; ; _attempt++) {
        const r = await deliver(handler, event(id));
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 200 && r.status < 300) break;
        if (performance.now() - t0 > 90_000) throw new Error(`${id} never reached a 2xx (last ${r.status})`);
        await sleep(100);
      }
      finished++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  await killing;
  const took = performance.now() - t0;
  const doubles = ids.filter((id) => (runs.get(id) ?? 0) > 1);
  const losses = ids.filter((id) => (runs.get(id) ?? 0) === 0);
  const killedSlots = before.get(killed!)!;
  const live = cluster.ports.find((p) => p !== killed)!;
  const slotOf = async (id: string) => Number(await cluster.cli(live, 'CLUSTER', 'KEYSLOT', `failover:${id}`));
  const doubleSlots = await Promise.all(doubles.map(slotOf));
  console.log(
    `redis cluster failover: ${EVENTS} events, master ${killed} killed after ${KILL_AFTER}; ` +
      `${doubles.length} doubles, ${losses.length} losses, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `${(took / 1000).toFixed(1)} s`,
  );
  expect(losses).toEqual([]);
  for (const slot of doubleSlots) expect(killedSlots.some(([a, b]) => slot >= a && slot <= b)).toBe(true);
  expect(await cluster.masters(live)).toHaveLength(3); // a replica took over
}, 150_000);
