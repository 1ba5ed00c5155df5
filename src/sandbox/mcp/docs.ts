/**
 * The MCP server's docs search: README.md and every page of docs/, from the files under dist/llms/ the build writes
 * beside llms.txt (the sandbox package ships them; scripts/llms.mjs), cut into sections at each heading and ranked
 * by how many of the query's words each holds (a word in the heading counts three times).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../core/package-root.js';

export interface DocSection {
  /** The page, e.g. `docs/sandbox.md`. */
  page: string;
  /** The section's heading (the page's H1 for its opening). */
  heading: string;
  text: string;
}

export interface DocHit extends DocSection {
  score: number;
}

/** Characters of a section's text a hit carries; the page has the rest. */
export const HIT_CHARS = 1500;

/** The pages' files, one after another, cut into sections: one per heading of each `<!-- source: page -->` part. */
export function sections(full: string): DocSection[] {
  const out: DocSection[] = [];
  for (const part of full.split(/^<!-- source: /m).slice(1)) {
    const page = part.slice(0, part.indexOf(' -->'));
    let current: DocSection | undefined;
    let fence = false;
    for (const line of part.slice(part.indexOf('\n') + 1).split('\n')) {
      if (line.startsWith('```')) fence = !fence;
      const heading = !fence && /^#{1,4} (.+)/.exec(line);
      if (heading || !current) {
        current = { page, heading: heading ? heading[1]!.trim() : page, text: '' };
        out.push(current);
      }
      current.text += `${line}\n`;
    }
  }
  return out;
}

const words = (text: string) => [...new Set(text.toLowerCase().match(/[a-z0-9_.@/-]{2,}/g) ?? [])];

/** The sections holding most of the query's words, best first, each cut to `HIT_CHARS`. */
export function searchDocs(all: readonly DocSection[], query: string, limit: number): DocHit[] {
  const terms = words(query);
  return all
    .map((s) => {
      const heading = s.heading.toLowerCase();
      const text = s.text.toLowerCase();
      const score = terms.reduce((n, t) => n + (heading.includes(t) ? 3 : 0) + (text.includes(t) ? 1 : 0), 0);
      return { ...s, score };
    })
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((h) => ({ ...h, text: h.text.length > HIT_CHARS ? `${h.text.slice(0, HIT_CHARS)}…` : h.text }));
}

/** The docs as built: every file under `dist/llms/` of the package (or the repository, once built). */
export function loadDocs(root = packageRoot()): DocSection[] {
  const dir = path.join(root, 'dist', 'llms');
  if (!existsSync(dir)) throw new Error(`the docs are not built (${dir} is missing): run node scripts/build.mjs`);
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  return sections(files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n'));
}
