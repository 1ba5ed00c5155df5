import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
// One place for both paths (and their environment overrides): the test runner's system check reads them too.
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './scripts/system-deps.mjs';

/**
 * Browser end-to-end tests drive Debian's Chromium; Playwright never downloads a browser. Each spec starts its own
 * servers on loopback, on free ports (see e2e/support/).
 *
 * Two builds of the same Chromium 156:
 * - the specs run in its headless shell (`apt-get install -y chromium-headless-shell`), the build Playwright itself
 *   runs headless tests in by default. It costs well under half the CPU of the full browser in headless mode
 *   (measured: e2e/widget/widget.spec.ts, 45 CPU-s with the full browser, 20 with the shell; the whole e2e lane about
 *   1,600 against 700), and on 2 cores the suite is CPU-bound;
 * - e2e/engines (and the specs that use its driver) run the full browser a customer has (`apt-get install -y
 *   chromium`): its site isolation, popup blocker and focus rules are what the widget's defences meet in the field,
 *   and the shell differs in exactly those (docs/browsers.md).
 */
export { CHROMIUM_PATH, HEADLESS_SHELL_PATH };

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

/**
 * The spec files that hold a worker longest (npm installs and the Next.js build, three browser engines, journeys that
 * must time out): scheduled first, in a project of their own. Playwright hands files to workers in path order, which
 * started e2e/examples (about 100 s in one worker) halfway through the lane and e2e/widget/no-journey last: the end of
 * the lane had one worker busy and the other cores idle. The rest fill in around them.
 */
export const LONG_SPECS = [
  /e2e\/examples\/.*\.spec\.ts$/,
  /e2e\/engines\/.*\.spec\.ts$/,
  /e2e\/widget\/no-journey(-causes)?\.spec\.ts$/,
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Generous: a timeout is there to end a hang, and `npm test` runs this beside vitest, so a 2-core machine is busy.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One worker per core, at least two, when something may run beside it (measured on 2 cores: three workers beside
  // vitest took the load to 17 and tests to their timeouts). `npm test` on fewer than 4 cores runs this lane alone and
  // passes --workers=<cores + 1> (scripts/test.mjs, e2eLane).
  workers: Math.max(2, availableParallelism()),
  // In CI, a test that fails gets one more try, and `npm test` lists it as flaky (scripts/playwright-report.mjs) so it is looked into,
  // never forgotten: on 2 busy cores, 241 browser tests met about one timing miss a run (a click on a frame still being
  // laid out, a key's acknowledgement lost), each a different test. Locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  projects: [
    { name: 'long', testMatch: LONG_SPECS },
    { name: 'short', testIgnore: LONG_SPECS },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    // No trace by default: recording one for every test (to keep it only on failure) cost about 15 % of the lane's
    // CPU (measured: 11 widget tests, 58 CPU-s without against 68 with). To look into a failure, run that spec again
    // with `npx playwright test <spec> --trace retain-on-failure` and open test-results/ with `npx playwright show-trace`.
    trace: 'off',
    // As a customer who asks for reduced motion sees the pages (the journey slows its spinner and drops its
    // progress transition; the demo's transitions are short): the same specs took about a fifth less CPU
    // (e2e/widget/widget.spec.ts + e2e/demo/fit.spec.ts, two runs of each side by side: 45.8 and 41.5 CPU-s with
    // motion, 37.4 and 33.4 without). No spec asserts motion; screenshots disable animations anyway.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
