/**
 * The demo's Connections page walked in Chromium against the real sandbox and demo server: a test customer connects
 * (no browser), the sandbox clock's buttons move the year on until the consent is expiring and its warnings show in the
 * webhook log and on the consent; Renew opens the widget in renew mode (modal, bank popup) and the consent is active
 * again with the same account ids and a later date; Revoke ends it, revoked by the integrator.
 * The receiver panel: Lendly's /webhooks down (503), the attempts failing with their next retry, back, Catch up
 * (each event processed once), Resend (a duplicate).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { type Stack, startStack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});
test.describe.configure({ timeout: 90_000 });

const field = (card: Locator, name: string) => card.locator(`dd[data-field="${name}"]`);
const accountIds = (card: Locator) => field(card, 'account_ids').locator('code').allTextContents();

async function connectCustomer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connect a test customer' }).click();
  const card = page.locator('article.consent');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(field(card, 'days_left')).toHaveText('365');
  await expect(field(card, 'account_ids').locator('code')).not.toHaveCount(0);
  return card;
}

test('Connections: the clock brings the warnings, Renew keeps the accounts and moves the date, Revoke ends it', async ({
  page,
}) => {
  await page.goto(`${stack.demo.url}/connections.html`);
  await expect(page.getByRole('link', { name: 'Connections' })).toHaveAttribute('aria-current', 'page');
  const card = await connectCustomer(page);
  const consentId = (await card.getAttribute('data-consent'))!;
  const ids = await accountIds(card);
  const firstEnd = await field(card, 'sharing_expires_at').textContent();

  // 360 days on: inside the 30, 14 and 7-day leads — three warnings, each in the log once processed.
  await page.getByRole('button', { name: '+180 days' }).click();
  await page.getByRole('button', { name: '+180 days' }).click();
  await expect(card).toHaveAttribute('data-status', 'expiring');
  await expect(field(card, 'days_left')).toHaveText('5');
  const warnings = page.locator('#log li[data-type="consent.expiring"]');
  await expect(warnings).toHaveCount(3, { timeout: 20_000 });
  await expect(warnings.first()).toContainText('7 days left');
  await expect(warnings.last()).toContainText('30 days left');
  await expect(field(card, 'warnings')).toHaveText('3');

  // Renew: the widget in renew mode, the bank in a popup.
  await card.getByRole('button', { name: 'Renew' }).click();
  const modal = page.frameLocator('[role="dialog"] iframe');
  await expect(modal.getByRole('heading', { name: 'Keep sharing your Sandbox Bank data' })).toBeVisible({
    timeout: 15_000,
  });
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  const [bank] = await Promise.all([
    page.waitForEvent('popup'),
    modal.getByRole('button', { name: 'Continue to Sandbox Bank' }).click(),
  ]);
  await bank.getByRole('button', { name: 'Approve' }).click();
  await expect(modal.getByRole('heading', { name: 'Data sharing renewed' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('#log li[data-type="consent.renewed"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(card).toHaveAttribute('data-consent', consentId);
  await expect(field(card, 'days_left')).toHaveText('365');
  expect(await field(card, 'sharing_expires_at').textContent()).not.toBe(firstEnd);
  expect(await accountIds(card)).toEqual(ids);

  // Revoke, as the integrator.
  await card.getByRole('button', { name: 'Revoke' }).click();
  await expect(card).toHaveAttribute('data-status', 'revoked');
  await expect(field(card, 'status')).toHaveText('revoked by integrator');
  await expect(page.locator('#log li[data-type="consent.revoked"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(card.getByRole('button', { name: 'Revoke' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Renew' })).toBeDisabled();
});

test('Receiver: down, the attempts fail with their next retry; back, Catch up processes each event once; Resend is a duplicate', async ({
  page,
}) => {
  await page.goto(`${stack.demo.url}/connections.html`);
  const status = page.locator('#receiver-status');
  await expect(status).toHaveText('The receiver is up.');
  await page.getByRole('button', { name: 'Take the receiver down' }).click();
  await expect(status).toHaveText('The receiver is down: /webhooks answers 503.');

  // A customer connects while Lendly's /webhooks answers 503: every attempt fails, each but the last with a retry
  // (the e2e sandbox retries within a second; npm run demo's on the published schedule, brought due by the clock).
  await page.getByRole('button', { name: 'Connect a test customer' }).click();
  const failed = page.locator('#failed li');
  await expect(failed.filter({ hasText: 'next retry' }).first()).toContainText('503', { timeout: 20_000 });
  await expect(failed.filter({ hasText: 'crawl.completed' }).filter({ hasText: 'gave up' }).first()).toBeVisible({
    timeout: 20_000,
  });
  const authorised = page.locator('#log li[data-type="consent.authorised"]');
  await expect(authorised).toHaveCount(0);

  // Back, then catch up: the events list since it went down, through the same exactly-once handler.
  await page.getByRole('button', { name: 'Bring it back' }).click();
  await expect(status).toHaveText('The receiver is up.');
  await page.getByRole('button', { name: 'Catch up' }).click();
  await expect(status).toHaveText(/^Caught up: \d+ seen, [1-9]\d* processed, \d+ already done, 0 failed\.$/, {
    timeout: 20_000,
  });
  await expect(authorised).toHaveCount(1);
  await expect(page.locator('#log li[data-type="crawl.completed"]')).toHaveCount(1);
  // crawl.completed ran Lendly's finalise: the report's webhook comes live now.
  await expect(page.locator('#log li[data-type="application.report_ready"]')).toHaveCount(1, { timeout: 20_000 });

  // Resend one from the log: the copy arrives and the handler answers it as a duplicate; nothing runs twice.
  const eventId = await authorised.getAttribute('data-event');
  await authorised.getByRole('button', { name: /^Resend/ }).click();
  await expect(status).toHaveText(`Resent ${eventId}: the handler answered duplicate.`, { timeout: 20_000 });
  await expect(authorised).toHaveCount(1);
  expect(stack.demo.processed().filter((id) => id === eventId)).toHaveLength(1);
});
