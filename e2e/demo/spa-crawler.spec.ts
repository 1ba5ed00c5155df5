/** SPA page (ES module, modal, prefill) → crawler pathway with a one-time code → released → report → CSV vs JSON. */
import { expect, test } from '@playwright/test';
import {
  assertExactlyOnce,
  csvRows,
  download,
  pdfText,
  startStack,
  waitForReport,
  type BundleJson,
  type Stack,
} from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

test('SPA: modal journey, prefill shown, crawler login with OTP, live log, downloads match', async ({ page }) => {
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('sam');
  await page.locator('#theme').selectOption('forest');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.locator('#log li[data-type="startApplication"]')).toHaveCount(1);
  const ref = /^(cust_[0-9a-f]+)/.exec(
    (await page.locator('#log li[data-type="startApplication"] .p').textContent())!,
  )![1]!;

  const frame = page.frameLocator('iframe');
  await frame.getByLabel(/I have read and agree/).check();
  await frame.getByRole('button', { name: 'Agree and continue' }).click();
  // Prefill travelled in the handshake, not the URL.
  await expect(frame.getByLabel('Full name')).toHaveValue('Sam Nguyen');
  await expect(frame.getByLabel('Email')).toHaveValue('sam.nguyen@example.com');
  expect(await page.locator('iframe').getAttribute('src')).not.toContain('Sam');
  // Theme applied through the CSSOM.
  const primary = await frame
    .locator('html')
    .evaluate((e) => getComputedStyle(e).getPropertyValue('--hj-primary').trim());
  expect(primary).toBe('#166534');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByRole('button', { name: 'Skip this step' }).click();
  await frame.getByRole('button', { name: /Crawler Credit Union/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();

  // Wrong credentials are refused in place; the OTP login then connects.
  await frame.getByLabel(/Username/).fill('fail');
  await frame.getByLabel('Password').fill('fail');
  await frame.getByRole('button', { name: 'Log in securely' }).click();
  await expect(frame.getByRole('alert')).toBeVisible();
  await frame.getByLabel(/Username/).fill('otp');
  await frame.getByLabel('Password').fill('otp');
  await frame.getByRole('button', { name: 'Log in securely' }).click();
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.locator('#log li[data-kind="journey"][data-type="released"]')).toHaveCount(1);
  await expect(page.locator('#log li[data-kind="journey"][data-type="completed"]')).toHaveCount(1, { timeout: 20_000 });
  const journeyTypes = await page
    .locator('#log li[data-kind="journey"]')
    .evaluateAll((lis) => lis.map((l) => (l as HTMLElement).dataset.type).reverse());
  expect(journeyTypes[0]).toBe('ready');
  expect(journeyTypes).toEqual(expect.arrayContaining(['step', 'institution_selected', 'released', 'completed']));
  expect(journeyTypes.indexOf('released')).toBeLessThan(journeyTypes.indexOf('completed'));

  await waitForReport(stack, ref);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('#progress')).toHaveAttribute('data-state', 'report-ready');
  await expect(
    page.locator('#log li[data-kind="webhook"][data-type="crawler.lifecycle_updated"]').first(),
  ).toBeVisible();
  assertExactlyOnce(stack);

  const json = JSON.parse((await download(page, 'a[data-format="json"]')).toString('utf8')) as BundleJson;
  const csv = csvRows(await download(page, 'a[data-format="csv"]'));
  expect(csv.length).toBe(json.transactions.length);
  expect(csv.map((r) => r.amount)).toEqual(json.transactions.map((t) => t.amount));
  const pdf = await pdfText(await download(page, 'a[data-format="pdf"]'));
  expect(pdf).toContain('Sam Nguyen');
  // The PDF's description column wraps a long description onto a second line ("… REAL\nESTATE"), so compare words.
  const words = (text: string) => text.replace(/\s+/g, ' ');
  expect(words(pdf)).toContain(words(json.transactions[0]!.description));
});
