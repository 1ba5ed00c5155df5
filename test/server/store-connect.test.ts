// A store pointed at an address where nothing answers: connect() rejects within connectTimeoutMs with a
// StoreConnectionError naming the address (never its password), and leaves no reconnect loop behind. Real closed
// ports, and real listeners that accept a connection and never say a word.
import net from 'node:net';
import pg from 'pg';
import { createClient, createCluster } from 'redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryDedupeStore, PostgresInbox, RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler, isServerConfigError, isStoreConnectionError } from '../../src/server/index.js';
import { KEYS, deliver, event } from '../support/deliveries.js';
import { freePort } from '../support/ports.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A loopback port nothing listens on (taken, then closed). */
const closedPort = freePort;

/** A listener that accepts connections and never answers; notes each one's remote port, in order. */
async function silentServer(port = 0): Promise<{ port: number; accepted: () => number[] }> {
  const from: number[] = [];
  const sockets = new Set<net.Socket>();
  const s = net.createServer((sock) => {
    from.push(sock.remotePort!);
    sockets.add(sock);
    sock.on('error', () => {});
  });
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', () => r()));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        for (const sock of sockets) sock.destroy();
        s.close(() => r());
      }),
  );
  return { port: (s.address() as net.AddressInfo).port, accepted: () => [...from] };
}

/** One dial of a loopback port: the socket once connected, or undefined when refused. */
function dial(port: number): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => resolve(sock));
    sock.once('error', () => resolve(undefined));
  });
}

/**
 * A reconnect loop that runs behind any the store left: its first dial is refused (nothing listens yet), its next
 * comes `capMs` after that refusal. A loop whose back-off is capped at `capMs` and whose last dial was refused before
 * this one's dials again first. `listen` opens the listener between the two dials. Resolves with the local port of
 * the second dial, once connected.
 */
async function loopBehind(port: number, capMs: number, listen: () => Promise<void>): Promise<number> {
  const first = await dial(port);
  if (first) throw new Error(`something listens on ${port} already`);
  const backOff = new Promise((r) => setTimeout(r, capMs));
  await listen();
  await backOff;
  const sock = await dial(port);
  if (!sock) throw new Error(`nothing listens on ${port}`);
  cleanups.push(() => sock.destroy());
  return sock.localPort!;
}

/** How long `p` took to settle, and its error. */
async function timed(p: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const t0 = performance.now();
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { ms: performance.now() - t0, error };
}

function expectUnreachable(error: unknown, address: string): void {
  expect(isStoreConnectionError(error)).toBe(true);
  const e = error as Error & { code: string; address: string };
  expect(e.code).toBe('STORE_UNREACHABLE');
  expect(e.address).toBe(address);
  expect(e.message).toContain(address);
  expect(`${e.message} ${e.stack} ${JSON.stringify(e)}`).not.toContain('s3cret');
}

