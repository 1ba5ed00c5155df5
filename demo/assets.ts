/** Bundles the demo's browser modules with Vite (ES modules, everything bundled) into dist/demo-assets/. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_ASSETS_DIR = path.join(ROOT, 'dist', 'demo-assets');

export const DEMO_ENTRIES = {
  spa: 'demo/spa/main.ts',
  credit: 'demo/credit/main.ts',
  status: 'demo/status/main.ts',
  connections: 'demo/connections/main.ts',
  app: 'demo/app/main.ts',
};

/** `outDir` defaults to dist/demo-assets; tests pass a temporary directory so parallel workers do not collide. */
export async function buildDemoAssets(outDir: string = DEMO_ASSETS_DIR): Promise<void> {
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      minify: true,
      sourcemap: true,
      lib: {
        entry: Object.fromEntries(Object.entries(DEMO_ENTRIES).map(([k, v]) => [k, path.join(ROOT, v)])),
        formats: ['es'],
        fileName: (_f, name) => `${name}.js`,
      },
      rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
}
