#!/usr/bin/env node
// Size budget and must-not-appear check (run by `npm test` via scripts/test-checks.mjs, and in CI). Needs dist/.
//   1. gzip -9 of dist/hosted-journey.iife.js, what every script-tag journey loads                       ≤ 11 KB
//      and each lazy part's sibling file, dist/hosted-journey.<part>.js, on its own budget (budgets.mjs)
//   2. an ES-module fixture using only an inline `createJourney`, bundled and minified by esbuild with every
//      dependency bundled and code splitting on, counting every chunk an inline mount loads (the entry and its static
//      imports; never a lazy part: modal, prewarm, plain, typos, error-view, no-journey)             ≤ 9.5 KB
//      and what each lazy part's `import()` adds to it, on its own budget (budgets.mjs).
//   Every failing size check names the largest modules of its bundle (the composition line below it).
//   3. no browser file in dist/ (the browser entries, the IIFE and every chunk they import) contains a server-only
//      identifier: createHmac, node:crypto, timingSafeEqual, signingSecret.
//   4. the Fetch-runtime webhook verifier alone — `verifyWebhookSignature` (no schema library: zod must not be in it)
//      ≤ 5 KB and `verifyWebhook` (payload validation, zod) ≤ 13 KB — from the entry source with the Web Crypto
//      provider, each with its largest modules when over budget. The first stays small only while every module the
//      entry reaches has droppable top-level code: zod schemas are built in `/* @__PURE__ */ z.lazy(...)`, and other
//      module-level values that read properties or call functions are pure-marked (see docs/performance.md).
// KB = 1000 bytes, as in bench/sections/sizes.mjs. Prints every figure; exits 1 when any check fails.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PART_WHEN, WIDGET_BUDGETS } from './lib/budgets.mjs';
import { measureInlineMount } from './lib/inline.mjs';
import { measureFile } from './lib/bundle.mjs';
import { esbuildWebCrypto } from '../scripts/server-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const KB = 1000;
const BUDGET = {
  ...WIDGET_BUDGETS,
  verifier: 5 * KB,
  verifierWithSchemas: 13 * KB,
};
const FORBIDDEN = ['createHmac', 'node:crypto', 'timingSafeEqual', 'signingSecret'];
const BROWSER_ENTRIES = [
  'index.js',
  'child.js',
  'preact.js',
  'react.js',
  'element.js',
  'hosted-journey.iife.js',
  'hosted-journey.modal.js',
];

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / KB).toFixed(2)} KB`;
let failed = 0;
const check = (ok, line) => {
  console.log(`${ok ? '✓' : '✗'} ${line}`);
  if (!ok) failed++;
};

function parts(metafile, outputs) {
  const by = new Map();
  for (const [name, out] of Object.entries(metafile.outputs)) {
    if (outputs && !outputs.includes(name)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const key = m ? m[1] : input.replace(/^(src\/[^/]+)\/.*$/, '$1');
      by.set(key, (by.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${kb(v)} min`)
    .join(', ');
}

// 1. IIFE
const iifeFile = path.join(dist, 'hosted-journey.iife.js');
if (!existsSync(iifeFile)) {
  check(false, 'dist/hosted-journey.iife.js is missing: run `node scripts/build.mjs iife` first');
} else {
  const buf = readFileSync(iifeFile);
  check(
    gz(buf) <= BUDGET.iife,
    `IIFE dist/hosted-journey.iife.js: ${kb(gz(buf))} gzip (${kb(buf.length)} min), budget ${kb(BUDGET.iife)}`,
  );
  const analysed = await build({
    entryPoints: [path.join(root, 'src/widget/iife.ts')], // not `import '...'`: package.json sideEffects:false would drop it
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The lazy parts are files of their own (dist/hosted-journey.<part>.js): not part of this file's composition.
    plugins: [
      {
        name: 'parts',
        setup: (b) =>
          b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (a) =>
            a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined,
          ),
      },
    ],
  });
  console.log(`    composition (esbuild rebuild): ${parts(analysed.metafile)}`);
  for (const [part, budget] of Object.entries(BUDGET.partScripts)) {
    const file = path.join(dist, `hosted-journey.${part}.js`);
    if (!existsSync(file)) {
      check(false, `dist/hosted-journey.${part}.js is missing: run \`node scripts/build.mjs iife\``);
      continue;
    }
    const n = gz(readFileSync(file));
    check(
      n <= budget,
      `dist/hosted-journey.${part}.js, loaded for ${PART_WHEN[part]}: ${kb(n)} gzip, budget ${kb(budget)}` +
        (part === 'modal' ? ` (script tag in modal mode: ${kb(gz(buf) + n)})` : ''),
    );
  }
}

