// The checks npm test runs after the suites (scripts/test-checks.mjs): Biome and tsc are required, so a repository
// where either is missing fails the run instead of skipping the check. And what scripts/test.mjs runs beside what
// (`--plan`): on fewer than 4 cores the read-only checks and vitest's unhurried project beside Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

describe('what runs beside what', () => {
  it('only checks that write nothing run beside the tests; packaging, which lays out dist/packages/ again, runs after', () => {
    expect(checks.filter((c) => c.readOnly).map((c) => c.name)).toEqual([
      'typecheck',
      'lint',
      'size budget',
      'openapi lint',
    ]);
    expect(byName('packaging').readOnly).toBeFalsy();
  });

  const plan = (...flags: string[]) => {
    const res = spawnSync(process.execPath, ['scripts/test.mjs', '--plan', ...flags], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    return JSON.parse(res.stdout.trim().split('\n').at(-1)!);
  };
  const readOnly = ['typecheck', 'lint', 'size budget', 'openapi lint'];

  it('lanes one after the other: vitest without its unhurried project, then packaging; beside Playwright the unhurried project and the read-only checks', () => {
    expect(plan('--serial')).toEqual({
      together: false,
      unit: { vitestProjects: ['shared', 'isolated'], idleBeside: [], after: ['packaging'] },
      e2e: { playwright: true, vitestProjects: ['unhurried'], idleBeside: readOnly },
    });
  });

  it('without the browser suite, or with lanes side by side, all of vitest and the read-only checks run in the first lane', () => {
    const alone = { vitestProjects: ['all'], idleBeside: readOnly, after: ['packaging'] };
    expect(plan('--serial', '--only=unit,checks')).toEqual({
      together: false,
      unit: alone,
      e2e: { playwright: false, vitestProjects: [], idleBeside: [] },
    });
    expect(plan('--parallel')).toEqual({
      together: true,
      unit: alone,
      e2e: { playwright: true, vitestProjects: [], idleBeside: [] },
    });
  });

  it("vitest's unhurried project holds its files, and the other two leave them out", async () => {
    const { default: config, UNHURRIED } = await import('../../vitest.config.js');
    const projects = Object.fromEntries(
      (config.test!.projects as { test: { name: string; include: string[]; exclude?: string[] } }[]).map((p) => [
        p.test.name,
        p.test,
      ]),
    );
    expect(Object.keys(projects).sort()).toEqual(['isolated', 'shared', 'unhurried']);
    expect(projects.unhurried!.include).toEqual(UNHURRIED);
    for (const f of UNHURRIED) {
      expect(existsSync(f), f).toBe(true);
      expect(projects.shared!.exclude, f).toContain(f);
      expect(projects.isolated!.exclude, f).toContain(f);
    }
  });
});
