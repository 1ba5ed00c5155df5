/**
 * Phone screenshots for docs/widget.md, at 375×667 (touch, DPR 2) against the real sandbox:
 * `UPDATE_SCREENSHOTS=1 npx playwright test e2e/phone/screenshots.spec.ts` refreshes docs/screenshots/phone-*.png;
 * otherwise they go to test-results/ so test runs never rewrite tracked files.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startRoundTrip, type RoundTrip } from '../roundtrip/setup.js';

const OUT = process.env.UPDATE_SCREENSHOTS
  ? path.resolve('docs/screenshots')
  : path.resolve('test-results/screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUT, `${name}.png`), animations: 'disabled' });

let rt: RoundTrip;
test.beforeAll(async () => {
  rt = await startRoundTrip();
});
test.afterAll(async () => {
  await rt?.close();
});
test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('phone: the modal as a full-screen sheet, the bank step, and inline', async ({ page }) => {
  await page.goto(`${rt.page('shots_sheet')}&mode=modal`);
  const sheet = page.frameLocator('.hosted-journey-dialog iframe');
  await expect(sheet.getByLabel('Email')).toHaveValue('alex@example.com', { timeout: 20_000 });
  // The sandbox renders the form before its script has run; the journey acts on a click only once it has said ready.
  await expect
    .poll(() => page.evaluate(() => (window as { __journey?: { state: string } }).__journey?.state))
    .toBe('ready');
  await shot(page, 'phone-modal-sheet');
  // Pressed from the keyboard, not clicked: a click is aimed by coordinates taken before the sheet's frame settles
  // from the screenshot, and at times landed beside the button (the form stayed, no request went out).
  await sheet.getByRole('button', { name: 'Continue', exact: true }).press('Enter');
  await expect(sheet.getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Continue', exact: true }).press('Enter');
  await expect(sheet.getByRole('button', { name: 'Continue to CDR-only Bank' })).toBeVisible();
  await shot(page, 'phone-modal-bank');

  await page.goto(`${rt.page('shots_inline')}&mode=inline`);
  const inline = page.frameLocator('#journey iframe');
  await expect(inline.getByLabel('Email')).toHaveValue('alex@example.com', { timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => (window as { __journey?: { state: string } }).__journey?.state))
    .toBe('ready');
  await shot(page, 'phone-inline');
});
