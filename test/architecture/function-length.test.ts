// No function in src/ is over 100 lines — declarations, methods, arrow functions, function expressions and JSX
// components alike — and the three public factories are under 80: a function that no longer fits on a screen becomes
// named parts. Lengths are measured on the TypeScript AST, from the first token of the function (its doc comment not
// counted) to its closing brace.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, functionName, isModule, parseSource } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');
const MAX = 100;
const FACTORY_MAX = 80;
/** Each public factory and the seam it delegates to, if any; both count. */
const FACTORIES = [
  'createJourney',
  'createJourneyWith',
  'createClient',
  'createClientWith',
  'createWebhookHandler',
  'createWebhookHandlerWith',
];

/**
 * Functions over their limit on main, being taken apart, each with its length today: a listed function may not grow,
 * and the test fails when one is back under its limit or no longer exists, so this list can only shrink.
 */
const KNOWN_LONG: { file: string; name: string; lines: number }[] = [];

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const sourceFiles = (dir: string) => filesUnder(dir, isModule);

/** Every function with a body in `text`, named by the chain of functions it sits in (`outer.inner`). */
function measure(fileName: string, text: string): Measured[] {
  const file = parseSource(fileName, text);
  const found: Measured[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node, outer: string[]): void => {
    let names = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      names = [...outer, functionName(node, file)];
      const line = lineOf(node.getStart(file));
      found.push({ file: fileName, line, name: names.join('.'), lines: lineOf(node.end) - line + 1 });
    } else if (ts.isClassLike(node) && node.name) names = [...outer, node.name.text];
    ts.forEachChild(node, (child) => visit(child, names));
  };
  visit(file, []);
  return found;
}

const limitOf = (name: string) => (FACTORIES.includes(name) ? FACTORY_MAX : MAX);
const where = (f: Measured) => `${f.file}:${f.line} ${f.name} (${f.lines} lines, limit ${limitOf(f.name)})`;

describe('function length', () => {
  it('measures declarations, methods, arrows, function expressions and components, named by where they sit', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function outer() {\n${body(3)}\n  const inner = () => {\n${body(2)}\n  };\n}`,
      `class Box {\n  method() {\n${body(1)}\n  }\n}`,
      `const view = (() => {\n  return 1;\n})();`,
      `export const Page = function () {\n  return <div>{[1].map((x) => {\n    return x;\n  })}</div>;\n};`,
    ].join('\n');
    const got = measure('a.tsx', text).map((f) => `${f.line} ${f.name} ${f.lines}`);
    expect(got).toEqual([
      '1 outer 9',
      '5 outer.inner 4',
      '11 Box.method 3',
      '15 view 3',
      '18 Page 5',
      '19 Page.[1].map(…) 3',
    ]);
  });

  it(`no function in src/ is over ${MAX} lines, and the factories are not over ${FACTORY_MAX}, except the listed ones`, () => {
    const files = sourceFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const all = files.flatMap((f) => measure(path.relative(root, f), readFileSync(f, 'utf8')));
    for (const factory of ['createJourney', 'createClient', 'createWebhookHandler'])
      expect(
        all.some((f) => f.name === factory),
        `factory ${factory} not found in src/`,
      ).toBe(true);
    const listed = (f: Measured) => KNOWN_LONG.find((k) => k.file === f.file && k.name === f.name);
    const long = all.filter((f) => f.lines > limitOf(f.name));
    const fresh = long.filter((f) => !listed(f)).map(where);
    const grown = long.flatMap((f) => {
      const known = listed(f);
      return known && f.lines > known.lines ? [`${where(f)}, listed at ${known.lines}`] : [];
    });
    const gone = KNOWN_LONG.filter((k) => !long.some((f) => f.file === k.file && f.name === k.name)).map(
      (k) => `${k.file} ${k.name}`,
    );
    expect(
      { fresh, grown, gone },
      'fresh: split into named parts; grown: a listed function may not grow; gone: within its limit or no longer ' +
        'there, remove it from KNOWN_LONG',
    ).toEqual({ fresh: [], grown: [], gone: [] });
  });
});
