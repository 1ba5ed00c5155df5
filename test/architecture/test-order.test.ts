// How npm test schedules its files (docs/architecture.md, "Where the time goes"): vitest starts START_FIRST first and
// takes the worker count scripts/test.mjs gives it in every project; Playwright's 'long' project holds the long specs
// and every spec is in exactly one project. Read from vitest's own API in a child process, as vitest itself resolves it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { LONG_SPECS } from '../../playwright.config.js';
import { START_FIRST } from '../../vitest.config.js';

const PROBE = `
import path from 'node:path';
import { createVitest } from 'vitest/node';
const v = await createVitest('test', { watch: false });
const specs = await v.globTestSpecifications();
const sorted = await new v.config.sequence.sequencer(v).sort(specs);
const rel = (s) => path.relative(v.config.root, s.moduleId).split(path.sep).join('/');
console.log(JSON.stringify({
  order: sorted.map(rel),
  workers: Object.fromEntries(v.projects.map((p) => [p.name, p.config.maxWorkers])),
  isolated: specs.filter((s) => s.project.name === 'isolated').map(rel),
}));
await v.close();
`;

function resolved(env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as {
    order: string[];
    workers: Record<string, number>;
    isolated: string[];
  };
}

describe('vitest', () => {
  it('runs START_FIRST first, in its order; VITEST_MAX_WORKERS (what npm test sets) reaches both projects', () => {
    const { order, workers, isolated } = resolved({ VITEST_MAX_WORKERS: '3' });
    expect(order.slice(0, START_FIRST.length)).toEqual(START_FIRST);
    expect(order.length).toBeGreaterThan(150);
    expect(workers).toEqual({ shared: 3, isolated: 3 });
    // The files that measure the process's buffer memory run in a process of their own.
    expect(isolated).toEqual(
      expect.arrayContaining([
        'test/security/client-download-size-cap.test.ts',
        'test/security/fetch-handler-body-limit.test.ts',
        'test/security/node-handler-body-limit.test.ts',
      ]),
    );
  });
});

describe('Playwright', () => {
  const specs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return specs(p);
      return e.name.endsWith('.spec.ts') ? [p.split(path.sep).join('/')] : [];
    });
  const long = (file: string) => LONG_SPECS.some((re) => re.test(file));

  it("the long project comes first and holds the examples, the engines and the NO_JOURNEY specs; every other spec is 'short'", () => {
    expect(config.projects?.map((p) => p.name)).toEqual(['long', 'short']);
    const all = specs('e2e');
    expect(all.filter(long).sort()).toEqual([
      'e2e/engines/chromium.spec.ts',
      'e2e/engines/gecko.spec.ts',
      'e2e/engines/webkit.spec.ts',
      'e2e/examples/examples.spec.ts',
      'e2e/widget/no-journey-causes.spec.ts',
      'e2e/widget/no-journey.spec.ts',
    ]);
    const [first, second] = config.projects ?? [];
    expect([first?.testMatch, second?.testIgnore]).toEqual([LONG_SPECS, LONG_SPECS]);
    expect(all.filter((f) => !long(f)).length).toBeGreaterThan(40);
  });
});
