// The machine and the versions a run measured, for the head of BENCHMARKS.md.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root } from './bundle.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const tryRun = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return 'not found';
  }
};

export const packageVersion = (name) => {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
};

/** Versions of the tools and every package the figures depend on, read from node_modules (not package.json ranges). */
export const MEASURED_PACKAGES = [
  'esbuild',
  'vite',
  '@playwright/test',
  'autocannon',
  'redis',
  'zod',
  'preact',
  '@open-iframe-resizer/core',
  '@noble/hashes',
  '@mxenabled/web-widget-sdk',
  '@finicity/connect-web-sdk',
  'penpal',
  'zoid',
  'post-robot',
  '@iframe-resizer/parent',
  '@iframe-resizer/child',
  'standardwebhooks',
  'svix',
  'stripe',
];

export function describeMachine() {
  const cpus = os.cpus();
  const self = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const commit = tryRun('git', ['-C', root, 'rev-parse', '--short', 'HEAD']);
  const dirty = tryRun('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'])
    ? ' (uncommitted changes present)'
    : '';
  return {
    rows: [
      ['CPU', `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`],
      [
        'memory',
        `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(1)} GiB free at start`,
      ],
      [
        'load average at start',
        os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(', '),
      ],
      ['OS', `${os.type()} ${os.release()} ${os.arch()}`],
      ['Node', process.version],
      ['Chromium', tryRun(CHROMIUM_PATH, ['--version'])],
      ['redis-server', tryRun('redis-server', ['--version']).replace(/^Redis server /, '')],
      [self.name, `${self.version} at ${commit}${dirty}`],
    ],
    packages: MEASURED_PACKAGES.map((p) => [p, packageVersion(p)]),
  };
}
