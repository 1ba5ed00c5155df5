// System dependencies of the integration suites. Used by the test runner and by test helpers, so that a missing one
// is reported with the exact install command instead of a silent skip.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The headless shell of the same Chromium: the build the Playwright specs run in (playwright.config.ts says why). */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

const onPath = (name) => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** `pdftotext` (poppler-utils): the credit report's PDF is read back as its reader sees it. */
export const PDFTOTEXT_INSTALL = 'sudo apt-get install -y poppler-utils';
export function pdftotextPath() {
  return onPath('pdftotext');
}

export function redisServerPath() {
  return onPath('redis-server');
}

/**
 * The three browser engines of e2e/engines (issue 14). `missing()` is null when the engine can run, else the exact
 * command that installs it. Debian packages only: nothing downloads a browser.
 */
export const ENGINES = {
  chromium: {
    path: CHROMIUM_PATH,
    missing: () => (existsSync(CHROMIUM_PATH) ? null : 'sudo apt-get install -y chromium   (or set CHROMIUM_PATH)'),
  },
  gecko: {
    path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    missing: () =>
      existsSync(ENGINES.gecko.path) ? null : 'sudo apt-get install -y firefox-esr   (or set FIREFOX_PATH)',
  },
  webkit: {
    path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    driver: '/usr/bin/WebKitWebDriver',
    missing: () =>
      existsSync(ENGINES.webkit.path) && existsSync(ENGINES.webkit.driver) && onPath('xvfb-run') && onPath('xauth')
        ? null
        : 'sudo apt-get install -y webkit2gtk-driver xvfb xauth',
  },
};

export function findSystemDeps() {
  const missing = [];
  if (ENGINES.chromium.missing()) {
    missing.push({
      name: 'chromium',
      why: 'the end-to-end suite drives a real browser',
      install: ENGINES.chromium.missing(),
    });
  }
  if (!existsSync(HEADLESS_SHELL_PATH)) {
    missing.push({
      name: 'chromium-headless-shell',
      why: "the end-to-end specs run in Chromium's headless shell (e2e/engines in the full browser)",
      install: 'sudo apt-get install -y chromium-headless-shell   (or set CHROMIUM_HEADLESS_SHELL_PATH)',
    });
  }
  if (ENGINES.gecko.missing()) {
    missing.push({
      name: 'firefox-esr',
      why: 'the browser scenarios also run in Gecko (e2e/engines)',
      install: ENGINES.gecko.missing(),
    });
  }
  if (ENGINES.webkit.missing()) {
    missing.push({
      name: 'webkit2gtk-driver',
      why: 'the browser scenarios also run in WebKit (e2e/engines), under Xvfb',
      install: ENGINES.webkit.missing(),
    });
  }
  if (!redisServerPath()) {
    missing.push({
      name: 'redis-server',
      why: 'the webhook dedupe suite runs against a real Redis',
      install: 'sudo apt-get install -y redis-server',
    });
  }
  if (!pdftotextPath()) {
    missing.push({
      name: 'poppler-utils',
      why: "the credit report's PDF is read back with pdftotext (test/sandbox/credit-report-pdf)",
      install: PDFTOTEXT_INSTALL,
    });
  }
  if (!postgresBinDir()) {
    missing.push({
      name: 'postgresql',
      why: 'the PostgresInbox suite runs against a real PostgreSQL server (initdb + pg_ctl on loopback)',
      install: 'sudo apt-get install -y postgresql',
    });
  }
  return { missing };
}

/** The bin directory of the newest PostgreSQL under /usr/lib/postgresql (Debian's layout), or null. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}
