#!/usr/bin/env node
// `npm run bench`: builds, runs every section, writes BENCHMARKS.md. `node bench/run.mjs sizes load` runs only those
// sections and writes .bench-output/partial.md instead. Exits non-zero only when a budget is exceeded: the sizes, and
// trace propagation's cost as a ratio measured side by side (other timing goals are reported, not enforced: the
// machines are shared and noisy). Flags: --no-build (measure the existing dist/).
// Each section runs in a process of its own (this file with `--section <name>`), so what one section leaves behind —
// the JIT's view of shared code, a heap, a browser shutting down — cannot tilt the next one's ratios.
import { register } from 'tsx/esm/api';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './lib/bundle.mjs';
import { describeMachine } from './lib/machine.mjs';
import { goalsTable, section, table } from './lib/markdown.mjs';

register(); // sections import the TypeScript sources directly (src/**/*.ts)

/** Section name → module, in report order. Each exports `title` and `run()` resolving to a section result. */
export const SECTIONS = {
  sizes: './sections/sizes.mjs',
  ready: './sections/ready.mjs',
  prewarm: './sections/prewarm.mjs',
  relay: './sections/relay.mjs',
  journeys: './sections/journeys.mjs',
  crypto: './sections/crypto.mjs',
  payloads: './sections/payloads.mjs',
  load: './sections/load.mjs',
  duplicates: './sections/duplicates.mjs',
  inbox: './sections/inbox.mjs',
  telemetry: './sections/telemetry.mjs',
  propagation: './sections/propagation.mjs',
  'catch-up': './sections/catch-up.mjs',
};
/** Per-section wall-clock limit; the whole run must stay under 10 minutes on a 2-core machine. */
const SECTION_LIMIT_MS = {
  sizes: 60_000,
  ready: 180_000,
  prewarm: 180_000,
  relay: 60_000,
  journeys: 180_000,
  crypto: 120_000,
  payloads: 60_000,
  load: 120_000,
  duplicates: 60_000,
  inbox: 240_000,
  telemetry: 60_000,
  propagation: 60_000,
  // The outage at full size: 1,000 journeys and their 11,000 events refused for 48 h. Over 420 s at load 9 on 2 cores
  // (the outage's set-up alone took 359 s at load 24): 900 s, so a busy machine still finishes it.
  'catch-up': 900_000,
};

const args = process.argv.slice(2);
const RESULT_MARK = '@@bench-result ';
const replacer = (k, v) => (k === 'metafile' || k === 'text' ? undefined : v);
// The child: run one section, print its result as one marked JSON line, exit.
if (args[0] === '--section') {
  const mod = await import(SECTIONS[args[1]]);
  const result = await mod.run();
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result, replacer)}\n`);
  process.exit(0);
}

/** Runs one section in its own process; resolves to its result, rejects on a crash or after `limitMs`. */
function runIsolated(name, limitMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--section', name], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`section exceeded ${limitMs / 1000} s`));
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const lines = out.split('\n');
      const said = lines.filter((l) => l && !l.startsWith(RESULT_MARK)).join('\n');
      if (said) console.log(said); // the section's own progress lines
      const line = lines.find((l) => l.startsWith(RESULT_MARK));
      if (line) resolve(JSON.parse(line.slice(RESULT_MARK.length)));
      else reject(new Error(`section process exited (${code}) without a result: ${out.slice(-400)}`));
    });
  });
}
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !(w in SECTIONS));
if (unknown.length) {
  console.error(`unknown section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : Object.keys(SECTIONS);
const full = !wanted.length;

const t0 = Date.now();
if (!args.includes('--no-build')) {
  console.log('bench: building dist/ (browser, iife, server, assets, types, packages)');
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/build.mjs'), 'browser', 'iife', 'server', 'assets', 'types', 'packages'],
    { stdio: 'inherit', cwd: root },
  );
}

const machine = describeMachine();
const results = [];
const loads = [];
for (const name of names) {
  const started = Date.now();
  console.log(`bench: ${name} …`);
  let result;
  try {
    result = await runIsolated(name, SECTION_LIMIT_MS[name]);
  } catch (err) {
    result = {
      title: name,
      error: err?.stack?.split('\n').slice(0, 3).join(' ') ?? String(err),
      tables: [],
      goals: [],
      notes: [],
    };
  }
  result.seconds = (Date.now() - started) / 1000;
  result.name = name;
  loads.push(os.loadavg()[0]);
  console.log(
    `bench: ${name} done in ${result.seconds.toFixed(1)} s${result.error ? ` — FAILED: ${result.error}` : ''}`,
  );
  for (const g of result.goals ?? [])
    console.log(
      `  ${g.met === true ? 'met   ' : g.met === false ? 'MISSED' : g.met === 'noise' ? 'noise ' : 'n/a   '} ${g.name}: ${g.figure} (goal ${g.goal})`,
    );
  results.push(result);
}

const goals = results.flatMap((r) => (r.goals ?? []).map((g) => ({ ...g, name: `${r.title}: ${g.name}` })));
const budgetFailures = goals.filter((g) => g.enforced && g.met === false);
const cores = os.cpus().length;
const busiest = Math.max(...loads);
const lines = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} in ${((Date.now() - t0) / 1000).toFixed(0)} s. ` +
    'Method and how to read the figures: [docs/performance.md](docs/performance.md). Timings are ratios or medians measured ' +
    'side by side in one run, each ratio the median of several interleaved rounds with its spread (the interquartile ' +
    'range of the per-round ratios); a goal that lies inside that spread reads "inside noise", neither met nor missed. ' +
    'Only the budgets are enforced — the sizes, and ratios whose whole spread exceeds their budget ' +
    '(the run exits non-zero when one is).',
  '',
  busiest > cores * 0.75
    ? `> The machine was shared with other work during this run (1-minute load average up to ${busiest.toFixed(1)} on ${cores} cores). ` +
      'Absolute times are inflated; the ratios, measured interleaved, are the figures to compare.'
    : `> 1-minute load average stayed at or below ${busiest.toFixed(1)} on ${cores} cores during the run.`,
  '',
  '## Machine',
  '',
  table({ columns: ['', ''], rows: machine.rows }),
  '',
  '<details><summary>Package versions (from node_modules)</summary>',
  '',
  table({ columns: ['package', 'version'], rows: machine.packages }),
  '',
  '</details>',
  '',
  '## Goals',
  '',
  goalsTable(goals),
  '',
  ...results.map((r) => section(r)),
];
const markdown = lines.join('\n').replace(/\n{3,}/g, '\n\n');
mkdirSync(path.join(root, '.bench-output'), { recursive: true });
writeFileSync(
  path.join(root, '.bench-output', full ? 'results.json' : 'partial.json'),
  JSON.stringify({ machine, results }, replacer, 2),
);
const out = path.join(root, full ? 'BENCHMARKS.md' : '.bench-output/partial.md');
writeFileSync(out, markdown);
console.log(`bench: wrote ${path.relative(root, out)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (budgetFailures.length) {
  console.error(
    `bench: budget exceeded: ${budgetFailures.map((g) => `${g.name} ${g.figure} (goal ${g.goal})`).join('; ')}`,
  );
  process.exit(1);
}
process.exit(0); // a section may leave a handle behind after its time limit; the report is written, so stop here
