// Event types named like Object.prototype members must reach the '*' handler, not skip it or answer 500 forever:
// handlers are looked up by own property only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event, storesOf } from '../support/deliveries.js';
import { startRedis, type RunningRedis } from '../support/redis.js';

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

const TYPES = [
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
];

describe.each(storesOf(() => redis))('$name', ({ make }) => {
  it("event types named like Object.prototype members reach the '*' handler, or are ignored without one", async () => {
    const store = make();
    await store.connect?.(); // connect first: a lazy connect under load can outlast operationTimeoutMs (then 503, not the behaviour under test)
    const seen: string[] = [];
    const withStar = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      on: { 'consent.authorised': () => {}, '*': (e) => void seen.push(e.type) },
    });
    const without = createWebhookHandler({ verify: { keys: KEYS }, store, on: { 'consent.authorised': () => {} } });
    for (const type of TYPES) {
      const r = await deliver(withStar, event(`evt_star_${type}`, type));
      expect([type, r.status, r.outcome]).toEqual([type, 200, 'processed']);
      const i = await deliver(without, event(`evt_none_${type}`, type));
      expect([type, i.status, i.outcome]).toEqual([type, 200, 'ignored']);
    }
    expect(seen).toEqual(TYPES);
    await store.close?.();
  });
});
