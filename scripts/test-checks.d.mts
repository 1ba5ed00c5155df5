export interface Check {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  ready: () => boolean;
  required?: boolean;
  readOnly?: boolean;
}
export const checks: Check[];
export function readiness(check: Check): 'run' | 'skip' | 'missing';
