// No import circle in src/, type-only imports included: two modules that import each other (directly or round a
// longer loop) are one concern split in two, or two concerns that need a third module both can import.
// The graph is read with the TypeScript compiler's own pre-processor, so `import type`, `export … from` and
// `import('…')` all count as edges.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'src');

/**
 * Circles that exist on main and are being taken apart. Each entry is the set of files of one circle; the test fails
 * when a circle not listed here appears and when a listed one no longer exists, so this list can only shrink.
 */
const KNOWN_CIRCLES: string[][] = [];

type Graph = Map<string, string[]>;

const sourceFiles = (dir: string) => filesUnder(dir, (n) => /\.(ts|tsx|mts)$/.test(n) && !/\.test\.tsx?$/.test(n));

/** The file a relative specifier names (`./x.js` → `x.ts` or `x.tsx`, `./dir` → `dir/index.ts`), if it exists. */
function resolve(from: string, spec: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.d.ts`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c));
}

/** Every relative import of `text` (value, type-only, re-export, dynamic), as written. */
function specifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('.'));
}

function graphOf(files: string[]): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = specifiers(readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s, known))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function circlesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One loop through a circle, as `a → b → a`, so the message names the imports to untangle. */
function loopThrough(graph: Graph, circle: string[]): string[] {
  const members = new Set(circle);
  const start = circle[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const loop = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) loop.splice(1, 0, u);
        return [...loop, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return circle;
}

const key = (circle: string[]) => [...circle].sort().join(' ⇄ ');

describe('import circles', () => {
  it('finds a circle through a type-only import, a re-export and a dynamic import, and names its loop', () => {
    expect(
      specifiers(`import type { A } from './a.js';\nexport { b } from './b.js';\nawait import('./c.js');`),
    ).toEqual(['./a.js', './b.js', './c.js']);
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(loopThrough(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('src/ has no import circle except the listed ones, and every listed one still exists', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const graph = graphOf(files);
    const circles = circlesOf(graph).map((c) => c.map((f) => path.relative(root, f)));
    const allowed = new Set(KNOWN_CIRCLES.map(key));
    const found = new Set(circles.map(key));
    const fresh = circles
      .filter((c) => !allowed.has(key(c)))
      .map((c) =>
        loopThrough(
          graph,
          c.map((f) => path.join(root, f)),
        )
          .map((f) => path.relative(root, f))
          .join(' → '),
      );
    const gone = [...allowed].filter((k) => !found.has(k));
    expect(
      { fresh, gone },
      `fresh: import circles (type-only imports count); gone: no longer circles, remove them from KNOWN_CIRCLES`,
    ).toEqual({ fresh: [], gone: [] });
  });
});
