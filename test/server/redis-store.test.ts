// RedisDedupeStore's own deadline and script cache against a real redis-server (the hot path skips node-redis's
// per-command timeout and the SCRIPT LOAD round trip, so both fallbacks are checked here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { type AdminClient, type RunningRedis, startRedis, startRedisWithAdmin } from '../support/redis.js';

let redis: RunningRedis;
let admin: AdminClient;
let stop = async () => {};
beforeAll(async () => void ({ redis, admin, stop } = await startRedisWithAdmin()));
afterAll(() => stop());

it('a Redis that stops answering: each call rejects after about operationTimeoutMs, and works again once it answers', async () => {
  const s = new RedisDedupeStore({ url: redis.url, prefix: 'hang:', operationTimeoutMs: 200 });
  await s.connect();
  expect(await s.claim('warm', 'o', 5000)).toBe('claimed'); // scripts loaded: the next calls take the hot path
  await admin.sendCommand(['CLIENT', 'PAUSE', '1500', 'ALL']);
  const t0 = Date.now();
  const outcome = await s.claim('e1', 'o1', 5000).then(
    (v) => `resolved ${v}`,
    (e: Error) => e.message,
  );
  const took = Date.now() - t0;
  expect(outcome).toMatch(/timed out after 200 ms/);
  expect(took).toBeGreaterThanOrEqual(190);
  expect(took).toBeLessThan(1000);
  // Calls keep timing out until the pause ends; then the queued claim has run, late, and holds its lease.
  let after: string | undefined;
  while (after === undefined) after = await s.claim('e1', 'o2', 5000).catch(() => undefined);
  expect(after).toBe('in_flight');
  expect(await s.claim('e2', 'o2', 5000)).toBe('claimed');
  await s.close();
});

it('SCRIPT FLUSH (or a Redis restart) between calls: the store falls back to EVAL and keeps its guarantees', async () => {
  const s = new RedisDedupeStore({ url: redis.url, prefix: 'flush:' });
  expect(await s.claim('a', 'o1', 5000)).toBe('claimed');
  await admin.sendCommand(['SCRIPT', 'FLUSH']);
  expect(await s.claim('a', 'o2', 5000)).toBe('in_flight');
  expect(await s.complete('a', 'o1', 60_000)).toBe(true);
  await admin.sendCommand(['SCRIPT', 'FLUSH']);
  expect(await s.claim('a', 'o3', 5000)).toBe('done');
  expect(await s.claim('b', 'o1', 5000)).toBe('claimed');
  expect(await s.release('b', 'o1')).toBe(true);
  await s.close();
});

it('claims issued in the same tick: exactly one of 200 wins', async () => {
  const s = new RedisDedupeStore({ url: redis.url, prefix: 'tick:' });
  await s.connect();
  expect(await s.claim('warm', 'o', 5000)).toBe('claimed');
  const results = await Promise.all(Array.from({ length: 200 }, (_, i) => s.claim('same', `o${i}`, 5000)));
  expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
  expect(results.filter((r) => r === 'in_flight')).toHaveLength(199);
  await s.close();
});

it('a password not percent-encoded (# in it) names Redis and encodeURIComponent, never the password', () => {
  for (const url of ['redis://:hu@nter#22@127.0.0.1:6379', 'redis://:hu/nter22@127.0.0.1:6379']) {
    const made = (() => {
      try {
        return new RedisDedupeStore({ url });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(made).toBeInstanceOf(Error);
    const message = (made as Error).message;
    expect(message).toMatch(/Redis url .*percent-encoded with encodeURIComponent\(password\)/);
    expect(message).not.toMatch(/nter/);
  }
});

it('a wrong password (WRONGPASS) or none (NOAUTH) fails at once as a refused password, not as "did not answer"', async () => {
  const locked = await startRedis({ args: ['--requirepass', 's3cret-pw'] });
  try {
    const url = `redis://:wrong-pw@127.0.0.1:${locked.port}`;
    for (const u of [url, locked.url]) {
      const s = new RedisDedupeStore({ url: u, connectTimeoutMs: 10_000 });
      const t0 = Date.now();
      const e = (await s.connect().then(
        () => undefined,
        (err: Error) => err,
      )) as Error & { code?: string };
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(e?.code).toBe('STORE_UNREACHABLE');
      expect(e.message).toMatch(/Redis refused the user or password/);
      expect(e.message).not.toMatch(/did not answer|wrong-pw/);
      await s.close();
    }
  } finally {
    await locked.stop();
  }
});
