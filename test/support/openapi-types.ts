// openapi-typescript's types of an OpenAPI document, and a program that uses them type-checked as an integrator's
// strict project would: for the tests that hold the generated types to the quick starts and to openapi-fetch.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * Writes the types of `document` as `dir`/api.ts and `calls` as `dir`/calls.ts (which imports `./api.js`), and
 * type-checks calls.ts (strict, exact optional properties, NodeNext; `lib` and `paths` as given): each problem as
 * `file: message`.
 */
export async function typeCheckAgainst(
  document: object,
  dir: string,
  calls: string,
  more: { lib?: string[]; paths?: Record<string, string[]> } = {},
): Promise<string[]> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  writeFileSync(path.join(dir, 'api.ts'), astToString(ast));
  writeFileSync(path.join(dir, 'calls.ts'), calls);
  const program = ts.createProgram([path.join(dir, 'calls.ts')], {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: more.lib ?? ['lib.es2022.d.ts'],
    types: [],
    ...(more.paths ? { paths: more.paths } : {}),
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}
