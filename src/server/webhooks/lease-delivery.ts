/**
 * The lease strategy, for a DedupeStore (memory, Redis): a delivery claims the event under a random owner token, the
 * LeaseKeeper (lease.ts) renews the claim while the function runs, and only that owner can renew, complete or
 * release it. The answer is 200 only when complete() confirmed the owner still held the claim, i.e. no other delivery
 * claimed the event since (see stores/types.ts).
 *   claim rejects → 503 STORE_UNAVAILABLE · 'done' → 200 duplicate · 'in_flight' → 409 · 'busy' → 503 STORE_BUSY
 *   function throws → release → 500 HANDLER_FAILED · claim lost while it ran → 503 LEASE_LOST
 */
import type { DedupeStore } from '../stores/types.js';
import type { DeliveryStrategy, Replies, Report, Run, WebhookResult } from './delivery.js';
import { LeaseKeeper } from './lease.js';

/** A store call that threw or rejected. */
const DOWN = Symbol('store down');

export interface LeaseTimes {
  leaseMs: number;
  doneTtlMs: number;
}

export class LeaseDelivery implements DeliveryStrategy {
  readonly #store: DedupeStore;
  readonly #times: LeaseTimes;
  readonly #replies: Replies;
  readonly #report: Report;
  readonly #leases: LeaseKeeper;

  constructor(store: DedupeStore, times: LeaseTimes, replies: Replies, report: Report) {
    this.#store = store;
    this.#times = times;
    this.#replies = replies;
    this.#report = report;
    this.#leases = new LeaseKeeper(store, times.leaseMs, (e, id) => report(e, { stage: 'store', eventId: id }));
  }

  async deliver(id: string, run: Run): Promise<WebhookResult> {
    const owner = crypto.randomUUID();
    const claim = await this.#ask(id, () => this.#store.claim(id, owner, this.#times.leaseMs));
    if (claim === DOWN)
      return this.#replies.unavailable(id, 'STORE_UNAVAILABLE', 'dedupe store unreachable; retry later');
    if (claim !== 'claimed') return this.#notClaimed(id, claim);
    if (!run) return this.#finish(id, owner, 'ignored');
    const held = this.#leases.hold(id, owner);
    try {
      await run(held);
    } catch (e) {
      await this.#leases.drop(held);
      this.#report(e, { stage: 'handler', eventId: id });
      await this.#ask(id, () => this.#store.release(id, owner));
      return this.#replies.failed(id);
    }
    if (await this.#leases.drop(held)) return this.#leaseLost(id);
    return this.#finish(id, owner, 'processed');
  }

  /** The store's answer, or DOWN when the call threw or rejected (reported at the 'store' stage). */
  async #ask<T>(id: string, call: () => Promise<T>): Promise<T | typeof DOWN> {
    try {
      return await call();
    } catch (e) {
      this.#report(e, { stage: 'store', eventId: id });
      return DOWN;
    }
  }

  #notClaimed(id: string, claim: unknown): WebhookResult {
    if (claim === 'done') return this.#replies.duplicate(id);
    if (claim === 'in_flight') return this.#replies.inFlight(id);
    if (claim === 'busy') {
      this.#report(new Error('dedupe store full: every entry is a claim in progress (raise maxEntries?)'), {
        stage: 'store',
        eventId: id,
      });
      return this.#replies.unavailable(id, 'STORE_BUSY', 'dedupe store full; retry later');
    }
    this.#report(
      new Error(`store.claim() answered ${JSON.stringify(claim)}; expected 'claimed', 'in_flight', 'done' or 'busy'`),
      { stage: 'store', eventId: id },
    );
    return this.#replies.unavailable(id, 'STORE_UNAVAILABLE', 'dedupe store unreachable; retry later');
  }

  /** Marks done; 200 only when the store confirms this owner still held the claim. */
  async #finish(id: string, owner: string, outcome: 'processed' | 'ignored'): Promise<WebhookResult> {
    const completed = await this.#ask(id, () => this.#store.complete(id, owner, this.#times.doneTtlMs));
    if (completed === DOWN)
      return this.#replies.unavailable(id, 'STORE_UNAVAILABLE', 'processed but not recorded; retry later');
    return completed ? this.#replies.processed(id, outcome) : this.#leaseLost(id);
  }

  #leaseLost(id: string): WebhookResult {
    this.#report(
      new Error(
        `the claim on ${id} was lost while its handler ran (lease expired or taken by another delivery); answered 503`,
      ),
      { stage: 'lease_lost', eventId: id },
    );
    return this.#replies.unavailable(
      id,
      'LEASE_LOST',
      'the claim on this event was lost while it was processed; retry later',
    );
  }
}
