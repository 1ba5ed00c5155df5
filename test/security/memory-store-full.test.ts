// A full MemoryDedupeStore must not scan all its entries on every claim, nor evict a claim whose handler is still
// running (then a copy would run twice). Expiry and eviction are O(1) amortised over insertion-ordered maps; a claim
// in progress is never evicted: with nothing else to drop, a new claim answers 'busy' → 503.
// (Memory store only: Redis has no entry cap of its own.)
import { describe, expect, it } from 'vitest';
import { MemoryDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';

/** Counts the entries visited by every Map iteration (for...of, keys(), entries(), values(), forEach) while `fn` runs synchronously. */
function mapSteps<T>(fn: () => T): { value: T; steps: number } {
  const iterProto = Object.getPrototypeOf(new Map().entries()) as { next: (...a: unknown[]) => unknown };
  const next = iterProto.next;
  const forEach = Map.prototype.forEach;
  let steps = 0;
  iterProto.next = function (this: unknown, ...a: unknown[]) {
    steps++;
    return next.apply(this, a);
  };
  const proto = Map.prototype as unknown as {
    forEach: (this: Map<unknown, unknown>, cb: (...a: unknown[]) => void, t?: unknown) => void;
  };
  proto.forEach = function (cb, thisArg) {
    return forEach.call(this, (...a: unknown[]) => {
      steps++;
      cb.apply(thisArg, a);
    });
  };
  try {
    return { value: fn(), steps };
  } finally {
    iterProto.next = next;
    Map.prototype.forEach = forEach;
  }
}

describe('MemoryDedupeStore when full', () => {
  it('a full memory store never evicts a running claim: the new event answers 503 and the running one runs once', async () => {
    const store = new MemoryDedupeStore({ maxEntries: 2 });
    const runs: string[] = [];
    const stages: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let bothRunning!: () => void;
    const running = new Promise<void>((r) => (bothRunning = r));
    const h = createWebhookHandler({
      verify: { keys: KEYS },
      store,
      onError: (_e, info) => stages.push(info.stage),
      on: {
        '*': async (e) => {
          runs.push(e.event_id);
          if (runs.length === 2) bothRunning();
          if (e.event_id !== 'evt_new') await gate;
        },
      },
    });
    const a = deliver(h, event('evt_a'));
    const b = deliver(h, event('evt_b'));
    await running; // both are running, the store is full of claims in progress
    const c = await deliver(h, event('evt_new'));
    expect([c.status, c.outcome, c.json.error?.code, c.headers['retry-after']]).toEqual([
      503,
      'unavailable',
      'STORE_BUSY',
      '5',
    ]);
    expect(stages).toEqual(['store']);
    const copy = await deliver(h, event('evt_a')); // evt_a's claim must still be there
    expect([copy.status, copy.outcome]).toEqual([409, 'in_flight']);
    open();
    expect([(await a).status, (await b).status]).toEqual([200, 200]);
    expect((await deliver(h, event('evt_new'))).outcome).toBe('processed'); // the oldest done entry made room
    expect(runs).toEqual(['evt_a', 'evt_b', 'evt_new']);
  });

  it('a full memory store does not scan its entries on each claim (Map steps per claim stay constant)', async () => {
    const n = 5_000;
    let t = 0;
    const s = new MemoryDedupeStore({ maxEntries: n, now: () => t });
    for (let i = 0; i < n; i++) {
      await s.claim(`d${i}`, 'o', 60_000);
      await s.complete(`d${i}`, 'o', 3_600_000);
    }
    expect(s.size).toBe(n);
    t = 1000;
    const worst = { steps: 0 };
    for (let i = 0; i < 50; i++) {
      const { value, steps } = mapSteps(() => s.claim(`new${i}`, 'o', 60_000));
      expect(await value).toBe('claimed');
      worst.steps = Math.max(worst.steps, steps);
    }
    expect(s.size).toBe(n);
    expect(worst.steps).toBeLessThanOrEqual(4);
    // The oldest finished ids made room, in order; the newer ones are still remembered.
    expect(await s.claim('d0', 'x', 60_000)).toBe('claimed');
    expect(await s.claim(`d${n - 1}`, 'x', 60_000)).toBe('done');
  });
});
