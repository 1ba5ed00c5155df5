/** In-process dedupe store: bounded, with TTLs. Correct for one process only (use RedisDedupeStore for several). */
import { ServerConfigError } from '../errors.js';
import { type ClaimResult, DONE, type DedupeStore } from './types.js';

export interface MemoryDedupeStoreOptions {
  /** Most event ids kept; the oldest finished ones are evicted first. Default 100 000. @example { maxEntries: 10_000 } */
  maxEntries?: number;
  /** Injectable clock (epoch ms). @example () => fakeNow */
  now?: () => number;
}

export class MemoryDedupeStore implements DedupeStore {
  readonly #entries = new Map<string, { value: string; expiresAt: number }>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: MemoryDedupeStoreOptions = {}) {
    this.#max = options.maxEntries ?? 100_000;
    if (!Number.isInteger(this.#max) || this.#max < 1) throw new ServerConfigError('maxEntries', 'maxEntries must be a positive integer');
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  #live(id: string) {
    const e = this.#entries.get(id);
    if (e && e.expiresAt <= this.#now()) {
      this.#entries.delete(id);
      return undefined;
    }
    return e;
  }

  async claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult> {
    const e = this.#live(eventId);
    if (e) return e.value === DONE ? 'done' : 'in_flight';
    this.#makeRoom();
    this.#entries.set(eventId, { value: owner, expiresAt: this.#now() + leaseMs });
    return 'claimed';
  }

  async complete(eventId: string, owner: string, ttlMs: number): Promise<boolean> {
    if (this.#live(eventId)?.value !== owner) return false;
    this.#entries.delete(eventId); // re-insert so insertion order tracks completion order for eviction
    this.#entries.set(eventId, { value: DONE, expiresAt: this.#now() + ttlMs });
    return true;
  }

  async release(eventId: string, owner: string): Promise<boolean> {
    if (this.#live(eventId)?.value !== owner) return false;
    this.#entries.delete(eventId);
    return true;
  }

  #makeRoom(): void {
    if (this.#entries.size < this.#max) return;
    const now = this.#now();
    for (const [k, e] of this.#entries) if (e.expiresAt <= now) this.#entries.delete(k);
    if (this.#entries.size < this.#max) return;
    for (const [k, e] of this.#entries) {
      if (e.value === DONE) {
        this.#entries.delete(k);
        return;
      }
    }
    this.#entries.delete(this.#entries.keys().next().value!);
  }
}
