// The wall clock stepped an hour back or forward (NTP, a VM resumed, an operator) while claims are held: the stores
// keep their leases, TTLs and operation deadlines on the monotonic clock, so a claim neither expires at once (a
// concurrent redelivery) nor lives an hour longer, and a Redis operation deadline stays bounded. Date.now is stepped;
// the monotonic clock (performance.now) moves only where a test moves it, and the timers keep real time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryDedupeStore, RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { type AdminClient, type RunningRedis, startRedisWithAdmin } from '../support/redis.js';

const HOUR = 3600_000;
const realNow = Date.now.bind(Date);
const realMonotonic = performance.now.bind(performance);
/** Steps Date.now by `ms` from now on (cumulative); performance.now is untouched. */
let offset = 0;
function stepWallClock(ms: number): void {
  offset += ms;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
}
/** Moves performance.now `ms` ahead from now on (cumulative), as that much time passing would; Date.now is untouched. */
let elapsed = 0;
function advanceMonotonic(ms: number): void {
  elapsed += ms;
  vi.spyOn(performance, 'now').mockImplementation(() => realMonotonic() + elapsed);
}
afterEach(() => {
  offset = 0;
  elapsed = 0;
  vi.restoreAllMocks();
});

let redis: RunningRedis;
let admin: AdminClient;
let stop = async () => {};
beforeAll(async () => void ({ redis, admin, stop } = await startRedisWithAdmin()));
afterAll(() => stop());

describe('MemoryDedupeStore (default clock)', () => {
  it.each([
    ['forward', HOUR],
    ['back', -HOUR],
  ])('wall clock an hour %s: a held claim stays held, then expires after its own lease', async (_dir, step) => {
    const s = new MemoryDedupeStore();
    expect(await s.claim('e1', 'o1', 400)).toBe('claimed');
    stepWallClock(step);
    expect(await s.claim('e1', 'o2', 400)).toBe('in_flight'); // forward: not expired by an hour of wall clock
    expect(await s.renew('e1', 'o1', 400)).toBe(true);
    advanceMonotonic(600); // back: the lease is not an hour longer
    expect(await s.claim('e1', 'o2', 400)).toBe('claimed');
    expect(await s.complete('e1', 'o1', 60_000)).toBe(false);
    expect(await s.complete('e1', 'o2', 60_000)).toBe(true);
    stepWallClock(-2 * step);
    expect(await s.claim('e1', 'o3', 400)).toBe('done'); // the done mark's TTL is not cut by a step either
  });

  it('wall clock an hour forward mid-handler: no concurrent redelivery (the copy answers 409, then duplicate)', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let started!: () => void;
    const inHandler = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store: new MemoryDedupeStore(),
      leaseMs: 400,
      on: {
        '*': async () => {
          runs++;
          maxRunning = Math.max(maxRunning, ++running);
          started();
          await finished;
          running--;
        },
      },
    });
    const first = deliver(h, event('evt_step_fwd'));
    await inHandler; // the first delivery holds the claim and runs
    stepWallClock(HOUR);
    const copy = await deliver(h, event('evt_step_fwd'));
    expect([copy.status, copy.outcome]).toEqual([409, 'in_flight']);
    finish();
    expect((await first).status).toBe(200);
    expect((await deliver(h, event('evt_step_fwd'))).outcome).toBe('duplicate');
    expect([runs, maxRunning]).toEqual([1, 1]);
  });
});

describe('RedisDedupeStore operation deadline (real redis-server, paused)', () => {
  it.each([
    ['back', -HOUR],
    ['forward', HOUR],
  ])('wall clock an hour %s while a call waits: it still fails after operationTimeoutMs', async (_dir, step) => {
    const s = new RedisDedupeStore({ url: redis.url, prefix: `step${step}:`, operationTimeoutMs: 300 });
    await s.connect();
    expect(await s.claim('warm', 'o', 5000)).toBe('claimed');
    await admin.sendCommand(['CLIENT', 'PAUSE', '1200', 'ALL']);
    const t0 = performance.now();
    const pending = s.claim('e1', 'o1', 5000).then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    // The call's deadline was taken when it was made (synchronously, on the monotonic clock): step the wall clock now.
    stepWallClock(step);
    const outcome = await pending;
    const took = performance.now() - t0;
    expect(outcome).toMatch(/timed out after 300 ms/);
    expect(took).toBeGreaterThanOrEqual(290); // forward: not cut short
    expect(took).toBeLessThan(1000); // back: not stretched by an hour
    await admin.sendCommand(['PING']); // answered once the pause ends
    await s.close();
  });
});
