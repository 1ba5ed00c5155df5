/**
 * Prewarm in Chromium, against the built IIFE (integrator 127.0.0.1, fixture journey on localhost): a modal prewarmed on
 * intent loads hidden when the button is hovered, handshakes and gets ready out of sight (no focus move, no scroll lock,
 * nothing visible, onReady held); the click's open() shows it with onReady fired inside the call. destroy() before
 * open() leaves no iframe and no message listener.
 */
import { expect, test } from '@playwright/test';
import { startOrigins, type Origins } from './setup.js';

let o: Origins;
test.beforeAll(async () => {
  o = await startOrigins();
});
test.afterAll(async () => {
  await o?.close();
});

// Page globals set by the fixtures.
type W = any;

test("modal, prewarm 'intent': focus (intent) loads it hidden and ready; the click shows it with onReady at once", async ({
  page,
}) => {
  await page.goto(`${o.integrator.url}/index.html`);
  await page.evaluate((journeyOrigin) => {
    const w = window as W;
    w.__calls = [];
    w.__j = w.HostedJourney.createJourney({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin,
      mode: 'modal',
      prewarm: 'intent',
      prewarmTrigger: '#opener',
      onReady: (p: unknown) => w.__calls.push(['onReady', p, performance.now()]),
    });
    document.getElementById('opener')!.addEventListener('click', () => {
      w.__clickAt = performance.now();
      w.__j.open();
      w.__afterOpen = w.__calls.length;
    });
  }, o.journey.url);
  expect(await page.locator('iframe').count()).toBe(0);
  await page.locator('#opener').focus(); // keyboard intent (focusin)
  await expect.poll(() => page.evaluate(() => (window as W).__j.state)).toBe('ready');
  const hidden = await page.evaluate(() => {
    const root = document.querySelector('.hosted-journey-modal') as HTMLElement;
    return {
      ariaHidden: root.getAttribute('aria-hidden'),
      inert: root.hasAttribute('inert'),
      visibility: getComputedStyle(root).visibility,
      overflow: document.documentElement.style.overflow,
      active: document.activeElement?.id,
      calls: (window as W).__calls.length,
    };
  });
  expect(hidden).toEqual({
    ariaHidden: 'true',
    inert: true,
    visibility: 'hidden',
    overflow: '',
    active: 'opener',
    calls: 0,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0); // out of the accessibility tree

  await page.locator('#opener').click();
  expect(await page.evaluate(() => (window as W).__afterOpen)).toBe(1); // onReady ran inside open()
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveCount(0); // no loading view: already ready
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
});

test('inline, prewarm: true: destroy() before open() leaves no iframe and no message listener', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as W;
    let n = 0;
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    w.__messageListeners = () => n;
    window.addEventListener = ((t: string, fn: EventListener, opts?: boolean | AddEventListenerOptions) => {
      if (t === 'message') n++;
      add(t, fn, opts);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((t: string, fn: EventListener, opts?: boolean | EventListenerOptions) => {
      if (t === 'message') n--;
      remove(t, fn, opts);
    }) as typeof window.removeEventListener;
  });
  await page.goto(`${o.integrator.url}/index.html`);
  const before = await page.evaluate(() => (window as W).__messageListeners());
  await page.evaluate((journeyOrigin) => {
    const w = window as W;
    w.__j = w.HostedJourney.createJourney({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin,
      container: '#journey',
      prewarm: true,
    });
  }, o.journey.url);
  await expect.poll(() => page.evaluate(() => (window as W).__j.state)).toBe('ready');
  expect(
    await page.evaluate(() => Math.round(document.getElementById('journey')!.getBoundingClientRect().height)),
  ).toBe(0);
  await page.evaluate(() => (window as W).__j.destroy());
  expect(await page.locator('iframe').count()).toBe(0);
  expect(await page.evaluate(() => (window as W).__messageListeners())).toBe(before);
});
