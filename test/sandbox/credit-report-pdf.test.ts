// The credit report's PDF, read back as its reader sees it: `pdftotext` (poppler) keeps only what lies on the A4 page,
// so a month printed past the right margin is lost here as it is on paper. Every month of every account's 24-month
// repayment history — the seeded bureau accounts' and one reported through the API — and every hardship month prints,
// in the report's order.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAYMENT_CODES } from '../../src/protocol/index.js';
import { CREDIT_REPORT_WORDS } from '../../src/sandbox/credit/words.js';
import { PDFTOTEXT_INSTALL, pdftotextPath } from '../../scripts/system-deps.mjs';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { applicant, openCreditAccount } from '../support/credit.js';

let sb: TestSandbox;
const NOW = new Date('2026-11-15T12:00:00Z');
/** The 24 months ending with NOW's, oldest first: 2024-12 … 2026-11. */
const MONTHS = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2024, 11 + i, 1)).toISOString().slice(0, 7));
const dir = mkdtempSync(path.join(tmpdir(), 'credit-pdf-'));
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 'credit-pdf', now: () => NOW });
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, p: string, body?: unknown) => sb.request(method, p, body, { date: NOW });

/** The PDF's text as `pdftotext -layout` reads it from the page. */
function pdfText(bytes: Buffer): string {
  if (!pdftotextPath()) throw new Error(`pdftotext is not installed; install it with: ${PDFTOTEXT_INSTALL}`);
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

type History = Array<{ month: string; status?: string; code?: string }>;

describe('the credit report PDF prints every month', () => {
  it('24 months of repayment history per account and every hardship month, at A4, in order', async () => {
    const { enquiry_id, account_id } = await openCreditAccount(
      (path, body) => call('POST', path, body),
      applicant('Paige', 'Printed'),
      { product: 'home_loan', amount: '350000.00', opened_on: `${MONTHS[0]}-01` },
    );
    for (const [i, month] of MONTHS.entries()) {
      // Every code in turn; hardship in each of the last 12 months (the FHI kept), A and a V per arrangement.
      const hardship =
        i < 12 ? undefined : i % 3 === 0 ? { code: 'V', arrangement_id: `v-${i}` } : { code: 'A', arrangement_id: 'a' };
      const body = { account_id, month, status: REPAYMENT_CODES[i % REPAYMENT_CODES.length], hardship };
      expect((await call('POST', '/payment/save', body)).status).toBe(200);
    }

    const report = (await call('POST', '/enquiry/getreport', { enquiry_id })).json;
    const accounts = report.accounts as Array<{
      account_id: string;
      repayment_history: History;
      hardship_history: History;
    }>;
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    for (const a of accounts) expect(a.repayment_history, a.account_id).toHaveLength(24);
    expect(accounts.find((a) => a.account_id === account_id)!.hardship_history).toHaveLength(12);

    const pdf = await call('GET', `/enquiry/downloadreport?enquiry_id=${enquiry_id}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf.bytes);
    const section = text.indexOf(CREDIT_REPORT_WORDS.hardship);
    expect(section).toBeGreaterThan(0);

    const printedRhi = text.slice(0, section).match(/\b\d{4}-\d{2}:[0-6X]\b/g);
    expect(printedRhi).toEqual(accounts.flatMap((a) => a.repayment_history.map((h) => `${h.month}:${h.status}`)));
    const printedFhi = text.slice(section).match(/\b\d{4}-\d{2}:[AV]\b/g);
    expect(printedFhi).toEqual(accounts.flatMap((a) => a.hardship_history.map((h) => `${h.month}:${h.code}`)));
  });
});
