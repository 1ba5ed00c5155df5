#!/usr/bin/env node
// llms.txt (https://llmstxt.org) and the files it links, built from README.md and every page of docs/ by the build
// (group `llms` of scripts/build.mjs → dist/, shipped by hosted-journey-sandbox). llms.txt: the H1, a blockquote
// summary (README's first paragraph), then sections of links, one per page with its own first sentence. Each link is
// relative to llms.txt and names a file shipped beside it under dist/llms/: a page, headed by its source path, or the
// OpenAPI document without its indentation, in two: the calls and the webhook events (107 KB whole, unindented). No
// file is over BUDGET, so an assistant can read any of them whole: a page over it is cut at its `## ` headings into
// parts (<page>, <page>-part-2.md, …), one section alone over it stops the build, and test/docs/llms.test.ts fails
// for any file over.
// There is no llms-full.txt: all pages in one file were 486 KB, more than most assistants take in, and the sandbox's
// MCP server (search_docs) searches every page. Pages are found by walking docs/: a new page needs no edit here.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Pages an assistant rarely needs to answer an integrator: listed under `## Optional`, as the convention says. */
const OPTIONAL = new Set(['docs/architecture.md', 'docs/dependencies.md', 'docs/performance.md', 'docs/demo.md']);
/** The first pages to read, in this order; every other page follows in path order. */
const FIRST = ['docs/quick-start.md', 'docs/widget.md', 'docs/server.md', 'docs/sandbox.md', 'docs/production.md'];

/** Every Markdown page under docs/, as repository-relative paths. */
export function docPages(root = ROOT) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  const first = FIRST.filter((p) => out.includes(p));
  return [...first, ...out.filter((p) => !first.includes(p))];
}

