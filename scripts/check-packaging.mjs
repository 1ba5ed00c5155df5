#!/usr/bin/env node
// Packaging check (one of `npm test`'s checks; exits non-zero on any problem):
//   1. `npm pack` into a temporary directory (builds dist/ first if it is missing)
//   2. the tarball itself: every exports target present; dist/react.js imports 'react' and bundles none of it
//   3. publint (warnings count as errors) and attw with the esm-only profile (the package is ESM-only by design)
//   4. consumer projects (test/consumers/*): one install of the tarball plus the union of their dependencies,
//      from the npm cache when possible, then each project's `check` script
// Flags: --keep (leave the temporary directory for inspection).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consumersDir = path.join(root, 'test/consumers');
const keep = process.argv.includes('--keep');
const t0 = Date.now();
const problems = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The machine's npm config may carry settings npm warns about; they are noise here.
const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

function run(label, cmd, args, opts = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024, ...opts });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.split('\n').filter((l) => !/Unknown user config/.test(l)).join('\n').trim();
  const ok = res.status === 0;
  console.log(`${ok ? '✓' : '✗'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok || opts.verbose) console.log(out.replace(/^/gm, '    '));
  if (!ok) problems.push(label);
  return { ok, out, stdout: res.stdout ?? '' };
}

const work = mkdtempSync(path.join(tmpdir(), 'hj-packaging-'));
try {
  // 1. pack
  if (!existsSync(path.join(root, 'dist/index.js')) || !existsSync(path.join(root, 'dist/types'))) {
    run('build (dist/ missing)', process.execPath, ['scripts/build.mjs']);
  }
  const packed = run('npm pack', npm, ['pack', '--json', '--pack-destination', work]);
  if (!packed.ok) throw new Error('npm pack failed');
  const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0];
  const tarball = path.join(work, info.filename);
  const files = new Set(info.files.map((f) => f.path));
  console.log(`  ${info.filename}: ${info.files.length} files, ${(info.size / 1024).toFixed(0)} KiB packed`);

  // 2. the tarball's contents
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const targets = [];
  (function collect(node) {
    if (typeof node === 'string') targets.push(node.replace(/^\.\//, ''));
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  })(pkg.exports);
  const missing = [...new Set(targets)].filter((t) => !files.has(t));
  if (missing.length) problems.push(`exports targets missing from the tarball: ${missing.join(', ')}`);
  console.log(`${missing.length ? '✗' : '✓'} ${targets.length} exports targets present in the tarball`);
  if (files.has('dist/react.js')) {
    const react = readFileSync(path.join(root, 'dist/react.js'), 'utf8');
    const importsReact = /from\s*["']react["']/.test(react);
    const bundlesReact = /__CLIENT_INTERNALS|react\.production|ReactCurrentDispatcher|Symbol\.for\(["']react\.element/.test(react);
    if (!importsReact || bundlesReact) problems.push('dist/react.js must import react as a peer and bundle none of it');
    console.log(`${importsReact && !bundlesReact ? '✓' : '✗'} dist/react.js imports 'react' and bundles none of it`);
  }

  // Every bare import reachable from an export must be a declared dependency (or a Node built-in): a bundler helper
  // left as an import (e.g. '@oxc-project/runtime') installs nowhere and breaks every consumer.
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  const { builtinModules } = await import('node:module');
  const undeclared = new Map();
  const visited = new Set();
  const walk = (rel) => {
    if (visited.has(rel) || !rel.endsWith('.js') || !files.has(rel)) return;
    visited.add(rel);
    const source = readFileSync(path.join(root, rel), 'utf8');
    for (const m of source.matchAll(/(?:^|[;\n])\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('.')) walk(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (!declared.has(name)) undeclared.set(spec, rel);
      }
    }
  };
  targets.forEach(walk);
  if (undeclared.size) problems.push(`undeclared imports: ${[...undeclared].map(([s, f]) => `${s} (${f})`).join(', ')}`);
  console.log(`${undeclared.size ? '✗' : '✓'} ${visited.size} files reachable from the exports import only declared dependencies`);

  // 3. publint and attw
  run('publint (strict)', process.execPath, [path.join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict'], { verbose: true });
  // `./iife` is the classic-script build (a global, no exports): a file for <script src> and CDNs, not a module to
  // import, so it has no declarations by design and is left out of attw's entry points.
  run('attw --profile esm-only', process.execPath, [path.join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only', '--exclude-entrypoints', './iife', '--format', 'ascii'], { verbose: true });

  // 4. consumer projects
  const consumers = readdirSync(consumersDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const deps = {};
  for (const name of consumers) {
    const cpkg = JSON.parse(readFileSync(path.join(consumersDir, name, 'package.json'), 'utf8'));
    Object.assign(deps, cpkg.dependencies, cpkg.devDependencies);
  }
  deps['hosted-journey'] = `file:${tarball}`;
  const install = path.join(work, 'consumers');
  mkdirSync(install);
  writeFileSync(path.join(install, 'package.json'), JSON.stringify({ name: 'consumers', private: true, dependencies: deps }, null, 2));
  const npmInstall = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
  const offline = run('npm install (offline, from the npm cache)', npm, [...npmInstall, '--offline'], { cwd: install });
  if (!offline.ok) {
    problems.pop(); // not a packaging problem: the cache lacks something; the registry is allowed
    run('npm install (registry)', npm, [...npmInstall, '--prefer-offline'], { cwd: install });
  }
  for (const name of consumers) {
    const dir = path.join(install, name);
    cpSync(path.join(consumersDir, name), dir, { recursive: true, filter: (src) => !/node_modules|[/\\]dist$/.test(src) });
    run(`consumer ${name}`, npm, ['run', '--silent', 'check'], { cwd: dir, verbose: true });
  }
  const spaAssets = path.join(install, 'spa/dist/assets');
  if (existsSync(spaAssets)) {
    const js = readdirSync(spaAssets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(spaAssets, f), 'utf8')).join('\n');
    const ok = js.includes('hosted-journey:') && js.includes('hosted-journey');
    if (!ok) problems.push('consumer spa: the built bundle does not contain the widget');
    console.log(`${ok ? '✓' : '✗'} consumer spa bundle contains the widget and the element (${(js.length / 1024).toFixed(0)} KiB)`);
  }
} catch (error) {
  problems.push(String(error?.message ?? error));
} finally {
  if (keep) console.log(`  kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const seconds = ((Date.now() - t0) / 1000).toFixed(1);
if (problems.length) {
  console.log(`\npackaging: ${problems.length} problem(s) in ${seconds} s:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`\npackaging: clean in ${seconds} s`);
