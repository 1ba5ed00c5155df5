// Starts a real three-master Redis Cluster on free loopback ports for tests: three `redis-server --cluster-enabled yes`
// in one temp dir, joined by `redis-cli --cluster create … --cluster-replicas 0`, ready once every node reports
// cluster_state:ok. Never skips: a missing binary is an error. Stopped by the pids it started.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ping } from './redis.js';

const run = promisify(execFile);

export interface RunningRedisCluster {
  /** One per master: `redis://127.0.0.1:PORT`; `createCluster({ rootNodes: urls.map((url) => ({ url })) })`. */
  urls: string[];
  ports: number[];
  /** `redis-cli -p PORT …` on one node; resolves to its output. */
  cli(port: number, ...args: string[]): Promise<string>;
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

export async function startRedisCluster(): Promise<RunningRedisCluster> {
  if (spawnSync('redis-server', ['--version']).error || spawnSync('redis-cli', ['--version']).error) {
    throw new Error('redis-server / redis-cli not found; install them: sudo apt-get install -y redis-server');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'hj-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
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
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      { timeout: 60_000 },
    );
    const ready = Date.now() + 30_000;
    for (const port of ports) {
      while (!(await cli(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) {
        if (Date.now() > ready) throw new Error(`cluster node ${port} never reported cluster_state:ok`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    await stop();
    throw new Error(`Redis Cluster did not start: ${(e as Error).message}\n${log.slice(-2000)}`);
  }
  return { urls: ports.map((p) => `redis://127.0.0.1:${p}`), ports, cli, stop };
}