// 2. Inline ES-module fixture (bench/lib/inline.mjs: the same figure the bench report uses)
{
  const m = await measureInlineMount(root);
  check(
    m.gz <= BUDGET.inline,
    `inline createJourney fixture: ${kb(m.gz)} gzip over ${m.chunks} chunk(s) loaded by an inline mount, budget ${kb(BUDGET.inline)}`,
  );
  console.log(`    composition: ${parts(m.metafile, m.loadedNames)}`);
  for (const [part, budget] of Object.entries(BUDGET.partChunks)) {
    const n = m.parts[part];
    check(
      n !== undefined && n <= budget,
      n === undefined
        ? `no lazy ${part} chunk in the inline fixture's bundle: is \`import('./${part}.js')\` still lazy?`
        : `${part} chunk, loaded for ${PART_WHEN[part]}: ${kb(n)} gzip, budget ${kb(budget)} (inline mount with it: ${kb(m.gz + n)})`,
    );
  }
  check(
    !m.preactInLoaded && m.lazyGz.length > 0,
    `Preact stays out of the inline path (modal chunk, loaded only in modal mode: ${m.lazyGz.map(kb).join(' + ') || 'none'} gzip)`,
  );
}

// 4. The Fetch-runtime webhook verifier, bundled alone from the entry source with the Web Crypto provider
for (const [file, name, budget, schemaFree] of [
  ['verifier.js', '`verifyWebhookSignature` (no payload schemas)', BUDGET.verifier, true],
  ['verifier-schemas.js', '`verifyWebhook` (payload validated with zod)', BUDGET.verifierWithSchemas, false],
]) {
  const m = await measureFile(path.join(root, 'bench/fixtures', file), {
    external: ['redis'],
    plugins: [esbuildWebCrypto()],
  });
  if (m.error) {
    check(false, `Fetch-runtime verifier ${name}: not measurable (${m.error})`);
    continue;
  }
  const kept = Object.values(m.metafile.outputs).flatMap((o) => Object.entries(o.inputs));
  const largest = [...kept]
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 6)
    .map(([f, { bytesInOutput }]) => `${f.replace(/^.*node_modules\//, '')} ${kb(bytesInOutput)}`)
    .join(', ');
  const ok = m.gz <= budget;
  check(ok, `Fetch-runtime verifier ${name}: ${kb(m.gz)} gzip, budget ${kb(budget)}`);
  if (!ok) console.log(`    largest modules (min): ${largest}`);
  if (schemaFree) {
    const zod = kept.filter(([f, { bytesInOutput }]) => f.includes('node_modules/zod/') && bytesInOutput > 0);
    check(zod.length === 0, `no schema library in ${name}${zod.length ? `: ${zod.length} zod module(s) kept` : ''}`);
  }
}

// 3. Must-not-appear in every browser file of dist/
const seen = new Set();
const queue = BROWSER_ENTRIES.map((f) => path.join(dist, f)).filter(existsSync);
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|import\s*)["'](\.{1,2}\/[^"']+\.js)["']/g))
    queue.push(path.resolve(path.dirname(file), m[1]));
}
const hits = [];
for (const file of seen) {
  const text = readFileSync(file, 'utf8');
  for (const word of FORBIDDEN) if (text.includes(word)) hits.push(`${path.relative(root, file)} contains ${word}`);
}
check(
  seen.size > 0 && hits.length === 0,
  `no server-only identifier (${FORBIDDEN.join(', ')}) in ${seen.size} browser file(s) of dist/${hits.length ? ': ' + hits.join('; ') : ''}`,
);

console.log(failed ? `size: ${failed} check(s) failed` : 'size: all checks passed');
process.exit(failed ? 1 : 0);
