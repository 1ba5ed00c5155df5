/**
 * Keeps the claims of running handlers alive. One timer per webhook handler, not one per delivery (a setInterval /
 * clearInterval pair took about 3 µs in a tight loop, a tenth of the memory store's CPU per delivery in BENCHMARKS.md):
 * it starts with the first claim held and stops itself at the first tick that finds none (unref'd meanwhile, so it
 * never keeps a Node process alive; a dropped claim is never renewed). Every leaseMs/4 it renews each held claim not
 * renewed for leaseMs/8, one renewal per claim at a time, so a running claim is renewed at most 3/8 leaseMs apart
 * (timers and the store permitting).
 *   - renew() → false: the claim is gone for good (it never returns to an owner that lost it); the signal aborts and
 *     the delivery will answer 503 LEASE_LOST.
 *   - renew() rejects (store error): decides nothing at first; complete() later confirms or refutes ownership.
 *   - no renewal has succeeded for a whole lease (a partition: every renewal failed or hangs): the claim may have
 *     expired and another delivery may be running the event, so the signal aborts — the handler should stop and not
 *     commit what it has not committed — while complete() still decides the answer (200 if nobody claimed it).
 */
import type { DedupeStore } from '../stores/types.js';

/** setInterval's longest delay (larger values fire after 1 ms in Node). */
const MAX_DELAY = 2 ** 31 - 1;

export class HeldClaim {
  lost = false;
  renewalFailed = false;
  pending: Promise<void> | undefined;
  #ac: AbortController | undefined;
  constructor(
    readonly id: string,
    readonly owner: string,
    public last: number,
  ) {}

  /** Created on first use: most handlers never read it. */
  get signal(): AbortSignal {
    if (!this.#ac) {
      this.#ac = new AbortController();
      this.#abort();
    }
    return this.#ac.signal;
  }

  #reason: Error | undefined;

  lose(): void {
    this.lost = true;
    this.#abort(`the claim on ${this.id} was lost while its handler ran`);
  }

  /** Renewals have failed for a whole lease: the claim may be gone (aborts once; ownership left to complete()). */
  expire(): void {
    this.#abort(`no renewal of the claim on ${this.id} succeeded for a whole lease; another delivery may run it`);
  }

  #abort(message?: string): void {
    if (message && !this.#reason) this.#reason = new Error(message);
    if (this.#reason && !this.#ac?.signal.aborted) this.#ac?.abort(this.#reason);
  }
}

export class LeaseKeeper {
  readonly #held = new Set<HeldClaim>();
  readonly #period: number;
  #timer: ReturnType<typeof setInterval> | undefined;

  readonly #store: DedupeStore;
  readonly #leaseMs: number;
  readonly #onRenewError: (error: unknown, eventId: string) => void;

  readonly #now: () => number;

  /**
   * `onRenewError`: store errors of renewals, once per claim. `now`: the clock of lease durations, monotonic so a
   * wall clock stepped back or forward neither pauses renewals nor expires a held claim early.
   */
  constructor(
    store: DedupeStore,
    leaseMs: number,
    onRenewError: (error: unknown, eventId: string) => void,
    now: () => number = () => performance.now(),
  ) {
    this.#now = now;
    this.#store = store;
    this.#leaseMs = leaseMs;
    this.#onRenewError = onRenewError;
    this.#period = Math.min(Math.max(1, leaseMs / 4), MAX_DELAY);
  }

  /** Number of claims being renewed (for tests). */
  get size(): number {
    return this.#held.size;
  }

  hold(id: string, owner: string): HeldClaim {
    const h = new HeldClaim(id, owner, this.#now());
    this.#held.add(h);
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => this.#tick(), this.#period);
      (this.#timer as { unref?(): void }).unref?.();
    }
    return h;
  }

  /** Stops renewing `h` (waiting for a renewal in progress); true when a renewal found the claim lost. */
  async drop(h: HeldClaim): Promise<boolean> {
    this.#held.delete(h);
    await h.pending;
    return h.lost;
  }

  #tick(): void {
    if (this.#held.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    const now = this.#now();
    for (const h of this.#held) {
      if (h.lost) continue;
      if (now - h.last >= this.#leaseMs) h.expire();
      if (!h.pending && now - h.last >= this.#period / 2) this.#renew(h, now);
    }
  }

  #renew(h: HeldClaim, now: number): void {
    h.pending = Promise.resolve()
      .then(() => this.#store.renew(h.id, h.owner, this.#leaseMs))
      .then(
        (ok) => {
          if (ok) h.last = now;
          else h.lose();
        },
        (e: unknown) => {
          if (!h.renewalFailed) this.#onRenewError(e, h.id);
          h.renewalFailed = true;
        },
      )
      .finally(() => {
        h.pending = undefined;
      });
  }
}
