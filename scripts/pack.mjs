#!/usr/bin/env node
// `npm run pack`: packs the three packages of dist/packages/ (laid out again from dist/ first; a fresh clone installs
// and builds first, and only what dist/ lacks is built, in place) into dist/tarballs/<name>.tgz — unversioned names, so the projects of examples/ can depend on `file:` paths
// that do not change with each release.
// `npm run pack -- --into DIR` then makes the project at DIR (an example copied out of this repository, or any
// project) install them: the tarballs its package.json names are copied into DIR/vendor/ and its dependencies point
// there (`file:vendor/<name>.tgz`), so `npm install` in DIR works wherever DIR is. A relative DIR is taken from where
// npm was run, not from the repository root.
// Importable: `packTarballs(dir?, { assemble? })` returns name → absolute path; `runTarballs(dir, …)` the same for the
// tarballs `npm test` packed once for its whole run ($HJ_RUN_TARBALLS), packing into `dir` only when run alone;
// `tarballContents(tgz)`; `vendorInto(project, tarballs)`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ensureInstalled } from './ensure-install.mjs';
import { PACKAGES, PACKAGES_DIR, assemblePackages } from './packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TARBALLS_DIR = path.join(root, 'dist/tarballs');
export const VENDOR_DIR = 'vendor';

export function packTarballs(dir = TARBALLS_DIR, { log = console.log, assemble = true } = {}) {
  if (assemble) assemblePackages({ log: () => {} });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out = {};
  for (const name of Object.keys(PACKAGES)) {
    const res = spawnSync('npm', ['pack', path.join(PACKAGES_DIR, name), '--json', '--pack-destination', dir], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    if (res.status !== 0) throw new Error(`npm pack ${name} failed:\n${res.stderr}`);
    const { filename } = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')))[0];
    out[name] = path.join(dir, `${name}.tgz`);
    copyFileSync(path.join(dir, filename), out[name]);
    rmSync(path.join(dir, filename));
    log(`  ${path.relative(root, out[name])}`);
  }
  return out;
}

/**
 * The environment variable naming the directory where `npm test` (scripts/test.mjs) packed the three tarballs once,
 * after its build, for every check and spec that installs them (<name>.tgz, as packTarballs names them).
 */
export const RUN_TARBALLS = 'HJ_RUN_TARBALLS';

/**
 * The run's tarballs (name → absolute path) when $HJ_RUN_TARBALLS names them; else packs them into `dir`, as a check
 * or spec run on its own needs.
 */
export function runTarballs(dir, options) {
  const from = process.env[RUN_TARBALLS];
  if (!from) return packTarballs(dir, options);
  const out = Object.fromEntries(Object.keys(PACKAGES).map((name) => [name, path.join(from, `${name}.tgz`)]));
  const missing = Object.values(out).filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`${RUN_TARBALLS}=${from} lacks ${missing.join(', ')}`);
  return out;
}

/**
 * The files in a tarball `npm pack` made, as `npm pack --json` lists them: each path in the package (without the
 * tarball's `package/` folder) and its size in bytes.
 */
export function tarballContents(tgz) {
  const tar = gunzipSync(readFileSync(tgz));
  const files = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const field = (from, length) => tar.toString('utf8', at + from, at + from + length).replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) break; // the zero blocks that end the archive
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    // npm writes ustar entries (a name of up to 255 characters in two fields); longer ones need a pax header.
    if (!['0', '', '5'].includes(type)) throw new Error(`${tgz}: a tar entry of type '${type}' after ${name}`);
    const prefix = field(345, 155);
    if (type !== '5') files.push({ path: (prefix ? `${prefix}/${name}` : name).replace(/^package\//, ''), size });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** What `npm install` line adds each package, and what it is: said when a project names none of them. */
const ADD = {
  'hosted-journey': ['npm install', 'the browser widget'],
  'hosted-journey-server': ['npm install', 'the backend helper'],
  'hosted-journey-sandbox': ['npm install --save-dev', 'the sandbox, for development and tests'],
};

/**
 * Copies the tarballs `project`'s package.json depends on into `project/vendor/` and points those dependencies at
 * them. A package-lock.json loses its entries for them (their integrity changes with every build, and a stale one
 * makes npm call the new tarball corrupted). A project that names none of them gets all the tarballs in vendor/ and
 * the exact `npm install` line for each (which of the three it uses is its choice, so none is added unasked).
 * Returns the names vendored into package.json.
 */
export function vendorInto(project, tarballs, { log = console.log } = {}) {
  const file = path.join(project, 'package.json');
  if (!existsSync(file))
    throw new Error(`pack --into: no package.json in ${project}: run \`npm init -y\` there first, then this again`);
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const vendor = (name) => {
    mkdirSync(path.join(project, VENDOR_DIR), { recursive: true });
    copyFileSync(tarballs[name], path.join(project, VENDOR_DIR, `${name}.tgz`));
    return `${VENDOR_DIR}/${name}.tgz`;
  };
  const vendored = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'])
    for (const name of Object.keys(pkg[field] ?? {}))
      if (tarballs[name]) {
        pkg[field][name] = `file:${vendor(name)}`;
        vendored.push(name);
      }
  if (!vendored.length) {
    const names = Object.keys(tarballs);
    const lines = names.map(
      (n) => `  ${`${ADD[n]?.[0] ?? 'npm install'} ./${vendor(n)}`.padEnd(56)} # ${ADD[n]?.[1] ?? n}`,
    );
    log(
      `  ${project}: its package.json depends on none of ${names.join(', ')}. The tarballs are in ${VENDOR_DIR}/; ` +
        `add the ones it uses, there:\n  cd ${project}\n${lines.join('\n')}`,
    );
    return vendored;
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  const lockFile = path.join(project, 'package-lock.json');
  if (existsSync(lockFile)) {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    for (const name of vendored) delete lock.packages?.[`node_modules/${name}`];
    writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  }
  log(`  ${project}: ${vendored.map((n) => `${VENDOR_DIR}/${n}.tgz`).join(', ')} — now run npm install there`);
  return vendored;
}

/**
 * The build groups (scripts/build.mjs) whose output is missing from `dist`, by one file each group writes. Only those
 * are built, in place: a full build empties dist/ first, which would take the files a running `npm run demo` serves
 * (dist/demo-assets/, the script tag's parts) from under it.
 */
export function missingGroups(dist = path.join(root, 'dist')) {
  return Object.entries(GROUP_MARKS).flatMap(([group, mark]) => (existsSync(path.join(dist, mark)) ? [] : [group]));
}

/** One path under dist/ per build group (all but `packages`, which packTarballs lays out itself). */
export const GROUP_MARKS = {
  browser: 'index.js',
  iife: 'hosted-journey.iife.js',
  server: 'server.js',
  assets: 'sandbox-assets',
  types: 'types',
  openapi: 'openapi.json',
  llms: 'llms.txt',
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--into');
  const into = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !into) {
    console.error('usage: npm run pack [-- --into DIR]');
    process.exit(2);
  }
  ensureInstalled(root);
  const missing = missingGroups();
  if (missing.length) {
    console.log(`dist/ lacks ${missing.join(', ')}: building ${missing.length === 1 ? 'it' : 'them'} first`);
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...missing], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  try {
    const tarballs = packTarballs();
    if (into) vendorInto(path.resolve(process.env.INIT_CWD ?? process.cwd(), into), tarballs);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
