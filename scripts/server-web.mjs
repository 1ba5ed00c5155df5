// The Fetch-runtime build of hosted-journey-server: the one entry source (src/server/index.ts) with
// src/server/crypto/selected.ts replaced by selected.web.ts. Plugins for vite (scripts/build.mjs) and esbuild (tests,
// bench), and `bundleServerWeb()` for suites that run the Web Crypto build next to the Node one in one process.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'src/server/index.ts');
export const SELECTED_WEB = path.join(root, 'src/server/crypto/selected.web.ts');
const SELECTED = /(^|\/)crypto\/selected(\.js|\.ts)?$/;

/** Vite/rollup plugin: `./crypto/selected.js` → selected.web.ts. */
export const viteWebCrypto = () => ({
  name: 'hosted-journey-web-crypto',
  enforce: 'pre',
  resolveId: (source) => (SELECTED.test(source) ? SELECTED_WEB : null),
});

/** esbuild plugin: the same replacement. */
export const esbuildWebCrypto = () => ({
  name: 'hosted-journey-web-crypto',
  setup(b) {
    b.onResolve({ filter: /crypto\/selected(\.js|\.ts)?$/ }, () => ({ path: SELECTED_WEB }));
  },
});

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
