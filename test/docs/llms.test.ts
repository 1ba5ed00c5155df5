// llms.txt and llms-full.txt (built by scripts/llms.mjs into dist/, shipped by hosted-journey-sandbox) follow the
// llms.txt convention and cover README.md and every page of docs/: one missing from either file fails here.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLlms } from '../../scripts/llms.mjs';
import { root } from './snippets.js';

/** Every .md under docs/, found by this test on its own (not through the builder's walk). */
const pages = (readdirSync(path.join(root, 'docs'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f.split(path.sep).join('/')}`)
  .sort();
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** The pages (and README.md) that `llms` does not link or `full` does not carry whole. */
function missing(llms: string, full: string): string[] {
  return ['README.md', ...pages].filter(
    (rel) => !llms.includes(`](${rel}): `) || !full.includes(`<!-- source: ${rel} -->\n\n${read(rel).trimEnd()}\n`),
  );
}

describe('llms.txt', () => {
  const { llms, full } = buildLlms();

  it('links README.md and every docs page, and llms-full.txt carries each whole', () => {
    expect(pages.length).toBeGreaterThan(15);
    expect(missing(llms, full)).toEqual([]);
  });

  it('fails for a page left out of either file', () => {
    const gone = 'docs/csp.md';
    expect(missing(llms.replace(`](${gone}): `, ']: '), full)).toEqual([gone]);
    expect(missing(llms, full.replace(read(gone).trimEnd(), ''))).toEqual([gone]);
  });

  it('is an H1, a blockquote summary, then sections of links, as the llms.txt convention has it', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toBe('# hosted-journey');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> TypeScript SDK for integrators/);
    const sections = lines.filter((l) => l.startsWith('## '));
    expect(sections).toEqual(['## Docs', '## API', '## Optional']);
    const body = lines.slice(lines.indexOf('## Docs'));
    for (const line of body.filter((l) => l && !l.startsWith('## ')))
      expect(line).toMatch(/^- \[[^\]]+\]\([^)\s]+\): \S/);
    expect(llms).toContain('[Quick start: from sandbox to production](docs/quick-start.md): Two programs');
    expect(full.startsWith(lines.slice(0, 3).join('\n'))).toBe(true);
  });

  it('the build wrote both to dist/, and the sandbox package ships them', () => {
    expect(read('dist/llms.txt')).toBe(llms);
    expect(read('dist/llms-full.txt')).toBe(full);
    expect(read('dist/packages/hosted-journey-sandbox/dist/llms.txt')).toBe(llms);
  });
});
