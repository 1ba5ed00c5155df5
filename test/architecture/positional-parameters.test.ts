// No function in src/ takes 5 or more positional parameters: past four, a call site reads as a row of values whose
// meaning depends on their order, so the function takes an options object instead. Counted on the TypeScript AST for
// declarations, methods, arrows, function expressions and signatures alike; a `this` parameter is not counted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, functionName, isModule, parseSource } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');
const MAX = 4;

/** A widget part's bytes: an options object keeps its property names once minified, and these sit on byte budgets. */
const ON_A_BYTE_BUDGET =
  'the inline mount (9.52 KB gzip) and the typos part (0.75 KB) are on budgets an object would pass';
/**
 * Functions that keep their positional parameters, each with why: the list may only shrink, and the test fails when a
 * listed function is gone or back within the limit.
 */
const ALLOWED: { file: string; name: string; why: string }[] = [
  { file: 'src/widget/frame.ts', name: 'createFrame', why: ON_A_BYTE_BUDGET },
  { file: 'src/widget/roundtrip.ts', name: 'createRoundTrip', why: ON_A_BYTE_BUDGET },
  { file: 'src/widget/typos.ts', name: 'warnUnknown', why: ON_A_BYTE_BUDGET },
];

interface Counted {
  file: string;
  line: number;
  name: string;
  count: number;
}

const sourceFiles = (dir: string) => filesUnder(dir, isModule);

/** Every function-like node in `text` with its positional parameters counted. */
function count(fileName: string, text: string): Counted[] {
  const file = parseSource(fileName, text);
  const found: Counted[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) {
      const params = node.parameters.filter((p) => p.name.getText(file) !== 'this');
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push({ file: fileName, line, name: functionName(node, file), count: params.length });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('positional parameters', () => {
  it('counts the parameters of declarations, methods, arrows, signatures and callbacks, `this` left out', () => {
    const text = [
      'function five(a, b, c, d, e) {}',
      'class Box { #m(a: 1, b: 2) {} }',
      'const arrow = (a, b, c, d, e, f) => a;',
      'interface Api { call(this: Api, a: 1, b: 2, c: 3, d: 4): void }',
      'list.map((x, i) => x);',
      'const obj = { f({ a, b, c, d, e }) {} };',
    ].join('\n');
    expect(count('a.ts', text).map((f) => `${f.line} ${f.name} ${f.count}`)).toEqual([
      '1 five 5',
      '2 #m 2',
      '3 arrow 6',
      '4 call 4',
      '5 list.map(…) 2',
      '6 f 1',
    ]);
  });

  it(`no function in src/ takes more than ${MAX} positional parameters, except the listed ones`, () => {
    const files = sourceFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const all = files.flatMap((f) => count(path.relative(root, f), readFileSync(f, 'utf8')));
    const listed = (f: Counted) => ALLOWED.some((a) => a.file === f.file && a.name === f.name);
    const over = all.filter((f) => f.count > MAX);
    const fresh = over.filter((f) => !listed(f)).map((f) => `${f.file}:${f.line} ${f.name} (${f.count} parameters)`);
    const gone = ALLOWED.filter((a) => !over.some((f) => f.file === a.file && f.name === a.name)).map(
      (a) => `${a.file} ${a.name}`,
    );
    expect(
      { fresh, gone },
      'fresh: take an options object; gone: within the limit or no longer there, remove it from ALLOWED',
    ).toEqual({ fresh: [], gone: [] });
  });
});
