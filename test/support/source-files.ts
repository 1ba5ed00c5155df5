// What the architecture tests read: the files below a folder, and the name a function goes by on the TypeScript AST.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every file below `dir`, at any depth, whose name `keep` accepts. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(p, keep);
    return keep(d.name) ? [p] : [];
  });
}

/** A TypeScript module's name that is neither a declaration file nor a test. */
export const isModule = (name: string) => /\.(ts|tsx|mts)$/.test(name) && !/\.(d|test)\.tsx?$/.test(name);

/** The name a function goes by: its own, the variable or property it is assigned to, or the call it is passed to. */
export function functionName(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  let at: ts.Node = node;
  while (
    ts.isParenthesizedExpression(at.parent) ||
    ts.isAsExpression(at.parent) ||
    ts.isSatisfiesExpression(at.parent) ||
    (ts.isCallExpression(at.parent) && at.parent.expression === at)
  )
    at = at.parent;
  const holder = at.parent;
  if (
    (ts.isVariableDeclaration(holder) ||
      ts.isPropertyAssignment(holder) ||
      ts.isPropertyDeclaration(holder) ||
      ts.isBinaryExpression(holder)) &&
    holder.getChildCount(file) > 0
  ) {
    const target = ts.isBinaryExpression(holder) ? holder.left : holder.name;
    return target.getText(file);
  }
  if (ts.isCallExpression(holder)) return `${holder.expression.getText(file)}(…)`;
  return '(anonymous)';
}

/** `text` parsed as the TypeScript file `fileName` (TSX where the name ends in x), with parent links set. */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}
