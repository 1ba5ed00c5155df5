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
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Specs mostly wait (servers, npm, page loads): one more worker than cores, and at least three.
  workers: Math.max(3, availableParallelism() + 1),
  retries: 0,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
