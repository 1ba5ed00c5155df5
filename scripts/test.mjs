#!/usr/bin/env node
// `npm test`: the whole suite, the same locally and in CI.
//   1. system dependencies (Chromium, Firefox ESR, WebKitGTK + Xvfb, redis-server, PostgreSQL): missing → says exactly
//      what to install and counts as failed
//   2. build (the browser specs and the budget checks run against dist/)
//   3. vitest (unit + Node integration against real HTTP and a real redis-server)
//   4. Playwright (Debian Chromium, end to end; e2e/engines also drives Firefox ESR and WebKitGTK)
//   5. checks: typecheck, lint, packaging and size budget (each counts as one test; a missing typecheck or lint tool
//      is a failure, not a skip)
// Prints one closing line `N passed, N failed`. Exits non-zero if anything failed.
// Flags: --skip-build, --only=unit|e2e|checks (for local iteration; CI runs everything).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';
import { findSystemDeps } from './system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled(root);
const { checks, readiness } = await import('./test-checks.mjs');
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const want = (part) => !only || only === part;

let passed = 0;
let failed = 0;
const failures = [];
const fail = (what) => {
  failed++;
  failures.push(what);
};

function run(cmd, cmdArgs, env = {}) {
  console.log(`\n$ ${cmd} ${cmdArgs.join(' ')}`);
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// 1. system dependencies
const deps = findSystemDeps();
for (const d of deps.missing) {
  console.error(`\n✗ missing system dependency: ${d.name} — ${d.why}\n  install it with:  ${d.install}`);
  fail(`system dependency ${d.name}`);
}

// 2. build
if (!args.includes('--skip-build')) {
  if (run(process.execPath, ['scripts/build.mjs']) !== 0) fail('build');
}

// 3. vitest
if (want('unit')) {
  const json = path.join(out, 'vitest.json');
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    // A file that fails to load has no tests but is a failure all the same.
    for (const f of r.testResults ?? [])
      if (f.status === 'failed' && (f.assertionResults ?? []).length === 0)
        fail(`vitest file ${path.relative(root, f.name)}`);
    for (const f of r.testResults ?? [])
      for (const a of f.assertionResults ?? []) if (a.status === 'failed') failures.push(`vitest: ${a.fullName}`);
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (skipped && process.env.CI) fail(`vitest skipped ${skipped} test(s); CI requires every suite`);
  } else fail('vitest produced no report');
}

// 4. Playwright
if (want('e2e')) {
  const json = path.join(out, 'playwright.json');
  if (deps.missing.some((d) => d.name === 'chromium')) {
    console.error('\n✗ end-to-end suite not run: Chromium is missing (see above).');
  } else {
    run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
    if (existsSync(json)) {
      const r = JSON.parse(readFileSync(json, 'utf8'));
      const s = r.stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      if (s.skipped && process.env.CI) fail(`playwright skipped ${s.skipped} test(s); CI requires every suite`);
      for (const e of r.errors ?? []) fail(`playwright: ${String(e.message ?? e).split('\n')[0]}`);
    } else fail('playwright produced no report');
    // Written by e2e/engines as each engine starts: the versions the widget was just tested in.
    const engines = ['chromium', 'gecko', 'webkit']
      .map((e) => path.join(out, `engine-${e}.txt`))
      .filter((f) => existsSync(f));
    if (engines.length)
      console.log(`\nBrowser engines tested: ${engines.map((f) => readFileSync(f, 'utf8')).join(', ')}`);
  }
}

// 5. checks (budgets, packaging)
if (want('checks')) {
  for (const c of checks) {
    const state = readiness(c);
    if (state === 'missing') {
      console.error(`\n✗ check '${c.name}' cannot run: ${c.args[0] ?? c.cmd} is missing (run npm ci)`);
      fail(`check ${c.name} (tool missing)`);
      continue;
    }
    if (state === 'skip') {
      console.log(`\n(check '${c.name}' not set up yet)`);
      continue;
    }
    if (run(c.cmd, c.args, c.env) === 0) passed++;
    else fail(`check ${c.name}`);
  }
}

if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures.slice(0, 50)) console.log(`  - ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
