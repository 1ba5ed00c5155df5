// The docs test: every ```ts/```tsx/```js/```html block of README.md and docs/ type-checks, as pasted, against the
// built packages (dist/packages/*, resolved through their exports) under strict + noUncheckedIndexedAccess.
// How blocks are found, joined and skipped: test/docs/snippets.ts. Prints the blocks checked/skipped per file.
import { afterAll, expect, it } from 'vitest';
import { type CheckResult, checkSnippets, removeProject } from './snippets.js';

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
    `docs snippets: ${checked} blocks checked, ${skipped} skipped, in ${(result.ms / 1000).toFixed(1)} s\n${lines.join('\n')}`,
  );
  const report = result.problems.map((p) => `${p.where}: ${p.message}`).join('\n');
  expect(report, `${result.problems.length} problem(s) in the docs' code blocks`).toBe('');
}, 120_000);
