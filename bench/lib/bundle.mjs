// One bundler, one set of settings for every size figure: esbuild bundle + minify, format esm, platform browser,
// then gzip -9 through zlib. Sizes are reported in KB (1 000 bytes), as bundlephobia and size-limit do.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ESBUILD_SETTINGS = Object.freeze({
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  treeShaking: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"', __HJ_SCRIPT_BUILD__: 'true' },
  jsx: 'automatic',
  jsxImportSource: 'preact',
});

export const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;

/**
 * Bundles `contents` (an ES module importing packages or repository files) with the shared settings.
 * Resolves to `{ min, gz, text }`, or `{ error }` when something it imports does not exist (yet).
 */
export async function measureSource(
  contents,
  { resolveDir = root, loader = 'js', sourcefile = 'fixture.js', external = [], plugins = [] } = {},
) {
  try {
    const out = await build({
      ...ESBUILD_SETTINGS,
      stdin: { contents, resolveDir, loader, sourcefile },
      external,
      plugins,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const file = out.outputFiles[0];
    return {
      min: file.contents.length,
      gz: gzipSize(file.contents),
      text: file.text,
      parts: contributions(out.metafile),
      metafile: out.metafile,
    };
  } catch (err) {
    const first = err?.errors?.[0];
    return {
      error: first ? `${first.text}${first.location ? ` (${first.location.file})` : ''}` : String(err?.message ?? err),
    };
  }
}

/** Minified bytes each package (or repository folder) contributes to the output, largest first. */
function contributions(metafile) {
  const byPart = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const part = m ? m[1] : input.replace(/^(src\/[^/]+(?:\/[^/]+)?)\/.*$/, '$1');
      byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
    }
  }
  return [...byPart].sort((a, b) => b[1] - a[1]);
}

export async function measureFile(file, { external = [], plugins = [] } = {}) {
  return measureSource(readFileSync(file, 'utf8'), {
    external,
    plugins,
    resolveDir: path.dirname(file),
    loader: file.endsWith('.ts') ? 'ts' : 'js',
    sourcefile: path.basename(file),
  });
}

/** Gzip size of an already built file, unchanged. */
export function measureBuilt(file) {
  const buf = readFileSync(file);
  return { min: buf.length, gz: gzipSize(buf), text: buf.toString('utf8') };
}

/** Repository files in the bundle that import `pkg` directly (why a dependency is there). */
export function importersOf(metafile, pkg) {
  if (!metafile) return [];
  const re = new RegExp(`node_modules/${pkg.replace('/', '\\/')}/`);
  return Object.entries(metafile.inputs)
    .filter(([file, { imports }]) => !file.includes('node_modules') && imports.some((i) => re.test(i.path)))
    .map(([file]) => file);
}
