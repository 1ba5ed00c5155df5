#!/usr/bin/env node
// Builds every entry of the package into dist/. One set of entry tables (scripts/entries.mjs); a source missing from
// any of them stops the build with a non-zero exit before anything is built — entries are never skipped.
//   browser ES modules  → dist/<name>.js (dependencies external: the integrator's bundler resolves them)
//   IIFE for <script>    → dist/hosted-journey.iife.js (everything bundled, global HostedJourney)
//   Node / Fetch runtime → dist/<name>.js + dist/server-chunks/ (deps and node: built-ins external; never loaded by
//                          a browser entry); the server package's entries again as dist/<name>-web.js (Web Crypto)
//                          + dist/server-web-chunks/, and dist/<name>-browser.js (a refusal)
//   sandbox page assets  → dist/sandbox-assets/ (self-contained bundles the sandbox serves to browsers)
//   type declarations    → dist/types/ (tsc 5.9, emitDeclarationOnly, noCheck: emit only, about 40 % of its CPU;
//                          scripts/test-checks.mjs's typecheck checks src/ with the rest of the tree)
//   OpenAPI document     → dist/openapi.json (generated from src/protocol and the client's operation table)
//   llms.txt             → dist/llms.txt and the pages it links, dist/llms/ (from README.md and docs/)
//   published packages   → dist/packages/<name>/ (scripts/packages.mjs: one table, three packages)
import { build } from 'vite';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { browserRefusal, viteWebCrypto } from './server-web.mjs';
import {
  allEntries,
  browserEntries,
  CLIENT_ENTRIES,
  journeyCatalogues,
  requireSources,
  sandboxAssets,
  scriptEntries,
  scriptPartEntries,
  serverEntries,
  serverPackageEntries,
} from './entries.mjs';
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

