import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Unit and Node-integration tests. Browser end-to-end specs live in e2e/ and run under Playwright,
// so they are kept out of vitest's include list on purpose.

const TEST_FILE = /\.test\.tsx?$/;
/**
 * What makes a test file need a process of its own: a DOM environment, a mocked or reset module, a stubbed global or
 * environment variable, fake timers, a spy, a global assigned by hand, a memory probe (it reads the process's
 * buffer memory: garbage other files left in a shared worker counted against its bound), or OpenTelemetry's NodeSDK
 * (it patches node:http for the whole process). Every other file runs in a
 * worker that earlier files already ran in, sharing their imports: about half of vitest's CPU time was starting a
 * process and importing the same modules again for each of 170 files.
 */
const NEEDS_ISOLATION =
  /@vitest-environment|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules|unstubAllGlobals)\b|globalThis\.\w+\s*=[^=]|process\.env\.\w+\s*=[^=]|\bmemoryProbe\(|\bnew NodeSDK\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'consumers' || e.name === 'node_modules' ? [] : testFiles(p);
    return TEST_FILE.test(e.name) ? [p.split(path.sep).join('/')] : [];
  });
}
const isolated = testFiles('test').filter((f) => NEEDS_ISOLATION.test(readFileSync(f, 'utf8')));

/**
 * Files that hold a worker for long, mostly waiting on servers and child processes (a year of consents through the
 * sandbox, kill loops on real Redis and PostgreSQL, npm pack, the quick start's processes). vitest's own order on a
 * fresh clone is by file size, larger first, which started the two small kill files last: about 15 s at the end of the
 * run with one core idle. First, they overlap the CPU-bound files instead (test/architecture/test-order.test.ts).
 */
export const START_FIRST = [
  'test/sandbox/consent-year.test.ts',
  'test/server/kill-redis.test.ts',
  'test/scripts/pack.test.ts',
  'test/docs/quick-start.test.ts',
  'test/server/kill-postgres.test.ts',
];
class StartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = START_FIRST.indexOf(path.relative(this.ctx.config.root, f.moduleId).split(path.sep).join('/'));
      return i < 0 ? START_FIRST.length : i;
    };
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
for (const f of START_FIRST) if (!existsSync(f)) throw new Error(`vitest.config.ts START_FIRST: ${f} does not exist`);

const include = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const exclude = ['e2e/**', 'node_modules/**', 'dist/**', 'test/consumers/**'];

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    environment: 'node',
    // vitest's own default is one worker less than the cores: one worker on a 2-core machine, where half of the
    // suite's time is waiting on servers, browsers and child processes. `npm test` passes one more than the cores when
    // its lanes run one after the other (scripts/test.mjs, unitLane: VITEST_MAX_WORKERS).
    maxWorkers: Math.max(2, availableParallelism()),
    // Generous: a timeout is there to end a hang on a busy machine.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    typecheck: { enabled: false },
    sequence: { sequencer: StartFirst },
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...isolated], isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated.length ? isolated : ['none'], exclude } },
    ],
  },
});
