/**
 * The demo on a phone (375 px), on a moved sandbox clock, and in every shipped language, in Chromium against the real
 * demo server and sandbox: the credit page with its report and the application page with its webhooks are no wider than
 * the window; the application page's webhook rows are readable lines inside the panel; the Connections log shows the
 * sandbox date a clock-driven webhook belongs to; the credit page still reports its six months after the clock moved
 * two years (credit reports are dated on the sandbox's `now`, which a token's advance does not move); and the header's
 * language switch sets the widget's `locale`, so the journey speaks each locale of src/protocol's list.
 */
import { expect, type Page, test } from '@playwright/test';
import { LOCALES } from '../../src/protocol/locale.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';
import { advanceClock } from '../../src/sandbox/testing/index.js';
import { type Stack, startStack, traceApplication } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});
test.use({ viewport: { width: 375, height: 667 } });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Lodge → account → six months of payments on the credit page; resolves once the report shows them. */
async function reportSixMonths(page: Page): Promise<void> {
  await page.goto(`${stack.demo.url}/credit.html`);
  await page.getByRole('button', { name: 'Lodge enquiry' }).click();
  await expect(page.locator('#report .gauge')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#account .okbox')).toBeVisible();
  await page.getByRole('button', { name: 'Save payments' }).click();
  await expect(page.locator('#payments .okbox')).toBeVisible();
}

test('credit page at 375 px: the report, its tables included, is no wider than the window', async ({ page }) => {
  await reportSixMonths(page);
  await expect(page.locator('#hardship')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  // Each cell says which column it is in.
  await expect(page.locator('#report td[data-label="Last 12 months"]').first()).toBeVisible();
});

test('application page at 375 px: no wider than the window, each webhook a readable row inside the panel', async ({
  page,
}) => {
  const ref = await traceApplication(stack);
  await page.goto(`${stack.demo.url}/applications/${ref}`);
  await expect(page.locator('#progress')).toHaveAttribute('data-state', 'report-ready');
  const rows = page.locator('#log li[data-kind="webhook"]');
  await expect(rows.nth(3)).toBeAttached();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  const panel = (await page.locator('#log').boundingBox())!;
  for (let i = 0; i < 3; i++) {
    const row = (await rows.nth(i).boundingBox())!;
    const detail = (await rows.nth(i).locator('.p').boundingBox())!;
    // A line or a few, not a column of single letters taller than the panel.
    expect(row.height, `row ${i}`).toBeLessThan(100);
    expect(row.y + row.height, `row ${i} inside the panel`).toBeLessThanOrEqual(panel.y + panel.height + 0.5);
    expect(detail.width, `row ${i}'s detail`).toBeGreaterThan(120);
  }
});

test('Connections log: a webhook the clock fired shows the sandbox date it belongs to', async ({ page }) => {
  await page.goto(`${stack.demo.url}/connections.html`);
  await page.getByRole('button', { name: 'Connect a test customer' }).click();
  await expect(page.locator('article.consent[data-status="active"]').first()).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: '+180 days' }).click();
    await expect(page.locator('#connections-status')).toHaveText('');
  }
  const warning = page.locator('#log li[data-type="consent.expiring"]').first();
  await expect(warning).toBeVisible();
  const at = (await warning.getAttribute('data-at'))!;
  // 30 days before the end of a year's sharing: about 335 days on from today.
  expect(Date.parse(at) - Date.now()).toBeGreaterThan(300 * 86_400_000);
  const sandboxDate = new Date(at).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
  await expect(warning.locator('.t')).toHaveText(new RegExp(`^${sandboxDate} \\d{2}:\\d{2}:\\d{2}$`));
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});

test('credit page after the clock moved two years: the months saved are in the report', async ({ page }) => {
  await advanceClock(stack.sandbox.url, '800d');
  await reportSixMonths(page);
  // Both accounts this file reported, the first test's and this one, show their six months.
  const history = page.locator('#report > table .history[aria-label$="last 6 months: 0 1 0 0 0 0"]');
  await expect(history).toHaveCount(2);
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});

test('the language switch sets the widget’s locale: the journey speaks every shipped locale', async ({ page }) => {
  await page.goto(`${stack.demo.url}/script-tag.html`);
  const offered = await page
    .locator('#locale option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toEqual([...LOCALES]);
  for (const locale of LOCALES) {
    await page.locator('#locale').selectOption(locale);
    await page.getByRole('button', { name: 'Switch' }).click();
    await expect(page).toHaveURL(new RegExp(`/script-tag\\.html\\?locale=${locale}$`));
    const journey = page.frameLocator('#journey iframe');
    await expect(journey.getByRole('button', { name: CATALOGUES[locale]['terms.accept'] })).toBeVisible();
    await expect(journey.locator('html')).toHaveAttribute('lang', locale);
    // The choice follows the visitor to the other pages.
    await expect(page.getByRole('link', { name: 'SPA' })).toHaveAttribute(
      'href',
      locale === 'en-AU' ? '/spa.html' : `/spa.html?locale=${locale}`,
    );
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});
