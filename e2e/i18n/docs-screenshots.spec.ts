/**
 * The journey's pictures for docs/widget.md ("The customer's language"), one per shipped locale: the script tag with
 * `data-locale` on an integrator page (localhost), the real sandbox's journey (127.0.0.1) inline, at 480×640.
 * `UPDATE_SCREENSHOTS=1 npx playwright test e2e/i18n/docs-screenshots.spec.ts` writes docs/images/journey-<locale>.png
 * for the locales docs/widget.md shows; every other picture goes to test-results/, so test runs never rewrite tracked
 * files.
 * Each picture is taken once the journey said ready and its <html lang> is the locale asked for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCALES } from '../../src/protocol/locale.js';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { scriptTagRoutes } from '../support/script-files.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

/** Where `locale`'s picture goes: docs/images/ when updating and docs/widget.md shows it, else test-results/. */
const out = (locale: string) => {
  const name = `journey-${locale}.png`;
  const shown = readFileSync('docs/widget.md', 'utf8').includes(`(images/${name})`);
  return path.resolve(process.env.UPDATE_SCREENSHOTS && shown ? 'docs/images' : 'test-results/screenshots', name);
};

let sandbox: TestSandbox;
let site: StaticServer;
test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  const page = (locale: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Apply</title></head>
<body style="margin:0"><div id="journey"></div>
<script>window.__ready = false; document.addEventListener('hosted-journey:ready', () => { window.__ready = true; });
</script><script src="/hosted-journey.iife.js" data-vendor="acme-lending" data-customer-id="shot_${locale}"
  data-journey-origin="${sandbox.url}" data-container="#journey" data-locale="${locale}"></script></body></html>`;
  const routes = Object.fromEntries(
    LOCALES.map((l) => [`/apply/${l}`, { body: page(l), type: 'text/html; charset=utf-8' }]),
  );
  site = await startStaticServer({ host: 'localhost', routes: { ...routes, ...scriptTagRoutes() } });
});
test.afterAll(async () => {
  await site?.close();
  await sandbox?.close();
});
test.use({ viewport: { width: 480, height: 640 }, deviceScaleFactor: 1 });

for (const locale of LOCALES) {
  test(`the journey in ${locale}, for docs/widget.md`, async ({ page }) => {
    await page.goto(`${site.url}/apply/${locale}`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __ready: boolean }).__ready)).toBe(true);
    const frame = page.frameLocator('#journey iframe');
    await expect(frame.locator('html')).toHaveAttribute('lang', locale);
    await expect(frame.getByRole('heading').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: out(locale), animations: 'disabled' });
  });
}
