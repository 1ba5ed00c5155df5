// docs/consents.md, run as written: its `quick-start` programs (year.ts, message.ts) are saved into a fresh integrator
// project (its node_modules link the built packages of dist/packages/) and run with `tsx` against the sandbox each
// starts; each must print exactly the output the page shows. Needs `node scripts/build.mjs` first.
import { spawnSync } from 'node:child_process';

import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectWith, quickStartsOf, removeProject, root, shownOutput } from './snippets.js';

const programs = quickStartsOf('docs/consents.md');
let project = '';
beforeAll(() => void (project = projectWith(programs)));
afterAll(() => removeProject(project));

const shown = (program: string) => shownOutput('docs/consents.md', program);

/** A day and month (`2 Dec`): message.ts prints the end of a year's consent, a year from the day it runs. */
const DAY = /\b\d{1,2} [A-Z][a-z]{2}\b/g;

function runs(program: string): void {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), program], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout.trim().replace(DAY, '<day>')).toBe(shown(program).replace(DAY, '<day>'));
}

it('the page has two programs', () => {
  expect([...programs.keys()]).toEqual(['year.ts', 'message.ts']);
});

it('year.ts: expiring after 336 days, a cancelled renewal changes nothing, a renewal keeps the accounts, the bank stops it', () => {
  runs('year.ts');
}, 150_000);

it("message.ts: consent.expiring's bank name, accounts and language, and getInstitution's logo, make the message", () => {
  runs('message.ts');
}, 150_000);
