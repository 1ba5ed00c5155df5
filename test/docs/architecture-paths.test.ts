// docs/architecture.md describes the code as it is: every `src/…` path it names exists, and every `core/…` path (the
// sandbox's core, as its map names it) exists under src/sandbox/core.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root } from './snippets.js';

/**
 * Each path starting at `src/`, `core/` or `sandbox/core/` (not inside a longer path), the last as `core/`, with a
 * trailing sentence dot left out.
 */
function namedPaths(text: string): string[] {
  const found = text.matchAll(/(?<![\w./<>-])(?:src|(?:sandbox\/)?core)\/[\w./-]*[\w/]/g);
  return [...new Set([...found].map((m) => m[0].replace(/^sandbox\//, '')))];
}

const onDisk = (named: string) => path.join(root, named.startsWith('core/') ? `src/sandbox/${named}` : named);

it('reads src/ and core/ paths, not paths that merely end in them', () => {
  expect(
    namedPaths('`src/protocol/api.ts`, core/trace.ts. and test/consumers/x/src/a.ts, sandbox/core/clock.ts'),
  ).toEqual(['src/protocol/api.ts', 'core/trace.ts', 'core/clock.ts']);
});

it('every src/ and core/ path docs/architecture.md names exists', () => {
  const named = namedPaths(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  expect(named.length).toBeGreaterThan(20);
  expect(named.filter((p) => !existsSync(onDisk(p)))).toEqual([]);
});
