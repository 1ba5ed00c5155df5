// docs/credit-reporting.md, run as written: its `quick-start month.ts` program is saved into a fresh integrator project
// (its node_modules link the built packages of dist/packages/) and run with `tsx` against the sandbox it starts; it
// must print exactly the output the page shows. Needs `node scripts/build.mjs` first. And the page's retention
// examples ("on 1 January 2028 for January 2026") are what the sandbox does on those days.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSandbox } from '../support/sandbox.js';
import { projectWith, quickStartsOf, removeProject, root, shownOutput } from './snippets.js';
import { applicant, openCreditAccount } from '../support/credit.js';

const PAGE = 'docs/credit-reporting.md';
const programs = quickStartsOf(PAGE);
let project = '';
beforeAll(() => void (project = projectWith(programs)));
afterAll(() => removeProject(project));

const shown = (program: string) => shownOutput(PAGE, program);

it('month.ts: three months of A then a V, a second V refused before sending, the report with its notice', () => {
  expect([...programs.keys()]).toEqual(['month.ts']);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'month.ts'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout.trim()).toBe(shown('month.ts'));
}, 150_000);

it('the retention table: RHI and FHI leave the report on the day the page says, not a day before', async () => {
  const page = readFileSync(path.join(root, PAGE), 'utf8');
  const rows = [...page.matchAll(/^\| (RHI|FHI) \|.*?on (\d{1,2} \w+ \d{4}) for (\w+ \d{4})/gm)].map(
    ([, kind = '', day = '', reported = '']) => ({ kind, day, reported }),
  );
  expect(rows.map((r) => r.kind)).toEqual(['RHI', 'FHI']);
  let now = new Date();
  const sb = await startTestSandbox({ seed: 'retention-doc', now: () => now });
  try {
    for (const { kind, day, reported } of rows) {
      const month = new Date(`1 ${reported} UTC`);
      const leaves = new Date(`${day} 00:00:00 UTC`);
      now = new Date(month.getTime() + 14 * 86_400_000);
      const call = (p: string, body: unknown) => sb.request('POST', p, body, { date: now });
      const { enquiry_id, account_id } = await openCreditAccount(call, applicant(kind, 'Kept'), {
        product: 'personal_loan',
        amount: '1000.00',
        opened_on: month.toISOString().slice(0, 10),
      });
      const saved = await call('/payment/save', {
        account_id,
        month: month.toISOString().slice(0, 7),
        status: '0',
        hardship: { code: 'A', arrangement_id: 'a' },
      });
      expect(saved.status).toBe(200);
      const kept = async (at: Date) => {
        now = at;
        const report = (await call('/enquiry/getreport', { enquiry_id })).json;
        const loan = report.accounts.find((a: { account_id: string }) => a.account_id === account_id);
        return (kind === 'RHI' ? loan.repayment_history : loan.hardship_history).length;
      };
      expect(await kept(new Date(leaves.getTime() - 1000)), `${kind} the second before ${day}`).toBe(1);
      expect(await kept(leaves), `${kind} on ${day}`).toBe(0);
    }
  } finally {
    await sb.close();
  }
});
