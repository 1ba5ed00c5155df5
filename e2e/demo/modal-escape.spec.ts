/**
 * The demo's journey as a keyboard and screen-reader user meets it, at desktop and phone size: the SPA's modal has one
 * close control (the dialog's Close; the journey shows no Exit of its own in a modal), Escape pressed with focus inside
 * the journey closes the modal (exit 'user_closed', as its own Escape), and the inline journey's bank buttons are named by
 * the bank and its ways to connect, never by the initials on its avatar.
 */
import { expect, type Page, test } from '@playwright/test';
import { type Stack, startStack, walkToBanks } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

async function openModal(page: Page) {
  await page.goto(`${stack.demo.url}/spa.html`);
  // The service's default theme: the others ask Google Fonts for their font, which an offline machine cannot reach.
  await page.locator('#theme').selectOption('none');
  const opener = page.getByRole('button', { name: 'Connect bank account' });
  await opener.click();
  const journey = page.frameLocator('[role="dialog"] iframe');
  await expect(journey.locator('main.hj-card[data-step="terms"]')).toHaveCount(1, { timeout: 15_000 });
  return { opener, journey };
}

for (const size of [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the modal has one close control: the dialog’s Close, no Exit in the journey', async ({ page }) => {
      const { journey } = await openModal(page);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button')).toHaveCount(1);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
      await expect(journey.locator('footer.hj-foot')).toBeVisible(); // the footer is there, without its Exit
      await expect(journey.getByRole('button', { name: 'Exit' })).toHaveCount(0);
      await expect(journey.getByRole('button', { name: /close|exit/i })).toHaveCount(0);
    });

    test('Escape with focus inside the journey closes the modal as the dialog’s own Escape does', async ({ page }) => {
      const { opener, journey } = await openModal(page);
      const box = journey.getByLabel(/I have read and agree/);
      await box.focus();
      await expect(box).toBeFocused();
      // Key down, then up once the dialog is gone: the keydown closes the modal, and a keyup Chromium routes to the
      // journey's frame while that frame is being removed can lose its acknowledgement, which left press() waiting
      // until the test's timeout with the modal already closed ("Journey closed (user_closed)." on the screenshot).
      await page.keyboard.down('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.keyboard.up('Escape');
      // As the dialog's own Escape: the page hears exit { reason: 'user_closed' }.
      await expect(page.locator('#start-status')).toHaveText('Journey closed (user_closed).');
      // It reopens as before.
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}

test('inline, the bank buttons are named by the bank and its ways to connect, not by the avatar’s initials', async ({
  page,
}) => {
  await page.goto(`${stack.demo.url}/script-tag.html`);
  const frame = page.frameLocator('#journey iframe');
  await walkToBanks(frame, { fullName: 'Alex Citizen', email: 'alex@example.com' });
  const button = frame.locator('button.hj-bank[data-institution="sandbox-bank"]');
  await expect(button.locator('.hj-bankmark')).toHaveText('SB'); // the avatar is there …
  await expect(button).toHaveAccessibleName('Sandbox Bank Open Banking Online banking login'); // … and not in the name
  // Inline the journey keeps its own Exit: nothing else leaves it.
  await expect(frame.getByRole('button', { name: 'Exit' })).toBeVisible();
});
