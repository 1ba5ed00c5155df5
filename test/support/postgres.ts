// Starts a real PostgreSQL server (Debian's `postgresql` package) in a temp dir on a free loopback port for tests.
// Never skips: a missing binary is an error naming the install command. initdb refuses root, so when the tests run as
// root the data directory is owned by, and the server runs as, the `postgres` user (runuser).
// initdb runs once per machine, into a template cluster in os.tmpdir() named by the PostgreSQL version and initdb's
// options; each start copies it (`cp -a`: about a sixth of initdb's CPU, and seconds less wall time).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { chmodSync, chownSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './ports.js';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir } from '../../scripts/system-deps.mjs';

export interface RunningPostgres {
  /** `postgres://app@127.0.0.1:PORT/app` (trust auth on loopback; user and database `app`). */
  url: string;
  port: number;
  /** The data directory (kept across stop/start; removed by `destroy`). */
  dir: string;
  /** Fast shutdown (`pg_ctl stop -m fast`): open connections are cut, as in an outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it (immediate) and removes the data directory. */
  destroy(): Promise<void>;
}

export const POSTGRES_INSTALL = 'sudo apt-get install -y postgresql';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function runSync(bin: string, args: string[]): { status: number | null; output: string } {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd as string, argv as string[], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.setTimeout(500, () => {
      sock.destroy();
      resolve(false);
    });
    sock.on('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.on('error', () => resolve(false));
  });
}

const INITDB_OPTIONS = ['-A', 'trust', '-U', 'app', '--no-sync', '-E', 'UTF8'];

/** A temp dir that the server's user owns, mode 0700. */
function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * The template cluster (`<template>/data`), made once per machine. Concurrent test files may each make one: each
 * runs initdb in a temp dir of its own and renames it into place; the first rename wins, the others find it there.
 */
function templateCluster(bin: string): string {
  const initdb = path.join(bin, 'initdb');
  const version = spawnSync(initdb, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const key = createHash('sha256')
    .update(`${initdb}\n${version}\n${INITDB_OPTIONS.join(' ')}\n${isRoot() ? 'postgres' : process.getuid?.()}`)
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `hj-pg-template-${key}`);
  if (existsSync(path.join(template, 'data', 'PG_VERSION'))) return template;
  const tmp = ownedTempDir(`hj-pg-template-${key}.tmp-`);
  const init = runSync(initdb, ['-D', path.join(tmp, 'data'), ...INITDB_OPTIONS]);
  if (init.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.output.slice(-2000)}`);
  }
  try {
    renameSync(tmp, template);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(template, 'data', 'PG_VERSION'))) throw e;
  }
  return template;
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(`PostgreSQL not found (no /usr/lib/postgresql/*/bin/initdb); install it: ${POSTGRES_INSTALL}`);
  const template = templateCluster(bin);
  const dir = ownedTempDir('hj-pg-');
  const data = path.join(dir, 'data');
  const copy = spawnSync('cp', ['-a', path.join(template, 'data'), data], { encoding: 'utf8' });
  if (copy.status !== 0) throw new Error(`cp -a ${template}/data failed:\n${copy.stderr}`);
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;

  const start = async () => {
    const r = runSync(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
    if (r.status !== 0) throw new Error(`pg_ctl start failed:\n${r.output.slice(-2000)}`);
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(port))) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not listen on 127.0.0.1:${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stopWith = async (mode: 'fast' | 'immediate') => {
    if (!existsSync(path.join(data, 'postmaster.pid'))) return;
    const r = runSync(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
    if (r.status !== 0 && existsSync(path.join(data, 'postmaster.pid'))) {
      throw new Error(`pg_ctl stop failed:\n${r.output.slice(-2000)}`);
    }
  };

  await start();
  // The database `app`, owned by the superuser `app` that initdb created.
  const create = runSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'app', 'app']);
  if (create.status !== 0) {
    await stopWith('immediate');
    throw new Error(`createdb failed:\n${create.output.slice(-2000)}`);
  }
  return {
    url: `postgres://app@127.0.0.1:${port}/app`,
    port,
    dir,
    stop: () => stopWith('fast'),
    start,
    async destroy() {
      await stopWith('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pool of at most `max` connections to `server`; an idle client's error (the server stopped under it) is ignored. */
export function poolOf(server: RunningPostgres, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: server.url, max });
  pool.on('error', () => {});
  return pool;
}
