/** The sandbox's index page (`GET /`) in Chromium: rendered under its own CSP with zero violations, styled, linked to the demo. */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { recordViolations, violations } from '../usecases/support/csp.js';
import {
  startTestSandbox,
  startWebhookReceiver,
  type TestSandbox,
  type WebhookReceiverHandle,
} from '../../test/support/sandbox.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

let sb: TestSandbox;
let hooks: WebhookReceiverHandle;
test.beforeAll(async () => {
  hooks = await startWebhookReceiver();
  sb = await startTestSandbox({
    demoUrl: 'http://localhost:4000',
    webhooks: [{ url: hooks.url }],
    parentOrigins: { lendly: ['http://localhost:4000'] },
  });
  await sb.driveToCrawled('lendly', 'index_e2e');
  await sb.webhooksIdle();
});
test.afterAll(async () => {
  await sb?.close();
  await hooks?.close();
});

test('the index renders under its strict CSP with zero violations, styled, with deliveries and the demo link', async ({
  page,
}) => {
  await recordViolations(page);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const response = await page.goto(`${sb.url}/`);
  expect(response!.status()).toBe(200);
  expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");

  await expect(page.getByRole('heading', { level: 1, name: 'hosted-journey sandbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'http://localhost:4000/' })).toHaveAttribute(
    'href',
    'http://localhost:4000/',
  );
  const hook = page.getByRole('article', { name: 'Webhook wh_1' });
  await expect(hook.getByRole('heading', { name: hooks.url })).toBeVisible();
  await expect(hook.getByRole('row')).toHaveCount(1 + 4); // header + consent.authorised … crawl.completed
  await expect(hook.getByRole('row').nth(1)).toContainText('crawl.completed');
  await expect(hook.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('200');

  // The stylesheet applied (no inline style exists to fall back on).
  expect(await page.locator('header').evaluate((e) => getComputedStyle(e).display)).toBe('flex');
  expect(
    await page
      .locator('.ok')
      .first()
      .evaluate((e) => getComputedStyle(e).color),
  ).toBe('rgb(27, 127, 75)');

  if (process.env.UPDATE_SCREENSHOTS)
    await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshots', 'sandbox-index.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);

  // Control: the page really is under the CSP and the detector sees what it refuses (an inline <style>).
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { color: red }';
    document.head.append(style);
  });
  await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toContain('style-src-elem');
});

test('the same URL answers JSON to a client that asks for it', async ({ request }) => {
  const res = await request.get(`${sb.url}/`, { headers: { accept: 'application/json' } });
  expect(res.headers()['content-type']).toBe('application/json; charset=utf-8');
  const body = await res.json();
  expect(body).toMatchObject({
    api_base: sb.url,
    links: { demo: 'http://localhost:4000/' },
    webhooks: [{ webhook_id: 'wh_1', url: hooks.url }],
  });
  expect(JSON.stringify(body)).not.toContain('sandbox_secret');
});
