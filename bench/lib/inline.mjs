// The inline-mount figure, one definition for bench/size.mjs (the budget check in npm test) and the bench report:
// an SPA that imports only `createJourney` from the published ES entry (dist/index.js), bundled and minified by esbuild
// with code splitting, counting every chunk an inline mount loads — not the lazily imported modal chunk (Preact), nor
// the prewarm chunk (src/widget/prewarm.ts), which only a journey created with `prewarm` imports, nor the plain chunk
// (src/widget/plain.ts), which only a `journeyProtocol: 'plain'` journey imports; their sizes are reported.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const INLINE_FIXTURE = `import { createJourney } from './dist/index.js';
createJourney({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com',
  container: document.getElementById('journey'), onComplete: (p) => console.log(p.applicationId) }).open();`;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** → { gz, min, chunks, lazyGz: number[], prewarmGz, plainGz, typosGz, preactInLoaded, metafile, loadedNames } (sizes in bytes). */
export async function measureInlineMount(root) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'hj-inline-'));
  try {
    const res = await build({
      stdin: { contents: INLINE_FIXTURE, resolveDir: root, loader: 'js', sourcefile: 'inline-fixture.js' },
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
    const outputs = Object.entries(res.metafile.outputs).filter(([name]) => name.endsWith('.js'));
    const isModal = ([, out]) =>
      Object.keys(out.inputs).some((i) => /(src\/widget\/modal\.tsx|dist\/chunks\/modal-[^/]*\.js)$/.test(i));
    // Chunks only a journey created with one option imports: `prewarm`, `journeyProtocol: 'plain'`; and the typo
    // warning, imported only when an option is misspelt.
    const onlyWith =
      (name) =>
      ([, out]) =>
        Object.keys(out.inputs).some((i) =>
          new RegExp(`(src/widget/${name}\\.ts|dist/chunks/${name}-[^/]*\\.js)$`).test(i),
        );
    const isPrewarm = onlyWith('prewarm');
    const isPlain = onlyWith('plain');
    const isTypos = onlyWith('typos');
    const loaded = outputs.filter((o) => !isModal(o) && !isPrewarm(o) && !isPlain(o) && !isTypos(o));
    const read = ([name]) => readFileSync(path.resolve(root, name));
    return {
      gz: loaded.reduce((n, o) => n + gz(read(o)), 0),
      min: loaded.reduce((n, o) => n + read(o).length, 0),
      chunks: loaded.length,
      lazyGz: outputs.filter(isModal).map((o) => gz(read(o))),
      prewarmGz: outputs.filter((o) => isPrewarm(o) && !isModal(o)).reduce((n, o) => n + gz(read(o)), 0),
      plainGz: outputs.filter((o) => isPlain(o) && !isModal(o)).reduce((n, o) => n + gz(read(o)), 0),
      typosGz: outputs.filter((o) => isTypos(o) && !isModal(o)).reduce((n, o) => n + gz(read(o)), 0),
      preactInLoaded: loaded.some(([, out]) => Object.keys(out.inputs).some((i) => /node_modules\/preact\//.test(i))),
      metafile: res.metafile,
      loadedNames: loaded.map(([n]) => n),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
