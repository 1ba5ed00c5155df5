/**
 * The React and Preact bindings from dist/, with the real widget and the fixture journey on another origin. The
 * journey server counts page loads, so "exactly one mount" is measured where it matters: one iframe request.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, html, js, requireDist, serve, type Served } from '../usecases/support/serve.js';
import { startFixtureJourney } from '../usecases/support/journey-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let journey: Served;
let site: Served;

test.beforeAll(async () => {
  requireDist('react.js', 'preact.js');
  journey = await startFixtureJourney();
  site = await serve({
    '/': html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bindings</title></head><body><main><div id="react"></div><div id="preact"></div></main><script type="module" src="/page.js"></script></body></html>',
    ),
    '/page.js': js(await bundle(path.join(here, 'frameworks-page.js'), 'development')),
  });
});
test.afterAll(async () => {
  await site?.close();
  await journey?.close();
});

const loads = (customerId: string) => journey.requests.filter((p) => p.startsWith(`/i/acme/${customerId}`)).length;
const props = (customerId: string, extra: Record<string, unknown> = {}) => ({
  vendor: 'acme',
  customerId,
  journeyOrigin: journey.origin,
  ...extra,
});
const call = (page: Page, fn: string, ...args: unknown[]) =>
  page.evaluate(({ fn, args }) => (window as any).__bindings[fn](...args), { fn, args });
const readyCount = (page: Page) =>
  page.evaluate(() => (window as any).__events.filter((t: string) => t === 'ready').length);
/** Counts, from now on, every iframe ever added under `#id` (a mount that is torn down at once counts too). */
const countFrames = (page: Page, id: string) =>
  page.evaluate((id) => {
    const w = window as any;
    w.__frames = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'IFRAME') w.__frames++;
    }).observe(document.getElementById(id)!, { childList: true, subtree: true });
  }, id);
const framesAdded = (page: Page) => page.evaluate(() => (window as any).__frames as number);

async function load(page: Page) {
  await page.goto(site.origin + '/');
  await expect(page.locator('html[data-loaded]')).toHaveCount(1);
}

test('React StrictMode: one iframe, one journey load, one handshake; unmount removes it', async ({ page }) => {
  await load(page);
  await countFrames(page, 'react');
  await call(page, 'react', props('cust_strict'));
  await expect(page.locator('#react iframe')).toHaveCount(1);
  await expect.poll(() => readyCount(page)).toBe(1);
  // StrictMode's second mount runs in the commit of the first, before the journey could say ready: by now it has
  // added its iframe, if it made one.
  expect(await framesAdded(page)).toBe(1);
  expect(loads('cust_strict')).toBe(1);
  expect(await readyCount(page)).toBe(1);

  await call(page, 'reactUnmount');
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('React: changed props re-create (one new load), callback-only changes do not', async ({ page }) => {
  await load(page);
  await countFrames(page, 'react');
  await call(page, 'react', props('cust_r1'));
  await expect.poll(() => readyCount(page)).toBe(1);
  // Same options: only the callbacks are new (the page wraps onEvent in a fresh arrow on every render). Renders commit
  // in order, so once the changed theme below has re-created the journey, this render's effects have run: two frames
  // in all, not three.
  await call(page, 'react', props('cust_r1'));
  expect(loads('cust_r1')).toBe(1);
  await call(page, 'react', props('cust_r1', { theme: { primaryColour: '#0B5FFF' } }));
  await expect.poll(() => readyCount(page)).toBe(2);
  await expect(page.locator('#react iframe')).toHaveCount(1);
  expect(new URL((await page.locator('#react iframe').getAttribute('src'))!).searchParams.get('primary_colour')).toBe(
    '0B5FFF',
  );
  expect(loads('cust_r1')).toBe(2);
  expect(await framesAdded(page)).toBe(2);
});

test('Preact: mounts once, re-creates on a changed prop, unmount removes the iframe', async ({ page }) => {
  await load(page);
  await call(page, 'preact', props('cust_p1'));
  await expect(page.locator('#preact iframe')).toHaveCount(1);
  await expect.poll(() => readyCount(page)).toBe(1);
  await call(page, 'preact', props('cust_p2'));
  await expect.poll(() => loads('cust_p2')).toBe(1);
  await expect(page.locator('#preact iframe')).toHaveCount(1);
  expect(loads('cust_p1')).toBe(1);
  await call(page, 'preactUnmount');
  await expect(page.locator('iframe')).toHaveCount(0);
});
