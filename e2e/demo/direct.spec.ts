/** Server-to-server style: the demo's own form (no iframe) → consent_url → back with state → webhooks → bundle. */
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

test('server to server: own form, redirect to the bank, back, progress by webhooks, downloads', async ({ page }) => {
  await page.goto(`${stack.demo.url}/direct.html`);
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByLabel('Full name').fill('Jordan Direct');
  await page.getByRole('button', { name: 'Continue to my bank' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.sandbox.url}/bank/sandbox-bank/authorise`));
  await page.getByRole('button', { name: /approve/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.demo.url}/direct/return/cust_[0-9a-f]+\\?`));
  const ref = /\/direct\/return\/([^?]+)/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: 'Thanks — bank connected' })).toBeVisible();
  await expect(page.locator('#progress')).toHaveAttribute('data-state', 'report-ready', { timeout: 20_000 });
  await waitForReport(stack, ref);
  assertExactlyOnce(stack);

  const json = JSON.parse((await download(page, 'a[data-format="json"]')).toString('utf8')) as BundleJson;
  const pdf = await pdfText(await download(page, 'a[data-format="pdf"]'));
  expect(pdf).toContain('Jordan Direct');
  // The PDF's description column wraps a long description onto a second line, so compare words.
  const words = (text: string) => text.replace(/\s+/g, ' ');
  for (const t of json.transactions.slice(-2)) expect(words(pdf)).toContain(words(t.description));
  expect(csvRows(await download(page, 'a[data-format="csv"]')).length).toBe(json.transactions.length);
});

test('server to server: a return link with a forged state is refused', async ({ page, request }) => {
  const res = await request.post(`${stack.demo.url}/direct/start`, {
    form: { full_name: 'Eve', email: 'eve@example.com', bank_id: 'sandbox-bank' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const consentUrl = res.headers().location!;
  expect(consentUrl).toContain(`${stack.sandbox.url}/bank/`);
  const ref = stack.demo.store.refs().at(-1)!;
  expect(stack.demo.store.snapshot(ref).entries.map((e) => e.type)).toContain('consent.created');
  const forged = await page.goto(
    `${stack.demo.url}/direct/return/${ref}?consent_id=cns_x&status=authorised&state=guess`,
  );
  expect(forged!.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'We could not match this bank response' })).toBeVisible();
});
