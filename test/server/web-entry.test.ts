// The Fetch-runtime build must not reach Node-only code: bundle every entry of hosted-journey-server as
// scripts/build.mjs does for dist/server-web.js and its siblings (crypto/selected.ts → selected.web.ts) for a neutral
// platform and inspect the imports.
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRIES, SERVER_ENTRY, esbuildWebCrypto } from '../../scripts/server-web.mjs';

describe('hosted-journey-server, Fetch-runtime build', () => {
  it('bundles every entry without node: built-ins, node:crypto or a static redis import', async () => {
    expect(SERVER_ENTRIES).toContain(SERVER_ENTRY);
    const r = await build({
      stdin: {
        contents: SERVER_ENTRIES.map((e) => `export * from ${JSON.stringify(e)};`).join('\n'),
        resolveDir: path.resolve(__dirname, '../..'),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['redis'],
      metafile: true,
      logLevel: 'silent',
      plugins: [esbuildWebCrypto() as never],
    });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((i) => i.includes('crypto/web.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('crypto/node.ts') || i.startsWith('node:'))).toEqual([]);
    const out = r.outputFiles[0]!.text;
    expect(out).not.toMatch(/from\s*["']node:/);
    // Only the lazy import inside RedisDedupeStore, by a computed specifier with the bundlers' ignore comments.
    expect(out).not.toMatch(/^import .*["']redis["']/m);
    expect(out).not.toMatch(/import\(\s*["']redis["']\s*\)/);
    expect(out).toMatch(/import\(\s*\/\* webpackIgnore: true \*\/\s*\/\* turbopackIgnore: true \*\//);
    // The optional @opentelemetry/api is not loaded by this build at all (telemetry/load.web.ts): passed in, or absent.
    expect(inputs.some((i) => i.includes('telemetry/load.web.ts'))).toBe(true);
    expect(out).not.toMatch(/createRequire|\[\s*["']@opentelemetry["']/);
    expect(out).not.toMatch(/^import .*["']@opentelemetry|import\(\s*["']@opentelemetry/m);
  });

  it('the Node build of the same source holds node:crypto only', async () => {
    const r = await build({
      entryPoints: [SERVER_ENTRY],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((i) => i.includes('crypto/node.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('crypto/web.ts'))).toEqual([]);
  });
});
