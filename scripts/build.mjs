#!/usr/bin/env node
// Builds every entry of the package into dist/. One set of entry tables (scripts/entries.mjs); a source missing from
// any of them stops the build with a non-zero exit before anything is built — entries are never skipped.
//   browser ES modules  → dist/<name>.js (dependencies external: the integrator's bundler resolves them)
//   IIFE for <script>    → dist/hosted-journey.iife.js (everything bundled, global HostedJourney)
//   Node / Fetch runtime → dist/<name>.js + dist/server-chunks/ (deps and node: built-ins external; never loaded by
//                          a browser entry)
//   sandbox page assets  → dist/sandbox-assets/ (self-contained bundles the sandbox serves to browsers)
//   type declarations    → dist/types/ (tsc 5.9, emitDeclarationOnly)
//   published packages   → dist/packages/<name>/ (scripts/packages.mjs: one table, three packages)
import { build } from 'vite';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { viteWebCrypto } from './server-web.mjs';
import { allEntries, browserEntries, requireSources, sandboxAssets, scriptEntries, serverEntries } from './entries.mjs';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = (p) => path.join(root, p);
const only = process.argv.slice(2); // e.g. `node scripts/build.mjs iife` builds only matching groups

const isBare = (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');
// Helpers the transform injects when lowering syntax (e.g. private fields for es2020) are not a dependency of the
// package: they must be bundled, never left as imports of '@oxc-project/runtime'.
const isExternal = (id) => isBare(id) && !id.startsWith('@oxc-project/runtime');
// The widget's lazy modal bundles the few Preact functions it uses, so `hosted-journey` has no Preact dependency;
// only the Preact binding imports the integrator's Preact (an optional peer). See docs/dependencies.md.
const bundlesPreact = (importer = '') =>
  importer.includes('/src/widget/') || importer.includes('/node_modules/preact/');
const isBrowserExternal = (id, importer) => isExternal(id) && !(/^preact(\/|$)/.test(id) && bundlesPreact(importer));
const common = {
  root,
  configFile: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
};

// The script build is one classic file, so an `import()` in it saves no download; yet rolldown wraps every module a
// lazily imported part shares in an init function to keep the order of evaluation (~0.3 KB gzip). There a widget
// `import()` becomes a static import (the modal keeps its own file: modal-part.ts loads it by script tag).
const staticImports = () => ({
  name: 'hj-static-imports',
  transform(code, id) {
    if (!id.includes('/src/widget/')) return null;
    const heads = [];
    const out = code.replace(/\bimport\((['"])(\.\/[^'"]+)\1\)/g, (call, q, spec) => {
      if (spec === './modal.js') return call;
      const name = `__hjStatic${heads.length}`;
      heads.push(`import * as ${name} from ${q}${spec}${q};`);
      return `Promise.resolve(${name})`;
    });
    return heads.length ? { code: heads.join('') + out, map: null } : null; // same line numbers
  },
});

const groups = {
  async browser() {
    const entry = browserEntries;
    await build({
      ...common,
      define: { __HJ_SCRIPT_BUILD__: 'false' },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: false,
        sourcemap: true,
        lib: {
          entry: Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, r(v)])),
          formats: ['es'],
          fileName: (_f, name) => `${name}.js`,
        },
        rollupOptions: { external: isBrowserExternal, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
      },
    });
  },
  async iife() {
    // The modal UI (Preact) is its own file for the script tag, loaded from next to the main script in modal mode only.
    await build({
      ...common,
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        sourcemap: true,
        lib: {
          entry: r(scriptEntries['hosted-journey.modal']),
          name: 'HostedJourneyModal',
          formats: ['iife'],
          fileName: () => 'hosted-journey.modal.js',
        },
      },
    });
    await build({
      ...common,
      plugins: [staticImports()],
      define: { 'process.env.NODE_ENV': '"production"', __HJ_SCRIPT_BUILD__: 'true' },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        sourcemap: true,
        lib: {
          entry: r(scriptEntries['hosted-journey.iife']),
          name: 'HostedJourney',
          formats: ['iife'],
          fileName: () => 'hosted-journey.iife.js',
        },
      },
    });
  },
  async server() {
    const entry = serverEntries;
    await build({
      ...common,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'node20',
        minify: false,
        sourcemap: true,
        ssr: true,
        lib: {
          entry: Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, r(v)])),
          formats: ['es'],
          fileName: (_f, name) => `${name}.js`,
        },
        rollupOptions: { external: isExternal, output: { chunkFileNames: 'server-chunks/[name]-[hash].js' } },
      },
    });
    // The same entry source again for Fetch-API runtimes, with crypto/selected.ts replaced by selected.web.ts.
    await build({
      ...common,
      plugins: [viteWebCrypto()],
      ssr: { noExternal: ['@noble/hashes'] },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: false,
        sourcemap: true,
        ssr: true,
        lib: {
          entry: { 'server-web': r(serverEntries.server) },
          formats: ['es'],
          fileName: (_f, name) => `${name}.js`,
        },
        // MD5 from @noble/hashes is bundled (a few hundred lines of its legacy module, MIT): it keeps the library's
        // maintained code without making its 0.8 MB package a dependency of hosted-journey-server
        // (docs/dependencies.md).
        rollupOptions: {
          external: (id) => isExternal(id) && !id.startsWith('@noble/hashes'),
          output: { chunkFileNames: 'server-web-chunks/[name]-[hash].js' },
        },
      },
    });
  },
  async assets() {
    for (const [name, src] of Object.entries(sandboxAssets)) {
      await build({
        ...common,
        define: { 'process.env.NODE_ENV': '"production"' },
        build: {
          outDir: 'dist/sandbox-assets',
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: {
            entry: r(src),
            name: `HJ_${name.replace(/\W/g, '_')}`,
            formats: ['iife'],
            fileName: () => `${name}.js`,
          },
        },
      });
    }
    // Stylesheets the sandbox serves next to the bundles (files, not inline styles: strict-CSP friendly).
    mkdirSync(r('dist/sandbox-assets'), { recursive: true });
    for (const css of readdirSync(r('src/sandbox/journey/browser')).filter((f) => f.endsWith('.css'))) {
      copyFileSync(r(`src/sandbox/journey/browser/${css}`), r(`dist/sandbox-assets/${css}`));
    }
  },
  types() {
    rmSync(r('dist/types'), { recursive: true, force: true });
    execFileSync(process.execPath, [r('node_modules/typescript/bin/tsc'), '-p', r('tsconfig.build.json')], {
      stdio: 'inherit',
    });
  },
  // Last: lays out the three publishable packages from what the groups above built.
  async packages() {
    (await import('./packages.mjs')).assemblePackages();
  },
};

const t0 = Date.now();
try {
  requireSources(allEntries);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// A full build starts from an empty dist/, so no stale chunk from an earlier build ships in the package.
if (!only.length) rmSync(r('dist'), { recursive: true, force: true });
for (const [name, fn] of Object.entries(groups)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`build: ${name}`);
  await fn();
}
console.log(`build: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
