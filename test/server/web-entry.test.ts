// The Fetch-runtime entry must not reach Node-only code: bundle it for a neutral platform and inspect the imports.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('src/server/web.ts', () => {
  it('bundles without node: built-ins, node:crypto or a static redis import', async () => {
    const r = await build({
      entryPoints: ['src/server/web.ts'], bundle: true, write: false, format: 'esm', platform: 'neutral',
      mainFields: ['module', 'main'], external: ['redis'], metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((i) => i.includes('crypto/web.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('crypto/node.ts') || i.startsWith('node:'))).toEqual([]);
    const out = r.outputFiles[0]!.text;
    expect(out).not.toMatch(/from\s*["']node:/);
    expect(out).not.toMatch(/^import .*["']redis["']/m); // only the lazy `import("redis")` inside RedisDedupeStore
    expect(out).toContain('import("redis")');
  });
});
