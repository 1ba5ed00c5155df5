#!/usr/bin/env node
// Runtimes check (one of `npm test`'s checks; exits non-zero on any problem): the packed hosted-journey-server in each
// runtime docs/server.md names, from what that runtime resolves, and the Node build, the sandbox and its testing kit on
// Node 22 and 24 (the machine's Node runs the rest of `npm test`).
//   1. the pinned runtimes (scripts/runtimes.mjs), installed once per machine; one that is missing or does not run is
//      a failure that says what to install, never a skip
//   2. the packed hosted-journey-server and hosted-journey-sandbox (`npm test`'s tarballs, $HJ_RUN_TARBALLS, else
//      packed from dist/packages/: scripts/pack.mjs), installed into a scratch copy of test/runtimes/app/ with
//      test/consumers/node-server's server.mjs and index.cjs
//   3. a sandbox from the packed hosted-journey-sandbox, started here on loopback, for the Fetch runtimes' signed calls
//   4. one runtime after another: workerd (the Worker bundled as wrangler bundles it, run by Miniflare on Node 22),
//      Deno and Bun, each running test/runtimes/app/scenario.mjs; Node 22 and 24: server.mjs, index.cjs, kit.mjs, then
//      NODE_UNIT_TESTS (vitest, one worker)
// Prints a line per runtime, then the versions tested (docs/server.md's table). Flags: --keep (leave the scratch
// directory), --only=<names> (some of miniflare, deno, bun, node22, node24; for working on one).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTarballs } from './pack.mjs';
import { RUNTIMES, findRuntime, installRuntimes, pinnedVersions, root } from './runtimes.mjs';

/**
 * The server's unit tests that also run on Node 22 and 24, about 8 CPU-s each: what differs between Node releases —
 * node:crypto and Web Crypto (both providers, the pinned vectors and python3's), streams, realms. Not the property
 * tests' 10 000 inputs, the client's 28 cases over HTTP or the handler's suite on Redis: kit.mjs makes signed calls
 * and processes each of the sandbox's duplicated webhooks once, over node:http, with the packed build on each Node.
 */
const NODE_UNIT_TESTS = [
  'test/server/signing.test.ts',
  'test/server/md5.test.ts',
  'test/server/bytes.test.ts',
  'test/server/errors.test.ts',
  'test/server/async-api.test.ts',
  'test/server/memory-store.test.ts',
  'test/server/webhook-verifier.test.ts',
  'test/server/download-stream-example.test.ts',
];
const TIMEOUT_MS = 180_000; // ends a hang; the check runs at the lowest CPU priority beside vitest
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (names) => names.filter((n) => !only || only.includes(n));
const t0 = Date.now();
const problems = [];
const tested = [];
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command to its end (or TIMEOUT_MS); resolves with its exit status and output. */
function exec(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = [];
    const all = [];
    child.stdout.on('data', (c) => stdout.push(c) && all.push(c));
    child.stderr.on('data', (c) => all.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    const text = (chunks) => Buffer.concat(chunks).toString('utf8').trim();
    const end = (status) => resolve({ ok: status === 0, status, stdout: text(stdout), out: text(all) });
    child.on('error', (e) => all.push(Buffer.from(e.message)) && end(1));
    child.on('close', (status, signal) => clearTimeout(timer) || end(status ?? signal));
    // A process it left behind may hold the pipes open: its own exit decides, a moment later.
    child.on('exit', (status, signal) => setTimeout(() => clearTimeout(timer) || end(status ?? signal), 2000).unref());
  });
}

/** `label`'s outcome: ✓ and its line, or ✗ with what went wrong (counted). */
function report(label, ok, line, started) {
  console.log(`${ok ? '✓' : '✗'} ${label}: ${line.replace(/\n/g, '\n    ')} (${secs(started)})`);
  if (!ok) problems.push(label);
}

/** The last line of a runtime's output, parsed; or an error carrying all of it. */
function lastJson(res) {
  const line = res.stdout.split('\n').at(-1) ?? '';
  try {
    if (res.ok) return JSON.parse(line);
  } catch {}
  throw new Error(`exit ${res.status}:\n${res.out}`);
}

/** What the scenario (test/runtimes/app/scenario.mjs) must have done in every Fetch runtime; [] when it did. */
function judgeScenario(r) {
  const wrong = [];
  const { webhooks: w, client: c } = r;
  if (w.delivery !== 200) wrong.push(`signed delivery answered ${w.delivery}, not 200`);
  if (w.duplicate !== 200) wrong.push(`its copy answered ${w.duplicate}, not 200 (a duplicate of a done event)`);
  if (w.tampered !== 401) wrong.push(`a tampered body answered ${w.tampered}, not 401`);
  if (w.processed.join() !== `evt_${r.runtime}_1`) wrong.push(`processed ${JSON.stringify(w.processed)}, not once`);
  if (!/\S/.test(c.applicationId ?? '')) wrong.push('the signed startApplication returned no application id');
  if (!/^AuthenticationError 401/.test(c.wrongSecret)) wrong.push(`a wrong secret gave ${c.wrongSecret}`);
  return wrong;
}
const scenarioLine = ({ webhooks: w, client: c }) =>
  `delivery ${w.delivery}, duplicate ${w.duplicate} (processed once), tampered ${w.tampered}; ` +
  `signed startApplication → ${c.applicationId}, wrong secret → ${c.wrongSecret}`;

