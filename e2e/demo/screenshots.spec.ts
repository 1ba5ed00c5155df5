/**
 * Walks every demo page and takes its screenshot. `UPDATE_SCREENSHOTS=1 npx playwright test e2e/demo/screenshots.spec.ts`
 * refreshes docs/screenshots/ (referenced from docs/demo.md); otherwise they go to test-results/ so test runs never
 * rewrite tracked files. Also runs the credit-reporting page end to end, refusal included.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pdfText, download, startStack, walkToBanks, type Stack } from './stack.js';

const OUT = process.env.UPDATE_SCREENSHOTS
  ? path.resolve('docs/screenshots')
  : path.resolve('test-results/screenshots');
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage, animations: 'disabled' });

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});
test.use({ viewport: { width: 1280, height: 860 } });

test('home, script tag, SPA modal, server-to-server and journey steps', async ({ page }) => {
  await page.goto(stack.demo.url);
  await expect(page.getByRole('link', { name: /Script tag/ }).first()).toBeVisible();
  await shot(page, 'home');

  await page.goto(`${stack.demo.url}/script-tag.html`);
  const frame = page.frameLocator('#journey iframe');
  await walkToBanks(frame, { fullName: 'Alex Citizen', email: 'alex@example.com' });
  await expect(frame.getByRole('button', { name: /Crawler Credit Union/ })).toBeVisible();
  await shot(page, 'script-tag');

  await page.goto(`${stack.demo.url}/spa.html`);
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  const modal = page.frameLocator('iframe');
  await expect(modal.getByRole('heading', { name: 'Share your bank statements securely' })).toBeVisible();
  await shot(page, 'spa-modal', false);

  await page.goto(
    `${stack.sandbox.url}/i/lendly/shots_1/banks/crawler-credit-union?full_name=Alex%20Citizen&email=alex@example.com`,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('table')).toContainText('123456');
  await shot(page, 'journey-crawler-login');

  await page.goto(`${stack.demo.url}/direct.html`);
  await shot(page, 'direct');
  await page.getByRole('button', { name: 'Continue to my bank' }).click();
  await expect(page).toHaveURL(/\/bank\/sandbox-bank\/authorise/);
  await shot(page, 'bank-authorisation');
  await page.getByRole('button', { name: /approve/i }).click();
  await expect(page.locator('#progress')).toHaveAttribute('data-state', 'report-ready', { timeout: 20_000 });
  await shot(page, 'application-progress');
});

test('credit reporting: lodge → report → account → payments → default refused then listed → paid and closed', async ({
  page,
}) => {
  await page.goto(`${stack.demo.url}/credit.html`);
  await page.getByRole('button', { name: 'Lodge enquiry' }).click();
  await expect(page.locator('#report .gauge')).toBeVisible();
  const score = Number(await page.locator('#report .gauge span').textContent());
  expect(score).toBeGreaterThan(0);
  const pdf = await pdfText(await download(page, '#report a[download]'));
  expect(pdf).toContain('Citizen');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#report')).toContainText('Lendly');
  await page.getByRole('button', { name: 'Save payments' }).click();
  await expect(page.locator('#report > table .history').last()).toHaveAttribute('aria-label', /0 1 0 0 0 0$/);

  await page.getByRole('button', { name: 'Register default' }).click(); // $120 for 30 days: below the threshold
  await expect(page.locator('#default .error')).toContainText('$150');
  await page.locator('#default input[name="amount"]').fill('450.00');
  await page.locator('#default input[name="days_overdue"]').fill('75');
  await page.getByRole('button', { name: 'Register default' }).click();
  await expect(page.locator('#default .okbox')).toContainText('listed');
  await expect(page.locator('#report')).toContainText('outstanding');

  await page.getByRole('button', { name: /Mark default paid/ }).click();
  await expect(page.locator('#close .okbox')).toBeVisible();
  await expect(page.locator('#report')).toContainText('closed');
  await shot(page, 'credit');
});

test('connections: a consent warned by the clock, its webhooks in the log', async ({ page }) => {
  // A stack of its own: the journeys the other shots completed would be connections on this page too, and the clock
  // would warn them as well.
  const own = await startStack();
  try {
    await page.goto(`${own.demo.url}/connections.html`);
    await page.getByRole('button', { name: 'Connect a test customer' }).click();
    await expect(page.locator('article.consent')).toHaveAttribute('data-status', 'active', { timeout: 20_000 });
    await page.getByRole('button', { name: '+180 days' }).click();
    await page.getByRole('button', { name: '+180 days' }).click();
    await expect(page.locator('#log li[data-type="consent.expiring"]')).toHaveCount(3, { timeout: 20_000 });
    await expect(page.locator('article.consent dd[data-field="warnings"]')).toHaveText('3');
    await shot(page, 'connections');
  } finally {
    await own.close();
  }
});
