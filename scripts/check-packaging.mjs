#!/usr/bin/env node
// Packaging check (one of `npm test`'s checks; exits non-zero on any problem), for each of the three packages that
// scripts/packages.mjs lays out in dist/packages/ (built first when missing):
//   1. the tarballs: `npm test`'s, packed once for its whole run ($HJ_RUN_TARBALLS, scripts/pack.mjs), else `npm pack`
//      of the package directories (laid out again from dist/ first) into a temporary directory
//   2. the tarball itself: every exports/bin target present; every bare import reachable from them declared;
//      dist/react.js imports 'react' and bundles none of it
//   3. publint (warnings count as errors) and attw with the esm-only profile (ESM-only by design); `npm publish
//      --dry-run` from the package directory, where any correction npm would make to package.json is a failure
//   4. installed size: the tarball alone into an empty project (optional peers are not installed), du of
//      node_modules; fails over the package's goal. hosted-journey-sandbox: `npx hosted-journey-sandbox --help` there
//   5. consumer projects (test/consumers/*): each installs only the tarballs its package.json names (from the npm
//      cache when possible), then runs its `check` script; each gets locales.json, the shipped locales and the words
//      each shows first (the testing-kit project runs the installed journey in every one)
// Steps 2–4 of each package and each consumer project are parts that run two at a time (much of each is npm and the
// consumers' own tools waiting on the disk): 113 s one after another on 2 cores. Each part's lines print when it ends.
// Writes the sizes to dist/packages/installed-sizes.json (the bench prints them). Flags: --keep (leave the temporary
// directory for inspection).
import { execFile, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES, PACKAGES_DIR, exportTargets } from './packages.mjs';
import { runTarballs, tarballContents } from './pack.mjs';
import { scratchRoot } from './scratch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consumersDir = path.join(root, 'test/consumers');
const keep = process.argv.includes('--keep');
const t0 = Date.now();
const problems = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The machine's npm config may carry settings npm warns about; they are noise here.
const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const MB = 1_000_000;

/**
 * The commands and checks of one part of the check, printing through `log`: the packages' and the consumers' parts run
 * two at a time (much of each is npm and the consumers' own tools waiting on the disk), each printed whole when it ends.
 */
