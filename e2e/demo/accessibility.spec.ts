/**
 * Every page of the demo at phone size (375×667) and at desktop size, as loaded and in the states a visitor reaches
 * (the SPA's modal open, the credit page's report shown, a consent on the Connections page, an application's trace
 * drawn as a waterfall): axe (every rule axe-core runs, every impact, in the page and
 * inside the journey frame where one is mounted) finds no violation, the page logs no console error and no request
 * fails, and /favicon.ico is served. Lighthouse's accessibility audits are axe's rules.
 */
import { expect, type Page, test } from '@playwright/test';
import { checkAxe } from '../support/axe.js';
import { type Stack, startStack, traceApplication } from './stack.js';

let stack: Stack;
/** A demo with HOSTED_JOURNEY_TRACE's store, and an application whose trace its page draws. */
let traced: Stack;
let tracedRef: string;
test.beforeAll(async () => {
  stack = await startStack();
  traced = await startStack({ tracing: true });
  tracedRef = await traceApplication(traced);
});
test.afterAll(async () => {
  await stack?.close();
  await traced?.close();
});

/** `url` for a page not on the plain demo (its path is then only the test's name). */
const PAGES: Array<{ path: string; url?: () => string; ready?: (page: Page) => Promise<void> }> = [
  { path: '/' },
  {
    path: '/script-tag.html',
    // The journey mounted inline: axe checks its frame too.
    ready: (page) =>
      expect(page.frameLocator('#journey iframe').locator('main.hj-card[data-step]')).toHaveCount(1, {
        timeout: 15_000,
      }),
  },
  { path: '/spa.html' },
  {
    path: '/spa.html (modal open)',
    ready: async (page) => {
      // The service's default theme: the others ask Google Fonts for their font, which an offline test machine
      // cannot reach (a console error that says nothing about the page).
      await page.locator('#theme').selectOption('none');
      await page.getByRole('button', { name: 'Connect bank account' }).click();
      const modal = page.frameLocator('[role="dialog"] iframe');
      await expect(modal.locator('main.hj-card[data-step]')).toHaveCount(1, { timeout: 15_000 });
    },
  },
  { path: '/direct.html' },
  { path: '/credit.html' },
  {
    path: '/credit.html (report, account and payments shown)',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Lodge enquiry' }).click();
      await expect(page.locator('#report .gauge')).toBeVisible();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('button', { name: 'Save payments' }).click();
      await expect(page.locator('#report > table .history').last()).toHaveAttribute('aria-label', /0 1 0 0 0 0$/);
    },
  },
  { path: '/applications/cust_a11y_check' },
  {
    path: '/applications/{ref} (HOSTED_JOURNEY_TRACE=1, its trace drawn)',
    url: () => `${traced.demo.url}/applications/${tracedRef}`,
    ready: (page) => expect(page.locator('#trace')).toHaveAttribute('data-state', 'drawn', { timeout: 15_000 }),
  },
  { path: '/connections.html' },
  {
    path: '/connections.html (a consent shown, warned; failed attempts and Resend buttons)',
    ready: async (page) => {
      // The customer connects while the receiver is down: its failed attempts are listed; back before the warnings.
      await page.getByRole('button', { name: 'Take the receiver down' }).click();
      await expect(page.locator('#receiver-status')).toContainText('down');
      await page.getByRole('button', { name: 'Connect a test customer' }).click();
      await expect(page.locator('#failed li[data-retry]').first()).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Bring it back' }).click();
      await expect(page.locator('#receiver-status')).toHaveText('The receiver is up.');
      const card = page.locator('article.consent').last();
      await expect(card).toHaveAttribute('data-status', 'active', { timeout: 20_000 });
      await page.getByRole('button', { name: '+180 days' }).click();
      await page.getByRole('button', { name: '+180 days' }).click();
      await expect(page.locator('article.consent[data-status="expiring"]')).not.toHaveCount(0);
      await expect(page.locator('#log li[data-type="consent.expiring"]')).not.toHaveCount(0);
    },
  },
  {
    path: '/app.html',
    // The journey in the frame that stands in for the app's WebView: axe checks it too.
    ready: (page) =>
      expect(page.frameLocator('#webview iframe').locator('main.hj-card[data-step]')).toHaveCount(1, {
        timeout: 15_000,
      }),
  },
];

/** Console errors and failed responses of the page and its frames, from the first request on. */
function recordErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return () => errors;
}

/** axe's violations in the page and in each frame in it, cross-origin ones included (e2e/support/axe.ts). */
async function violations(page: Page) {
  const result = await checkAxe(page);
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
  }));
}

const SIZES = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * Each page is loaded once, at phone size, brought to its state, checked, then widened to desktop size and checked
 * again: the demo's pages and the journey lay out by CSS (media queries and container widths), which a resize
 * re-applies, so the second check meets the same document a desktop visitor lays out. One load and one walk to the
 * state per page instead of two (this spec did each twice: 22 loads, half of them only to change the width).
 */
for (const demoPage of PAGES) {
  test(`${demoPage.path} — at ${SIZES.map((s) => `${s.name} (${s.width} px)`).join(' and ')}: no axe violation, no console error`, async ({
    page,
  }) => {
    const [first, ...rest] = SIZES;
    await page.setViewportSize({ width: first!.width, height: first!.height });
    const errors = recordErrors(page);
    await page.goto(demoPage.url?.() ?? stack.demo.url + demoPage.path.split(' ')[0]);
    await page.waitForLoadState('load');
    await demoPage.ready?.(page);
    expect(await violations(page), first!.name).toEqual([]);
    for (const size of rest) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The new width laid out and painted (two frames) before axe reads it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => innerWidth)).toBe(size.width);
      expect(await violations(page), size.name).toEqual([]);
    }
    // A desktop browser (and Lighthouse) asks every page's origin for /favicon.ico, and logs its 404 as a console
    // error; headless Chromium does not ask, so the spec does.
    const favicon = await page.request.get(`${stack.demo.url}/favicon.ico`);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
    expect(errors()).toEqual([]);
  });
}
