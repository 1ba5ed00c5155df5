// An integrator's own end-to-end test, written with the testing kit of hosted-journey-sandbox only.
import { expect, test } from '@playwright/test';
import { completeJourney, startTestSandbox, type TestSandbox } from 'hosted-journey-sandbox/testing';
import { startApp } from '../app.mjs';

let sandbox: TestSandbox;
let app: Awaited<ReturnType<typeof startApp>>;
test.beforeAll(async () => {
  sandbox = await startTestSandbox({ duplicateRate: 1 }); // every event twice: the app must process each once
  app = await startApp({ journeyOrigin: sandbox.url, tokenId: sandbox.token.id, webhookSecret: sandbox.webhookSecret });
  await sandbox.addWebhook(`${app.url}/webhooks`);
});
test.afterAll(async () => {
  await app?.close();
  await sandbox?.[Symbol.asyncDispose]();
});

test('inline journey, CDR approved at the bank: completed, crawl.completed processed once', async ({ page }) => {
  await page.goto(`${app.url}/?mode=inline&ref=cust_inline`);
  await page.getByRole('button', { name: 'Connect your bank' }).click();
  const result = await completeJourney(page, { pathway: 'cdr', outcome: 'approved', journeyOrigin: sandbox.url });
  expect(result).toMatchObject({ step: 'done', vendor: 'acme', ref: 'cust_inline' });
  expect(result.applicationId).toMatch(/^app_/);
  await expect(page.locator('body')).toHaveAttribute('data-completed', result.applicationId!);
  const delivery = await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: result.applicationId! });
  await sandbox.webhooksIdle();
  const copies = sandbox.deliveries().filter((d) => d.event_id === delivery.event_id && d.status === 200);
  expect(copies.length).toBe(2); // delivered twice …
  expect(app.processed.get(delivery.event_id)).toBe(1); // … processed once
});

test('modal journey, crawler login with a one-time code', async ({ page }) => {
  await page.goto(`${app.url}/?mode=modal&ref=cust_modal`);
  await page.getByRole('button', { name: 'Connect your bank' }).click();
  const result = await completeJourney(page, { pathway: 'crawler', outcome: 'otp' });
  expect(result).toMatchObject({ step: 'done', ref: 'cust_modal' });
  expect(['crawled', 'finalised', 'report_ready']).toContain(result.status);
  await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: result.applicationId! });
});

test('CDR denied at the bank; a refused crawler login', async ({ page }) => {
  await page.goto(`${app.url}/?ref=cust_denied`);
  await page.getByRole('button', { name: 'Connect your bank' }).click();
  expect((await completeJourney(page, { pathway: 'cdr', outcome: 'denied' })).step).toBe('failed');
  await page.goto(`${app.url}/?ref=cust_fail`);
  await page.getByRole('button', { name: 'Connect your bank' }).click();
  const refused = await completeJourney(page, { pathway: 'crawler', outcome: 'failed', bank: 'crawler-credit-union' });
  expect(refused.step).toBe('crawler');
  expect(refused.status).toBe('institution_selected');
});
