// npm test's reading of Playwright's report, on a real Playwright run of the repository's own config: in CI a test
// that fails once and then passes gets its retry, counts as passed and is listed as flaky with its first error; a test
// that fails every time is a failure; outside CI there is no retry, and the same flip is a failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport } from '../../scripts/playwright-report.mjs';

let dir: string;
beforeAll(() => {
  // Inside the repository so the spec resolves @playwright/test, outside node_modules (Playwright ignores test files
  // there) and outside test-results/ (a Playwright run empties it).
  mkdirSync(path.resolve('.test-output'), { recursive: true });
  dir = mkdtempSync(path.resolve('.test-output/pw-report-'));
  // The repository's config (its retries, its reporter's JSON), pointed at three tests that need no browser.
  writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    `import base from ${JSON.stringify(path.resolve('playwright.config.ts'))};\n` +
      "export default { ...base, testDir: '.', testMatch: '*.spec.ts', outputDir: './results' };\n",
  );
  writeFileSync(
    path.join(dir, 'three.spec.ts'),
    [
      "import { expect, test } from '@playwright/test';",
      "test('passes', () => expect(1).toBe(1));",
      "test('flips', ({}, info) => expect(info.retry, 'the first try fails').toBe(1));",
      "test('always fails', () => expect('red', 'a real failure').toBe('green'));",
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runPlaywright(ci: boolean) {
  const json = path.join(dir, `report-${ci}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: json };
  if (ci) env.CI = 'true';
  else delete env.CI;
  spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', dir, '--reporter=json'], {
    env,
    encoding: 'utf8',
  });
  return readPlaywrightReport(JSON.parse(readFileSync(json, 'utf8')));
}

describe('the Playwright report as npm test reads it', () => {
  it('in CI: the flip passes on its retry and is listed as flaky with its first error; a red test fails', () => {
    const r = runPlaywright(true);
    expect({ passed: r.passed, failed: r.failed }).toEqual({ passed: 2, failed: 1 });
    expect(r.flaky).toEqual([expect.stringMatching(/three\.spec\.ts › flips: Error: the first try fails/)]);
    expect(r.failures).toEqual([expect.stringMatching(/three\.spec\.ts › always fails$/)]);
    expect(r.errors).toEqual([]);
  }, 60_000);

  it('outside CI: no retry, so the flip is a failure and nothing is flaky', () => {
    const r = runPlaywright(false);
    expect({ passed: r.passed, failed: r.failed, flaky: r.flaky }).toEqual({ passed: 1, failed: 2, flaky: [] });
  }, 60_000);
});
