import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from '../../support/axe.js';
import { startUseCase, type UseCase } from './setup.js';

let uc: UseCase;
test.beforeAll(async () => {
  uc = await startUseCase();
});
test.afterAll(async () => {
  await uc?.close();
});

const ready = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __journeyEvents: { type: string }[] }).__journeyEvents.map((e) => e.type),
      ),
    )
    .toContain('ready');

/** Serious and critical axe violations, in the page and inside the journey frame. */
async function seriousViolations(page: Page) {
  const result = await checkAxe(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

const activeInDialog = (page: Page) =>
  page.evaluate(
    () => !!document.activeElement && !!document.querySelector('[role="dialog"]')?.contains(document.activeElement),
  );

test('axe: the inline page with the journey mounted has no serious or critical violation', async ({ page }) => {
  await page.goto(uc.url('inline'));
  await ready(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the page with the modal open has no serious or critical violation', async ({ page }) => {
  await page.goto(uc.url('modal'));
  await page.getByRole('button', { name: 'Connect your bank account' }).click();
  await ready(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('modal: labelled dialog and iframe, focus moved in, trapped, restored on close', async ({ page }) => {
  await page.goto(uc.url('modal'));
  const opener = page.getByRole('button', { name: 'Connect your bank account' });
  await opener.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.locator('iframe')).toHaveAttribute('title', 'Connect your bank account');
  await ready(page);
  expect(await activeInDialog(page)).toBe(true);

  // Shift+Tab from the first control stays inside the dialog.
  await page.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await activeInDialog(page)).toBe(true);
  // Tab past the journey's last control wraps straight to the dialog's first control (a focus sentinel), never
  // leaving the document or reaching the page behind it.
  const frame = page.frameLocator('.hosted-journey-dialog iframe');
  await frame.locator('#leave').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  // ...and Shift+Tab from Close goes into the journey.
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
  await expect(opener).not.toBeFocused();

  // Visible focus: the focused close button draws an outline or a ring.
  await page.getByRole('button', { name: 'Close' }).focus();
  const ring = await page.getByRole('button', { name: 'Close' }).evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, shadow: s.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('control: axe does flag an unlabelled journey iframe (frame-title), so the checks above can fail', async ({
  page,
}) => {
  await page.goto(uc.url('inline'));
  await ready(page);
  await page.locator('#journey iframe').evaluate((el) => el.removeAttribute('title'));
  expect((await seriousViolations(page)).map((v) => v.id)).toContain('frame-title');
});
