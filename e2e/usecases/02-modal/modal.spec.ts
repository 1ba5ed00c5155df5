// Use case 02: the modal — opens from a click as a labelled dialog, keeps focus inside, closes on Escape with
// onExit('user_closed') and focus back on the button, opens again, and completes.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startUseCasePage, type UseCasePage } from '../support/usecase-page.js';
import { stamped } from '../../support/stamped.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let uc: UseCasePage;
test.beforeAll(async () => {
  uc = await startUseCasePage(here);
});
test.afterAll(async () => {
  await uc?.close();
});

type Logged = { type: string; payload: unknown };
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journeyEvents: Logged[] }).__journeyEvents);
const eventTypes = async (page: Page) => (await events(page)).map((e) => e.type);

test('opens as a dialog, Escape closes it with user_closed and focus returns to the button', async ({ page }) => {
  await page.goto(uc.url());
  await expect(page.locator('iframe')).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Connect your bank account' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => eventTypes(page)).toContain('ready');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === 'exit_callback')?.payload)
    .toMatchObject({ reason: 'user_closed' });
  await expect(button).toBeFocused();
});

test('opens again after closing, and completes', async ({ page }) => {
  await page.goto(uc.url());
  const button = page.getByRole('button', { name: 'Connect your bank account' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await button.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveCount(1);
  await dialog.frameLocator('iframe').locator('#finish').click();
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === 'completed')?.payload)
    .toEqual(stamped({ applicationId: 'app_fixture_1' }));
  expect(await eventTypes(page)).not.toContain('invalid_message');
  expect(await eventTypes(page)).not.toContain('widget_error');
});
