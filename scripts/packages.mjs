#!/usr/bin/env node
// The three published packages, from one table. `node scripts/build.mjs` builds one dist/ from one src/, then
// `assemblePackages()` (the build's last group, or `node scripts/packages.mjs` on its own) lays out
// dist/packages/<name>/ — package.json, README.md, the docs that belong to it, and the built files its exports reach —
// ready for `npm pack` / `npm publish` from that directory. The root package.json stays the private development
// workspace (devDependencies, `npm run demo`, `npm test`); it is never published.
//
// A package's files are the closure of its entry files over relative imports (JS, source maps, declarations), so a
// chunk shared by two entries goes where it is reached. Its dependencies are the bare imports of those files: versions
// from the root package.json, a name in PEERS becomes an optional peer. Nothing is listed by hand that the files do
// not import — except a package's `peers`: libraries whose objects the integrator passes in (pg's Pool) — and nothing
// they import is left out (scripts/check-packaging.mjs re-checks both from the tarballs).
import { builtinModules } from 'node:module';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPkg = () => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
export const PACKAGES_DIR = path.join(root, 'dist/packages');

/** Optional peers: the integrator's own copy is used, never ours. */
const PEERS = {
  react: '>=18', // hosted-journey/react
  preact: '>=11', // hosted-journey/preact (the widget's modal bundles the few Preact functions it uses)
  redis: '>=5', // RedisDedupeStore({ url }): imported by a computed specifier (bundlers skip it), so in `peers`
  // Spans and metrics (docs/observability.md): loaded by a computed name through createRequire on the Node build,
  // passed in as `telemetry.api` on Fetch runtimes, so in `peers`.
  '@opentelemetry/api': '>=1.3.0 <2',
  pg: '>=8', // PostgresInbox({ pool }): never imported (the integrator passes the Pool), so listed in the package's `peers`
  '@playwright/test': '>=1.40', // hosted-journey-sandbox/testing: completeJourney(page) (types only; in `peers`)
  vue: '>=3.3', // hosted-journey/element/vue: <hosted-journey> in Vue templates (types only; in `peers`)
  svelte: '>=5', // hosted-journey/element/svelte: <hosted-journey> in Svelte markup (types only; in `peers`)
  // hosted-journey/react-native: HostedJourneyView (docs/native-apps.md).
  'react-native': '>=0.88',
  'react-native-webview': '>=16',
  // `hosted-journey-sandbox mcp` only, loaded by import() when that command runs: the 94 packages it brings (express,
  // hono, ajv: the SDK's HTTP transports) stay out of every other install of the sandbox. The CLI names the install
  // line when it is missing.
  '@modelcontextprotocol/sdk': '>=1.32.2 <2',
};

const types = (p) => `./dist/types/${p}.d.ts`;
// Fetch-API runtimes first (their bundlers may set `browser` too: wrangler sets `workerd, worker, browser`);
// a browser alone gets the refusal (scripts/server-web.mjs: the signing secret would be public).
const SERVER_CONDITIONS = (web, node, refusal) => ({
  worker: web,
  workerd: web,
  'edge-light': web,
  deno: web,
  bun: web,
  browser: refusal,
  default: node,
});

