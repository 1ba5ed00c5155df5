import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and Node-integration tests. Browser end-to-end specs live in e2e/ and run under Playwright,
// so they are kept out of vitest's include list on purpose.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'test/consumers/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    typecheck: { enabled: false },
    // Most files wait on servers, browsers and databases rather than compute: on a 2-core machine vitest's default
    // (cores - 1) would run them one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
