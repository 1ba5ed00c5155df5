// Bundle sizes (min + gzip -9), ours beside the peers, all through bench/lib/bundle.mjs's one set of esbuild settings.
// The only section whose goals are enforced: run.mjs exits non-zero when a size budget is exceeded.
import { PART_WHEN, WIDGET_BUDGETS } from '../lib/budgets.mjs';
import { measureInlineMount } from '../lib/inline.mjs';
import { measureInstalled } from '../lib/installed.mjs';
import { PACKAGES } from '../../scripts/packages.mjs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESBUILD_SETTINGS, importersOf, measureBuilt, measureFile, measureSource, root } from '../lib/bundle.mjs';
import { fmtKB } from '../lib/stats.mjs';
import { esbuildWebCrypto } from '../../scripts/server-web.mjs';

export const title = 'Bundle sizes';

const KB = 1000;
/**
 * Every size has a budget, enforced here and by bench/size.mjs (the check `npm test` runs). The Fetch-runtime verifier
 * is held under its peers (standardwebhooks, svix ≈ 5 KB): a figure only reported drifts.
 */
export const BUDGETS = { ...WIDGET_BUDGETS, verifier: 5 * KB, verifierWithSchemas: 13 * KB };

/** What an integrator imports from each peer (the smallest realistic use). */
export const PEERS = [
  ['@mxenabled/web-widget-sdk', 'widget SDK', `export { ConnectWidget } from '@mxenabled/web-widget-sdk';`],
  ['@finicity/connect-web-sdk', 'widget SDK', `export { FinicityConnect } from '@finicity/connect-web-sdk';`],
  [
    '@finicity/connect-web-sdk, core-js external',
    'widget SDK without its URL polyfill',
    `export { FinicityConnect } from '@finicity/connect-web-sdk';`,
    ['core-js'],
  ],
  ['penpal', 'iframe messaging', `export { connect, WindowMessenger } from 'penpal';`],
  ['zoid', 'iframe components', `import * as zoid from 'zoid'; export const create = zoid.create;`],
  ['post-robot', 'iframe messaging', `import * as postRobot from 'post-robot'; export const { on, send } = postRobot;`],
  [
    '@iframe-resizer/parent + @iframe-resizer/child',
    'iframe resizing (both sides)',
    `export { default as parent } from '@iframe-resizer/parent'; export { default as child } from '@iframe-resizer/child';`,
  ],
  ['@iframe-resizer/parent', 'iframe resizing (parent side)', `export { default } from '@iframe-resizer/parent';`],
  [
    '@open-iframe-resizer/core',
    'iframe resizing (our dependency)',
    `export { initialize } from '@open-iframe-resizer/core';`,
  ],
  ['standardwebhooks', 'webhook verifier', `export { Webhook } from 'standardwebhooks';`],
  ['svix', 'webhook verifier (import only)', `export { Webhook } from 'svix';`],
];

const version = (name) => {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};

const topParts = (m, n = 4) =>
  m.parts
    ? m.parts
        .slice(0, n)
        .map(([p, b]) => `${p} ${(b / KB).toFixed(1)}`)
        .join(', ') + ' (KB min)'
    : '';

/** Names the parts of a bundle and, when zod is among them, the repository files that pull it in. */
function whyLarge(m) {
  const zodBytes = m.parts?.find(([p]) => p === 'zod')?.[1] ?? 0;
  const via = importersOf(m.metafile, 'zod');
  return (
    `largest parts: ${topParts(m)}` +
    (zodBytes
      ? `; zod (${(zodBytes / KB).toFixed(1)} KB min) comes in through ${via.join(', ') || 'a dependency'} — ` +
        'zod schemas built at module level are kept by every bundler once their file is reached (e.g. through a barrel import of src/protocol), ' +
        'so a bundle stays small only if it never reaches the schemas it does not use'
      : '')
  );
}

/** Per repository file (and package) for small bundles, where folders would hide the detail. */
const verifierParts = (m) =>
  Object.entries(m.metafile?.outputs ?? {})
    .flatMap(([, o]) => Object.entries(o.inputs))
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 6)
    .map(
      ([f, { bytesInOutput }]) =>
        `${f.replace(/^.*node_modules\//, '').replace(/^\.\.\/|^src\//g, '')} ${(bytesInOutput / KB).toFixed(1)}`,
    )
    .join(', ');

function verdict(m, budget) {
  if (m.error) return { met: null, figure: 'not measurable' };
  return { met: m.gz <= budget, figure: fmtKB(m.gz) };
}

