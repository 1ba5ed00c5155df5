// docs/widget.md's table of the script tag's parts states each file's gzip budget: it must be the budget
// bench/size.mjs enforces (bench/lib/budgets.mjs), for every part the build writes — so the page cannot promise a
// budget the run does not hold, or leave a part out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { WIDGET_BUDGETS } from '../../bench/lib/budgets.mjs';
import { root } from './snippets.js';

const KB = 1000;

/** file → budget in bytes, from the rows of the table under **Files.** */
function documented(): Map<string, number> {
  const text = readFileSync(path.join(root, 'docs/widget.md'), 'utf8');
  const section = text.slice(text.indexOf('**Files.**'));
  const rows = new Map<string, number>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `hosted-journey.')) {
      if (rows.size) break;
      continue;
    }
    const budget = /\(([\d.]+) KB\) \|$/.exec(line);
    expect(budget, line).not.toBeNull();
    const names = [...line.split('|')[1]!.matchAll(/`(?:hosted-journey)?(\.[\w-]+)\.js`/g)].map((m) => m[1]!.slice(1));
    for (const name of names) rows.set(name, Math.round(Number(budget![1]) * KB));
  }
  return rows;
}

it("docs/widget.md's part table states the budget npm test enforces, for every part", () => {
  const rows = documented();
  const enforced = Object.fromEntries(Object.entries(WIDGET_BUDGETS.partScripts).map(([k, v]) => [k, Math.round(v)]));
  expect(Object.fromEntries(rows)).toEqual(enforced);
  const iife = /`hosted-journey\.iife\.js` \([\d.]+ KB gzip, budget ([\d.]+) KB\)/.exec(
    readFileSync(path.join(root, 'docs/widget.md'), 'utf8'),
  );
  expect(Number(iife?.[1]) * KB).toBe(WIDGET_BUDGETS.iife);
});
