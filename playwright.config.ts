import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end tests drive Debian's Chromium (`apt-get install -y chromium`); Playwright never downloads a browser.
 * Each spec starts its own servers on loopback, on free ports (see e2e/support/).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Shared with e2e/engines, which launches the same Chromium through Playwright's library API. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Generous: a timeout is there to end a hang, and `npm test` runs this beside vitest, so a 2-core machine is busy.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One worker per core, at least two: npm test runs vitest beside it, and more browsers than cores only make each
  // test slower (measured on 2 cores: three workers beside vitest took the load to 17 and tests to their timeouts).
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    // No trace by default: recording one for every test (to keep it only on failure) cost about 15 % of the lane's
    // CPU (measured: 11 widget tests, 58 CPU-s without against 68 with). To look into a failure, run that spec again
    // with `npx playwright test <spec> --trace retain-on-failure` and open test-results/ with `npx playwright show-trace`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
