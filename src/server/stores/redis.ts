/**
 * Redis dedupe store (node-redis ≥ 5). Claim = `SET key owner NX PX lease` run in a Lua script that also returns the
 * current value when the key is taken (atomic: exactly one concurrent delivery wins; one round trip); renew (PEXPIRE),
 * complete and release are Lua scripts that act only while the value is still the caller's owner id.
 * 'redis' is imported lazily, only when constructed with `{ url }`; pass `{ client }` to reuse your own connection, a
 * plain client (`createClient`) or a cluster client (`createCluster`). Every script touches one key, so on a cluster
 * each runs on the master of its key's slot and no hash tags are needed; EVALSHA is routed by that key too, and a node
 * that lacks a script (SCRIPT LOAD reached other nodes, a new or restarted node) answers NOSCRIPT and gets it by EVAL.
 */
import { ServerConfigError, StoreConnectionError } from '../errors.js';
import { MAX_TIMER_MS, numberIn } from '../options.js';
import { addressOf, connectTimeoutOption, reason, withDeadline } from './connect.js';
import { type CheckpointStore, type ClaimResult, DONE, type DedupeStore } from './types.js';

const REDIS_PACKAGE = 'redis';

/** The subset of a node-redis client this store uses. */
export interface RedisLikeClient {
  set(
    key: string,
    value: string,
    options: { condition: 'NX'; expiration: { type: 'PX'; value: number } },
  ): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Used when present (node-redis has both): scripts are sent once and then run by SHA. */
  evalSha?(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  scriptLoad?(script: string): Promise<string>;
  /**
   * Used when present (node-redis): EVALSHA as a raw command, without the typed command layer (its parser, transform
   * and extra async hop).
   */
  sendCommand?(args: string[]): Promise<unknown>;
  /** Used when present (node-redis ≥ 5): a view of the client with other per-command options. */
  withCommandOptions?(options: { timeout?: number }): RedisLikeClient;
}

/** The subset of a node-redis cluster client (`createCluster`) this store uses. */
export interface RedisClusterLikeClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  evalSha?(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** node-redis ≥ 6 sends SCRIPT LOAD to every node; older versions to one (the others then answer NOSCRIPT once). */
  scriptLoad?(script: string): Promise<string>;
  /** A raw command routed to the master of `firstKey`'s slot (`isReadonly` false). */
  sendCommand?(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
  withCommandOptions?(options: { timeout?: number }): RedisClusterLikeClient;
  /** Only a cluster client has it: tells the two kinds of client apart (their `sendCommand` differ). */
  getSlotMaster(slot: number): unknown;
}

/** A node's address in node-redis options: a URL or a socket's host and port. */
interface NodeOptionsView {
  url?: string;
  socket?: { host?: string; port?: number };
}

/**
 * What node-redis clients expose of their options (a plain client as `options`, a cluster as `_options`): read only to
 * name the address in a connection error.
 */
interface ClientOptionsView {
  options?: NodeOptionsView;
  _options?: { rootNodes?: NodeOptionsView[] };
  isOpen?: boolean;
}

const nodeAddress = (n: NodeOptionsView | undefined): string | undefined =>
  n?.url
    ? addressOf(n.url)
    : n?.socket?.port !== undefined
      ? `redis://${n.socket.host ?? 'localhost'}:${n.socket.port}`
      : undefined;

/**
 * A password with `#`, `?`, `/` or `@` not percent-encoded makes the URL parse to another host (or not at all), and the
 * driver would then dial the wrong address or fail in the URL parser's words. The message never quotes the URL: the
 * password sits in it.
 */
function checkedUrl(url: string): string {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {}
  if (u && !`${u.pathname}${u.search}${u.hash}`.includes('@')) return url;
  throw new ServerConfigError(
    'url',
    `RedisDedupeStore: the Redis url ${u ? 'has an @ after its host' : 'is not a valid URL'}; ` +
      'a password with # ? / or @ must be percent-encoded with encodeURIComponent(password), ' +
      'e.g. redis://:p%23ss@host:6379',
  );
}

/** Redis refused the credentials: no retry or wait will help. */
const REFUSED = /WRONGPASS|NOAUTH|invalid password|invalid username-password/i;

type AnyClient = RedisLikeClient | RedisClusterLikeClient;
/** A Lua script with its keys and arguments. */
interface ScriptCall {
  script: string;
  keys: string[];
  args: string[];
}
const isCluster = (c: AnyClient): c is RedisClusterLikeClient =>
  typeof (c as Partial<RedisClusterLikeClient>).getSlotMaster === 'function';

export interface RedisDedupeStoreOptions {
  /** Connection URL; the store creates, connects and owns the client. @example 'redis://127.0.0.1:6379' */
  url?: string;
  /**
   * A connected node-redis client you own (the store never closes it): a plain client or a cluster client.
   * @example createClient({ url }) · createCluster({ rootNodes: [{ url: 'redis://10.0.0.1:6379' }] })
   */
  client?: RedisLikeClient | RedisClusterLikeClient;
  /** Key prefix. Default `hj:webhook:`. @example 'myapp:hj:' */
  prefix?: string;
  /**
   * Each store call fails after about this long (up to a quarter more; so a hung Redis becomes a 503, not a hung
   * request). Default 2000 ms.
   */
  operationTimeoutMs?: number;
  /**
   * `connect()` (and, without it, the first call) rejects with a `StoreConnectionError` naming the address when Redis
   * has not answered within this long; the store then stops trying until the next call. Default 5000 ms.
   * @example { connectTimeoutMs: 10_000 }
   */
  connectTimeoutMs?: number;
}

/** Claim in one round trip: take the key if free, else report what holds it (DONE or an owner). */
const CLAIM =
  "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end " +
  "return redis.call('GET', KEYS[1]) or ''";
const RENEW =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";
const COMPLETE =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end " +
  'return 0';
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end return 0`;
const READ = "return redis.call('GET', KEYS[1])";
const WRITE = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])";
/** A checkpoint outlives the events it points into (30 days) by as much again. */
const CHECKPOINT_TTL_MS = 60 * 24 * 3600_000;

/**
 * Dedupe store shared by every process on one Redis (node-redis ≥ 5): with `{ url }` it imports `redis` lazily, owns
 * the connection and fails fast (503) while disconnected; with `{ client }` it uses your connected client. Call
 * `await store.connect()` at start-up so the first deliveries do not race the connection.
 * @example
 * const store = new RedisDedupeStore({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
 * await store.connect();
 * const handler = createWebhookHandler({
 *   verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] },
 *   store,
 *   on: { 'consent.authorised': (event) => console.log(event.data.consent_id) },
 * });
 */
export class RedisDedupeStore implements DedupeStore, CheckpointStore {
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #url: string | undefined;
  #client: Promise<AnyClient> | undefined;
  /** The connected client, once known: the hot path then calls it without awaiting #client. */
  #ready: AnyClient | undefined;
  /** SHA1 of each script once SCRIPT LOAD answered; a load in progress is in #loading. */
  readonly #sha = new Map<string, string>();
  readonly #loading = new Map<string, Promise<string>>();
  readonly #pending = new Set<{ deadline: number; reject: (e: Error) => void }>();
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #owned: { close?(): Promise<unknown>; destroy?(): void } | undefined;

  constructor(options: RedisDedupeStoreOptions) {
    if (!options || (!options.url && !options.client))
      throw new ServerConfigError('url', 'RedisDedupeStore needs { url } or { client }');
    this.#prefix = options.prefix ?? 'hj:webhook:';
    if (typeof this.#prefix !== 'string') throw new ServerConfigError('prefix', 'prefix must be a string');
    this.#timeoutMs = numberIn(
      'operationTimeoutMs',
      options.operationTimeoutMs === undefined ? 2000 : options.operationTimeoutMs,
      {
        min: 1,
        max: MAX_TIMER_MS,
        unit: ' ms',
      },
    );
    this.#connectTimeoutMs = connectTimeoutOption(options.connectTimeoutMs);
    if (options.url !== undefined && typeof options.url !== 'string')
      throw new ServerConfigError('url', 'url must be a string such as redis://127.0.0.1:6379');
    this.#url = options.url === undefined ? undefined : checkedUrl(options.url);
    if (options.client) this.#client = Promise.resolve(this.#adopt(options.client));
  }

  /**
   * The store enforces its own deadline (operationTimeoutMs), so node-redis's per-command timeout (default 5 s in
   * node-redis 6: an AbortSignal.timeout plus two listeners per command, about a fifth of the client's CPU under load)
   * is switched off for the store's commands only; the caller's client keeps its options for its own commands.
   */
  #adopt(client: AnyClient): AnyClient {
    const c: AnyClient = client.withCommandOptions ? client.withCommandOptions({ timeout: 0 }) : client;
    this.#ready = c;
    return c;
  }

  /**
   * Connects (when the store owns the client) and loads the scripts now instead of on the first delivery. Optional;
   * call it at start-up so a burst of first deliveries does not race the connection and the script loading (and time
   * out into 503s). Rejects with a `StoreConnectionError` (code `STORE_UNREACHABLE`, naming the address, never its
   * password) when Redis has not answered within `connectTimeoutMs`; with `{ url }` the store then stops reconnecting.
   * @example await store.connect(); server.listen(3000);
   */
  async connect(): Promise<void> {
    const c = await this.#connect();
    if (!c.evalSha || !c.scriptLoad) return;
    const loaded = Promise.all([CLAIM, RENEW, COMPLETE, RELEASE].map((s) => this.#load(c, s)));
    // A client passed in is the caller's to connect; a cluster whose masters do not answer, or a client never
    // connected, would otherwise leave this pending or fail with the driver's words only.
    await withDeadline(loaded, {
      ms: this.#connectTimeoutMs,
      fail: (cause, timedOut) => this.#unreachable(c, cause, timedOut),
    });
  }

  /** The error of a connection that failed or timed out, naming the address (user and password left out). */
  #unreachable(c: AnyClient | undefined, cause: unknown, timedOut: boolean): StoreConnectionError {
    const view = c as ClientOptionsView | undefined;
    const address = this.#url
      ? addressOf(this.#url)
      : view?._options?.rootNodes
        ? view._options.rootNodes.map((n) => nodeAddress(n) ?? '?').join(', ')
        : (nodeAddress(view?.options) ?? 'the client passed as { client }');
    const notOpen = c && (c as ClientOptionsView).isOpen === false ? ' (the client passed in is not connected)' : '';
    const refused = REFUSED.test(reason(cause))
      ? '; Redis refused the user or password: check the ones in the url (percent-encoded) or set with the client'
      : '';
    const why = timedOut
      ? `did not answer within ${this.#connectTimeoutMs} ms (connectTimeoutMs)${cause ? `: ${reason(cause)}` : ''}`
      : `failed: ${reason(cause)}`;
    return new StoreConnectionError('redis', address, `Redis at ${address} ${why}${refused}${notOpen}`, { cause });
  }

  #connect(): Promise<AnyClient> {
    this.#client ??= (async () => {
      // Bundlers must leave this import alone: `redis` is an optional peer, there only for those who pass `{ url }`,
      // and import('redis') made Next.js (Turbopack, which also folds the constant) fail a build with "Can't resolve
      // 'redis'" when it is not installed. Hence the ignore comments of webpack, Turbopack and Vite.
      const { createClient }: typeof import('redis') = await import(
        /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ REDIS_PACKAGE
      );
      const client = createClient({
        url: this.#url!,
        // Fail fast while disconnected (→ 503) instead of queueing commands; keep reconnecting in the background.
        disableOfflineQueue: true,
        socket: {
          connectTimeout: this.#timeoutMs,
          reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
        },
      });
      // Once connected, errors are reported per call as rejected operations; before that, the last one is the cause
      // named by the connection error.
      let last: unknown;
      let refuse: (e: unknown) => void = () => {};
      // node-redis retries a refused AUTH like a lost connection: fail at once instead of after connectTimeoutMs.
      const refused = new Promise<never>((_, reject) => (refuse = reject));
      client.on('error', (e: unknown) => {
        last = e;
        if (REFUSED.test(reason(e))) refuse(e);
      });
      this.#owned = client as never;
      await withDeadline(Promise.race([client.connect(), refused]), {
        ms: this.#connectTimeoutMs,
        // node-redis retries a refused connection without end and its connect() settles only when destroyed.
        stop: () => client.destroy(),
        fail: (cause, timedOut) => this.#unreachable(undefined, cause ?? last, timedOut),
      });
      return this.#adopt(client as unknown as RedisLikeClient);
    })().catch((e: unknown) => {
      // Allow the next call to try again; the owned client keeps reconnecting only once connected.
      const owned = this.#owned;
      this.#client = undefined;
      this.#ready = undefined;
      this.#owned = undefined;
      owned?.destroy?.();
      throw e;
    });
    return this.#client;
  }

  /**
   * Runs a script, failing once it has run `operationTimeoutMs` (checked by one sweeping timer, not a timer per call:
   * under load a setTimeout/clearTimeout pair per command cost more than the command). Once connected and loaded, the
   * command is queued synchronously, so the claims of one tick leave in node-redis's one write per tick.
   */
  #op(script: string, keys: string[], args: string[]): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const entry = { deadline: performance.now() + this.#timeoutMs, reject };
      this.#pending.add(entry);
      if (this.#sweeper === undefined) {
        this.#sweeper = setInterval(() => this.#sweep(), Math.max(10, Math.min(250, this.#timeoutMs / 4)));
        (this.#sweeper as { unref?(): void }).unref?.();
      }
      const c = this.#ready;
      const sha = c && this.#sha.get(script);
      const run =
        c && sha
          ? this.#bySha(c, sha, { script, keys, args })
          : this.#connect().then((cc) => this.#script(cc, script, keys, args));
      run.then(
        (v) => {
          this.#pending.delete(entry);
          resolve(v);
        },
        (e: unknown) => {
          this.#pending.delete(entry);
          reject(e);
        },
      );
    });
  }

  /** Deadlines are on the monotonic clock: a wall clock stepped back or forward neither stretches nor cuts them. */
  #sweep(): void {
    const now = performance.now();
    for (const p of this.#pending) {
      if (p.deadline <= now) {
        this.#pending.delete(p);
        p.reject(new Error(`redis operation timed out after ${this.#timeoutMs} ms`));
      }
    }
    if (this.#pending.size === 0) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }

  /** Runs a script by SHA (loading it once) when the client can, else with EVAL. */
  async #script(c: AnyClient, script: string, keys: string[], args: string[]): Promise<unknown> {
    if (!c.evalSha || !c.scriptLoad) return c.eval(script, { keys, arguments: args });
    const sha = this.#sha.get(script) ?? (await this.#load(c, script));
    return this.#bySha(c, sha, { script, keys, args });
  }

  /** SCRIPT LOAD once per script (concurrent callers share the load in progress); resolves to its SHA. */
  #load(c: AnyClient, script: string): Promise<string> {
    const sha = this.#sha.get(script);
    if (sha) return Promise.resolve(sha);
    let loading = this.#loading.get(script);
    if (!loading) {
      loading = c.scriptLoad!(script);
      this.#loading.set(script, loading);
      loading.then(
        (s) => {
          this.#sha.set(script, s);
          this.#loading.delete(script);
        },
        () => this.#loading.delete(script),
      );
    }
    return loading;
  }

  /**
   * EVALSHA. A node without the script (after SCRIPT FLUSH, a restart; on a cluster, a node SCRIPT LOAD did not reach)
   * answers NOSCRIPT: the script then runs with EVAL, which also caches it on that node, so the SHA is kept.
   */
  #bySha(c: AnyClient, sha: string, { script, keys, args }: ScriptCall): Promise<unknown> {
    const cmd = ['EVALSHA', sha, String(keys.length), ...keys, ...args];
    const sent = !c.sendCommand
      ? c.evalSha!(sha, { keys, arguments: args })
      : isCluster(c)
        ? c.sendCommand!(keys[0], false, cmd)
        : c.sendCommand(cmd);
    return sent.catch((e: unknown) => {
      if (!/NOSCRIPT/.test(String((e as Error)?.message ?? e))) throw e;
      return c.eval(script, { keys, arguments: args });
    });
  }

  /** A checkpoint's key: NUL never starts an event id (the handler refuses NUL), so no event's key equals it. */
  #checkpointKey(name: string): string {
    return `${this.#prefix}\0checkpoint:${name}`;
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    const value = await this.#op(READ, [this.#checkpointKey(name)], []);
    return typeof value === 'string' ? value : undefined;
  }

  async writeCheckpoint(name: string, value: string): Promise<void> {
    await this.#op(WRITE, [this.#checkpointKey(name)], [value, String(CHECKPOINT_TTL_MS)]);
  }

  async claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult> {
    // SET NX PX inside one script: exactly one concurrent delivery wins, and the losers learn in the same round trip
    // whether the event is finished or held. A value that vanished in between ('') counts as in flight.
    const r = await this.#op(CLAIM, [this.#prefix + eventId], [owner, String(Math.max(1, Math.round(leaseMs)))]);
    if (r === null || r === undefined) return 'claimed';
    return r === DONE ? 'done' : 'in_flight';
  }

  async renew(eventId: string, owner: string, leaseMs: number): Promise<boolean> {
    const r = await this.#op(RENEW, [this.#prefix + eventId], [owner, String(Math.max(1, Math.round(leaseMs)))]);
    return Number(r) === 1;
  }

  async complete(eventId: string, owner: string, ttlMs: number): Promise<boolean> {
    const r = await this.#op(COMPLETE, [this.#prefix + eventId], [owner, DONE, String(Math.max(1, Math.round(ttlMs)))]);
    return Number(r) === 1;
  }

  async release(eventId: string, owner: string): Promise<boolean> {
    const r = await this.#op(RELEASE, [this.#prefix + eventId], [owner]);
    return Number(r) === 1;
  }

  /** Closes the client the store created from `{ url }`; a client you passed in is left alone. */
  async close(): Promise<void> {
    const owned = this.#owned;
    this.#owned = undefined;
    this.#client = undefined;
    this.#ready = undefined;
    if (owned?.close) await owned.close().catch(() => owned.destroy?.());
  }
}
