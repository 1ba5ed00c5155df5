// Named after the fault it catches: a locale's files left out of a published package. The installed sandbox then
// answers 500 for the journey's catalogue (which no `npm run build` of the user's can fix) and shows English laid out
// right to left in Arabic; the repository's own tests run from dist/ and never see it. Here the packed tarballs,
// installed into this empty project, run the journey through the script tag in every shipped locale, and the words on
// the page are read: the journey's first heading, its <html lang dir>, and the frame's name from the widget's
// catalogue. locales.json is written beside this project by scripts/check-packaging.mjs from the one list of locales
// (src/protocol/locale.ts) and the catalogues' sources, so a locale added there is checked here.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startTestSandbox, type TestSandbox } from 'hosted-journey-sandbox/testing';
import { startApp } from '../app.mjs';

interface Shown {
  /** The journey's first heading (its terms step), in the locale. */
  heading: string;
  /** The frame's accessible name, the widget catalogue's `title`. */
  title: string;
  dir: 'ltr' | 'rtl';
}
const SHIPPED = JSON.parse(readFileSync(new URL('../locales.json', import.meta.url), 'utf8')) as Record<string, Shown>;

let sandbox: TestSandbox;
let app: Awaited<ReturnType<typeof startApp>>;
/** Every answer of ours (the widget's part files, the journey's assets) that failed, as `status url`. */
const failed: string[] = [];
test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  app = await startApp({ journeyOrigin: sandbox.url, tokenId: sandbox.token.id, webhookSecret: sandbox.webhookSecret });
});
test.afterAll(async () => {
  await app?.close();
  await sandbox?.[Symbol.asyncDispose]();
  expect(failed).toEqual([]);
});

test('the list of shipped locales reached this project', () => {
  expect(Object.keys(SHIPPED)).toEqual(expect.arrayContaining(['en-AU', 'ar']));
});

for (const [locale, shown] of Object.entries(SHIPPED)) {
  test(`the installed journey in ${locale}: its words, its direction and the frame's name`, async ({ page }) => {
    page.on('response', (r) => {
      if (r.status() >= 400 && /\/assets\/|\/hosted-journey\./.test(r.url())) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${app.url}/?mode=inline&ref=locale_${locale.replace(/\W/g, '_')}&locale=${locale}`);
    await page.getByRole('button', { name: 'Connect your bank' }).click();
    const frame = page.frameLocator('#journey iframe');
    await expect(frame.getByRole('heading', { name: shown.heading })).toBeVisible();
    await expect(frame.locator('html')).toHaveAttribute('lang', locale);
    await expect(frame.locator('html')).toHaveAttribute('dir', shown.dir);
    await expect(page.locator('#journey iframe')).toHaveAttribute('title', shown.title);
  });
}
