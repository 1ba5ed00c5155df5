// The inline-mount figure, one definition for bench/size.mjs (the budget check in npm test) and the bench report:
// an SPA that imports only `createJourney` from the published ES entry (dist/index.js), bundled and minified by esbuild
// with code splitting, counting every chunk an inline mount loads: the entry and what it imports statically. Never the
// lazily imported parts, whose sizes are reported: the modal (Preact), prewarm (journeys created with `prewarm`), plain
// (`journeyProtocol: 'plain'`), typos (an unknown option) and the inline error view (a journey that failed).
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CATALOGUE_LOCALES } from './budgets.mjs';

export const INLINE_FIXTURE = `import { createJourney } from './dist/index.js';
createJourney({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com',
  container: document.getElementById('journey'), onComplete: (p) => console.log(p.applicationId) }).open();`;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
/** The widget's lazy parts, by source name (src/widget/<part>.ts[x], or dist/chunks/<part>-<hash>.js). */
export const LAZY_PARTS = ['modal', 'prewarm', 'plain', 'typos', 'error-view', 'no-journey', ...CATALOGUE_LOCALES];

/**
 * → { gz, min, chunks, parts: { <part>: gz added }, lazyGz: number[], prewarmGz, plainGz, typosGz, errorViewGz,
 * preactInLoaded, metafile, loadedNames } (sizes in bytes).
 */
export async function measureInlineMount(root) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'hj-inline-'));
  try {
    const res = await build({
      stdin: { contents: INLINE_FIXTURE, resolveDir: root, loader: 'js', sourcefile: 'inline-fixture.js' },
      // Every path in the metafile is relative to the repository, whatever the caller's working directory.
      absWorkingDir: root,
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      write: true,
      metafile: true,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const outputs = res.metafile.outputs;
    const read = (name) => readFileSync(path.resolve(root, name));
    // What a chunk loads with it: itself and its static imports, transitively (not its `import()`s).
    const closure = (name, seen = new Set()) => {
      if (seen.has(name)) return seen;
      seen.add(name);
      for (const i of outputs[name].imports) if (i.kind === 'import-statement') closure(i.path, seen);
      return seen;
    };
    // The fixture's own chunk, by name: a split build marks every `import()` target (each lazy part) an entry point
    // too, so "the first output with an entry point" is the fixture's only while esbuild happens to list it first.
    // Same chunk, same figure; never a lazy part's.
    const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint === 'inline-fixture.js');
    const loaded = [...closure(entry)];
    // Each lazy part: what its `import()` adds to an inline mount (its chunk and the chunks only it needs).
    const partOf = (name) =>
      LAZY_PARTS.find((part) =>
        Object.keys(outputs[name].inputs).some((i) =>
          new RegExp(`(src/widget/(words/)?${part}\\.tsx?|dist/chunks/${part}-[^/]*\\.js)$`).test(i),
        ),
      );
    const added = {};
    for (const name of Object.keys(outputs)) {
      const part = name.endsWith('.js') && !loaded.includes(name) ? partOf(name) : undefined;
      if (!part) continue;
      const extra = [...closure(name)].filter((n) => !loaded.includes(n));
      added[part] = extra.reduce((n, c) => n + gz(read(c)), 0);
    }
    return {
      gz: loaded.reduce((n, o) => n + gz(read(o)), 0),
      min: loaded.reduce((n, o) => n + read(o).length, 0),
      chunks: loaded.length,
      parts: added,
      lazyGz: added.modal === undefined ? [] : [added.modal],
      prewarmGz: added.prewarm ?? 0,
      plainGz: added.plain ?? 0,
      typosGz: added.typos ?? 0,
      errorViewGz: added['error-view'] ?? 0,
      preactInLoaded: loaded.some((name) =>
        Object.keys(outputs[name].inputs).some((i) => /node_modules\/preact\//.test(i)),
      ),
      metafile: res.metafile,
      loadedNames: loaded,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
