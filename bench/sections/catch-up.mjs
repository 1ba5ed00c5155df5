// Catch-up after an outage (the "no event lost" proof at full size): a receiver answering 503 while APPS applications make
// 11 events each and the sandbox's clock moves 48 h through the retry schedule (test/support/outage.ts, the scenario
// test/server/catch-up.test.ts runs at a tenth of this size). Then, in one run, each round on a fresh key prefix of one
// private redis-server, the same events handled two ways by a RedisDedupeStore handler whose function counts its runs
// in Redis: by `handler.catchUp` (pages of the events list, 8 applications at once), and delivered by webhook (each
// event signed and POSTed to the handler over loopback HTTP, 8 at once: the sandbox's own sender would measure its
// per-application order and its limit of 8 attempts in flight instead). The rounds alternate, so drift hits both.
// Memory: the live heap's peak growth (sampled after a full GC) over a catch-up of the first tenth of the events
// against one of them all: catch-up holds two pages at most, so it must not grow with the events (an enforced budget).
import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient as createRedis } from 'redis';
import { startSandbox } from '../../src/sandbox/index.ts';
import { createClient, createWebhookHandler, toNodeHandler } from '../../src/server/index.ts';
import { RedisDedupeStore } from '../../src/server/stores/index.ts';
import { signWebhook } from '../../src/server/testing.ts';
import { downReceiver, makeOutage } from '../../test/support/outage.ts';
import { startRedis } from '../lib/redis.mjs';
import { median } from '../lib/stats.mjs';

export const title = 'Catch-up after an outage';

/** The full size of issue 50's proof: 1,000 applications, 11,000 events. */
export const APPS = Number(process.env.CATCH_UP_APPS) || 1000;
const ROUNDS = 3;
const CONCURRENCY = 8;
const GOAL_RATIO = 0.8;
/** The live heap's peak growth over catching up every event may exceed that over a tenth of them by at most this. */
const MEMORY_BUDGET_MB = 8;
const TOKEN = { tokenId: 'tok_bench', secret: 'secret_bench' };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

