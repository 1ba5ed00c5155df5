// llms.txt and the files it links (built by scripts/llms.mjs into dist/, shipped by hosted-journey-sandbox) follow the
// llms.txt convention, cover README.md and every page of docs/, link only files the package ships (resolved beside
// its llms.txt), and keep every one of them within the size an assistant reads whole: over BUDGET fails here.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, buildLlms, pageFiles } from '../../scripts/llms.mjs';
import { root } from './snippets.js';

/** Every .md under docs/, found by this test on its own (not through the builder's walk). */
const pages = (readdirSync(path.join(root, 'docs'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f.split(path.sep).join('/')}`)
  .sort();
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const shipped = path.join(root, 'dist/packages/hosted-journey-sandbox/dist');

/** The links of llms.txt, as written (relative to llms.txt). */
const links = (llms: string) => [...llms.matchAll(/^- \[[^\]]+\]\(([^)\s]+)\): /gm)].map((m) => m[1]!);

/** A page's text as its files carry it: each file's body without its `<!-- … -->` head, joined in order. */
const rejoined = (files: { path: string; text: string }[], rel: string) =>
  files
    .filter((f) => f.text.startsWith(`<!-- source: ${rel} -->\n`))
    .map((f) => f.text.replace(/^(<!--[^\n]*-->\n)+\n/, ''))
    .join('');

/** The pages (and README.md) that llms.txt does not link or whose files do not carry them whole. */
function missing(llms: string, files: { path: string; text: string }[]): string[] {
  const linked = new Set(links(llms));
  return ['README.md', ...pages].filter(
    (rel) => !linked.has(`llms/${rel}`) || rejoined(files, rel) !== `${read(rel).trimEnd()}\n`,
  );
}

describe('llms.txt', () => {
  const { llms, files } = buildLlms();

  it('links README.md and every docs page, each carried whole by its file', () => {
    expect(pages.length).toBeGreaterThan(15);
    expect(missing(llms, files)).toEqual([]);
  });

  it('fails for a page left out of llms.txt or of its file', () => {
    const gone = 'docs/csp.md';
    expect(missing(llms.replace(`](llms/${gone}): `, ']: '), files)).toEqual([gone]);
    const cut = files.map((f) => (f.path === gone ? { ...f, text: f.text.slice(0, -200) } : f));
    expect(missing(llms, cut)).toEqual([gone]);
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
    expect(llms).toContain('[Quick start: from sandbox to production](llms/docs/quick-start.md): Two programs');
  });

  it('the build wrote it and its files to dist/, and the sandbox package ships them', () => {
    expect(read('dist/llms.txt')).toBe(llms);
    expect(readFileSync(path.join(shipped, 'llms.txt'), 'utf8')).toBe(llms);
    for (const f of files) expect(readFileSync(path.join(shipped, 'llms', f.path), 'utf8'), f.path).toBe(f.text);
    expect(existsSync(path.join(shipped, 'llms-full.txt'))).toBe(false);
  });

  it('every link names a file the sandbox package ships, beside its llms.txt', () => {
    const unshipped = links(llms).filter((href) => !existsSync(path.join(shipped, href)));
    expect(links(llms).length).toBeGreaterThan(pages.length);
    expect(unshipped).toEqual([]);
  });

  it(`no file an assistant is pointed at is over ${BUDGET} bytes: llms.txt and each file it links`, () => {
    const sizes = ['llms.txt', ...links(llms)].map((href) => [href, statSync(path.join(shipped, href)).size] as const);
    expect(sizes.filter(([, size]) => size > BUDGET)).toEqual([]);
    expect(sizes.map(([href]) => href)).toContain('llms/openapi.json');
  });

  it('links the OpenAPI document the package exports, without its indentation, as its calls and its webhooks', () => {
    const calls = readFileSync(path.join(shipped, 'llms/openapi.json'), 'utf8');
    const hooks = readFileSync(path.join(shipped, 'llms/openapi-webhooks.json'), 'utf8');
    const { paths, webhooks, ...common } = JSON.parse(readFileSync(path.join(shipped, 'openapi.json'), 'utf8'));
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    expect(Object.keys(webhooks).length).toBeGreaterThan(0);
    expect(JSON.parse(calls)).toEqual({ ...common, paths });
    expect(JSON.parse(hooks)).toEqual({ ...common, webhooks });
    for (const compact of [calls, hooks]) expect(compact).not.toMatch(/\n./);
  });
});

describe('a page over the budget', () => {
  const section = (n: number) => `## Section ${n}\n\n${'A line of prose about the thing.\n'.repeat(40)}\n`;
  const page = `# A long page\n\nIts summary.\n\n${[1, 2, 3, 4, 5].map(section).join('')}`;

  it('is cut at its ## headings into parts, each within the budget, that rejoin to the page', () => {
    const files = pageFiles('docs/long.md', page, 4000);
    expect(files.map((f) => f.path)).toEqual(['docs/long.md', 'docs/long-part-2.md', 'docs/long-part-3.md']);
    for (const f of files) expect(Buffer.byteLength(f.text)).toBeLessThanOrEqual(4000);
    expect(files[1]!.text).toMatch(/^<!-- source: docs\/long.md -->\n<!-- part 2 of 3: long.md, long-part-2.md, /);
    expect(rejoined(files, 'docs/long.md')).toBe(`${page.trimEnd()}\n`);
  });

  it('stops the build when one section alone is over it', () => {
    expect(() => pageFiles('docs/long.md', page, 1000)).toThrow(/"## Section 1" alone is over 1000 bytes: split it/);
  });
});
