// The Fetch-runtime build of hosted-journey-server: the one entry source (src/server/index.ts) with each module of
// WEB_SWAPS replaced by its web twin (crypto/selected.ts → selected.web.ts: Web Crypto; telemetry/load.ts →
// load.web.ts: no synchronous loader of @opentelemetry/api). Plugins for vite (scripts/build.mjs) and esbuild (tests,
// bench), and `bundleServerWeb()` for suites that run the Web Crypto build next to the Node one in one process.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'src/server/index.ts');
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

/** A relative specifier as a path from the root, so `./load.js` imported inside telemetry/ matches `telemetry/load`. */
function relativeTo(source, importer) {
  if (!source.startsWith('.') || !importer) return source;
  return path
    .relative(root, path.resolve(path.dirname(importer), source))
    .split(path.sep)
    .join('/');
}

/** Bundles the Web Crypto build of the entry (dependencies external) next to node_modules and imports it. */
export async function bundleServerWeb() {
  const dir = path.join(root, 'node_modules/.cache/hosted-journey-server-web');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `server-web-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [SERVER_ENTRY],
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
