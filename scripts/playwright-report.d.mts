// Types of playwright-report.mjs, for test/scripts/playwright-report.test.ts.
export function readPlaywrightReport(report: unknown): {
  passed: number;
  failed: number;
  skipped: number;
  errors: string[];
  failures: string[];
  flaky: string[];
};