/** The files the build made in `dir` (relative to the root) whose names match `pattern`, as root-relative paths. */
function built(dir, pattern) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) throw new Error(`not built: ${dir} (run node scripts/build.mjs)`);
  return readdirSync(abs)
    .filter((f) => pattern.test(f) && !f.endsWith('.map'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

/** Every file the build made under `dir` (relative to the root), its subfolders' too, as root-relative paths. */
function builtTree(dir) {
  if (!existsSync(path.join(root, dir))) throw new Error(`not built: ${dir} (run node scripts/build.mjs)`);
  return readdirSync(path.join(root, dir), { recursive: true })
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
    .filter((rel) => statSync(path.join(root, rel)).isFile())
    .sort();
}

/** A hosted-journey-server entry: its declarations first, then the Web Crypto, Node and refusing builds of `file`. */
const serverExport = (source, file) => ({
  types: types(source),
  ...SERVER_CONDITIONS(`./dist/${file}-web.js`, `./dist/${file}.js`, `./dist/${file}-browser.js`),
});

/**
 * name → what ships. `exports` as in package.json; `files()` are extra built files (not reached by an import), read
 * from what the build made; `peers`
 * are optional peers (from PEERS) the code works with without importing them;
 * `docs` are copied from docs/ (never screenshots); `installedGoal` is checked by scripts/check-packaging.mjs
 * (bytes of node_modules after installing the tarball alone into an empty project, peers excluded).
 */
export const PACKAGES = {
  'hosted-journey': {
    description:
      'Embed the hosted open-banking / bank-statements journey in any page: script tag, ES module, Preact, React, <hosted-journey>, and the journey-side bridge.',
    // 1.02 MB measured with five translated locales (each adds its part file, its ES chunk and their maps: 16 KiB on
    // disk); no source map carries the sources' text (scripts/build.mjs). 1.11 MB once the app journey shipped (the
    // ./react-native entry, connectToApp in ./child, docs/native-apps.md: about 60 KB with types and maps).
    installedGoal: 1_150_000,
    exports: {
      '.': { types: types('widget/index'), default: './dist/index.js' },
      './child': { types: types('child/index'), default: './dist/child.js' },
      './preact': { types: types('bindings/preact'), default: './dist/preact.js' },
      './react': { types: types('bindings/react'), default: './dist/react.js' },
      './element': { types: types('bindings/element'), default: './dist/element.js' },
      './react-native': { types: types('react-native/index'), default: './dist/react-native.js' },
      // Types only: <hosted-journey> in each framework's template checker (nothing to import at run time).
      './element/vue': { types: types('bindings/frameworks/vue') },
      './element/svelte': { types: types('bindings/frameworks/svelte') },
      './element/react': { types: types('bindings/frameworks/react') },
      './element/preact': { types: types('bindings/frameworks/preact') },
      './iife': './dist/hosted-journey.iife.js',
      './package.json': './package.json',
    },
    fields: {
      sideEffects: false,
      main: './dist/index.js',
      module: './dist/index.js',
      types: types('widget/index'),
      unpkg: './dist/hosted-journey.iife.js',
      jsdelivr: './dist/hosted-journey.iife.js',
    },
    // The script tag loads each lazy part from next to itself, when a journey needs it (the modal, prewarm, a
    // locale's words, …): every part the build made.
    files: () => built('dist', /^hosted-journey\.(?!iife\.)[\w-]+\.js$/),
    peers: ['vue', 'svelte'],
    docs: [
      'quick-start.md',
      'widget.md',
      'bank-authorisation.md',
      'native-apps.md',
      'csp.md',
      'accessibility.md',
      'browsers.md',
      'bindings/preact.md',
      'bindings/react.md',
      'bindings/element.md',
      'bindings/vue.md',
      'bindings/svelte.md',
      'bindings/angular.md',
    ],
    readme: `# hosted-journey

The browser widget: mounts the hosted open-banking / bank-statements journey in a locked-down iframe (inline or modal),
keeps it sized to its content, relays its events to typed callbacks and handles the bank-authorisation round trip.
\`<script>\` tag, ES module, Preact, React and the \`<hosted-journey>\` custom element; \`hosted-journey/child\` is the
journey-side half of the message protocol.

\`\`\`sh
npm install hosted-journey
\`\`\`

\`\`\`html
<div id="bank-connect"></div>
<script src="https://unpkg.com/hosted-journey/dist/hosted-journey.iife.js"
        data-vendor="acme" data-customer-id="cust_1234"
        data-journey-origin="http://127.0.0.1:4010" data-container="#bank-connect"></script>
\`\`\`

\`\`\`ts
import { createJourney } from 'hosted-journey';

createJourney({ vendor: 'acme', customerId: 'cust_1234', journeyOrigin: 'http://127.0.0.1:4010', mode: 'modal' }).open();
\`\`\`

\`http://127.0.0.1:4010\` is the sandbox (\`npx hosted-journey-sandbox\`); in production \`journeyOrigin\` is the origin
of the \`journey_url\` your server gets from \`startApplication\` (docs/quick-start.md).

| import | what |
|---|---|
| \`hosted-journey\` | \`createJourney\`, \`buildJourneyUrl\`, \`resumeJourney\`, typed errors |
| \`hosted-journey/react\` | \`HostedJourney\`, \`useHostedJourney\` (React ≥ 18 is a peer dependency) |
| \`hosted-journey/react-native\` | \`HostedJourneyView\` (react-native ≥ 0.88 and react-native-webview ≥ 16 are optional peer dependencies; [docs/native-apps.md](docs/native-apps.md)) |
| \`hosted-journey/preact\` | \`HostedJourney\` (Preact ≥ 11 is a peer dependency) |
| \`hosted-journey/element\` | \`defineHostedJourneyElement\`, \`<hosted-journey>\` |
| \`hosted-journey/child\` | \`connectToParent\` — for the hosted pages |

Docs in this package: docs/quick-start.md (from sandbox to production), docs/widget.md (every option and
callback), docs/bank-authorisation.md, docs/csp.md, docs/accessibility.md, docs/browsers.md, docs/bindings/. The
backend helper is
[\`hosted-journey-server\`](https://www.npmjs.com/package/hosted-journey-server); the local stand-in of the service is
[\`hosted-journey-sandbox\`](https://www.npmjs.com/package/hosted-journey-sandbox).
`,
  },
  'hosted-journey-server': {
    description:
      'Backend helper for the hosted journey: HMAC-signed client for the twelve endpoints, webhook verification and exactly-once webhook handling (memory, Redis or a PostgreSQL inbox), for Node and Fetch-API runtimes.',
    installedGoal: 10_500_000, // zod is about 8.6 MB of it; 10.49 MB measured once trace context and the browser refusal shipped
    // The root holds what most integrators import; the rest leaves by a door named for its concern (docs/server.md,
    // "Where names moved"). One API from each entry source, built twice: both builds share its declarations.
    exports: {
      '.': serverExport('server/index', 'server'),
      './web': { types: types('server/index'), default: './dist/server-web.js' },
      './stores': serverExport('server/stores/index', 'server-stores'),
      './telemetry': serverExport('server/telemetry/index', 'server-telemetry'),
      './testing': serverExport('server/testing', 'server-testing'),
      // Types only: the named types of requests, answers and options' parts (nothing to import at run time).
      './types': { types: types('server/types') },
      './openapi.json': './dist/openapi.json',
      './package.json': './package.json',
    },
    fields: { sideEffects: false, main: './dist/server.js', types: types('server/index') },
    files: () => [],
    peers: ['@opentelemetry/api', 'pg', 'redis'],
    docs: ['quick-start.md', 'production.md', 'server.md', 'security.md', 'observability.md'],
    readme: `# hosted-journey-server

The backend helper of [hosted-journey](https://www.npmjs.com/package/hosted-journey): HMAC-signed client for all twelve
endpoints, webhook verification (the request-signing scheme or Standard Webhooks), exactly-once webhook handling with a
memory or Redis dedupe store or a PostgreSQL transactional inbox, adapters for Fetch-API runtimes and Node/Express.
Node resolves the \`node:crypto\` build; the \`worker\`, \`workerd\`, \`edge-light\`, \`deno\` and \`bun\` conditions
resolve the Web Crypto build (\`hosted-journey-server/web\` forces it). A browser bundle (the \`browser\` condition)
throws at import: the signing secret would be public there.

\`\`\`sh
npm install hosted-journey-server
\`\`\`

\`\`\`ts
import { createClient, createWebhookHandler, toFetchHandler, toNodeHandler } from 'hosted-journey-server';
import { RedisDedupeStore } from 'hosted-journey-server/stores';
\`\`\`

| import | what |
|---|---|
| \`hosted-journey-server\` | \`createClient\`, \`createWebhookHandler\`, the adapters, verification, every error and its guard, the webhook events |
| \`hosted-journey-server/stores\` | \`MemoryDedupeStore\`, \`RedisDedupeStore\`, \`PostgresInbox\` and the store contracts |
| \`hosted-journey-server/telemetry\` | the \`telemetry\` and \`logger\` options' types, \`parseTraceparent\`, \`formatTraceparent\` |
| \`hosted-journey-server/testing\` | \`signWebhook\`, \`verifyRequest\`: the service's side of each signature, for your tests |
| \`hosted-journey-server/types\` | the named types of every request, answer and option part (types only) |

\`redis\` (≥ 5) is an optional peer dependency, for \`RedisDedupeStore({ url })\`, and so is \`pg\` (≥ 8), whose \`Pool\`
you pass to \`PostgresInbox({ pool })\`; \`@opentelemetry/api\` (1.x) is one too: installed, the client and the
webhook handler report spans and metrics to your OpenTelemetry SDK (docs/observability.md). Docs in this package: docs/quick-start.md (from sandbox to production),
docs/server.md, docs/security.md, docs/observability.md. For tests and CI, [\`hosted-journey-sandbox\`](https://www.npmjs.com/package/hosted-journey-sandbox)
is a local stand-in of the service.
`,
  },
  'hosted-journey-sandbox': {
    description:
      'Local stand-in of the hosted-journey service: the twelve endpoints with signature checks, the journey pages, fake banks, signed webhooks and real PDF/CSV/JSON bundles. CLI: hosted-journey-sandbox.',
    // A development tool: it must run from its tarball (`npx hosted-journey-sandbox --help`). 38.4 MB measured once the MCP
    // SDK became an optional peer (60 MB and 113 packages with it).
    installedGoal: 40_000_000,
    exports: {
      '.': { types: types('sandbox/index'), default: './dist/sandbox.js' },
      './testing': { types: types('sandbox/testing/index'), default: './dist/sandbox-testing.js' },
      './openapi.json': './dist/openapi.json',
      './package.json': './package.json',
    },
    // Peers its declarations need although its code imports nothing of them, and the OpenTelemetry API it loads when
    // installed (its spans).
    peers: ['@opentelemetry/api', '@playwright/test'],
    // No leading './': npm publish (11) drops a bin whose path is not already in its normalised form.
    fields: { bin: { 'hosted-journey-sandbox': 'dist/sandbox-cli.js' } },
    // The pages' assets are every file the build put in dist/sandbox-assets/ (the bundles, the stylesheet, each
    // locale's journey-words.<locale>.js), never a list kept by hand.
    files: () => [
      'dist/sandbox-cli.js',
      ...built('dist/sandbox-assets', /./),
      'dist/llms.txt',
      ...builtTree('dist/llms'),
    ],
    docs: ['quick-start.md', 'production.md', 'sandbox.md'],
    readme: `# hosted-journey-sandbox

A local stand-in of the hosted-journey service for development, tests and CI: the twelve endpoints with signature
checks and state, the hosted-journey pages, fake banks, signed at-least-once webhooks, real PDF/CSV/JSON bundles.

\`\`\`sh
npx hosted-journey-sandbox --help
npm install --save-dev hosted-journey-sandbox
\`\`\`

\`\`\`ts
import { startSandbox } from 'hosted-journey-sandbox';

const sandbox = await startSandbox({ port: 0 });
\`\`\`

For your own tests, \`hosted-journey-sandbox/testing\`: \`startTestSandbox()\` (free port, seeded, instant crawl,
closes itself) and \`completeJourney(page, { pathway, outcome })\`, which clicks through the sandbox journey in a
Playwright page (\`@playwright/test\` is an optional peer dependency).

It carries its own copy of the request-signing and webhook code of
[\`hosted-journey-server\`](https://www.npmjs.com/package/hosted-journey-server) (same source, same release), so it
installs and runs on its own. Docs in this package: docs/quick-start.md (from sandbox to production),
docs/sandbox.md.
`,
  },
};

const isBuiltin = (spec) => spec.startsWith('node:') || builtinModules.includes(spec);
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const IMPORTS =
  /(?:^|[;\n}])\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every file reached from `entries` (paths relative to the root) over relative imports, and the bare imports met. */
export function closure(entries) {
  const files = new Set();
  const bare = new Map(); // package name → first importer
  const visit = (rel) => {
    if (files.has(rel) || !existsSync(path.join(root, rel))) return;
    files.add(rel);
    if (existsSync(path.join(root, `${rel}.map`))) files.add(`${rel}.map`);
    if (!/\.(m?js|d\.ts)$/.test(rel)) return;
    const dts = rel.endsWith('.d.ts');
    for (const m of readFileSync(path.join(root, rel), 'utf8').matchAll(IMPORTS)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
        if (!dts) visit(target);
        else
          for (const t of [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, `${target}/index.d.ts`])
            if (existsSync(path.join(root, t))) {
              visit(t);
              break;
            }
      } else if (!isBuiltin(spec) && !dts) {
        if (!bare.has(packageName(spec))) bare.set(packageName(spec), rel);
      }
    }
  };
  entries.forEach(visit);
  return { files, bare };
}

