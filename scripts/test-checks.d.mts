export interface Check {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  ready: () => boolean;
  required?: boolean;
  readOnly?: boolean;
  /** Runs beside Playwright, on a copy of dist/packages/ (`--packages=DIR`), when a run has both. */
  besideBrowsers?: boolean;
}
export const checks: Check[];
export function readiness(check: Check): 'run' | 'skip' | 'missing';
