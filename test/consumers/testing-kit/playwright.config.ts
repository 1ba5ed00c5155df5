import { defineConfig } from '@playwright/test';

// Debian's Chromium headless shell (never a downloaded browser): the build Playwright runs headless tests in by default,
// and the one the repository's own specs run in (docs/browsers.md), at well under half the full browser's CPU.
export default defineConfig({
  testDir: 'tests',
  timeout: 60_000,
  workers: 1,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
});
