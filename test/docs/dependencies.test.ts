// docs/dependencies.md's package table names each package's dependencies and optional peers: they must be exactly what
// the built packages declare (dist/packages/<name>/package.json, laid out by scripts/packages.mjs), so the page cannot
// name a peer the package does not have, or miss one it has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGE_NAMES, root } from './snippets.js';

/** The rows of the first table under `## Three packages from one tree`: package → cells. */
function packageTable(): Map<string, string[]> {
  const text = readFileSync(path.join(root, 'docs/dependencies.md'), 'utf8');
  const section = text.slice(text.indexOf('## Three packages from one tree'));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) {
      if (rows.size) break;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    rows.set(cells[0]!.replaceAll('`', ''), cells);
  }
  return rows;
}

/** Package names in a cell: its backticked words that are package names (not `/react`, not `Fn({ x })`). */
const namesIn = (cell: string) =>
  [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((n) => /^(@[\w.-]+\/)?[\w.-]+$/.test(n));

const manifest = (name: string) =>
  JSON.parse(readFileSync(path.join(root, 'dist/packages', name, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };

it("docs/dependencies.md names each package's real dependencies and optional peers", () => {
  const rows = packageTable();
  expect([...rows.keys()]).toEqual([...PACKAGE_NAMES]);
  for (const name of PACKAGE_NAMES) {
    const [, , dependencies = '', peers = ''] = rows.get(name)!;
    const pkg = manifest(name);
    expect(namesIn(dependencies).sort(), `${name}: dependencies`).toEqual(Object.keys(pkg.dependencies ?? {}).sort());
    expect(namesIn(peers).sort(), `${name}: optional peers`).toEqual(Object.keys(pkg.peerDependencies ?? {}).sort());
    for (const peer of Object.keys(pkg.peerDependencies ?? {}))
      expect(pkg.peerDependenciesMeta?.[peer]?.optional, `${name}: ${peer} optional`).toBe(true);
  }
});

it('the check reads package names, not the code beside them', () => {
  expect(namesIn('`redis` (for `RedisDedupeStore({ url })`), `pg` (for `PostgresInbox({ pool })`)')).toEqual([
    'redis',
    'pg',
  ]);
  expect(namesIn('`preact` (for `/preact`), `react` (for `/react`)')).toEqual(['preact', 'react']);
  expect(namesIn('`@playwright/test` (≥ 1.40)')).toEqual(['@playwright/test']);
});
