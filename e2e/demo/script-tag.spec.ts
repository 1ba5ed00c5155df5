/** Script-tag page → CDR consent in a popup → webhooks (duplicates) → finalise → PDF/CSV/JSON parsed back. */
import { expect, test } from '@playwright/test';
import {
  assertExactlyOnce,
  csvRows,
  download,
  pdfText,
  startStack,
  waitForReport,
  walkToBanks,
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

test('script tag: bank approval in a popup, webhooks exactly once, finalise, bundle downloads', async ({
  page,
  context,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${stack.demo.url}/script-tag.html`);
  const ref = (await page.locator('code').first().textContent())!.trim();
  expect(ref).toMatch(/^cust_[0-9a-f]{12}$/);
  // The page is the tag alone: the only script on it is the SDK's.
  expect(
    await page
      .locator('script')
      .evaluateAll((s) => s.map((e) => (e as HTMLScriptElement).src.replace(location.origin, ''))),
  ).toEqual(['/sdk/hosted-journey.iife.js']);

  const iframe = page.locator('#journey iframe');
  await expect(iframe).toHaveAttribute('src', new RegExp(`^${stack.sandbox.url}/i/lendly/${ref}\\?`));
  const frame = page.frameLocator('#journey iframe');
  await walkToBanks(frame, { fullName: 'Alex Citizen', email: 'alex@example.com' });
  const heightAtBanks = (await iframe.boundingBox())!.height;
  await frame.getByRole('button', { name: /Sandbox Bank/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();

  const popupOpened = context.waitForEvent('page');
  await frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${stack.sandbox.url}/bank/sandbox-bank/authorise`));
  await popup.getByRole('button', { name: /approve/i }).click();
  await popup.waitForEvent('close'); // the bank-return page hands the answer over and closes itself

  await expect(frame.locator('[data-step="done"]')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole('heading', { name: 'You’re all done' })).toBeVisible();
  // Inline, the journey is part of this page: its last screen says to carry on, never to close a window.
  await expect(frame.locator('[data-step="done"]')).toContainText('You can carry on with your application.');
  await expect(frame.locator('[data-step="done"]')).not.toContainText(/close this window/i);
  expect((await iframe.boundingBox())!.height).not.toBe(heightAtBanks); // the iframe follows the content's height

  await waitForReport(stack, ref);
  const once = assertExactlyOnce(stack);
  expect(once.duplicates).toBeGreaterThan(0); // the sandbox really sent duplicates …
  expect(once.deliveries).toBe(once.unique + once.duplicates); // … and each was acknowledged without re-processing
  const types = stack.demo.store.snapshot(ref).entries.map((e) => e.type);
  expect(types).toEqual(
    expect.arrayContaining(['consent.authorised', 'crawl.completed', 'finalise.called', 'application.report_ready']),
  );
  expect(types.indexOf('finalise.called')).toBeLessThan(types.indexOf('application.report_ready'));

  // Follow the application on the demo's own page and download the bundle from there.
  await page.goto(`${stack.demo.url}/applications/${ref}`);
  await expect(page.locator('#progress')).toHaveAttribute('data-state', 'report-ready');
  const json = JSON.parse((await download(page, 'a[data-format="json"]')).toString('utf8')) as BundleJson;
  expect(json.ref).toBe(ref);
  expect(json.transactions.length).toBeGreaterThan(100);
  const pdf = await pdfText(await download(page, 'a[data-format="pdf"]'));
  expect(pdf).toContain('Alex Citizen');
  // The PDF's description column wraps a long description onto a second line, so compare words.
  const words = (text: string) => text.replace(/\s+/g, ' ');
  for (const t of json.transactions.slice(0, 3)) expect(words(pdf)).toContain(words(t.description));
  const csv = csvRows(await download(page, 'a[data-format="csv"]'));
  expect(csv.length).toBe(json.transactions.length);
  expect(csv.map((r) => r.transaction_id)).toEqual(json.transactions.map((t) => t.transaction_id));
  expect(violations).toEqual([]);
});
