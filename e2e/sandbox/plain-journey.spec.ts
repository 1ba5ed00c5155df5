// A journey that runs no bridge, against the real sandbox page in Chromium: an integrator page on localhost frames
// /i/acme/{ref}?journey_protocol=plain (the sandbox on 127.0.0.1, another origin), the customer goes through the
// journey, and the page receives RELEASED in both shapes — the string and { event: 'RELEASED' } — from the journey's
// origin, and nothing else. Run `node scripts/build.mjs` first (the journey bundle).
import { expect, test } from '@playwright/test';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

let sandbox: TestSandbox;
let parent: StaticServer;
test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  parent = await startStaticServer({
    host: 'localhost',
    routes: {
      '/apply': (_req, url) => ({
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<iframe id="journey" title="journey" style="width:480px;height:900px" src="${sandbox.url}/i/acme/${url.searchParams.get('ref')}?journey_protocol=plain&parent_origin=${encodeURIComponent(parent.url)}&channel=abcdefgh12345678"></iframe>
<script src="/record.js"></script></body></html>`,
      }),
      '/record.js': {
        type: 'text/javascript',
        body: `window.__messages = [];
window.addEventListener('message', (e) => window.__messages.push({ origin: e.origin, data: e.data }));`,
      },
    },
  });
});
test.afterAll(async () => {
  await parent.close();
  await sandbox.close();
});

const messages = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __messages: Array<{ origin: string; data: unknown }> }).__messages);

test('crawler pathway: the parent receives RELEASED as a string and as { event }, from the journey origin only', async ({
  page,
}) => {
  await page.goto(`${parent.url}/apply?ref=plain_1`);
  const frame = page.frameLocator('#journey');
  await frame.locator('input[name=agree]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('input#full_name').fill('Pat Plain');
  await frame.locator('input#email').fill('pat@example.com');
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('button[name=skip-mygov]').click();
  await frame.locator('button[data-institution="sandbox-bank"]').click();
  await frame.locator('input[name=pathway][value=crawler]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('input#username').fill('demo');
  await frame.locator('input#password').fill('demo');
  await frame.locator('main.hj-card button[type=submit]').click();
  await expect.poll(() => messages(page)).toHaveLength(2);
  expect(await messages(page)).toEqual([
    { origin: sandbox.url, data: 'RELEASED' },
    { origin: sandbox.url, data: { event: 'RELEASED' } },
  ]);
  await expect(frame.locator('main.hj-card[data-step=done]')).toBeVisible();
  expect(await messages(page)).toHaveLength(2);
});

test('cdr pathway: RELEASED once the journey is done (bank approval in a popup)', async ({ page }) => {
  await page.goto(`${parent.url}/apply?ref=plain_2`);
  const frame = page.frameLocator('#journey');
  await frame.locator('input[name=agree]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('input#full_name').fill('Pat Plain');
  await frame.locator('input#email').fill('pat@example.com');
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('button[name=skip-mygov]').click();
  await frame.locator('button[data-institution="sandbox-bank"]').click();
  await frame.locator('input[name=pathway][value=cdr]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  const popup = page.waitForEvent('popup');
  await frame.locator('button[name=continue-to-bank]').click();
  const bank = await popup;
  await bank.locator('button[name=decision][value=approve]').click();
  await expect(frame.locator('main.hj-card[data-step=done]')).toBeVisible();
  await expect
    .poll(() => messages(page))
    .toEqual([
      { origin: sandbox.url, data: 'RELEASED' },
      { origin: sandbox.url, data: { event: 'RELEASED' } },
    ]);
});