/** Installs the packed server and sandbox into a scratch copy of test/runtimes/app/. */
async function scratchProject(work) {
  const tarballs = runTarballs(path.join(work, 'tarballs'), { log: () => {}, assemble: false });
  const app = path.join(work, 'app');
  cpSync(path.join(root, 'test/runtimes/app'), app, { recursive: true });
  for (const f of ['server.mjs', 'index.cjs'])
    cpSync(path.join(root, 'test/consumers/node-server', f), path.join(app, f));
  const pkg = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
  pkg.dependencies['hosted-journey-server'] = `file:${tarballs['hosted-journey-server']}`;
  pkg.devDependencies['hosted-journey-sandbox'] = `file:${tarballs['hosted-journey-sandbox']}`;
  writeFileSync(path.join(app, 'package.json'), JSON.stringify(pkg, null, 2));
  const install = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--loglevel=error'];
  // From the npm cache when it has everything, else the registry (a cache miss is no runtime problem).
  const res = (await exec(npm, [...install, '--offline'], { cwd: app })).ok
    ? { ok: true }
    : await exec(npm, [...install, '--prefer-offline'], { cwd: app });
  if (!res.ok) throw new Error(`npm install of the tarballs:\n${res.out}`);
  return app;
}

/** workerd: the Worker bundled with wrangler's conditions, run in Miniflare by Node 22. */
async function workerd({ app, sandbox, bins, versions }) {
  const { build } = await import('esbuild');
  const outfile = path.join(app, 'worker.bundle.mjs');
  // wrangler's defaults: platform browser, conditions workerd, worker, browser (its getBuildConditions()).
  const bundled = await build({
    entryPoints: [path.join(app, 'worker.mjs')],
    absWorkingDir: app,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    metafile: true,
    outfile,
    logLevel: 'silent',
  });
  const ours = Object.keys(bundled.metafile.inputs).filter((f) => f.includes('node_modules/hosted-journey-server/'));
  // The root's build (dist/server.js, -web or -browser), not a sibling entry's (dist/server-testing-web.js, …).
  const entry = ours.find((f) => /\/dist\/server(-web|-browser)?\.js$/.test(f));
  const date = versions.workerd.replace(/^1\.(\d{4})(\d\d)(\d\d)\..*$/, '$1-$2-$3');
  const res = await exec(bins.node22, [path.join(app, 'miniflare.mjs'), bins.miniflare, outfile, date, ...sandbox], {
    cwd: app,
  });
  const external = [
    ...new Set(
      Object.keys(bundled.metafile.inputs)
        .filter((f) => !f.includes('hosted-journey-server/') && f.includes('node_modules/'))
        .map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)[1]),
    ),
  ];
  const result = { ...lastJson(res), version: versions.workerd, resolved: entry, files: ours.length, external };
  return { result: { ...result, builtins: [] } };
}

