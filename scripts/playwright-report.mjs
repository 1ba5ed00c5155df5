// Reads Playwright's JSON report for `npm test` (scripts/test.mjs): what counts as passed and failed, the failures
// and errors to list, and the flaky tests — those that failed, then passed on the retry CI allows
// (playwright.config.ts): counted as passed, listed with their first error so they are looked into.
import { stripVTControlCharacters } from 'node:util';

/** The first line of a test's first failed attempt. */
const firstError = (test) =>
  stripVTControlCharacters(String(test.results?.find((r) => r.status !== 'passed')?.error?.message ?? 'failed')).split(
    '\n',
  )[0];

export function readPlaywrightReport(report) {
  const s = report.stats ?? {};
  const failures = [];
  const flaky = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failures.push(`playwright: ${suite.file} › ${spec.title}`);
        else if (t.status === 'flaky') flaky.push(`playwright: ${suite.file} › ${spec.title}: ${firstError(t)}`);
    for (const child of suite.suites ?? []) visit({ file: suite.file, ...child });
  };
  for (const suite of report.suites ?? []) visit(suite);
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: s.unexpected ?? 0,
    skipped: s.skipped ?? 0,
    errors: (report.errors ?? []).map((e) => `playwright: ${String(e.message ?? e).split('\n')[0]}`),
    failures,
    flaky,
  };
}
