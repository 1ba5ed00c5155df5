// One style of private members in src/: `#name` (runtime privacy), never TypeScript's `private`/`protected` keyword.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/source-files.js';

const root = path.resolve(__dirname, '../..');

const sourceFiles = (dir: string) => filesUnder(dir, (n) => /\.tsx?$/.test(n));

const KEYWORD =
  /^\s*(?:(?:public|static|readonly|override|async)\s+)*(?:private|protected)\s+[#\w[]|\(\s*(?:private|protected)\s/;

function keywordMembers(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (KEYWORD.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('private members', () => {
  it('finds the keyword on fields, methods and constructor parameter properties', () => {
    const sample =
      'class A {\n  private x = 1;\n  static private async y() {}\n  constructor(private readonly z: number) {}\n}';
    expect(keywordMembers('a.ts', sample)).toHaveLength(3);
    expect(keywordMembers('b.ts', 'class B {\n  #x = 1;\n  // private by design\n  #y(): void {}\n}')).toEqual([]);
  });

  it('src/ uses #name, not the private or protected keyword', () => {
    const found = sourceFiles(path.join(root, 'src')).flatMap((f) =>
      keywordMembers(path.relative(root, f), readFileSync(f, 'utf8')),
    );
    expect(found, `use #name instead:\n${found.join('\n')}`).toEqual([]);
  });
});
