// Every picture README.md and docs/ show is there: each `![alt](path)` outside a code block names a file that exists,
// relative to the page; the pictures in docs/images/ are PNG files of at most 100 KB, each shown by some page, so the
// repository carries none that nothing links.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { markdownFiles, root } from './snippets.js';

const pages = markdownFiles().filter((f) => !f.startsWith('dist/'));

/** `[page, target]` of every local image link of `page`, code blocks left out. */
function imageLinks(page: string): Array<[string, string]> {
  const text = readFileSync(path.join(root, page), 'utf8').replace(/^(\s*)(`{3,}|~{3,})[\s\S]*?^\1\2\s*$/gm, '');
  return [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => [page, target]);
}

const links = pages.flatMap(imageLinks);

it('every image link of README.md and docs/ names a file that exists', () => {
  expect(links.length).toBeGreaterThan(0);
  const missing = links.filter(([page, target]) => {
    try {
      return !statSync(path.join(root, path.dirname(page), decodeURI(target.split('#')[0]!))).isFile();
    } catch {
      return true;
    }
  });
  expect(missing.map(([page, target]) => `${page}: ${target}`)).toEqual([]);
});

it('docs/images/ holds PNG files of at most 100 KB, each shown by a page', () => {
  const dir = path.join(root, 'docs/images');
  const files = readdirSync(dir);
  expect(files.length).toBeGreaterThan(0);
  const shown = new Set(links.map(([page, target]) => path.join(root, path.dirname(page), target)));
  for (const file of files) {
    const bytes = readFileSync(path.join(dir, file));
    expect(file, 'a PNG').toMatch(/\.png$/);
    expect(bytes.subarray(0, 8).toString('hex'), `${file}: PNG signature`).toBe('89504e470d0a1a0a');
    expect(bytes.length, `${file}: at most 100 KB`).toBeLessThanOrEqual(100_000);
    expect(shown.has(path.join(dir, file)), `${file}: shown by a page of docs/`).toBe(true);
  }
});
