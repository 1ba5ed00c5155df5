// Comments say why the code is as it is now; history (issue numbers, what the code did before) lives in commit
// messages. This test reads every comment of src/ and the header (first comment block) of every source file under
// test/ and e2e/ (specs, support code, fixtures) and fails on issue references and on a short list of narrating
// phrases, chosen to be unambiguous: a bare "was" is not one (a comment may well say what a caller was given), "was"
// followed by "added", "removed" and the like is.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');

const HISTORY: RegExp[] = [
  /\bissues?\s*#?\d+/i,
  /(?<![\w&#])#\d+\b/,
  /\b(?:PR|pull request|session|round)\s+#?\d+/i,
  /\bpreviously\b/i,
  /\bformerly\b/i,
  /\boriginally\b/i,
  /\bused to\b/i,
  /\bbefore this\b/i,
  /\b(?:another|other|this) branch\b/i,
  /\buntil now\b/i,
  /\b(?:was|were) (?:added|removed|changed|moved|renamed|replaced|split|introduced|fixed|rewritten)\b/i,
  /\(was \d/i,
  /\b(?:before|after) the fix\b/i,
  /(?:^|[.;:]\s|\/\/\s|\*\s)Now\b/,
  /\b\w+ before: /i,
];

/** Every source file under test/ and e2e/: specs, support code, fixtures and consumer projects. */
const TEST_SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;

/** Comment lines allowed to narrate history, per file: none (history lives in git). */
const KNOWN_HISTORY: Record<string, number> = {};

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : files(p, pattern);
    return pattern.test(d.name) ? [p] : [];
  });
}

interface Comment {
  line: number;
  text: string;
}

/** Every comment of a TypeScript source, read by the compiler's scanner over the parsed tree (JSX text excluded). */
function commentsOf(fileName: string, text: string): Comment[] {
  const file = parseSource(fileName, text);
  const seen = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? [])
      if (!seen.has(r.pos))
        seen.set(r.pos, { line: file.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** The comments before a file's first statement (after a shebang, which the compiler skips at position 0). */
function headerOf(text: string): Comment[] {
  return (ts.getLeadingCommentRanges(text, 0) ?? []).map((r) => ({
    line: text.slice(0, r.pos).split('\n').length,
    text: text.slice(r.pos, r.end),
  }));
}

/** `line: text` of each comment line that narrates history. */
function history(comments: Comment[]): string[] {
  return comments.flatMap((c) =>
    c.text.split('\n').flatMap((t, i) => (HISTORY.some((re) => re.test(t)) ? [`${c.line + i}: ${t.trim()}`] : [])),
  );
}

describe('comments that narrate history', () => {
  it('finds issue references and narrating phrases in comments only, not in code, strings or JSX text', () => {
    const text = [
      '// Keeps the order (issue 9, point 3).',
      "const a = 'issue 9 used to';",
      '/**',
      ' * The key used to sign, see #12.',
      ' * Checks the header. Colour &#35; and #fff stay. Now every route answers 400.',
      ' */',
      'const b = <p>previously // issue 4</p>; // before this, it ran twice',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, on purpose
      'const c = `${a /* was added here */}`;',
    ].join('\n');
    expect(history(commentsOf('a.tsx', text))).toEqual([
      '1: // Keeps the order (issue 9, point 3).',
      '4: * The key used to sign, see #12.',
      '5: * Checks the header. Colour &#35; and #fff stay. Now every route answers 400.',
      '7: // before this, it ran twice',
      '8: /* was added here */',
    ]);
    expect(history(headerOf('#!/usr/bin/env node\n// Issue 14 scenarios.\n// Fine.\nconst x = 1; // issue 2'))).toEqual(
      ['2: // Issue 14 scenarios.'],
    );
  });

  it('comments of src/ and headers of every file under test/ and e2e/ narrate no history beyond the listed counts', () => {
    const sources = files(path.join(root, 'src'), /\.(ts|tsx|mts)$/);
    const tests = [...files(path.join(root, 'test'), TEST_SOURCE), ...files(path.join(root, 'e2e'), TEST_SOURCE)];
    expect(sources.length).toBeGreaterThan(50);
    expect(tests.length).toBeGreaterThan(50);
    for (const helper of ['test/support/kill-loop.ts', 'e2e/engines/scenarios.ts', 'test/consumers/spa/ssr.mjs'])
      expect(tests, 'support code, fixtures and consumer projects are read too').toContain(path.join(root, helper));
    const found = new Map<string, string[]>();
    for (const f of sources) found.set(path.relative(root, f), history(commentsOf(f, readFileSync(f, 'utf8'))));
    for (const f of tests) found.set(path.relative(root, f), history(headerOf(readFileSync(f, 'utf8'))));
    const over = [...found].flatMap(([file, lines]) =>
      lines.length > (KNOWN_HISTORY[file] ?? 0)
        ? [`${file}: ${lines.length} (allowed ${KNOWN_HISTORY[file] ?? 0})`, ...lines.map((l) => `  ${file}:${l}`)]
        : [],
    );
    expect(over, `say why the code is as it is now; history goes in commit messages:\n${over.join('\n')}`).toEqual([]);
  });
});