export async function run({ apps = APPS } = {}) {
  const redisServer = await startRedis();
  const redis = createRedis({ url: redisServer.url });
  redis.on('error', () => {});
  await redis.connect();
  const sandbox = await startSandbox({ tokens: [TOKEN], crawlDelayMs: 0, duplicateRate: 0 });
  const client = createClient({ baseUrl: sandbox.url, tokenId: TOKEN.tokenId, signingSecret: TOKEN.secret });
  const down = await downReceiver(undefined);
  const servers = [];
  try {
    await client.registerWebhook({ url: down.url });
    const t0 = performance.now();
    const token = { id: TOKEN.tokenId, secret: TOKEN.secret };
    const { since } = await makeOutage({
      sandboxUrl: sandbox.url,
      token,
      client,
      apps,
      prefix: 'bench',
      settled: sandbox.webhooksSettled,
    });
    const outageS = (performance.now() - t0) / 1000;
    const events = [];
    for await (const e of client.listEvents({ since })) events.push(e);
    const n = events.length;

    const handlerOn = (prefix) =>
      createWebhookHandler({
        verify: { keys: [{ tokenId: TOKEN.tokenId, secret: TOKEN.secret }] },
        store: new RedisDedupeStore({ client: redis, prefix }),
        on: { '*': async (e) => void (await redis.hIncrBy(`${prefix}runs`, e.event_id, 1)) },
      });
    /** Every event ran exactly once under this prefix. */
    const once = async (prefix) => {
      const runs = await redis.hGetAll(`${prefix}runs`);
      return events.every((e) => runs[e.event_id] === '1') && Object.keys(runs).length === n;
    };

    const catchUpRound = async (prefix) => {
      const handler = handlerOn(prefix);
      const t = performance.now();
      const s = await handler.catchUp({ client, since, concurrency: CONCURRENCY });
      const seconds = (performance.now() - t) / 1000;
      return { rate: n / seconds, ok: s.processed === n && (await once(prefix)) };
    };
    const webhookRound = async (prefix) => {
      const handler = handlerOn(prefix);
      const node = toNodeHandler(handler);
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => void node(req, res));
      servers.push(server);
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${server.address().port}/hooks`;
      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const t = performance.now();
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < n; i = next++) {
          const d = await signWebhook({
            payload: JSON.stringify(events[i]),
            tokenId: TOKEN.tokenId,
            secret: TOKEN.secret,
            path: '/hooks',
          });
          await post(agent, url, d);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - t) / 1000;
      agent.destroy();
      await new Promise((r) => server.close(r));
      return { rate: n / seconds, ok: await once(prefix) };
    };

    const catchUps = [];
    const webhooks = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        webhooks.push(await webhookRound(`w${r}:`));
        catchUps.push(await catchUpRound(`c${r}:`));
      } else {
        catchUps.push(await catchUpRound(`c${r}:`));
        webhooks.push(await webhookRound(`w${r}:`));
      }
    }
    const catchUpRate = median(catchUps.map((x) => x.rate));
    const webhookRate = median(webhooks.map((x) => x.rate));
    const ratio = catchUpRate / webhookRate;
    const allOnce = [...catchUps, ...webhooks].every((x) => x.ok);

    // Memory: a tenth of the events (until the first event of the second tenth), then all of them.
    const until = events[Math.floor(n / 10)].created_at;
    const tenth = await peakGrowth(() => handlerOn('m1:').catchUp({ client, since, until, concurrency: CONCURRENCY }));
    const all = await peakGrowth(() => handlerOn('m2:').catchUp({ client, since, concurrency: CONCURRENCY }));
    const mb = (b) => (b / 2 ** 20).toFixed(1);
    const over = (all.bytes - tenth.bytes) / 2 ** 20;

    return {
      title,
      intro:
        `${apps.toLocaleString('en')} applications made ${n.toLocaleString('en')} events while the receiver answered 503 ` +
        `for 48 h of sandbox time (${down.refused().toLocaleString('en')} attempts refused; the outage took ` +
        `${outageS.toFixed(0)} s). Then the same events through one RedisDedupeStore handler (its function an HINCRBY), ` +
        `${ROUNDS} rounds each, alternating: \`handler.catchUp\` (concurrency ${CONCURRENCY}) against signed webhook ` +
        `deliveries POSTed ${CONCURRENCY} at once over loopback. Medians of the rounds.`,
      tables: [
        {
          columns: ['path', 'events/s (median)', 'rounds', 'every event exactly once'],
          rows: [
            ['catch-up', catchUpRate.toFixed(0), catchUps.map((x) => x.rate.toFixed(0)).join(', '), yes(catchUps)],
            ['webhook', webhookRate.toFixed(0), webhooks.map((x) => x.rate.toFixed(0)).join(', '), yes(webhooks)],
          ],
        },
        {
          caption: 'Live heap during a catch-up (each sample after a full GC; peak above the start)',
          columns: ['events caught up', 'peak growth (MB)', 'samples'],
          rows: [
            [tenth.seen.toLocaleString('en'), mb(tenth.bytes), String(tenth.samples)],
            [all.seen.toLocaleString('en'), mb(all.bytes), String(all.samples)],
          ],
        },
      ],
      goals: [
        {
          name: 'catch-up throughput against webhook deliveries of the same events',
          goal: `≥ ${GOAL_RATIO}×`,
          figure: `${ratio.toFixed(2)}×`,
          met: ratio >= GOAL_RATIO,
          bound: 'each page waits for its slowest application before the checkpoint moves (the next is read ahead)',
        },
        {
          name: `heap growth at ${n.toLocaleString('en')} events over that at ${tenth.seen.toLocaleString('en')}`,
          goal: `≤ ${MEMORY_BUDGET_MB} MB`,
          figure: `${over.toFixed(1)} MB`,
          met: over <= MEMORY_BUDGET_MB,
          enforced: true,
        },
        {
          name: 'every event exactly once, either path',
          goal: 'every round',
          figure: allOnce ? 'every round' : 'not every round',
          met: allOnce,
        },
      ],
      notes: [],
    };
  } finally {
    for (const s of servers) s.close();
    await down.close();
    await sandbox.close();
    await redis.close().catch(() => {});
    await redisServer.stop();
  }
}

const yes = (rounds) => (rounds.every((x) => x.ok) ? 'yes' : '**no**');

function post(agent, url, d) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: d.headers, agent }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`webhook answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(d.body);
  });
}

/**
 * Runs `fn` after a full GC and samples the live heap every 25 ms (a full GC, then the heap used: what is kept, not
 * what awaits collection); answers the peak above the start, and `fn`'s seen.
 */
async function peakGrowth(fn) {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  let samples = 0;
  const timer = setInterval(() => {
    samples++;
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 25);
  try {
    const s = await fn();
    return { bytes: peak - start, samples, seen: s.seen };
  } finally {
    clearInterval(timer);
  }
}
