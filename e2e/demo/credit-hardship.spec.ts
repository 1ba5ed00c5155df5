/**
 * The demo's credit page records a hardship arrangement — three months of `A`, then a `V` — beside each month's
 * repayment status, in Chromium against the real demo server and sandbox. The report on screen and in the PDF shows the
 * hardship months apart from the repayment history, with the notice the consumer must be given.
 */
import { expect, test } from '@playwright/test';
import { CREDIT_REPORT_WORDS } from '../../src/sandbox/credit/words.js';
import { download, pdfText, startStack, type Stack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

/** The six months the page reports, oldest first (its own rule: the months before the current one). */
function lastSixMonths(): string[] {
  const d = new Date();
  return Array.from({ length: 6 }, (_, i) => {
    const m = new Date(d.getFullYear(), d.getMonth() - 6 + i, 1);
    return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
  });
}

test('A for three months then V: hardship shown apart from repayment history, on screen and in the PDF', async ({
  page,
}) => {
  const months = lastSixMonths();
  await page.goto(`${stack.demo.url}/credit.html`);
  await page.getByRole('button', { name: 'Lodge enquiry' }).click();
  await expect(page.locator('#report .gauge')).toBeVisible();
  await expect(page.locator('#hardship')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#report')).toContainText('Lendly');
  // The page's plan: no hardship, no hardship, A, A, A, V.
  await expect(page.getByLabel(`${months[2]} hardship`)).toHaveValue('A');
  await expect(page.getByLabel(`${months[5]} hardship`)).toHaveValue('V');
  await page.getByRole('button', { name: 'Save payments' }).click();
  await expect(page.locator('#payments .okbox')).toBeVisible();

  const hardship = page.locator('#hardship');
  await expect(hardship.getByRole('heading', { name: 'Financial hardship information' })).toBeVisible();
  await expect(hardship).toContainText(CREDIT_REPORT_WORDS.hardshipNotice);
  await expect(hardship.locator('.history')).toHaveAttribute(
    'aria-label',
    `Financial hardship: ${months[2]} A, ${months[3]} A, ${months[4]} A, ${months[5]} V`,
  );
  // The repayment history holds only RHI codes; the hardship codes are not mixed into it.
  await expect(page.locator('#report > table .history').last()).toHaveAttribute('aria-label', /: 0 1 0 0 0 0$/);

  const pdf = (await pdfText(await download(page, '#report a[download]'))).replace(/\s+/g, ' ');
  const section = pdf.indexOf(CREDIT_REPORT_WORDS.hardship);
  expect(section).toBeGreaterThan(pdf.indexOf(CREDIT_REPORT_WORDS.repaymentHistory));
  expect(pdf.slice(section)).toContain(CREDIT_REPORT_WORDS.hardshipNotice);
  expect(pdf.slice(section)).toContain(`${months[2]}:A ${months[3]}:A ${months[4]}:A ${months[5]}:V`);
  expect(pdf.slice(0, section)).not.toMatch(/\d{4}-\d{2}:[AV]\b/);
});
