/** The journey opened as an emailed link (not framed): deep link, top-level bank visit, denial with retry, return. */
import { expect, test } from '@playwright/test';
import { loadJourneyPage } from '../../test/support/sandbox.js';
import { startStack, type Stack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

test('unframed deep link: deny at the bank → error step with retry → approve → back into the journey → done', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(
    `${stack.sandbox.url}/i/lendly/emailed_1/banks/cdr-only-bank?full_name=Kim%20Lee&email=kim@example.com&primary_colour=7C3AED`,
  );
  // Deep link to one bank: the application starts from the link's prefill, and a cdr-only bank needs no pathway choice.
  await expect(page.getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  expect(await page.locator('html').evaluate((e) => getComputedStyle(e).getPropertyValue('--hj-primary').trim())).toBe(
    '#7C3AED',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue to CDR-only Bank' }).click();

  await expect(page).toHaveURL(new RegExp(`^${stack.sandbox.url}/bank/cdr-only-bank/authorise`)); // same tab, top level
  await page.getByRole('button', { name: /deny/i }).click();
  await expect(page).toHaveURL(/\/i\/lendly\/emailed_1\/banks\/cdr-only-bank/);
  await expect(page.getByRole('heading', { name: 'Access was not approved' })).toBeVisible();

  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await page.getByRole('button', { name: /approve/i }).click();
  await expect(page).toHaveURL(/\/i\/lendly\/emailed_1\/banks\/cdr-only-bank/);
  await expect(page.getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);
});

test('unframed: the exit link ends the journey and resume brings it back', async ({ page }) => {
  await page.goto(`${stack.sandbox.url}/i/lendly/emailed_2/tnc`);
  await expect(page.getByRole('heading', { name: 'Share your bank statements securely' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agree and continue' })).toBeDisabled();
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByRole('heading', { name: 'You have left the application' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { name: 'Share your bank statements securely' })).toBeVisible();
});

test('details are validated before the application starts', async ({ page }) => {
  await page.goto(`${stack.sandbox.url}/i/lendly/emailed_3`);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your full name.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  const { call } = await loadJourneyPage(stack.sandbox.url, 'lendly', 'emailed_3');
  expect((await call('GET', 'status')).status).toBe(404); // nothing was started
});
