#!/usr/bin/env node
// Packs the three packages of dist/packages/ (laid out again from dist/ first; run `node scripts/build.mjs` before) into
// dist/tarballs/<name>.tgz — unversioned names, so the projects of examples/ can depend on `file:` paths that do not
// change with each release. Importable: `packTarballs(dir?, { assemble? })` returns name → absolute path.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES, PACKAGES_DIR, assemblePackages } from './packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TARBALLS_DIR = path.join(root, 'dist/tarballs');

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) packTarballs();