// The script build is one classic file plus one sibling file per lazy part (src/widget/script-parts.ts, the parts ES
// builds split into chunks): each widget `import('./<part>.js')` becomes `loadScriptPart('<part>')`, so what only some
// journeys need (Preact and the modal, prewarm, the plain protocol, the typo warning, the inline error view) stays out
// of the main file, and no `import()` reaches rolldown (which would wrap every module a part shares in an init
// function, ~0.3 KB gzip).
const PARTS_SOURCE = r('src/widget/script-parts.ts');
const scriptParts = () => ({
  name: 'hj-script-parts',
  transform(code, id) {
    if (!id.includes('/src/widget/') || id === PARTS_SOURCE) return null;
    let n = 0;
    const out = code.replace(/\bimport\((['"])\.\/([\w-]+)\.js\1\)/g, (_call, _q, part) => {
      if (!(part in scriptPartEntries))
        throw new Error(`${id}: import('./${part}.js') is not a script part (entries.mjs)`);
      n++;
      return `__hjPart(${JSON.stringify(part)})`;
    });
    if (/\bimport\(\s*['"`]/.test(out)) throw new Error(`${id}: an import() the script build cannot turn into a part`);
    // Prepended on the first line: the line numbers of the source map stay right.
    return n
      ? { code: `import { loadScriptPart as __hjPart } from ${JSON.stringify(PARTS_SOURCE)};${out}`, map: null }
      : null;
  },
});
// A part's file: its module, registered under its name for loadScriptPart.
const PART_ENTRY = 'hj-script-part-entry';
const partEntry = (part) => ({
  name: 'hj-script-part-entry',
  resolveId: (id) => (id.endsWith(PART_ENTRY) ? `\0${PART_ENTRY}` : null),
  load: (id) =>
    id === `\0${PART_ENTRY}`
      ? `import * as part from ${JSON.stringify(r(scriptPartEntries[part]))};
import { registerPart } from ${JSON.stringify(PARTS_SOURCE)};
registerPart(${JSON.stringify(part)}, part);`
      : null,
});

const groups = {
  async browser() {
    const entry = browserEntries;
    await build({
      ...common,
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
        rollupOptions: {
          external: isBrowserExternal,
          output: {
            chunkFileNames: 'chunks/[name]-[hash].js',
            // As the script tag's: each position's source file, line and identifier, without the sources' text (it
            // was a fifth of the installed package; the ES files are unminified, so they read as they are).
            sourcemapExcludeSources: true,
            // A bundler drops a module's directives; the React and Preact bindings' files must start with one, so
            // a React Server Component (Next.js App Router) that imports them renders them as client components.
            banner: (chunk) => (chunk.isEntry && CLIENT_ENTRIES.includes(chunk.name) ? "'use client';" : ''),
          },
        },
      },
    });
  },
  async iife() {
    const iife = (entry, fileName, plugins, name) =>
      build({
        ...common,
        plugins,
        define: { 'process.env.NODE_ENV': '"production"' },
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: true,
          lib: { entry, name, formats: ['iife'], fileName: () => fileName },
          // The script tag's maps name each position's source file, line and identifier, without carrying the sources
          // themselves: with them, the maps were three quarters of the installed package (docs/widget.md).
          rollupOptions: { output: { sourcemapExcludeSources: true } },
        },
      });
    for (const part of Object.keys(scriptPartEntries)) {
      await iife(
        PART_ENTRY,
        `hosted-journey.${part}.js`,
        [partEntry(part), scriptParts()],
        `HostedJourney_${part.replace(/\W/g, '_')}`,
      );
    }
    await iife(r(scriptEntries['hosted-journey.iife']), 'hosted-journey.iife.js', [scriptParts()], 'HostedJourney');
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
        rollupOptions: {
          external: isExternal,
          // Each entry file exports its entry's names and nothing else (an SSR build would otherwise add the
          // internals the other entries share, as one-letter names an integrator's `import *` would see).
          preserveEntrySignatures: 'strict',
          // As the browser builds': each position's file, line and name, not the sources' text (the ES files are
          // unminified and read as they are; the text was 0.6 MB of the server package's installed size).
          output: { chunkFileNames: 'server-chunks/[name]-[hash].js', sourcemapExcludeSources: true },
        },
      },
    });
    // The server package's entry sources again for Fetch-API runtimes, with crypto/selected.ts replaced by
    // selected.web.ts: one build, so the entries share their chunks (one class per error) as the Node files do.
    await build({
      ...common,
      plugins: [viteWebCrypto()],
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: false,
        sourcemap: true,
        ssr: true,
        lib: {
          entry: Object.fromEntries(Object.entries(serverPackageEntries).map(([k, v]) => [`${k}-web`, r(v)])),
          formats: ['es'],
          fileName: (_f, name) => `${name}.js`,
        },
        rollupOptions: {
          external: isExternal,
          preserveEntrySignatures: 'strict',
          output: { chunkFileNames: 'server-web-chunks/[name]-[hash].js', sourcemapExcludeSources: true },
        },
      },
    });
    // Each entry's `browser` condition target: the same names, refusing (the signing secret would be public there).
    for (const name of Object.keys(serverPackageEntries)) {
      const names = Object.keys(await import(pathToFileURL(r(`dist/${name}-web.js`)).href)).sort();
      writeFileSync(r(`dist/${name}-browser.js`), browserRefusal(names));
    }
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
    // Each lazy journey catalogue: its words, registered under the global the page reads (src/protocol/journey-copy.ts).
    const { tsImport } = await import('tsx/esm/api');
    const { JOURNEY_WORDS_GLOBAL } = await tsImport('../src/protocol/journey-copy.ts', import.meta.url);
    for (const [locale, src] of Object.entries(journeyCatalogues)) {
      const entry = `hj-journey-words-${locale}`;
      await build({
        ...common,
        plugins: [
          {
            name: 'hj-journey-words',
            resolveId: (id) => (id.endsWith(entry) ? `\0${entry}` : null),
            load: (id) =>
              id === `\0${entry}`
                ? `import { WORDS } from ${JSON.stringify(r(src))};
(globalThis[${JSON.stringify(JOURNEY_WORDS_GLOBAL)}] ??= {})[${JSON.stringify(locale)}] = WORDS;`
                : null,
          },
        ],
        build: {
          outDir: 'dist/sandbox-assets',
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: {
            entry,
            name: `HJ_words_${locale.replace(/\W/g, '_')}`,
            formats: ['iife'],
            fileName: () => `journey-words.${locale}.js`,
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
  // The OpenAPI document, generated from the protocol and operation tables (src/sandbox/openapi/document.ts).
  async openapi() {
    const { tsImport } = await import('tsx/esm/api');
    const { openApiDocument } = await tsImport('../src/sandbox/openapi/document.ts', import.meta.url);
    mkdirSync(r('dist'), { recursive: true });
    writeFileSync(r('dist/openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  },
  // llms.txt and the pages it links (dist/llms/) from README.md and docs/ (scripts/llms.mjs).
  async llms() {
    (await import('./llms.mjs')).writeLlms();
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
