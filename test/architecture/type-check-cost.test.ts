// The typecheck check (`tsc -p tsconfig.json`, one of npm test's checks) stays cheap: node-redis's client and cluster
// types are generic over five parameters, and relating an instance to `ReturnType<typeof createClient>` (the default
// instantiation) makes TypeScript compute their variance: 3 to 4.5 s of a 12 s check, and 0.55 GB of its memory,
// measured with `tsc --generateTrace`. A helper's return type (`const connect = (url) => createClient({ url })`,
// `ReturnType<typeof connect>`) is the same instantiation as its value, so nothing is related.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const DIRS = ['src', 'test', 'e2e', 'demo', 'bench', 'scripts'];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'consumers' ? [] : typeScriptFiles(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Lines that name node-redis's default instantiation, in a file importing `createClient`/`createCluster` from redis. */
function defaultRedisTypes(file: string, text: string): string[] {
  const fromRedis = /^import\s*\{([^}]*)\}\s*from\s*'redis'/m.exec(text)?.[1] ?? '';
  const names = ['createClient', 'createCluster'].filter((n) => new RegExp(`\\b${n}\\b`).test(fromRedis));
  if (!names.length) return [];
  const use = new RegExp(`ReturnType<\\s*typeof\\s+(?:${names.join('|')})\\s*>`);
  const code = (line: string) => !/^\s*(\/\/|\*)/.test(line);
  return text
    .split('\n')
    .flatMap((line, i) => (code(line) && use.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('type-check cost', () => {
  it("finds ReturnType<typeof createCluster> where createCluster is redis's, not where it is ours", () => {
    const redis = "import { createCluster } from 'redis';\nlet c: ReturnType<typeof createCluster>;\n";
    expect(defaultRedisTypes('a.ts', redis)).toEqual(['a.ts:2: let c: ReturnType<typeof createCluster>;']);
    const ours = "import { createClient } from '../../src/server/index.js';\nlet c: ReturnType<typeof createClient>;\n";
    expect(defaultRedisTypes('b.ts', ours)).toEqual([]);
    const helper =
      "import { createClient } from 'redis';\nconst connect = (url: string) => createClient({ url });\n" +
      'let c: ReturnType<typeof connect>;\n';
    expect(defaultRedisTypes('c.ts', helper)).toEqual([]);
    const comment = "import { createClient } from 'redis';\n// not `ReturnType<typeof createClient>`\n";
    expect(defaultRedisTypes('d.ts', comment)).toEqual([]);
  });

  it("no file types a value as node-redis's default instantiation", () => {
    const found = DIRS.flatMap((d) => typeScriptFiles(path.join(root, d))).flatMap((f) =>
      defaultRedisTypes(path.relative(root, f), readFileSync(f, 'utf8')),
    );
    expect(found, 'type it by a helper: const connect = (url: string) => createClient({ url })').toEqual([]);
  });
});
