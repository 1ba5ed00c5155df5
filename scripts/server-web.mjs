// The Fetch-runtime build of hosted-journey-server: the one entry source (src/server/index.ts) with each module of
// WEB_SWAPS replaced by its web twin (crypto/selected.ts → selected.web.ts: Web Crypto; telemetry/load.ts →
// load.web.ts: no synchronous loader of @opentelemetry/api). Plugins for vite (scripts/build.mjs) and esbuild (tests,
// bench), and `bundleServerWeb()` for suites that run the Web Crypto build next to the Node one in one process.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverPackageEntries } from './entries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'src/server/index.ts');
/** Every entry source of hosted-journey-server (the root, /stores, /telemetry, /testing), absolute. */
export const SERVER_ENTRIES = Object.values(serverPackageEntries).map((src) => path.join(root, src));
export const SELECTED_WEB = path.join(root, 'src/server/crypto/selected.web.ts');
/** Import specifier → the web twin it resolves to in the Fetch-runtime build. */
const WEB_SWAPS = [
  [/(^|\/)crypto\/selected(\.js|\.ts)?$/, SELECTED_WEB],
  [/(^|\/)telemetry\/load(\.js|\.ts)?$/, path.join(root, 'src/server/telemetry/load.web.ts')],
];
const webTwin = (source) => WEB_SWAPS.find(([re]) => re.test(source))?.[1] ?? null;

/** Vite/rollup plugin: `./crypto/selected.js` → selected.web.ts, `./load.js` → load.web.ts. */
export const viteWebCrypto = () => ({
  name: 'hosted-journey-web-crypto',
  enforce: 'pre',
  resolveId: (source, importer) => webTwin(relativeTo(source, importer)),
});

/** esbuild plugin: the same replacements. */
export const esbuildWebCrypto = () => ({
  name: 'hosted-journey-web-crypto',
  setup(b) {
    b.onResolve({ filter: /(selected|load)(\.js|\.ts)?$/ }, (a) => {
      const twin = webTwin(relativeTo(a.path, a.importer));
      return twin ? { path: twin } : undefined;
    });
  },
});

/**
 * What a browser build of `hosted-journey-server` meets. The package's `browser` export condition points at
 * dist/server-browser.js, made by `browserRefusal()`: every name of the entry, each throwing, and a top-level throw at
 * import (the pattern of React's `server-only`), because the module signs with the integrator's signing secret, which
 * a browser bundle hands to anyone. Fetch-API runtimes resolve their own condition first (`worker`, `workerd`,
 * `edge-light`, `deno`, `bun`), or import `hosted-journey-server/web`.
 */
export const BROWSER_REFUSAL =
  'hosted-journey-server was bundled for a browser (the "browser" export condition): it signs requests with your ' +
  'signing secret, and in a browser bundle the signing secret would be public. Call the service from your server ' +
  "and let the page call your server. On a Fetch-API runtime (Workers, edge functions) build with the runtime's " +
  "condition (worker, workerd, edge-light, deno, bun) or import 'hosted-journey-server/web'.";

/** dist/server-browser.js: `names` (the entry's exports), each refusing, after a throw at import. */
export function browserRefusal(names) {
  const message = JSON.stringify(BROWSER_REFUSAL);
  const lines = [
    '// The `browser` condition of hosted-journey-server (scripts/server-web.mjs): the signing secret must never ship to',
    '// a browser, so importing this module throws; each export throws too, in case a bundler drops the first throw.',
    'function refuse() {',
    `  const error = new Error(${message});`,
    "  error.name = 'ServerConfigError';",
    "  error.code = 'BROWSER_BUNDLE';",
    '  throw error;',
    '}',
    'refuse();',
    ...names.map((name) => `export const ${name} = refuse;`),
    '',
  ];
  return lines.join('\n');
}

/** A relative specifier as a path from the root, so `./load.js` imported inside telemetry/ matches `telemetry/load`. */
function relativeTo(source, importer) {
  if (!source.startsWith('.') || !importer) return source;
  return path
    .relative(root, path.resolve(path.dirname(importer), source))
    .split(path.sep)
    .join('/');
}

/**
 * Bundles the Web Crypto build of every entry as one module (dependencies external; the entries' names are disjoint)
 * next to node_modules and imports it.
 */
export async function bundleServerWeb() {
  const dir = path.join(root, 'node_modules/.cache/hosted-journey-server-web');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `server-web-${process.pid}-${Date.now()}.mjs`);
  await build({
    stdin: {
      contents: SERVER_ENTRIES.map((e) => `export * from ${JSON.stringify(e)};`).join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outfile,
    packages: 'external',
    plugins: [esbuildWebCrypto()],
    logLevel: 'silent',
    keepNames: true,
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true }); // the module stays loaded; the file is not needed again
  }
}
