#!/usr/bin/env node
// llms.txt and llms-full.txt (https://llmstxt.org), built from README.md and every page of docs/ by the build (group
// `llms` of scripts/build.mjs → dist/). llms.txt: the H1, a blockquote summary (README's first paragraph), then
// sections of links, one per page with its own first sentence; llms-full.txt: the same head, then each page whole.
// Pages are found by walking docs/, so a new page is in both with no edit here.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

/** `{ llms, full }`: the two files' text. */
export function buildLlms(root = ROOT) {
  const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
  const readme = pageHead(read('README.md'));
  const pages = docPages(root).map((rel) => ({ rel, ...pageHead(read(rel)) }));
  const link = (p) => `- [${p.title}](${p.rel}): ${firstSentence(p.summary)}`;
  const head = [`# ${readme.title}`, '', `> ${readme.summary}`, ''];
  const about = [
    'Three npm packages: `hosted-journey` (browser widget), `hosted-journey-server` (signed client, webhooks) and',
    '`hosted-journey-sandbox` (local stand-in of the service, CLI `hosted-journey-sandbox`). Details marked [doc]',
    "come from the service's public documentation; [ours] are this project's decisions where it publishes nothing.",
    '',
  ];
  const llms = [
    ...head,
    ...about,
    '## Docs',
    '',
    `- [README](README.md): ${firstSentence(readme.summary)}`,
    ...pages.filter((p) => !OPTIONAL.has(p.rel)).map(link),
    '',
    '## API',
    '',
    '- [OpenAPI 3.1 document](dist/openapi.json): every endpoint, body, error code, the request signing and every webhook event, generated from the protocol tables (the sandbox serves it at /openapi.json).',
    '- [llms-full.txt](llms-full.txt): README.md and every page below, whole, in one file.',
    '',
    '## Optional',
    '',
    ...pages.filter((p) => OPTIONAL.has(p.rel)).map(link),
    '',
  ].join('\n');
  const full = [
    ...head,
    ...about,
    ...[{ rel: 'README.md' }, ...pages].flatMap((p) => [`<!-- source: ${p.rel} -->`, '', read(p.rel).trimEnd(), '']),
  ].join('\n');
  return { llms, full };
}

/** Writes dist/llms.txt and dist/llms-full.txt. */
export function writeLlms(root = ROOT) {
  const { llms, full } = buildLlms(root);
  if (!existsSync(path.join(root, 'dist'))) mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist/llms.txt'), llms);
  writeFileSync(path.join(root, 'dist/llms-full.txt'), full);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeLlms();
