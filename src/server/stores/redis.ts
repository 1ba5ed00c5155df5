/**
 * Redis dedupe store (node-redis ≥ 5). Claim = `SET key owner NX PX lease` (atomic: exactly one concurrent delivery
 * wins); complete and release are Lua scripts that act only while the value is still the caller's owner id.
 * 'redis' is imported lazily, only when constructed with `{ url }`; pass `{ client }` to reuse your own connection.
 */
import { ServerConfigError } from '../errors.js';
import { type ClaimResult, DONE, type DedupeStore } from './types.js';

/** The subset of a node-redis client this store uses. */
export interface RedisLikeClient {
  set(key: string, value: string, options: { condition: 'NX'; expiration: { type: 'PX'; value: number } }): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisDedupeStoreOptions {
  /** Connection URL; the store creates, connects and owns the client. @example 'redis://127.0.0.1:6379' */
  url?: string;
  /** A connected node-redis client you own (the store never closes it). @example createClient({ url }) */
  client?: RedisLikeClient;
  /** Key prefix. Default `hj:webhook:`. @example 'myapp:hj:' */
  prefix?: string;
  /** Each store call fails after this long (so a hung Redis becomes a 503, not a hung request). Default 2000 ms. */
  operationTimeoutMs?: number;
}

const COMPLETE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end return 0`;

export class RedisDedupeStore implements DedupeStore {
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #url: string | undefined;
  #client: Promise<RedisLikeClient> | undefined;
  #owned: { close?(): Promise<unknown>; destroy?(): void } | undefined;

  constructor(options: RedisDedupeStoreOptions) {
    if (!options || (!options.url && !options.client)) throw new ServerConfigError('url', 'RedisDedupeStore needs { url } or { client }');
    this.#prefix = options.prefix ?? 'hj:webhook:';
    this.#timeoutMs = options.operationTimeoutMs ?? 2000;
    this.#url = options.url;
    if (options.client) this.#client = Promise.resolve(options.client);
  }

  /**
   * Connects now instead of on the first delivery. Optional; call it at start-up so a burst of first deliveries does not
   * race the connection (and time out into 503s). Rejects when Redis is unreachable.
   * @example await store.connect(); server.listen(3000);
   */
  async connect(): Promise<void> {
    await this.#connect();
  }

  #connect(): Promise<RedisLikeClient> {
    this.#client ??= (async () => {
      const { createClient } = await import('redis');
      const client = createClient({
        url: this.#url!,
        // Fail fast while disconnected (→ 503) instead of queueing commands; keep reconnecting in the background.
        disableOfflineQueue: true,
        socket: { connectTimeout: this.#timeoutMs, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000) },
      });
      client.on('error', () => {
        /* reported per call as a rejected operation */
      });
      this.#owned = client as never;
      await client.connect();
      return client as unknown as RedisLikeClient;
    })().catch((e: unknown) => {
      // Allow the next call to try again; the owned client keeps reconnecting only once connected.
      const owned = this.#owned;
      this.#client = undefined;
      this.#owned = undefined;
      owned?.destroy?.();
      throw e;
    });
    return this.#client;
  }

  #op<T>(fn: (c: RedisLikeClient) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`redis operation timed out after ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    return Promise.race([this.#connect().then(fn), timeout]).finally(() => clearTimeout(timer));
  }

  async claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult> {
    const key = this.#prefix + eventId;
    return this.#op(async (c) => {
      const ok = await c.set(key, owner, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.round(leaseMs)) } });
      if (ok === 'OK') return 'claimed';
      // Lost the race: it is either finished or someone holds it. A value that vanished in between counts as in flight.
      return (await c.get(key)) === DONE ? 'done' : 'in_flight';
    });
  }

  async complete(eventId: string, owner: string, ttlMs: number): Promise<boolean> {
    const r = await this.#op((c) => c.eval(COMPLETE, { keys: [this.#prefix + eventId], arguments: [owner, DONE, String(Math.round(ttlMs))] }));
    return Number(r) === 1;
  }

  async release(eventId: string, owner: string): Promise<boolean> {
    const r = await this.#op((c) => c.eval(RELEASE, { keys: [this.#prefix + eventId], arguments: [owner] }));
    return Number(r) === 1;
  }

  /** Closes the client the store created from `{ url }`; a client you passed in is left alone. */
  async close(): Promise<void> {
    const owned = this.#owned;
    this.#owned = undefined;
    this.#client = undefined;
    if (owned?.close) await owned.close().catch(() => owned.destroy?.());
  }
}
