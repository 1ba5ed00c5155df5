// The docs test: every ```ts/```tsx/```js/```html block of README.md and docs/ type-checks, as pasted, against the
// built packages (dist/packages/*, resolved through their exports) under strict + noUncheckedIndexedAccess.
// How blocks are found, joined and skipped: test/docs/snippets.ts. Prints the blocks checked/skipped per file.
import { afterAll, expect, it } from 'vitest';
import { type CheckResult, checkSnippets, extractBlocks, removeProject } from './snippets.js';

let result: CheckResult | undefined;
afterAll(() => {
  if (result) removeProject(result.project);
});

it('every code block of README.md and docs/ type-checks against the built packages', () => {
  result = checkSnippets();
  const lines: string[] = [];
  let checked = 0;
  let skipped = 0;
  for (const [file, c] of result.counts) {
    checked += c.checked;
    skipped += c.skipped;
    if (c.checked || c.skipped) lines.push(`  ${file}: ${c.checked} checked, ${c.skipped} skipped`);
    for (const r of c.reasons) lines.push(`    skipped ${r}`);
  }
  console.log(
    `docs snippets: ${checked} blocks checked, ${skipped} skipped, in ${(result.ms / 1000).toFixed(1)} s (CPU ${(result.cpuMs / 1000).toFixed(1)} s)\n${lines.join('\n')}`,
  );
  const report = result.problems.map((p) => `${p.where}: ${p.message}`).join('\n');
  expect(report, `${result.problems.length} problem(s) in the docs' code blocks`).toBe('');
}, 120_000);

it('markers: a skip needs a reason; unknown, misplaced and stray markers are refused', () => {
  const md = [
    '<!-- snippet: skip -->', // 1
    '```ts',
    'x;',
    '```',
    '<!-- snippet: skip — needs a live bank -->', // 5
    '```ts',
    'y;',
    '```',
    '<!-- snippet: maybe -->', // 9
    '```ts',
    '```',
    '<!-- snippet: continues -->', // 12
    '```sh',
    '```',
    '<!-- snippet: continues -->', // 15
    '',
    'text',
    '```ts',
    '```',
  ].join('\n');
  const { blocks, problems } = extractBlocks('x.md', md);
  expect(blocks.map((b) => [b.lang, b.line, b.marker?.kind])).toEqual([
    ['ts', 3, 'skip'],
    ['ts', 7, 'skip'],
    ['ts', 11, 'invalid'],
    ['sh', 14, 'continues'],
    ['ts', 19, undefined],
  ]);
  expect(blocks[1]?.marker).toEqual({ kind: 'skip', reason: 'needs a live bank' });
  expect(problems.map((p) => `${p.where} ${p.message}`)).toEqual([
    'x.md:1 snippet: skip needs a reason (<!-- snippet: skip — why -->)',
    "x.md:9 unknown snippet marker 'maybe'",
    'x.md:12 snippet marker on a ```sh block',
    'x.md:15 snippet marker not directly above a code block',
  ]);
});
