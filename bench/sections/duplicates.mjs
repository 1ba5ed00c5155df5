// Concurrent duplicate deliveries, 1 → 500 copies of one event sent at the same moment to the Redis-backed handler
// (its work takes HANDLER_MS, so copies overlap the original in flight). Exactly one copy may run the handler; the
// others get 409 (retryable) while it runs, or 200 once it is done. Afterwards a resend of the event must get 200
// without running the handler again.
import { createClient } from 'redis';
import { Agent, request } from 'node:http';
import { signDelivery } from '../lib/deliveries.mjs';
import { startRedis } from '../lib/redis.mjs';
import { fmtMs, percentile } from '../lib/stats.mjs';
import { startTarget } from '../lib/target.mjs';
import { RUNS_KEY, WEBHOOK } from '../servers/webhook-target.mjs';

export const title = 'Concurrent duplicate deliveries';

export const COPIES = [1, 10, 50, 100, 250, 500];
const EVENTS_PER_STEP = 3;
const HANDLER_MS = 20;

function send(agent, url, d) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url + WEBHOOK.path, { method: 'POST', headers: d.headers, agent, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('delivery timed out')));
    req.on('error', reject);
    req.end(d.body);
  });
}

export async function run({ copies = COPIES } = {}) {
  const redisServer = await startRedis();
  const redis = createClient({ url: redisServer.url });
  redis.on('error', () => {});
  const dispatcher = new Agent({ keepAlive: true, maxSockets: Infinity });
  let target;
  try {
    await redis.connect();
    target = await startTarget('handler', { redisUrl: redisServer.url, delayMs: HANDLER_MS });
    await send(dispatcher, target.url, await signDelivery('warm_0', 0));
    const rows = [];
    let allOnce = true;
    for (const n of copies) {
      const latencies = [];
      const statuses = {};
      let runsOk = 0;
      let resendOk = 0;
      for (let e = 0; e < EVENTS_PER_STEP; e++) {
        const d = await signDelivery(`dup_${n}_${e}`, e);
        const results = await Promise.all(Array.from({ length: n }, () => send(dispatcher, target.url, d)));
        for (const r of results) {
          latencies.push(r.ms);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
        const resend = await send(dispatcher, target.url, d);
        const ran = Number((await redis.hGet(RUNS_KEY, d.eventId)) ?? 0);
        if (ran === 1) runsOk++;
        if (resend.status === 200) resendOk++;
      }
      const ok = runsOk === EVENTS_PER_STEP && resendOk === EVENTS_PER_STEP;
      allOnce &&= ok;
      rows.push([
        String(n),
        `${runsOk}/${EVENTS_PER_STEP}`,
        `${resendOk}/${EVENTS_PER_STEP}`,
        Object.entries(statuses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
        fmtMs(percentile(latencies, 50), 1),
        fmtMs(percentile(latencies, 99), 1),
        ok ? 'yes' : '**no**',
      ]);
    }
    return {
      title,
      intro:
        `For each row, ${EVENTS_PER_STEP} events, each sent as N identical signed copies at once (one connection per copy), to the ` +
        `handler of the load section (RedisDedupeStore, private redis-server) whose work takes ${HANDLER_MS} ms. Latency per copy, ` +
        'client side. Then one resend per event, after all copies were answered.',
      tables: [
        {
          columns: [
            'copies at once',
            'events run exactly once',
            'resend → 200, not re-run',
            'HTTP statuses of the copies',
            'p50',
            'p99',
            'exactly once',
          ],
          rows,
        },
      ],
      goals: [
        {
          name: 'exactly once at 1 → 500 concurrent copies',
          goal: 'every row',
          figure: allOnce ? 'every row' : 'not every row',
          met: allOnce,
        },
      ],
      notes: [],
    };
  } finally {
    await target?.stop();
    dispatcher.destroy();
    await redis.close?.().catch(() => {});
    await redisServer.stop();
  }
}