/** Deno and Bun run test/runtimes/app/fetch-runtime.mjs themselves, from the scratch project's node_modules. */
async function denoOrBun(name, { app, sandbox, bins }) {
  const port = new URL(sandbox[0]).port;
  const args =
    name === 'deno'
      ? ['run', '--no-prompt', '--no-lock', `--allow-read=${app}`, `--allow-net=127.0.0.1:${port}`]
      : ['--no-install'];
  const res = await exec(bins[name], [...args, 'fetch-runtime.mjs', ...sandbox], {
    cwd: app,
    env: {
      ...env,
      DENO_DIR: path.join(app, '.deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      DO_NOT_TRACK: '1',
      BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
    },
  });
  return { result: lastJson(res) };
}

/** A Fetch runtime's step: the scenario's result judged, the build it resolved, a row of the table. */
async function fetchRuntime(name, ctx) {
  const started = Date.now();
  const label = RUNTIMES[name].label;
  try {
    const { result: r } = name === 'miniflare' ? await workerd(ctx) : await denoOrBun(name, ctx);
    const wrong = judgeScenario(r);
    if (!/node_modules\/hosted-journey-server\/dist\/server-web\.js$/.test(r.resolved ?? ''))
      wrong.push(`resolved ${r.resolved}, not dist/server-web.js`);
    if (r.builtins.length) wrong.push(`the build imports Node built-ins: ${r.builtins.join(', ')}`);
    const imports = r.external.length ? `, imports ${r.external.join(', ')}` : '';
    const build = `dist/server-web.js (${r.files} file(s) of the package, no Node built-in${imports})`;
    report(`${label} ${r.version}`, !wrong.length, wrong.join('; ') || `${build}; ${scenarioLine(r)}`, started);
    if (!wrong.length) tested.push(`${label.split(' ')[0]} ${r.version}`);
  } catch (error) {
    report(label, false, error.message, started);
  }
}

/** Node 22 or 24: the node-server consumer's checks and kit.mjs from the tarballs, then NODE_UNIT_TESTS. */
async function nodeRuntime(name, { app, bins, work }) {
  const started = Date.now();
  const node = bins[name];
  const pathEnv = { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH}` };
  const lines = [];
  for (const file of ['server.mjs', 'index.cjs', 'kit.mjs']) {
    const res = await exec(node, [file], { cwd: app, env: pathEnv });
    if (!res.ok) return report(`${RUNTIMES[name].label}: ${file}`, false, `exit ${res.status}:\n${res.out}`, started);
    lines.push(res.stdout.split('\n').at(-1));
  }
  const json = path.join(work, `vitest-${name}.json`);
  const vitest = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...NODE_UNIT_TESTS, '--reporter=json'];
  const res = await exec(node, [...vitest, `--outputFile.json=${json}`], {
    env: { ...pathEnv, VITEST_MAX_WORKERS: '1' },
  });
  let unit;
  try {
    unit = JSON.parse(readFileSync(json, 'utf8'));
  } catch {}
  const counted = unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report';
  // vitest takes file names as filters: a renamed file would drop out silently.
  const files = unit?.testResults?.length ?? 0;
  const ok = res.ok && files === NODE_UNIT_TESTS.length;
  const version = (await exec(node, ['--version'])).stdout;
  lines.push(`server unit tests (${files} of ${NODE_UNIT_TESTS.length} files): ${counted}`);
  report(`${RUNTIMES[name].label} (${version})`, ok, ok ? lines.join('\n') : `${lines.at(-1)}:\n${res.out}`, started);
  if (ok) tested.push(`Node ${version.replace(/^v/, '')}`);
}

async function main(work) {
  const install = await installRuntimes({ log: (l) => console.log(l) });
  if (install.error) throw new Error(install.error);
  const bins = {};
  // Miniflare runs on Node 22.
  const needed = new Set(wanted(Object.keys(RUNTIMES)).flatMap((n) => (n === 'miniflare' ? [n, 'node22'] : [n])));
  for (const name of needed) {
    const found = findRuntime(install.dir, name);
    if (found.missing) problems.push(`${name}: ${found.missing}`) && console.log(`✗ ${found.missing}`);
    else bins[name] = found.path;
  }
  if (problems.length) return;
  const app = await scratchProject(work);
  const ctx = { app, bins, work, versions: pinnedVersions() };
  const fetchRuntimes = wanted(['miniflare', 'deno', 'bun']);
  if (fetchRuntimes.length)
    await withSandbox(app, (sandbox) => forEach(fetchRuntimes, fetchRuntime, { ...ctx, sandbox }));
  await forEach(wanted(['node22', 'node24']), nodeRuntime, ctx);
}

const forEach = async (names, step, ctx) => {
  for (const name of names) await step(name, ctx);
};

/** Runs `use` with a sandbox from the packed hosted-journey-sandbox, started here: [url, token id, secret]. */
async function withSandbox(app, use) {
  const sandboxModule = path.join(app, 'node_modules/hosted-journey-sandbox/dist/sandbox.js');
  const { startSandbox, DEFAULT_TOKENS } = await import(pathToFileURL(sandboxModule).href);
  const running = await startSandbox({ host: '127.0.0.1', port: 0, crawlDelayMs: 0 });
  try {
    await use([running.url, DEFAULT_TOKENS[0].tokenId, DEFAULT_TOKENS[0].secret]);
  } finally {
    await running.close();
  }
}

// Not scripts/scratch.mjs's /dev/shm: Deno asks for --allow-all to read anything under /dev.
const work = mkdtempSync(path.join(tmpdir(), 'hj-runtimes-'));
try {
  await main(work);
} catch (error) {
  console.log(`✗ ${error?.message ?? error}`);
  problems.push(String(error?.message ?? error).split('\n')[0]);
} finally {
  if (process.argv.includes('--keep')) console.log(`  kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
if (tested.length) console.log(`\nRuntimes tested: ${tested.join(', ')}`);
if (problems.length) {
  console.log(
    `\nruntimes: ${problems.length} problem(s) in ${secs(t0)}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`\nruntimes: clean in ${secs(t0)}`);
