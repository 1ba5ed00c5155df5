/**
 * A script tag where only hosted-journey.iife.js is served, not the parts it loads from next to itself
 * (hosted-journey.<part>.js, answered 404 here). A modal click cannot show the overlay, so the widget says so: one
 * console error naming the URL it tried and what to serve, and a `hosted-journey:error` event (MODAL_LOAD_FAILED) a
 * listener on `document` receives. A prewarmed inline journey warns that prewarm's file is missing and still opens.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let site: StaticServer;
test.beforeAll(async () => {
  site = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<button id="connect">Connect bank</button>
<script>window.__events = []; document.addEventListener('hosted-journey:error', (e) => window.__events.push(e.detail));
</script>
<script src="/assets/hosted-journey.iife.js" data-vendor="acme" data-customer-id="cust_1"
  data-journey-origin="https://journey.example.com" data-trigger="#connect"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      '/prewarm': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<button id="connect">Connect bank</button><div id="journey"></div>
<script src="/assets/hosted-journey.iife.js" data-vendor="acme" data-customer-id="cust_1" data-container="#journey"
  data-journey-origin="https://journey.example.com" data-trigger="#connect" data-prewarm="true"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      '/assets/hosted-journey.iife.js': {
        body: readFileSync(path.join(ROOT, 'dist/hosted-journey.iife.js'), 'utf8'),
        type: 'text/javascript; charset=utf-8',
      },
    },
  });
});
test.afterAll(async () => {
  await site?.close();
});

test('only the IIFE served: a modal click logs the missing URL and dispatches hosted-journey:error on document', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${site.url}/apply`);
  await page.click('#connect');
  const missing = `${site.url}/assets/hosted-journey.modal.js`;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events))
    .toEqual([
      expect.objectContaining({
        code: 'MODAL_LOAD_FAILED',
        message: expect.stringContaining(`could not load ${missing}`),
      }),
    ]);
  const ours = errors.filter((e) => e.startsWith('hosted-journey:'));
  expect(ours).toHaveLength(1);
  expect(ours[0]).toContain(missing);
  expect(ours[0]).toContain('serve hosted-journey.modal.js next to the main script');
  await expect(page.locator('.hosted-journey-overlay')).toHaveCount(0);
});

test('only the IIFE served: a prewarmed journey warns that hosted-journey.prewarm.js is missing, then opens cold', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('hosted-journey:')) warnings.push(m.text());
  });
  await page.goto(`${site.url}/prewarm`);
  const missing = `${site.url}/assets/hosted-journey.prewarm.js`;
  await expect.poll(() => warnings).toEqual([expect.stringContaining(`could not load ${missing}`)]);
  expect(warnings[0]).toContain('serve hosted-journey.prewarm.js next to the main script');
  await expect(page.locator('#journey iframe')).toHaveCount(0); // nothing was prewarmed
  await page.click('#connect');
  await expect(page.locator('#journey iframe')).toHaveCount(1);
  await expect(page.locator('#journey iframe')).toBeVisible();
});
