// Starts a real three-master Redis Cluster on free loopback ports for tests: three `redis-server --cluster-enabled yes`
// (and `replicas` more per master) in one temp dir, joined by `redis-cli --cluster create … --cluster-replicas N`,
// ready once every node reports cluster_state:ok. Never skips: a missing binary is an error. Stopped by the pids it
// started; `kill(port)` SIGKILLs one node (a master's replica then takes over after `nodeTimeoutMs`).
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCluster } from 'redis';
import { ping } from './redis.js';

const run = promisify(execFile);

/**
 * A node-redis cluster client on `urls` (`redis://127.0.0.1:PORT`), connected, its connection errors left to the test's
 * assertions (a node killed on purpose is not a crash). Typed by this helper's return, not
 * `ReturnType<typeof createCluster>`: relating node-redis's generic cluster client to its default instantiation cost
 * the whole type check 3 to 4 s (its variance over five type parameters).
 */
export async function connectCluster(urls: string[]) {
  const client = createCluster({ rootNodes: urls.map((url) => ({ url })) });
  client.on('error', () => {});
  await client.connect();
  return client;
}
export type ClusterClient = Awaited<ReturnType<typeof connectCluster>>;

export interface RunningRedisCluster {
  /** One per master: `redis://127.0.0.1:PORT`; `createCluster({ rootNodes: urls.map((url) => ({ url })) })`. */
  urls: string[];
  ports: number[];
  /** `redis-cli -p PORT …` on one node; resolves to its output. */
  cli(port: number, ...args: string[]): Promise<string>;
  /** Ports of the nodes that are masters now, by CLUSTER NODES as `port` sees it. */
  masters(port: number): Promise<number[]>;
  /** SIGKILLs the node on `port` and waits for it to exit. */
  kill(port: number): Promise<void>;
  stop(): Promise<void>;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A port whose cluster bus port (port + 10000) is free too; the OS's ephemeral range can leave no room for it. */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) return port;
  }
  throw new Error('no free loopback port pair (P, P + 10000) for a cluster node');
}

export async function startRedisCluster(
  options: { replicas?: number; nodeTimeoutMs?: number } = {},
): Promise<RunningRedisCluster> {
  const replicas = options.replicas ?? 0;
  if (spawnSync('redis-server', ['--version']).error || spawnSync('redis-cli', ['--version']).error) {
    throw new Error('redis-server / redis-cli not found; install them: sudo apt-get install -y redis-server');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'hj-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 3 * (1 + replicas); i++) {
    const p = await freeClusterPort(taken);
    taken.add(p).add(p + 10_000);
    ports.push(p);
  }
  const children: ChildProcess[] = [];
  let log = '';
  const stop = async () => {
    await Promise.all(
      children.map((c) => {
        if (c.exitCode !== null || c.signalCode !== null) return undefined;
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGKILL');
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  const cli = async (port: number, ...args: string[]) =>
    (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 30_000 })).stdout;
  try {
    for (const port of ports) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(dir, `nodes-${port}.conf`),
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--cluster-node-timeout',
          String(options.nodeTimeoutMs ?? 15_000),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout!.on('data', (d) => (log += d));
      child.stderr!.on('data', (d) => (log += d));
      children.push(child);
    }
    const deadline = Date.now() + 15_000;
    for (const [i, port] of ports.entries()) {
      while (!(await ping(port))) {
        if (children[i]!.exitCode !== null || Date.now() > deadline)
          throw new Error(`redis-server (cluster node) did not start on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { timeout: 60_000 },
    );
    const ready = Date.now() + 30_000;
    for (const port of ports) {
      while (!(await cli(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) {
        if (Date.now() > ready) throw new Error(`cluster node ${port} never reported cluster_state:ok`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // A replica takes over its master only once it has synchronised with it.
    for (const port of ports) {
      while (/role:slave/.test(await cli(port, 'INFO', 'replication'))) {
        if ((await cli(port, 'INFO', 'replication')).includes('master_link_status:up')) break;
        if (Date.now() > ready) throw new Error(`replica ${port} never synchronised with its master`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    await stop();
    throw new Error(`Redis Cluster did not start: ${(e as Error).message}\n${log.slice(-2000)}`);
  }
  const masters = async (port: number) =>
    (await cli(port, 'CLUSTER', 'NODES'))
      .split('\n')
      .map((l) => l.split(' '))
      .filter((f) => f[2]?.split(',').includes('master') && !f[2].includes('fail'))
      .map((f) => Number(f[1]!.split(':')[1]!.split('@')[0]));
  const kill = async (port: number) => {
    const c = children[ports.indexOf(port)];
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGKILL');
    await exited;
  };
  return { urls: ports.map((p) => `redis://127.0.0.1:${p}`), ports, cli, masters, kill, stop };
}
