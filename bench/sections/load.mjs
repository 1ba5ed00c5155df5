// The webhook handler under load: autocannon (in this process) against toNodeHandler(createWebhookHandler({ store:
// RedisDedupeStore })) and against a bare node:http server answering 200, each in its own process, interleaved
// (bare, handler, bare, handler). 20 % of deliveries are copies of earlier events. After each handler round, the
// handler's run count per event_id is read back from Redis: every event exactly once, none lost.
import autocannon from 'autocannon';
import { createClient } from 'redis';
import { deliveryPlan } from '../lib/deliveries.mjs';
import { startRedis } from '../lib/redis.mjs';
import { fmtInt, fmtMs, fmtRatio, median } from '../lib/stats.mjs';
import { startTarget } from '../lib/target.mjs';
import { RUNS_KEY, WEBHOOK } from '../servers/webhook-target.mjs';

export const title = 'Webhook handler under load';

const TOTAL = 6000;
const ROUNDS = 2;
const CONNECTIONS = 16;

/** Sends every delivery once, in order, over `connections` keep-alive connections; resolves to the figures. */
export async function blast(url, deliveries, { connections = CONNECTIONS } = {}) {
  let next = 0;
  const statuses = {};
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    amount: deliveries.length,
    timeout: 10,
    requests: [{
      method: 'POST',
      path: WEBHOOK.path,
      setupRequest(req) {
        const d = deliveries[next++ % deliveries.length];
        return { ...req, headers: d.headers, body: d.body };
      },
      onResponse(status) {
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    }],
  });
  const seconds = result.duration;
  return { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, statuses, sent: next };
}

/** Reads run counts per event id from Redis: how many ran once, more than once, never. */
export async function exactlyOnce(redis, eventIds) {
  const runs = await redis.hGetAll(RUNS_KEY);
  let once = 0, doubles = 0, losses = 0;
  for (const id of eventIds) {
    const n = Number(runs[id] ?? 0);
    if (n === 1) once++;
    else if (n === 0) losses++;
    else doubles++;
  }
  return { once, doubles, losses };
}

const statusText = (s) => Object.entries(s).map(([k, v]) => `${k}: ${v}`).join(', ');

export async function run({ total = TOTAL, rounds = ROUNDS } = {}) {
  const redisServer = await startRedis();
  const redis = createClient({ url: redisServer.url });
  redis.on('error', () => {});
  const targets = [];
  try {
    await redis.connect();
    const bare = await startTarget('bare');
    targets.push(bare);
    const handler = await startTarget('handler', { redisUrl: redisServer.url });
    targets.push(handler);
    const rows = [];
    const ratios = [];
    const checks = [];
    const warm = await deliveryPlan({ total: 500, prefix: 'warm', seed: 99 });
    await blast(bare.url, warm.deliveries);
    await blast(handler.url, warm.deliveries);
    for (let r = 1; r <= rounds; r++) {
      const plan = await deliveryPlan({ total, prefix: `r${r}`, seed: r });
      const b = await blast(bare.url, plan.deliveries);
      const h = await blast(handler.url, plan.deliveries);
      const once = await exactlyOnce(redis, plan.eventIds);
      checks.push(once);
      ratios.push(h.rps / b.rps);
      rows.push([`${r}`, 'bare node:http (200)', fmtInt(b.rps), fmtMs(b.p50, 0), fmtMs(b.p99, 0), statusText(b.statuses), '—']);
      rows.push([`${r}`, 'toNodeHandler + RedisDedupeStore', fmtInt(h.rps), fmtMs(h.p50, 0), fmtMs(h.p99, 0), statusText(h.statuses),
        `${once.once}/${plan.uniques} once, ${once.doubles} doubles, ${once.losses} lost`]);
    }
    const ratio = median(ratios);
    const doubles = checks.reduce((n, c) => n + c.doubles, 0);
    const losses = checks.reduce((n, c) => n + c.losses, 0);
    return {
      title,
      intro: `${rounds} rounds of ${fmtInt(total)} signed deliveries (${fmtInt(total * 0.8)} events + ${fmtInt(total * 0.2)} copies of earlier ones), ` +
        `autocannon with ${CONNECTIONS} keep-alive connections, pipelining 1, on loopback. Targets run in their own Node processes; ` +
        'redis-server is private to this section. The handler verifies the HMAC signature, claims the event_id (SET NX PX), ' +
        'runs (HINCRBY of its run count in Redis) and marks it done. Latency figures are autocannon\'s (whole milliseconds).',
      tables: [{ columns: ['round', 'target', 'deliveries/s', 'p50', 'p99', 'HTTP statuses', 'handler runs per event'], rows }],
      goals: [
        { name: 'throughput ratio to a bare server', goal: '≥ 0.50×', figure: fmtRatio(ratio), met: ratio >= 0.5,
          bound: 'per delivery: HMAC + MD5 verification, two Redis round trips for dedupe (claim, complete) and one for the handler\'s own count, all on the 2 cores shared with the load generator and redis-server' },
        { name: 'exactly once (doubles, losses)', goal: '0, 0', figure: `${doubles}, ${losses}`, met: doubles === 0 && losses === 0 },
      ],
      notes: ['A copy arriving while the original is in flight is answered 409 (retryable) and is not processed; the original completes, so nothing is lost.'],
    };
  } finally {
    for (const t of targets) await t.stop();
    await redis.close?.().catch(() => {});
    await redisServer.stop();
  }
}
