/**
 * In-process dedupe store: bounded, with TTLs. Correct for one process only (use RedisDedupeStore for several).
 * Claims in progress and finished ids live in two insertion-ordered maps, each ordered by its entries' last write
 * (claim or renewal; completion), so expiry and eviction look only at the maps' heads: O(1) amortised per call.
 * A claim in progress is never evicted; a full store whose entries are all in progress answers 'busy'.
 */
import { ServerConfigError } from '../errors.js';
import { numberIn } from '../options.js';
import type { CheckpointStore, ClaimResult, DedupeStore } from './types.js';

export interface MemoryDedupeStoreOptions {
  /**
   * Most event ids kept, in progress and finished together. When full, a new claim first drops expired entries, then
   * the oldest finished id; claims in progress are never evicted, so a store full of them answers `'busy'` (the
   * webhook handler answers 503 + Retry-After). Default 100 000. @example { maxEntries: 10_000 }
   */
  maxEntries?: number;
  /**
   * Injectable monotonic clock in ms (default `performance.now`): leases and TTLs are durations, so a wall clock
   * stepped back or forward (NTP, a VM resumed) neither stretches nor cuts them. @example () => fakeNow
   */
  now?: () => number;
}

interface Claim {
  owner: string;
  expiresAt: number;
}

/**
 * The default dedupe store of `createWebhookHandler`: in this process only, bounded by `maxEntries` (claims in progress
 * are never evicted; a store full of them answers `'busy'`, i.e. 503 + Retry-After). For several processes or
 * restarts use `RedisDedupeStore`.
 * @example
 * const handler = createWebhookHandler({
 *   verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] },
 *   store: new MemoryDedupeStore({ maxEntries: 10_000 }),
 *   on: { 'crawl.completed': (event) => console.log(event.application_id, event.data.transactions) },
 * });
 */
export class MemoryDedupeStore implements DedupeStore, CheckpointStore {
  /** `handler.catchUp`'s checkpoints, by name. */
  readonly #checkpoints = new Map<string, string>();
  /** Claims in progress, ordered by their last claim or renewal. */
  readonly #claims = new Map<string, Claim>();
  /** Finished ids → expiry, ordered by completion. */
  readonly #done = new Map<string, number>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: MemoryDedupeStoreOptions = {}) {
    this.#max = numberIn('maxEntries', options.maxEntries === undefined ? 100_000 : options.maxEntries, {
      min: 1,
      max: 2 ** 32,
      integer: true,
    });
    if (options.now !== undefined && typeof options.now !== 'function')
      throw new ServerConfigError('now', 'now must be a function returning milliseconds on a monotonic clock');
    this.#now = options.now ?? (() => performance.now());
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    return this.#checkpoints.get(name);
  }

  async writeCheckpoint(name: string, value: string): Promise<void> {
    this.#checkpoints.set(name, value);
  }

  /** Nothing to connect to: resolves at once, so start-up code can `await store.connect()` whatever the store. */
  async connect(): Promise<void> {}

  /** Entries held, in progress and finished (expired ones count until they are dropped). */
  get size(): number {
    return this.#claims.size + this.#done.size;
  }

  /** The live claim of `id`, dropping it if its lease ran out. */
  #claim(id: string, now: number): Claim | undefined {
    const c = this.#claims.get(id);
    if (c && c.expiresAt <= now) {
      this.#claims.delete(id);
      return undefined;
    }
    return c;
  }

  #isDone(id: string, now: number): boolean {
    const expiresAt = this.#done.get(id);
    if (expiresAt === undefined) return false;
    if (expiresAt > now) return true;
    this.#done.delete(id);
    return false;
  }

  async claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult> {
    const now = this.#now();
    this.#dropExpiredHeads(now);
    if (this.#claim(eventId, now)) return 'in_flight';
    if (this.#isDone(eventId, now)) return 'done';
    if (this.size >= this.#max) {
      const oldestDone = this.#done.keys().next();
      if (oldestDone.done) return 'busy';
      this.#done.delete(oldestDone.value);
    }
    this.#claims.set(eventId, { owner, expiresAt: now + leaseMs });
    return 'claimed';
  }

  async renew(eventId: string, owner: string, leaseMs: number): Promise<boolean> {
    const now = this.#now();
    if (this.#claim(eventId, now)?.owner !== owner) return false;
    this.#claims.delete(eventId); // re-insert: the map stays ordered by last write, i.e. by expiry for one leaseMs
    this.#claims.set(eventId, { owner, expiresAt: now + leaseMs });
    return true;
  }

  async complete(eventId: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    if (this.#claim(eventId, now)?.owner !== owner) return false;
    this.#claims.delete(eventId);
    this.#done.set(eventId, now + ttlMs);
    return true;
  }

  async release(eventId: string, owner: string): Promise<boolean> {
    if (this.#claim(eventId, this.#now())?.owner !== owner) return false;
    this.#claims.delete(eventId);
    return true;
  }

  /**
   * Drops expired entries from the head of each map, stopping at the first live one: each entry is dropped once, so
   * this is O(1) amortised. An expired entry behind a live head (a shorter lease or TTL written later) is still treated
   * as absent by every lookup; its space comes back when it reaches the head or is looked up.
   */
  #dropExpiredHeads(now: number): void {
    for (const [id, c] of this.#claims) {
      if (c.expiresAt > now) break;
      this.#claims.delete(id);
    }
    for (const [id, expiresAt] of this.#done) {
      if (expiresAt > now) break;
      this.#done.delete(id);
    }
  }
}
