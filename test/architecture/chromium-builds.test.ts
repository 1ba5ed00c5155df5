// Which Chromium runs what (docs/browsers.md): the Playwright specs in the headless shell, e2e/engines (and the specs on
// its driver) in the full browser a customer has, whose popup blocker and focus rules its scenarios need.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import config, { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../../playwright.config.js';

it('the Playwright specs launch the headless shell, a different binary from the full browser', () => {
  expect(config.use?.launchOptions?.executablePath).toBe(HEADLESS_SHELL_PATH);
  expect(HEADLESS_SHELL_PATH).not.toBe(CHROMIUM_PATH);
  expect(HEADLESS_SHELL_PATH).toMatch(/chromium-headless-shell$/);
});

it("e2e/engines's driver launches the full browser, with the engine's own popup blocker", () => {
  const driver = readFileSync('e2e/engines/driver.ts', 'utf8');
  const launch = driver.slice(driver.indexOf('async function launchChromium'));
  expect(launch.slice(0, launch.indexOf('});'))).toMatch(
    /executablePath: CHROMIUM_PATH,[\s\S]*ignoreDefaultArgs: \['--disable-popup-blocking'\]/,
  );
});

it('a machine without the shell is told what to install (npm test fails), never skipped', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/system-deps.mjs'); console.log(JSON.stringify(m.findSystemDeps().missing));",
    ],
    { env: { ...process.env, CHROMIUM_HEADLESS_SHELL_PATH: '/nonexistent/chromium-headless-shell' }, encoding: 'utf8' },
  );
  const missing = JSON.parse(run.stdout) as Array<{ name: string; install: string }>;
  expect(missing.find((d) => d.name === 'chromium-headless-shell')?.install).toMatch(
    /^sudo apt-get install -y chromium-headless-shell/,
  );
});

it("the testing-kit consumer's own Playwright test launches the headless shell too, as Playwright does by default", () => {
  const consumer = readFileSync('test/consumers/testing-kit/playwright.config.ts', 'utf8');
  expect(consumer).toContain(
    "executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'",
  );
});

it('the specs run with reduced motion, which the journey honours (a slower spinner, no progress transition)', () => {
  // Measured a fifth less CPU for the same specs (playwright.config.ts). Both halves: the config asks for reduced
  // motion, and the journey's CSS has its answer to it.
  expect(config.use?.reducedMotion).toBe('reduce');
  const css = readFileSync('src/sandbox/journey/browser/journey.css', 'utf8');
  expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.hj-spinner \{ animation-duration/);
});
