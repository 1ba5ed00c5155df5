// The kill test, Redis variant: RedisDedupeStore on a real redis-server and a non-transactional
// effect (RPUSH to a second redis-server). Every event's receiver is SIGKILLed once, at a point chosen per event
// (before the effect, after the effect but before complete(), after complete() before the HTTP answer), and the sender
// retries until a 2xx. Expected, and asserted: no event lost; doubles exactly where the kill fell after the effect and
// before complete() (the claim expires after leaseMs and the retry runs the event again). The figures are printed in
// one line (KILL_SEED=<seed> replays a run's plan).
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killEvents, runKillLoop } from '../support/kill-loop.js';
import { type RunningRedis, startRedis } from '../support/redis.js';

let dedupe: RunningRedis;
let effects: RunningRedis;
beforeAll(async () => void ([dedupe, effects] = await Promise.all([startRedis(), startRedis()])));
afterAll(async () => void (await Promise.all([dedupe?.stop(), effects?.stop()])));

const EVENTS = killEvents();
const EACH = EVENTS / 3;

it(`SIGKILL at each point, ${EVENTS} events: no losses; a kill after the effect, before complete(), doubles it`, async () => {
  const report = await runKillLoop({
    name: 'RedisDedupeStore + non-transactional effect',
    receiver: path.resolve('test/support/kill-receivers/redis.ts'),
    env: { DEDUPE_REDIS_URL: dedupe.url, EFFECTS_REDIS_URL: effects.url },
    events: EVENTS,
    leaseMs: 500,
    spares: 5,
    async countEffects() {
      const c = createClient({ url: effects.url });
      await c.connect();
      const rows = await c.lRange('effects', 0, -1);
      await c.close();
      const n = new Map<string, number>();
      for (const row of rows) {
        const id = row.split(' ')[0]!;
        n.set(id, (n.get(id) ?? 0) + 1);
      }
      return n;
    },
  });
  console.log(report.line);
  expect(report.kills).toEqual({ before_effect: EACH, after_effect: EACH, after_complete: EACH });
  expect(report.losses).toBe(0);
  expect(report.doubles).toBeGreaterThan(0); // the documented behaviour of a store outside the effect's transaction
  // Each kill after the effect and before complete() is re-run once its claim expired: one double each.
  expect(report.doublesByPoint.after_effect).toBe(EACH);
  // No other double, unless a claim was lost while a handler ran (503 LEASE_LOST: a stall longer than the lease).
  const others = report.doublesByPoint.before_effect + report.doublesByPoint.after_complete;
  expect(others).toBeLessThanOrEqual(report.answers[503] ?? 0);
}, 180_000);
