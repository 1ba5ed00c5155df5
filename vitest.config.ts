import { defineConfig } from 'vitest/config';

// Unit and Node-integration tests. Browser end-to-end specs live in e2e/ and run under Playwright,
// so they are kept out of vitest's include list on purpose.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'test/consumers/**'],
    environment: 'node',
    // Generous: a timeout is there to end a hang, and `npm test` runs Playwright beside vitest on a busy machine.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    typecheck: { enabled: false },
  },
});
