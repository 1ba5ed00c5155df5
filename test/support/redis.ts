// Starts a real redis-server on a free loopback port for tests. Never skips: a missing binary is an error.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { freePort } from './ports.js';
import { createClient } from 'redis';

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = '';
    sock.setTimeout(500, () => {
      sock.destroy();
      resolve(false);
    });
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) {
        sock.destroy();
        resolve(buf.startsWith('+PONG') || buf.startsWith('-NOAUTH')); // NOAUTH: up, with --requirepass
      }
    });
    sock.on('error', () => resolve(false));
  });
}

/**
 * `port` lets a test restart Redis where it was (to simulate an outage); `args` are more redis-server options, such as
 * `['--requirepass', 'secret']`.
 */
export async function startRedis(options: { port?: number; args?: string[] } = {}): Promise<RunningRedis> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('redis-server not found; install it: sudo apt-get install -y redis-server');
  }
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(options.args ?? [])],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 10_000;
  while (!(await ping(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}:\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

// Typed by a helper's return, not `ReturnType<typeof createClient>`: relating node-redis's generic client to its
// default instantiation costs the type check over a second (its variance over five type parameters).
const adminClient = (url: string) => createClient({ url });
export type AdminClient = ReturnType<typeof adminClient>;

/** A redis-server and a connected client for the test's own commands on it; `stop` closes both. */
export async function startRedisWithAdmin(): Promise<{
  redis: RunningRedis;
  admin: AdminClient;
  stop(): Promise<void>;
}> {
  const redis = await startRedis();
  const admin = adminClient(redis.url);
  await admin.connect();
  const stop = async () => {
    await admin.close();
    await redis.stop();
  };
  return { redis, admin, stop };
}

/**
 * Watches Redis expire `key` on its own clock (a keyspace `expired` event): a test waits for a lease to run out instead
 * of sleeping past it. Call it before the key can expire; `expired` resolves once Redis has removed the key.
 */
export async function watchExpiry(url: string, key: string): Promise<{ expired: Promise<void> }> {
  const sub = createClient({ url });
  await sub.connect();
  await sub.configSet('notify-keyspace-events', 'Ex');
  let seen!: () => void;
  const expired = new Promise<void>((r) => (seen = r));
  await sub.subscribe('__keyevent@0__:expired', (k) => {
    if (k === key) seen();
  });
  return { expired: expired.finally(() => sub.close()) };
}