export async function run() {
  const ours = [];
  const goals = [];
  const notes = [];

  // 1. The shipped IIFE as built by scripts/build.mjs (vite, already minified), gzipped as is.
  const iifeDist = path.join(root, 'dist/hosted-journey.iife.js');
  const shipped = existsSync(iifeDist)
    ? measureBuilt(iifeDist)
    : { error: 'dist/hosted-journey.iife.js not built (run `node scripts/build.mjs iife`)' };
  ours.push(['IIFE, as shipped (dist/hosted-journey.iife.js)', shipped]);
  const modalDist = path.join(root, 'dist/hosted-journey.modal.js');
  if (existsSync(modalDist))
    ours.push([
      '+ modal UI for the script tag, loaded in modal mode only (dist/hosted-journey.modal.js)',
      measureBuilt(modalDist),
    ]);
  // 2. The same source rebuilt with the shared esbuild settings, so it compares like for like with the peers.
  const iifeSrc = path.join(root, 'src/widget/iife.ts');
  const rebuilt = existsSync(iifeSrc)
    ? await measureSource(`export * from '../src/widget/iife.ts';`, {
        resolveDir: path.join(root, 'bench'),
        sourcefile: 'iife-rebuild.js',
      })
    : { error: 'src/widget/iife.ts not written yet' };
  ours.push(['IIFE, rebuilt with esbuild (src/widget/iife.ts)', rebuilt]);
  // Budget: the shipped file when present (what integrators download), else the rebuild.
  const iife = shipped.error ? rebuilt : shipped;
  goals.push({
    name: 'IIFE (script tag)',
    goal: `≤ ${fmtKB(BUDGETS.iife)}`,
    ...verdict(iife, BUDGETS.iife),
    enforced: true,
    bound: iife.error ? iife.error : rebuilt.parts ? whyLarge(rebuilt) : '',
  });

  // Same figure as the budget check in npm test (bench/lib/inline.mjs): chunks an inline mount loads, modal excluded.
  const im = existsSync(path.join(root, 'dist/index.js')) ? await measureInlineMount(root) : null;
  const inline = im
    ? { min: im.min, gz: im.gz, parts: null, metafile: im.metafile }
    : { error: 'dist/index.js not built (run `node scripts/build.mjs browser`)' };
  ours.push([
    `inline ES module, \`createJourney\` only, from dist/index.js, code splitting (${im?.chunks ?? '?'} chunks loaded; modal chunk ${im?.lazyGz.map(fmtKB).join(' + ') ?? '?'} only in modal mode)`,
    inline,
  ]);
  goals.push({
    name: 'Inline ES-module fixture',
    goal: `≤ ${fmtKB(BUDGETS.inline)}`,
    ...verdict(inline, BUDGETS.inline),
    enforced: true,
    bound: inline.error ?? '',
  });
  for (const [part, budget] of Object.entries(BUDGETS.partScripts)) {
    const file = path.join(root, `dist/hosted-journey.${part}.js`);
    const m = existsSync(file) ? measureBuilt(file) : { error: `dist/hosted-journey.${part}.js not built` };
    const name = `Script-tag part dist/hosted-journey.${part}.js (${PART_WHEN[part]})`;
    goals.push({ name, goal: `≤ ${fmtKB(budget)}`, ...verdict(m, budget), enforced: true, bound: m.error ?? '' });
  }
  for (const [part, budget] of Object.entries(BUDGETS.partChunks)) {
    const m = !im
      ? { error: 'dist/index.js not built' }
      : im.parts[part] === undefined
        ? { error: `no lazy ${part} chunk` }
        : { gz: im.parts[part] };
    const name = `ES ${part} chunk, added to an inline mount (${PART_WHEN[part]})`;
    goals.push({ name, goal: `≤ ${fmtKB(budget)}`, ...verdict(m, budget), enforced: true, bound: m.error ?? '' });
  }

  // Budgeted: verifyWebhookSignature, which checks signature, digest and freshness and returns the JSON unvalidated.
  // 'redis' stays external: esbuild resolves RedisDedupeStore's lazy import() even when tree-shaking then drops it.
  const verifier = await measureFile(path.join(root, 'bench/fixtures/verifier.js'), {
    external: ['redis'],
    plugins: [esbuildWebCrypto()],
  });
  ours.push([
    'Fetch-runtime webhook verifier, `verifyWebhookSignature` (no payload schemas; bench/fixtures/verifier.js)',
    verifier,
  ]);
  if (verifier.text && /redis/.test(verifier.text))
    notes.push('The verifier bundle reaches the dedupe stores (it mentions redis): the entry no longer tree-shakes.');
  goals.push({
    name: 'Fetch-runtime verifier, `verifyWebhookSignature`',
    goal: '≤ 5 KB, no zod',
    ...verdict(verifier, BUDGETS.verifier),
    enforced: true,
    bound: verifier.error ?? `largest parts (KB min): ${verifierParts(verifier)}`,
  });
  if (verifier.parts?.some(([p, bytes]) => p === 'zod' && bytes > 0))
    Object.assign(goals.at(-1), { met: false, bound: `zod is in it: ${whyLarge(verifier)}` });
  // Beside it: verifyWebhook, which also validates the event against the payload schemas (zod).
  const withSchemas = await measureFile(path.join(root, 'bench/fixtures/verifier-schemas.js'), {
    external: ['redis'],
    plugins: [esbuildWebCrypto()],
  });
  ours.push([
    'Fetch-runtime webhook verifier with payload schemas, `verifyWebhook` (bench/fixtures/verifier-schemas.js)',
    withSchemas,
  ]);
  goals.push({
    name: 'Fetch-runtime verifier with payload schemas, `verifyWebhook`',
    goal: '≤ 13 KB',
    ...verdict(withSchemas, BUDGETS.verifierWithSchemas),
    enforced: true,
    bound: withSchemas.error ?? `largest parts (KB min): ${verifierParts(withSchemas)}`,
  });

  const peers = [];
  for (const [name, kind, source, external] of PEERS) {
    const m = await measureSource(source, { external });
    const v = name
      .replace(/,.*$/, '')
      .split(' + ')
      .map((n) => `${n.replace(/^.*\//, '')}@${version(n)}`)
      .join(', ');
    peers.push([name, kind, v, m]);
  }

  // Installed size of each published package, alone in an empty project, beside the peers (issue 11).
  const installed = measureInstalled(Object.keys(PACKAGES));
  const MB = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  const installedRows = [
    ...installed.ours.map(([name, m]) => [
      `**${name}**`,
      PACKAGES[name].installedGoal ? `≤ ${MB(PACKAGES[name].installedGoal)}` : 'runs with `npx`',
      m.error ? `— (${m.error})` : MB(m.bytes),
      m.error ? '' : String(m.count),
      'measured',
    ]),
    ...installed.peers.map(([name, what, version, m, quoted]) =>
      m.error
        ? [`${name} (${what})`, '', `${quoted} MB`, '', `issue 11's figure (${m.error})`]
        : [`${name}@${version} (${what})`, '', MB(m.bytes), String(m.count), `measured (issue 11 quoted ${quoted} MB)`],
    ),
  ];
  for (const [name, m] of installed.ours) {
    const goal = PACKAGES[name].installedGoal;
    if (!goal) continue;
    // Enforced by the packaging check (scripts/check-packaging.mjs, part of npm test), reported here.
    goals.push({
      name: `${name} installed with its dependencies`,
      goal: `≤ ${MB(goal)}`,
      met: m.error ? null : m.bytes <= goal,
      figure: m.error ? 'not measurable' : MB(m.bytes),
      bound:
        m.error ??
        (name === 'hosted-journey-server'
          ? 'zod (≈ 8.4 MB installed: every build of zod 3 and 4 with sources) is most of it; our files are ≈ 0.5 MB'
          : ''),
    });
  }

  const row = (label, m, extra = []) => [
    label,
    ...extra,
    m.error ? '—' : fmtKB(m.min),
    m.error ? `— (${m.error})` : fmtKB(m.gz),
  ];
  return {
    title,
    intro:
      `esbuild ${'bundle + minify'}, format ${ESBUILD_SETTINGS.format}, platform ${ESBUILD_SETTINGS.platform}, target ${ESBUILD_SETTINGS.target}, ` +
      '`process.env.NODE_ENV="production"`, then gzip -9 (zlib). 1 KB = 1 000 bytes. Peers are measured with the same settings ' +
      'from their installed packages, importing only what an integrator would use.',
    tables: [
      { caption: 'Ours', columns: ['bundle', 'min', 'min + gzip'], rows: ours.map(([l, m]) => row(l, m)) },
      {
        caption: 'Peers',
        columns: ['package', 'what', 'version', 'min', 'min + gzip'],
        rows: peers.map(([n, k, v, m]) => row(n, m, [k, v])),
      },
      {
        caption:
          "Installed size (`npm install` of the one package into an empty project, optional peers not installed, `du -sk node_modules`; 1 MB = 10⁶ bytes; peers from the npm cache at the repository's version, else the figure quoted in issue 11)",
        columns: ['package', 'goal', 'installed', 'packages', 'source'],
        rows: installedRows,
      },
    ],
    goals,
    notes,
  };
}
