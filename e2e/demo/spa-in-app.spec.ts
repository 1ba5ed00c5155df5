/**
 * The SPA page in an in-app browser: with Instagram's user agent, `bankAuthorisation: 'auto'` (the default) picks the
 * redirect before anything tries `window.open`; the tab goes to the bank and back to the SPA page, where
 * `resumeJourney()` re-opens the journey, which finishes — and no popup ever opens. With a desktop user agent the
 * same page still runs the bank in a popup. The in-app case runs at the desktop size and on a 390×844 phone (mobile
 * emulation: touch, device scale 3), where the modal is a full-screen sheet.
 * And the page that plays a mobile app (`/app.html`): the journey in a frame standing in for its WebView, the bank in
 * a window of its own (the bank's app) and back through the app's return link, to the same finished application.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startStack, waitForReport, walkToBanks, type Stack } from './stack.js';

const INSTAGRAM =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.231105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (34/14; 420dpi)';

let stack: Stack;
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

/** Starts an application on the SPA page (prefill Alex) and walks the modal journey to Sandbox Bank's button. */
async function toBankButton(page: Page): Promise<string> {
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('alex');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.locator('#log li[data-type="startApplication"]')).toHaveCount(1);
  const ref = /^(cust_[0-9a-f]+)/.exec(
    (await page.locator('#log li[data-type="startApplication"] .p').textContent())!,
  )![1]!;
  const frame = page.frameLocator('iframe');
  await walkToBanks(frame);
  await frame.getByRole('button', { name: /Sandbox Bank/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  // The journey announced its bank step (its consent is ready): only now is "Continue to Sandbox Bank" live.
  await expect(page.locator('#log li[data-type="step"]').first()).toContainText('"bank_authorisation"');
  return ref;
}

const countPopups = (context: BrowserContext) => {
  const seen = { popups: 0 };
  context.on('page', () => seen.popups++);
  return seen;
};

for (const viewport of [undefined, { width: 390, height: 844 }]) {
  test(`in-app user agent${viewport ? ' on a 390×844 phone' : ''}: the bank runs by redirect, the SPA page resumes the journey to the end, no popup`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      userAgent: INSTAGRAM,
      ...(viewport ? { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
    });
    const seen = countPopups(context);
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) visited.push(r.url());
    });
    expect(await page.evaluate(() => navigator.userAgent)).toContain('Instagram');
    const ref = await toBankButton(page);
    const opened = seen.popups; // the page itself
    await page.frameLocator('iframe').getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
    // The tab itself goes to the bank (through the sandbox's bank-redirect endpoint).
    await expect(page).toHaveURL(new RegExp(`^${stack.sandbox.url}/bank/sandbox-bank/authorise`));
    await page.getByRole('button', { name: /approve/i }).click();
    // Back on the SPA page, which resumed the same journey (its ref) and shows it finishing.
    await expect(page).toHaveURL(`${stack.demo.url}/spa.html`);
    await expect(page.locator('#log li[data-type="resumed"]')).toContainText(ref);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('#log li[data-type="bank completed"]')).toContainText('strategy redirect');
    expect(seen.popups).toBe(opened); // no window was ever opened
    // The tab went to the bank through the journey origin's bank-redirect endpoint.
    expect(visited.some((u) => u.startsWith(`${stack.sandbox.url}/bank-redirect/`))).toBe(true);
    await waitForReport(stack, ref);
    await context.close();
  });
}

test('desktop user agent: nothing changes — the bank runs in a popup and the page stays', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await toBankButton(page);
  const popupOpened = context.waitForEvent('page');
  await page.frameLocator('iframe').getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${stack.sandbox.url}/bank/sandbox-bank/authorise`));
  expect(page.url()).toBe(`${stack.demo.url}/spa.html`);
  await expect(page.locator('#log li[data-type="bank opened"]')).toContainText('strategy popup');
  await popup.getByRole('button', { name: /approve/i }).click();
  await popup.waitForEvent('close');
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'You’re all done' })).toBeVisible({
    timeout: 20_000,
  });
  await context.close();
});

test('the app page: bridge messages as they arrive, the bank in its own window, the return link back, done', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.demo.url}/app.html?bridge=android`);
  const start = page.url();
  const ref = (await page.locator('#webview').getAttribute('data-ref'))!;
  const webview = page.frameLocator('#webview iframe');
  // The stand-in bridge was there before the journey's script: its first messages reached the app.
  await expect(page.locator('#log li[data-kind="bridge"][data-type="ready"]')).toContainText('JSON string');
  await webview.getByRole('button', { name: 'Continue', exact: true }).click();
  await webview.getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await expect(page.locator('#log li[data-type="bank_authorisation"]')).toContainText(
    `${stack.sandbox.url}/bank-redirect/lendly/${ref}/`,
  );
  await expect(webview.getByText('Approve access in CDR-only Bank’s app')).toBeVisible();
  expect(context.pages()).toHaveLength(1); // the journey opened no window
  const [bank] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: /Open in the bank/ }).click(),
  ]);
  await bank.getByRole('button', { name: /approve/i }).click();
  // The bank's answer goes straight to the app's return link, which hands it to the app and closes.
  await bank.waitForEvent('close');
  await expect(page.locator('#log li[data-type="return link"]')).toContainText(
    `${stack.demo.url}/app-return?hj_channel=`,
  );
  await expect(webview.getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#log li[data-kind="bridge"][data-type="completed"]')).toHaveCount(1);
  await expect(page.locator('#app-state')).toContainText('finished');
  expect(page.url()).toBe(start);
  await waitForReport(stack, ref);
  await context.close();
});
