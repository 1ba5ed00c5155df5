// The checks npm test runs after the suites (scripts/test-checks.mjs): Biome and tsc are required, so a repository
// where either is missing fails the run instead of skipping the check.
import { describe, expect, it } from 'vitest';
import { checks, readiness } from '../../scripts/test-checks.mjs';

const byName = (name: string) => {
  const check = checks.find((c) => c.name === name);
  if (!check) throw new Error(`no check named ${name}`);
  return check;
};

describe('checks after the suites', () => {
  it('lint runs biome ci with warnings as errors, over the whole repository', () => {
    const lint = byName('lint');
    expect(lint.args.slice(-2)).toEqual(['ci', '--error-on-warnings']);
    expect(lint.args[0]).toBe('node_modules/@biomejs/biome/bin/biome');
    expect(readiness(lint)).toBe('run');
  });

  it('a missing Biome or tsc counts as failed; a check without required is only skipped', () => {
    for (const name of ['lint', 'typecheck'])
      expect(readiness({ ...byName(name), ready: () => false }), name).toBe('missing');
    expect(readiness({ ...byName('size budget'), ready: () => false })).toBe('skip');
  });
});

describe('checks beside vitest', () => {
  it('only checks that write nothing run beside the tests; packaging, which lays out dist/packages/ again, runs after', () => {
    expect(checks.filter((c) => c.readOnly).map((c) => c.name)).toEqual([
      'typecheck',
      'lint',
      'runtimes',
      'size budget',
      'openapi lint',
    ]);
    expect(byName('packaging').readOnly).toBeFalsy();
  });
});
