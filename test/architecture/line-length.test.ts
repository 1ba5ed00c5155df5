// No line in src/ is over 120 characters. Biome's formatter wraps code at 120 columns but leaves comments and
// template strings as they are, and does not format the stylesheets (src/sandbox/journey/browser/journey.css); this test covers
// those too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');
const MAX = 120;

const sourceFiles = (dir: string) => filesUnder(dir, (n) => /\.(ts|tsx|mts|js|mjs|css)$/.test(n));

/** `file:line (N characters)` for each line of `text` over MAX characters (code points, as an editor counts). */
function longLines(file: string, text: string): string[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    const n = [...line].length;
    return n > MAX ? [`${file}:${i + 1} (${n} characters)`] : [];
  });
}

describe('line length', () => {
  it('reports a line over 120 characters by file and line, and counts characters, not UTF-16 units', () => {
    expect(longLines('a.ts', `ok\n${'x'.repeat(121)}\n${'x'.repeat(120)}`)).toEqual(['a.ts:2 (121 characters)']);
    expect(longLines('b.ts', '—'.repeat(120))).toEqual([]);
    expect(longLines('c.ts', '😀'.repeat(120))).toEqual([]);
  });

  it('no line in src/ (code and stylesheets) is over 120 characters', () => {
    const files = sourceFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    const long = files.flatMap((f) => longLines(path.relative(root, f), readFileSync(f, 'utf8')));
    expect(
      long,
      `wrap these lines (comments and template strings are not wrapped by the formatter):\n${long.join('\n')}`,
    ).toEqual([]);
  });
});
