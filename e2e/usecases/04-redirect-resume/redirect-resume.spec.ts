// Use case 04: redirect and resume. The bank step takes the integrator's tab to the bank (no popup); the bank sends
// it back to returnUrl, where resumeJourney() mounts the same journey, which then finishes. A returnUrl page opened
// without a saved journey resumes nothing.
import { expect, test, type Page } from '@playwright/test';
import { startRedirectUseCase, type RedirectUseCase } from './setup.js';
import { stamped } from '../../support/stamped.js';

let uc: RedirectUseCase;
test.beforeAll(async () => {
  uc = await startRedirectUseCase();
});
test.afterAll(async () => {
  await uc?.close();
});

const frame = (page: Page) => page.frameLocator('#journey iframe');
const bankPhases = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { __events: [string, unknown][] }).__events))
    .filter(([k]) => k === 'bank')
    .map(([, e]) => e);

async function toBank(page: Page, ref: string): Promise<void> {
  await page.goto(uc.apply(ref));
  await expect(frame(page).getByLabel('Email')).toHaveValue('alex@example.com');
  await frame(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(frame(page).getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
  await frame(page).getByRole('button', { name: 'Continue', exact: true }).click();
  let popups = 0;
  page.on('popup', () => popups++);
  await frame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await expect(page).toHaveURL(new RegExp(`^${uc.sandbox.url}/bank/cdr-only-bank/authorise`));
  expect(popups).toBe(0);
}

test('approve at the bank → back on returnUrl → resumeJourney() → the journey is done', async ({ page }) => {
  await toBank(page, 'uc04_ok');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(uc.returnPage);
  expect(await page.evaluate(() => (window as unknown as { __resumed: boolean }).__resumed)).toBe(true);
  await expect(frame(page).getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
  expect(await bankPhases(page)).toEqual([stamped({ phase: 'completed', strategy: 'redirect', status: 'authorised' })]);
});

test('deny at the bank → resumed journey shows the denial', async ({ page }) => {
  await toBank(page, 'uc04_deny');
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(uc.returnPage);
  await expect(frame(page).getByRole('heading', { name: 'Access was not approved' })).toBeVisible();
  expect(await bankPhases(page)).toEqual([stamped({ phase: 'completed', strategy: 'redirect', status: 'denied' })]);
});

test('returnUrl opened with no saved journey resumes nothing and mounts no frame', async ({ page }) => {
  await page.goto(uc.returnPage);
  await expect(page.locator('#resumed-note')).toHaveText('Nothing to resume.');
  expect(await page.evaluate(() => (window as unknown as { __resumed: boolean }).__resumed)).toBe(false);
  await expect(page.locator('iframe')).toHaveCount(0);
});
