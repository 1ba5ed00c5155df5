/**
 * The sandbox's clocks, one per token: the injectable `now` plus whatever that token's `advance()` added, and every
 * timer kept on it for that token's applications (crawls, crawler timeouts, consent warnings and expiries, webhook
 * retries to its receivers).
 * 1. A timer fires after its delay of real time, or once `advance()` moves the clock past its due time, whichever
 *    comes first; it fires once.
 * 2. `advance()` fires every timer that falls due, earliest first (ties in the order they were set), with the clock
 *    standing at each one's due time while it runs; timers set meanwhile that fall due before the target fire too.
 * 3. A delay longer than Node keeps (2³¹ − 1 ms) is waited for in steps, checked against the clock at each step.
 * 4. A timer runs in the async context the clock module was loaded in: never in that of the request that set it or
 *    the one whose `advance()` fired it (so no request's context, nor an OpenTelemetry context of the caller's, reaches
 *    what it does). What it needs of a request is passed to it explicitly.
 * 5. One token's `advance()` moves only its own clock: another token's applications, consents and retries keep time.
 */
import { AsyncResource } from 'node:async_hooks';

const MAX_TIMER_MS = 2 ** 31 - 1;
/** The scope every timer runs in (constraint 4). */
const TIMERS_SCOPE = new AsyncResource('hosted-journey-sandbox.clock');

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
  real: NodeJS.Timeout | undefined;
}

export class SandboxClock {
  readonly #base: () => Date;
  #offset = 0;
  /** While `advance()` runs a timer: the clock stands still at its due time. */
  #pinned: number | undefined;
  #seq = 0;
  #closed = false;
  /** Pending timers, earliest due first (ties by seq). */
  readonly #timers: Timer[] = [];

  constructor(base: () => Date) {
    this.#base = base;
  }

  now(): Date {
    return new Date(this.#pinned ?? this.#base().getTime() + this.#offset);
  }

  /** How far `advance()` has moved the clock past the injectable `now`, ms. */
  get offsetMs(): number {
    return this.#offset;
  }

  /** Runs `fn` after `ms`; answers a function that cancels it. */
  later(ms: number, fn: () => void): () => void {
    return this.at(this.now().getTime() + Math.max(0, ms), fn);
  }

  /**
   * Runs `fn` when the clock reaches `due` (epoch ms; at once if it already has). A time computed from an earlier
   * `now()` stays exact: `later(due - now())` would land as late as the real time spent in between.
   */
  at(due: number, fn: () => void): () => void {
    const timer: Timer = { due, seq: this.#seq++, fn, real: undefined };
    if (this.#closed) return () => {};
    this.#insert(timer);
    this.#arm(timer, due - this.now().getTime());
    return () => this.#remove(timer);
  }

  /** Moves the clock `ms` forward, firing what falls due in order; answers the new time. */
  advance(ms: number): Date {
    const target = this.now().getTime() + ms;
    try {
      for (;;) {
        const next = this.#timers[0];
        if (!next || next.due > target || this.#closed) break;
        this.#remove(next);
        this.#pinned = Math.max(next.due, this.#pinned ?? this.now().getTime());
        this.#run(next);
      }
    } finally {
      this.#pinned = undefined;
    }
    const now = this.now().getTime();
    if (target > now) this.#offset += target - now;
    return new Date(target);
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers.splice(0)) clearTimeout(t.real);
  }

  #arm(timer: Timer, ms: number): void {
    const wait = Math.min(Math.max(0, ms), MAX_TIMER_MS);
    timer.real = setTimeout(() => {
      timer.real = undefined;
      const left = timer.due - this.now().getTime();
      if (ms > MAX_TIMER_MS && left > 0) return this.#arm(timer, left);
      this.#remove(timer);
      this.#run(timer);
    }, wait);
  }

  #run(timer: Timer): void {
    try {
      TIMERS_SCOPE.runInAsyncScope(timer.fn);
    } catch (error) {
      console.error('[sandbox] timer', error);
    }
  }

  #insert(timer: Timer): void {
    let lo = 0;
    let hi = this.#timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const t = this.#timers[mid]!;
      if (t.due < timer.due || (t.due === timer.due && t.seq < timer.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.#timers.splice(lo, 0, timer);
  }

  #remove(timer: Timer): void {
    clearTimeout(timer.real);
    timer.real = undefined;
    const i = this.#timers.indexOf(timer);
    if (i >= 0) this.#timers.splice(i, 1);
  }
}

/** What the sandbox's code uses of a token's clock. */
export type TokenClock = Pick<SandboxClock, 'now' | 'later' | 'at' | 'advance'>;

/** Every token's clock, made at its first use on the same injectable `now`; closed together. */
export class SandboxClocks {
  readonly #base: () => Date;
  readonly #clocks = new Map<string, SandboxClock>();
  #closed = false;

  constructor(base: () => Date) {
    this.#base = base;
  }

  /** The clock of `tokenId` (an authenticated token's id, or an application's owner). */
  of(tokenId: string): SandboxClock {
    let clock = this.#clocks.get(tokenId);
    if (!clock) {
      clock = new SandboxClock(this.#base);
      if (this.#closed) clock.close();
      this.#clocks.set(tokenId, clock);
    }
    return clock;
  }

  close(): void {
    this.#closed = true;
    for (const clock of this.#clocks.values()) clock.close();
  }
}