/** The exports map's targets, paths relative to the package root. */
export function exportTargets(exports) {
  const out = [];
  (function collect(node) {
    if (typeof node === 'string') out.push(node.replace(/^\.\//, ''));
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  })(exports);
  return [...new Set(out)];
}

/** Writes dist/packages/<name>/ for every package; returns name → directory. */
export function assemblePackages({ log = console.log } = {}) {
  const base = rootPkg();
  const versions = { ...base.dependencies, ...base.devDependencies };
  rmSync(PACKAGES_DIR, { recursive: true, force: true });
  const dirs = {};
  for (const [name, spec] of Object.entries(PACKAGES)) {
    const dir = path.join(PACKAGES_DIR, name);
    const entries = [
      ...exportTargets(spec.exports).filter((t) => t.startsWith('dist/')),
      ...spec.files(),
      ...Object.values(spec.fields.bin ?? {}).map((b) => b.replace(/^\.\//, '')),
    ];
    const missing = entries.filter((e) => !existsSync(path.join(root, e)));
    if (missing.length) throw new Error(`${name}: not built: ${missing.join(', ')} (run node scripts/build.mjs)`);
    const { files, bare } = closure(entries);
    for (const rel of files) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      copyFileSync(path.join(root, rel), path.join(dir, rel));
    }
    for (const doc of spec.docs) {
      mkdirSync(path.dirname(path.join(dir, 'docs', doc)), { recursive: true });
      copyFileSync(path.join(root, 'docs', doc), path.join(dir, 'docs', doc));
    }
    writeFileSync(path.join(dir, 'README.md'), spec.readme);
    const dependencies = {};
    const peerDependencies = {};
    for (const [dep, importer] of [...bare].sort()) {
      if (PEERS[dep]) peerDependencies[dep] = PEERS[dep];
      else if (versions[dep]) dependencies[dep] = versions[dep];
      else throw new Error(`${name}: ${importer} imports ${dep}, which the root package.json does not list`);
    }
    for (const dep of spec.peers ?? []) {
      if (!PEERS[dep]) throw new Error(`${name}: peers lists ${dep}, which PEERS does not`);
      peerDependencies[dep] = PEERS[dep];
    }
    const manifest = {
      name,
      version: base.version,
      description: spec.description,
      license: base.license,
      type: 'module',
      engines: base.engines,
      ...spec.fields,
      files: ['dist', 'docs', 'README.md'],
      exports: spec.exports,
      ...(Object.keys(dependencies).length ? { dependencies } : {}),
      ...(Object.keys(peerDependencies).length
        ? {
            peerDependencies,
            peerDependenciesMeta: Object.fromEntries(Object.keys(peerDependencies).map((p) => [p, { optional: true }])),
          }
        : {}),
    };
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    log(
      `  ${name}: ${files.size} built files, ${spec.docs.length} docs; dependencies ${Object.keys(dependencies).join(', ') || 'none'}; optional peers ${Object.keys(peerDependencies).join(', ') || 'none'}`,
    );
    dirs[name] = dir;
  }
  return dirs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) assemblePackages();
