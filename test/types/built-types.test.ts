// Type tests against the built packages: test/types/built/*.fixture.ts are compiled as an integrator's project
// compiles them — `hosted-journey`, `hosted-journey-server` resolved through dist/packages/* (their exports and
// .d.ts, never src/), strict + noUncheckedIndexedAccess — and must produce no diagnostic, so every
// `@ts-expect-error` in them must meet the error it expects. Needs `node scripts/build.mjs` first (npm test builds).
import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';
import { COMPILER_OPTIONS, createProject, removeProject } from '../docs/snippets.js';

const dir = path.join(import.meta.dirname, 'built');
let project: string | undefined;
afterAll(() => project && removeProject(project));

it('registerWebhook events, switch narrowing of webhook data, closed error codes — against the built .d.ts', () => {
  project = createProject();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.fixture.ts'))
    .map((f) => {
      const to = path.join(project!, f.replace('.fixture.ts', '.ts'));
      copyFileSync(path.join(dir, f), to);
      return to;
    });
  expect(files.length).toBeGreaterThan(0);
  const program = ts.createProgram({ rootNames: files, options: COMPILER_OPTIONS });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start!).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  expect(problems.join('\n')).toBe('');
  // The packages really were the built ones.
  const server = program.getSourceFiles().find((f) => f.fileName.includes('dist/packages/hosted-journey-server'));
  expect(server).toBeDefined();
}, 120_000);