/** Markdown inline syntax reduced to its text: links to their words, code spans and emphasis unmarked. */
const plain = (text) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A page's H1 and its first prose paragraph (not a heading, fence, table, list or HTML comment). */
export function pageHead(markdown) {
  const lines = markdown.split('\n');
  const title = plain((lines.find((l) => l.startsWith('# ')) ?? '# (untitled)').slice(2));
  let fence = false;
  const paragraph = [];
  for (const line of lines.slice(lines.findIndex((l) => l.startsWith('# ')) + 1)) {
    if (line.startsWith('```')) fence = !fence;
    if (fence || line.startsWith('```')) {
      if (paragraph.length) break;
      continue;
    }
    if (!line.trim()) {
      if (paragraph.length) break;
      continue;
    }
    if (/^(#|\||- |\* |\d+\. |<!--|>)/.test(line)) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(line);
  }
  return { title, summary: plain(paragraph.join(' ')) };
}

/** The first sentence of a summary, at most about 200 characters. */
const firstSentence = (text) => {
  const m = /^(.{20,}?\.)(\s+[A-Z(]|$)/.exec(text);
  const s = m ? m[1] : text;
  return s.length > 220 ? `${s.slice(0, 200).replace(/\s\S*$/, '')}…` : s;
};

/** Bytes (UTF-8) of the most any file an assistant is pointed at may hold: llms.txt and each file it links. */
export const BUDGET = 100_000;

const bytes = (text) => Buffer.byteLength(text, 'utf8');

/**
 * A page as the files that carry it: one when it fits in `budget`, else consecutive parts cut at its `## ` headings
 * (outside code fences), each as full as fits. Each file opens with `<!-- source: <page> -->` (the MCP docs search
 * keys on it) and a part also with where it sits among the others. Throws when one section alone is over `budget`.
 */
export function pageFiles(rel, markdown, budget = BUDGET) {
  const text = markdown.trimEnd();
  const name = (n) => (n === 1 ? rel : rel.replace(/\.md$/, `-part-${n}.md`));
  const whole = `<!-- source: ${rel} -->\n\n${text}\n`;
  if (bytes(whole) <= budget) return [{ path: rel, text: whole }];
  const sections = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if ((!fence && line.startsWith('## ')) || !sections.length) sections.push([]);
    sections.at(-1).push(line);
  }
  const room = budget - 400; // the part's own head
  const parts = [];
  for (const section of sections.map((lines) => `${lines.join('\n')}\n`)) {
    if (bytes(section) > room)
      throw new Error(`${rel}: the section "${section.split('\n')[0]}" alone is over ${budget} bytes: split it`);
    if (parts.length && bytes(parts.at(-1)) + bytes(section) <= room) parts[parts.length - 1] += section;
    else parts.push(section);
  }
  return parts.map((body, i) => ({
    path: name(i + 1),
    text: [
      `<!-- source: ${rel} -->`,
      `<!-- part ${i + 1} of ${parts.length}: ${parts.map((_, j) => path.posix.basename(name(j + 1))).join(', ')} -->`,
      '',
      body,
    ].join('\n'),
  }));
}

/**
 * `{ llms, files }`: llms.txt's text, and each file it links as `{ path, text }` (path relative to dist/llms/). Reads
 * dist/openapi.json: the build's `openapi` group runs first.
 */
export function buildLlms(root = ROOT, budget = BUDGET) {
  const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
  const readme = { rel: 'README.md', ...pageHead(read('README.md')) };
  const pages = [readme, ...docPages(root).map((rel) => ({ rel, ...pageHead(read(rel)) }))].map((p) => ({
    ...p,
    files: pageFiles(p.rel, read(p.rel), budget),
  }));
  const link = (p) =>
    p.files.map((f, i) => {
      const part = p.files.length > 1 ? ` (part ${i + 1} of ${p.files.length})` : '';
      return `- [${p.title}${part}](llms/${f.path}): ${firstSentence(p.summary)}`;
    });
  const [readmePage, ...docs] = pages;
  // Two documents, each valid and whole, so neither is over the budget: the calls (paths), and the webhook events the
  // service sends (webhooks); both carry the components they share.
  const { paths, webhooks, ...common } = JSON.parse(read('dist/openapi.json'));
  const openapi = JSON.stringify({ ...common, paths });
  const openapiWebhooks = JSON.stringify({ ...common, webhooks });
  const llms = [
    `# ${readme.title}`,
    '',
    `> ${readme.summary}`,
    '',
    'Three npm packages: `hosted-journey` (browser widget), `hosted-journey-server` (signed client, webhooks) and',
    '`hosted-journey-sandbox` (local stand-in of the service, CLI `hosted-journey-sandbox`). Details marked [doc]',
    "come from the service's public documentation; [ours] are this project's decisions where it publishes nothing.",
    `Each link below is a file beside this one, of at most ${budget / 1000} KB: read it whole.`,
    '',
    '## Docs',
    '',
    ...link({ ...readmePage, title: 'README' }),
    ...docs.filter((p) => !OPTIONAL.has(p.rel)).flatMap(link),
    '',
    '## API',
    '',
    '- [OpenAPI 3.1 document, the calls](llms/openapi.json): every endpoint, body, error code and the request signing, generated from the protocol tables (the sandbox serves the whole document at /openapi.json, the packages ship it indented as openapi.json).',
    "- [OpenAPI 3.1 document, the webhook events](llms/openapi-webhooks.json): every webhook event the service sends, its body and signature headers (the same document's `webhooks`).",
    '',
    '## Optional',
    '',
    ...docs.filter((p) => OPTIONAL.has(p.rel)).flatMap(link),
    '',
  ].join('\n');
  return {
    llms,
    files: [
      ...pages.flatMap((p) => p.files),
      { path: 'openapi.json', text: `${openapi}\n` },
      { path: 'openapi-webhooks.json', text: `${openapiWebhooks}\n` },
    ],
  };
}

/** Writes dist/llms.txt and dist/llms/ (emptied first, so a page removed from docs/ is not shipped). */
export function writeLlms(root = ROOT) {
  const { llms, files } = buildLlms(root);
  rmSync(path.join(root, 'dist/llms'), { recursive: true, force: true });
  rmSync(path.join(root, 'dist/llms-full.txt'), { force: true });
  for (const f of files) {
    const file = path.join(root, 'dist/llms', f.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, f.text);
  }
  if (!existsSync(path.join(root, 'dist'))) mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist/llms.txt'), llms);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeLlms();
