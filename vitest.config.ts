import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit and Node-integration tests. Browser end-to-end specs live in e2e/ and run under Playwright,
// so they are kept out of vitest's include list on purpose.

const TEST_FILE = /\.test\.tsx?$/;
/**
 * What makes a test file need a process of its own: a DOM environment, a mocked or reset module, a stubbed global or
 * environment variable, fake timers, a spy, or a global assigned by hand. Every other file runs in a worker that
 * earlier files already ran in, sharing their imports: about half of vitest's CPU time was starting a process and
 * importing the same modules again for each of 170 files.
 */
const NEEDS_ISOLATION =
  /@vitest-environment|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules|unstubAllGlobals)\b|globalThis\.\w+\s*=[^=]|process\.env\.\w+\s*=[^=]/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'consumers' || e.name === 'node_modules' ? [] : testFiles(p);
    return TEST_FILE.test(e.name) ? [p.split(path.sep).join('/')] : [];
  });
}
const isolated = testFiles('test').filter((f) => NEEDS_ISOLATION.test(readFileSync(f, 'utf8')));

const include = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const exclude = ['e2e/**', 'node_modules/**', 'dist/**', 'test/consumers/**'];

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    environment: 'node',
    // vitest's own default is one worker less than the cores: one worker on a 2-core machine, where half of the
    // suite's time is waiting on servers, browsers and child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // Generous: a timeout is there to end a hang on a busy machine.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    typecheck: { enabled: false },
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...isolated], isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated.length ? isolated : ['none'], exclude } },
    ],
  },
});