function io(log) {
  /** Runs a command to its end; `verbose`: its output is printed too (always when it fails). */
  const run = async (label, cmd, args, opts = {}) => {
    const started = Date.now();
    const res = await new Promise((resolve) => {
      const child = spawn(cmd, args, { cwd: root, env, ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
      const all = [];
      const stdout = [];
      child.stdout.on('data', (c) => all.push(c) && stdout.push(c));
      child.stderr.on('data', (c) => all.push(c));
      child.on('error', (e) => resolve({ status: 1, all: e.message, stdout: '' }));
      child.on('close', (status) =>
        resolve({ status, all: Buffer.concat(all).toString('utf8'), stdout: Buffer.concat(stdout).toString('utf8') }),
      );
    });
    const out = res.all
      .split('\n')
      .filter((l) => !/Unknown user config/.test(l))
      .join('\n')
      .trim();
    const ok = res.status === 0;
    log(`${ok ? '✓' : '✗'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (!ok || opts.verbose) log(out.replace(/^/gm, '    '));
    if (!ok) problems.push(label);
    return { ok, out, stdout: res.stdout };
  };
  const check = (ok, line) => {
    log(`${ok ? '✓' : '✗'} ${line}`);
    if (!ok) problems.push(line);
  };
  const npmInstall = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
  /**
   * Installs `dir`'s package.json from the npm cache, else the registry (allowed; a cache miss is no packaging problem).
   */
  const install = async (label, dir) => {
    const offline = await run(
      `${label}: npm install (offline, from the npm cache)`,
      npm,
      [...npmInstall, '--offline'],
      {
        cwd: dir,
      },
    );
    if (offline.ok) return true;
    problems.splice(problems.lastIndexOf(`${label}: npm install (offline, from the npm cache)`), 1);
    return (await run(`${label}: npm install (registry)`, npm, [...npmInstall, '--prefer-offline'], { cwd: dir })).ok;
  };
  return { log, run, check, install };
}

/** Runs `parts` two at a time, in order; a part's lines are printed together when it ends. */
async function twoAtATime(parts) {
  const queue = [...parts];
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) {
      const lines = [];
      try {
        await part(io((l) => lines.push(l)));
      } catch (error) {
        lines.push(`✗ ${error?.message ?? error}`);
        problems.push(String(error?.message ?? error));
      }
      console.log(`\n${lines.join('\n')}`);
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Disk usage of a directory in bytes (`du -sk`, as the issue measured; KiB blocks × 1024). */
const du = (dir) => Number(spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout.split('\t')[0]) * 1024;
const fmtMB = (bytes) => `${(bytes / MB).toFixed(2)} MB`;

const work = mkdtempSync(path.join(tmpdir(), 'hj-packaging-'));
// The consumer projects install in memory when the machine has room (scripts/scratch.mjs); the installed sizes (step 4)
// are measured in `work`, on the disk, as the goals were.
const consumersWork = mkdtempSync(path.join(scratchRoot(), 'hj-consumers-'));
let tarballs = {};
/** Each tarball's files (tarballContents). */
const contents = {};
const sizes = {};

/** 2. the tarball's contents, 3. publint, attw and `npm publish --dry-run`, 4. its installed size alone. */
async function packagePart(name, { log, run, check, install }) {
  log(name);
  const spec = PACKAGES[name];
  const dir = path.join(PACKAGES_DIR, name);
  const tarball = tarballs[name];
  const files = new Set(contents[name].map((f) => f.path));
  // 2. the tarball's contents
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const targets = [...exportTargets(pkg.exports), ...Object.values(pkg.bin ?? {}).map((b) => b.replace(/^\.\//, ''))];
  const missing = targets.filter((t) => !files.has(t));
  check(
    !missing.length,
    `${name}: ${targets.length} exports/bin targets present in the tarball${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
  );
  const shots = [...files].filter((f) => /\.(png|jpe?g|gif|webp)$/.test(f));
  check(
    !shots.length,
    `${name}: no screenshots or images in the tarball${shots.length ? ` (${shots.join(', ')})` : ''}`,
  );
  if (files.has('dist/react.js')) {
    const react = readFileSync(path.join(dir, 'dist/react.js'), 'utf8');
    const importsReact = /from\s*["']react["']/.test(react);
    const bundlesReact =
      /__CLIENT_INTERNALS|react\.production|ReactCurrentDispatcher|Symbol\.for\(["']react\.element/.test(react);
    check(importsReact && !bundlesReact, `${name}: dist/react.js imports 'react' and bundles none of it`);
  }
  // Every bare import reachable from an export must be a declared dependency or peer (or a Node built-in): a bundler
  // helper left as an import (e.g. '@oxc-project/runtime') installs nowhere and breaks every consumer.
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  const undeclared = new Map();
  const visited = new Set();
  const walk = (rel) => {
    if (visited.has(rel) || !rel.endsWith('.js') || !files.has(rel)) return;
    visited.add(rel);
    const source = readFileSync(path.join(dir, rel), 'utf8');
    for (const m of source.matchAll(
      /(?:^|[;\n])\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
    )) {
      const s = m[1] ?? m[2] ?? m[3];
      if (s.startsWith('.')) walk(path.posix.normalize(path.posix.join(path.posix.dirname(rel), s)));
      else if (!s.startsWith('node:') && !builtinModules.includes(s)) {
        const dep = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0];
        if (!declared.has(dep)) undeclared.set(s, rel);
      }
    }
  };
  targets.forEach(walk);
  check(
    !undeclared.size,
    `${name}: ${visited.size} files reachable from the exports import only declared dependencies` +
      (undeclared.size ? ` (undeclared: ${[...undeclared].map(([s, f]) => `${s} in ${f}`).join(', ')})` : ''),
  );

  // 3. publint and attw. `./iife` is the classic-script build (a global, no exports): a file for <script src> and
  // CDNs, not a module to import, so it has no declarations by design and is left out of attw's entry points; so is
  // `./openapi.json`, a document for other tools.
  await run(
    `${name}: publint (strict)`,
    process.execPath,
    [path.join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict'],
    { verbose: true },
  );
  const notModules = ['./iife', './openapi.json'].filter((e) => pkg.exports[e]);
  const exclude = notModules.length ? ['--exclude-entrypoints', ...notModules] : [];
  await run(
    `${name}: attw --profile esm-only`,
    process.execPath,
    [
      path.join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      tarball,
      '--profile',
      'esm-only',
      ...exclude,
      '--format',
      'ascii',
    ],
    { verbose: true },
  );

  // npm publish normalises package.json on the way out and only warns when it changes something (a bin it drops,
  // a field it rewrites): the package must publish exactly as laid out. Being logged out is no packaging problem.
  const dry = await run(`${name}: npm publish --dry-run`, npm, ['publish', '--dry-run'], { cwd: dir });
  if (dry.ok) {
    const warnings = dry.out.split('\n').filter((l) => /^npm warn/i.test(l) && !/requires you to be logged in/.test(l));
    check(
      !warnings.length,
      `${name}: npm publish --dry-run corrects nothing${warnings.length ? `:\n    ${warnings.join('\n    ')}` : ''}`,
    );
  }

  // 4. installed size, alone in an empty project
  const empty = path.join(work, `alone-${name}`);
  mkdirSync(empty);
  writeFileSync(
    path.join(empty, 'package.json'),
    JSON.stringify({ name: `alone-${name}`, private: true, dependencies: { [name]: `file:${tarball}` } }, null, 2),
  );
  if (!(await install(name, empty))) return;
  const nm = path.join(empty, 'node_modules');
  const installed = readdirSync(nm)
    .filter((d) => !d.startsWith('.'))
    .flatMap((d) => (d.startsWith('@') ? readdirSync(path.join(nm, d)).map((s) => `${d}/${s}`) : [d]));
  const peers = installed.filter((p) => pkg.peerDependencies?.[p]);
  check(!peers.length, `${name}: no peer installed (${peers.join(', ') || 'none'})`);
  sizes[name] = { bytes: du(nm), packages: installed.length, goal: spec.installedGoal };
  const goal = spec.installedGoal;
  const line =
    `${name}: ${fmtMB(sizes[name].bytes)} installed with its dependencies, ${installed.length} package(s): ${installed.join(', ')}` +
    (goal ? ` (goal ≤ ${fmtMB(goal)})` : ' (no size goal)');
  check(!goal || sizes[name].bytes <= goal, line);
  if (pkg.bin) {
    for (const bin of Object.keys(pkg.bin)) {
      const help = await run(
        `${name}: npx ${bin} --help (from the tarball)`,
        npm,
        ['exec', '--offline', '--no', '--', bin, '--help'],
        { cwd: empty },
      );
      if (help.ok) check(/usage/i.test(help.out), `${name}: ${bin} --help prints its usage`);
    }
  }
  if (name === 'hosted-journey-sandbox') {
    // The MCP SDK is an optional peer, so it is not here: `mcp` must stop at once (exit 2), naming the install line,
    // before it starts a sandbox or writes a byte to the MCP channel (stdout).
    const mcp = await new Promise((resolve) =>
      execFile(
        npm,
        ['exec', '--offline', '--no', '--', 'hosted-journey-sandbox', 'mcp'],
        { cwd: empty, env, encoding: 'utf8', timeout: 30_000 },
        (error, stdout, stderr) => resolve({ status: error ? error.code : 0, stdout, stderr }),
      ),
    );
    check(
      mcp.status === 2 &&
        mcp.stdout === '' &&
        mcp.stderr.includes('npm install --save-dev @modelcontextprotocol/sdk@1') &&
        !/listening|started/i.test(mcp.stderr),
      `${name}: without the MCP SDK, hosted-journey-sandbox mcp exits 2 naming its install line (exit ${mcp.status}: ${mcp.stderr.trim().split('\n')[0]})`,
    );
  }
}

/**
 * The shipped locales (src/protocol/locale.ts, the one list) and what the journey shows first in each, from the
 * catalogues' sources: its terms step's heading, the frame's name (the widget catalogue's title) and the direction.
 * Every consumer project gets it as locales.json; the testing-kit one reads the installed journey in each.
 */
async function shippedLocales() {
  const { tsImport } = await import('tsx/esm/api');
  const ts = (p) => tsImport(p, import.meta.url);
  const { LOCALES, DEFAULT_LOCALE, localeDir } = await ts('../src/protocol/locale.ts');
  const { CATALOGUES } = await ts('../src/sandbox/journey/browser/words/index.ts');
  const { EN_AU } = await ts('../src/widget/words/en-AU.ts');
  const shown = {};
  for (const l of LOCALES) {
    const widget = l === DEFAULT_LOCALE ? {} : (await ts(`../src/widget/words/${l}.ts`)).WORDS;
    shown[l] = {
      heading: CATALOGUES[l]['terms.title'] ?? CATALOGUES[DEFAULT_LOCALE]['terms.title'],
      title: widget.title ?? EN_AU.title,
      dir: localeDir(l),
    };
  }
  return shown;
}
const localesJson = shippedLocales().then((shown) => `${JSON.stringify(shown, null, 2)}\n`);

/** 5. a consumer project of test/consumers/, with only the tarballs it names (and locales.json). */
async function consumerPart(name, { log, run, check, install }) {
  log(`consumer ${name}`);
  const dir = path.join(consumersWork, name);
  cpSync(path.join(consumersDir, name), dir, {
    recursive: true,
    filter: (src) => !/node_modules|[/\\]dist$/.test(src),
  });
  writeFileSync(path.join(dir, 'locales.json'), await localesJson);
  const cpkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const ours = [];
  for (const field of ['dependencies', 'devDependencies']) {
    for (const d of Object.keys(cpkg[field] ?? {}).filter((d) => PACKAGES[d])) {
      cpkg[field][d] = `file:${tarballs[d]}`;
      ours.push(d);
    }
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(cpkg, null, 2));
  if (!(await install(`consumer ${name}`, dir))) return;
  const present = Object.keys(PACKAGES).filter((p) => existsSync(path.join(dir, 'node_modules', p)));
  check(
    present.sort().join() === ours.sort().join(),
    `consumer ${name}: installs ${ours.join(' + ')} and no other package of ours (installed: ${present.join(', ')})`,
  );
  await run(`consumer ${name}: check`, npm, ['run', '--silent', 'check'], { cwd: dir, verbose: true });
  const spaAssets = path.join(dir, 'dist/assets');
  if (name === 'spa' && existsSync(spaAssets)) {
    const js = readdirSync(spaAssets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(spaAssets, f), 'utf8'))
      .join('\n');
    check(
      js.includes('hosted-journey:') && js.includes('hosted-journey'),
      `consumer spa: the built bundle contains the widget and the element (${(js.length / 1024).toFixed(0)} KiB)`,
    );
  }
}

try {
  // A full build when dist/ is missing; otherwise the packages are laid out again from the current dist/ (0.3 s),
  // so a partial build since the last full one never leaves a stale package behind.
  if (!existsSync(path.join(root, 'dist/index.js')) || !existsSync(path.join(root, 'dist/types'))) {
    await io(console.log).run('build (dist/ missing)', process.execPath, ['scripts/build.mjs']);
  } else {
    await io(console.log).run('lay out dist/packages/ from dist/', process.execPath, ['scripts/build.mjs', 'packages']);
  }
  // 1. the tarballs (packed one after another, a second each, when the run has none)
  tarballs = runTarballs(work, { log: () => {}, assemble: false });
  for (const [name, tarball] of Object.entries(tarballs)) {
    contents[name] = tarballContents(tarball);
    const unpacked = contents[name].reduce((sum, f) => sum + f.size, 0);
    console.log(
      `  ${name}.tgz: ${contents[name].length} files, ${(statSync(tarball).size / 1024).toFixed(0)} KiB packed, ${(unpacked / 1024).toFixed(0)} KiB unpacked`,
    );
  }
  const consumers = readdirSync(consumersDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  // The consumer that runs a browser, the longest part, first; then the packages; then the other consumers.
  const first = consumers.filter((c) => c === 'testing-kit');
  await twoAtATime([
    ...first.map((c) => (o) => consumerPart(c, o)),
    ...Object.keys(tarballs).map((p) => (o) => packagePart(p, o)),
    ...consumers.filter((c) => !first.includes(c)).map((c) => (o) => consumerPart(c, o)),
  ]);
  const measured = Object.fromEntries(Object.keys(PACKAGES).flatMap((n) => (sizes[n] ? [[n, sizes[n]]] : [])));
  writeFileSync(
    path.join(PACKAGES_DIR, 'installed-sizes.json'),
    `${JSON.stringify({ measured: new Date().toISOString(), sizes: measured }, null, 2)}\n`,
  );

  console.log(
    '\ninstalled sizes (tarball alone into an empty project, optional peers not installed, du of node_modules):',
  );
  for (const [name, s] of Object.entries(measured))
    console.log(
      `  ${name.padEnd(24)} ${fmtMB(s.bytes).padStart(9)}  ${String(s.packages).padStart(2)} package(s)  goal ${s.goal ? `≤ ${fmtMB(s.goal)}` : 'runs with npx'}`,
    );
} catch (error) {
  problems.push(String(error?.message ?? error));
} finally {
  if (keep) console.log(`  kept ${work} and ${consumersWork}`);
  else for (const dir of [work, consumersWork]) rmSync(dir, { recursive: true, force: true });
}

const seconds = ((Date.now() - t0) / 1000).toFixed(1);
if (problems.length) {
  console.log(
    `\npackaging: ${problems.length} problem(s) in ${seconds} s:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`\npackaging: clean in ${seconds} s`);