describe('RedisDedupeStore { url }', () => {
  it('a closed port: connect() rejects after connectTimeoutMs naming the address, then never dials again', async () => {
    const port = await closedPort();
    const store = new RedisDedupeStore({ url: `redis://user:s3cret@127.0.0.1:${port}/0`, connectTimeoutMs: 400 });
    cleanups.push(() => store.close());
    const { ms, error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${port}/0`);
    expect((error as Error).message).toMatch(/did not answer within 400 ms.*ECONNREFUSED/);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(1500);
    // Something listens there now. A reconnect loop left behind (node-redis's back-off is capped at 1 s) would reach
    // it before a loop started after the store gave up: the listener's first connection is that later loop's.
    let listener: Awaited<ReturnType<typeof silentServer>> | undefined;
    const behind = await loopBehind(port, 1000, async () => {
      listener = await silentServer(port);
    });
    await vi.waitFor(() => expect(listener!.accepted()).toContain(behind));
    expect(listener!.accepted()).toEqual([behind]);
  });

  it('the default bound is 5 s', async () => {
    const port = await closedPort();
    const store = new RedisDedupeStore({ url: `redis://127.0.0.1:${port}` });
    cleanups.push(() => store.close());
    const { ms, error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${port}`);
    expect(ms).toBeGreaterThanOrEqual(4990);
    expect(ms).toBeLessThan(6500);
  }, 15_000);

  it('a listener that never answers: the same, and a claim without connect() rejects (the handler answers 503)', async () => {
    const silent = await silentServer();
    const store = new RedisDedupeStore({
      url: `redis://:s3cret@127.0.0.1:${silent.port}`,
      connectTimeoutMs: 300,
      operationTimeoutMs: 200,
    });
    cleanups.push(() => store.close());
    const { ms, error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${silent.port}`);
    expect(ms).toBeLessThan(1500);
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store, on: { '*': () => {} }, onError: () => {} });
    const r = await deliver(handler, event('evt_unreachable'));
    expect(r.status).toBe(503);
  });
});

describe('RedisDedupeStore { client }', () => {
  it('a cluster whose root node is a closed port: connect() rejects naming the root nodes', async () => {
    const port = await closedPort();
    const cluster = createCluster({ rootNodes: [{ url: `redis://:s3cret@127.0.0.1:${port}` }] });
    cluster.on('error', () => {});
    await cluster.connect().catch(() => {}); // the integrator's own connect failed and was not awaited carefully
    const store = new RedisDedupeStore({ client: cluster, connectTimeoutMs: 300 });
    const { ms, error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${port}`);
    expect(ms).toBeLessThan(1500);
  });

  it('a cluster still connecting to a node that never answers: connect() rejects at once, naming it', async () => {
    const silent = await silentServer();
    const cluster = createCluster({
      rootNodes: [{ url: `redis://127.0.0.1:${silent.port}` }],
      defaults: { socket: { connectTimeout: 60_000, reconnectStrategy: false } },
    });
    cluster.on('error', () => {});
    void cluster.connect().catch(() => {}); // pending: the node accepted and never answered
    const store = new RedisDedupeStore({ client: cluster, connectTimeoutMs: 300 });
    const { ms, error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${silent.port}`);
    expect((error as Error).message).toContain('failed: The client is offline');
    expect(ms).toBeLessThan(1500);
    cleanups.push(() => cluster.destroy());
  });

  it('a plain client never connected: connect() says so', async () => {
    const port = await closedPort();
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    const store = new RedisDedupeStore({ client, connectTimeoutMs: 300 });
    const { error } = await timed(store.connect());
    expectUnreachable(error, `redis://127.0.0.1:${port}`);
    expect((error as Error).message).toContain('not connected');
  });
});

describe('PostgresInbox', () => {
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    // Not awaited: a pool still dialling the silent listener ends once that listener closes (the next afterEach).
    for (const p of pools.splice(0)) void p.end().catch(() => {});
  });
  const poolAt = (port: number) => {
    const p = new pg.Pool({ connectionString: `postgres://app:s3cret@127.0.0.1:${port}/app` });
    p.on('error', () => {});
    pools.push(p);
    return p;
  };

  it('a closed port: connect() rejects at once with the address, never the password', async () => {
    const port = await closedPort();
    const inbox = new PostgresInbox({ pool: poolAt(port), connectTimeoutMs: 2000 });
    const { ms, error } = await timed(inbox.connect());
    expectUnreachable(error, `postgres://127.0.0.1:${port}/app`);
    expect((error as Error).message).toMatch(/refused a connection: .*ECONNREFUSED/);
    expect(ms).toBeLessThan(1500);
  });

  it('a server that never answers: connect(), migrate() and a delivery (503) each end after connectTimeoutMs', async () => {
    const silent = await silentServer();
    const inbox = new PostgresInbox({ pool: poolAt(silent.port), connectTimeoutMs: 300 });
    for (const call of [() => inbox.connect(), () => inbox.migrate(), () => inbox.prune({ olderThan: 86_400_000 })]) {
      const { ms, error } = await timed(call());
      expectUnreachable(error, `postgres://127.0.0.1:${silent.port}/app`);
      expect((error as Error).message).toContain('did not answer within 300 ms');
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(1500);
    }
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: {}, onError: () => {} });
    const t0 = performance.now();
    expect((await deliver(handler, event('evt_pg_silent'))).status).toBe(503);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});

describe('connectTimeoutMs is checked at creation', () => {
  const fakePool = { connect: async () => ({}) as never };
  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '5s'])('%s → ServerConfigError', (value) => {
    for (const make of [
      () => new RedisDedupeStore({ url: 'redis://127.0.0.1:1', connectTimeoutMs: value as number }),
      () => new PostgresInbox({ pool: fakePool, connectTimeoutMs: value as number }),
    ]) {
      const e = (() => {
        try {
          make();
        } catch (x) {
          return x;
        }
      })();
      expect(isServerConfigError(e) && e.field).toBe('connectTimeoutMs');
    }
  });

  it('MemoryDedupeStore has nothing to reach: connect() resolves', async () => {
    await expect(new MemoryDedupeStore().connect()).resolves.toBeUndefined();
  });
});
