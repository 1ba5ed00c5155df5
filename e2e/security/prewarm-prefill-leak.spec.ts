import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const js = (body: string) => ({ body, type: 'text/javascript; charset=utf-8' });
const PREFILL = { fullName: 'Alex Leaky', email: 'alex.leaky@example.com', phone: '+61400111222' };

/** Answers the handshake, says ready, and records its URL and every message it gets in `window.__seen`. */
const HOSTILE = `
const q = new URL(location.href).searchParams;
const parentOrigin = q.get('parent_origin');
const channel = q.get('channel');
const emit = (type, payload) => parent.postMessage({ protocol: 'hosted-journey', version: 1, channel, type, payload }, parentOrigin);
window.__seen = [location.href];
addEventListener('message', (e) => {
  window.__seen.push(JSON.stringify(e.data));
  if (e.source === parent && e.origin === parentOrigin && e.data && e.data.type === 'welcome') emit('ready', { step: 'details' });
});
emit('hello', {});
`;

/** `?in=query`: the integrator chose `prefillIn: 'query'` (the prefill travels in the journey's URL). */
const INTEGRATOR = `
window.__j = HostedJourney.createJourney({
  vendor: 'acme', customerId: 'cust_1', journeyOrigin: document.body.dataset.journey, container: '#journey',
  prewarm: 'intent', prewarmTrigger: '#apply', prefill: ${JSON.stringify(PREFILL)},
  prefillIn: new URL(location.href).searchParams.get('in') || 'handshake',
});
document.getElementById('apply').addEventListener('click', () => window.__j.open());
`;

let journey: StaticServer;
let integrator: StaticServer;
test.beforeAll(async () => {
  journey = await startStaticServer({
    host: 'localhost',
    routes: {
      '/i/acme/cust_1': {
        body: '<!doctype html><html lang="en"><head><title>j</title></head><body><script src="/hostile.js"></script></body></html>',
        type: 'text/html; charset=utf-8',
      },
      '/hostile.js': js(HOSTILE),
    },
  });
  integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body data-journey="${journey.url}">
<button id="apply">Apply</button><div id="journey"></div>
<script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      ...scriptTagRoutes(),
      '/integrator.js': js(INTEGRATOR),
    },
  });
});
test.afterAll(async () => {
  await Promise.all([journey?.close(), integrator?.close()]);
});

const journeyFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith(journey.url));
const seen = async (page: Page): Promise<string> =>
  ((await journeyFrame(page)?.evaluate(() => (window as unknown as { __seen: string[] }).__seen)) ?? []).join('\n');
/** The prefill values `text` holds: as they are, percent-encoded, or form-encoded as a query string writes them. */
const leaked = (text: string) =>
  Object.values(PREFILL).filter((v) =>
    [v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2)].some((form) => text.includes(form)),
  );

test('a hostile journey prewarmed on hover records every message and its URL: no prefill value before open()', async ({
  page,
}) => {
  await page.goto(`${integrator.url}/apply`);
  expect(journeyFrame(page)).toBeUndefined(); // 'intent': nothing loads before the hover
  await page.hover('#apply');
  // Prewarm works: the hidden journey loaded, got the welcome and said ready.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __j: { state: string } }).__j.state))
    .toBe('ready');
  await expect.poll(() => seen(page)).toContain('"type":"welcome"');
  await page.mouse.move(0, 300); // the customer moves on, the journey stays prewarmed and hidden
  await page.hover('#apply');
  const before = await seen(page);
  expect(leaked(before)).toEqual([]);

  await page.click('#apply');
  await expect.poll(async () => leaked(await seen(page))).toEqual(Object.values(PREFILL));
  expect(await seen(page)).toContain('"type":"visibility"');
});

test("prefillIn: 'query', prewarmed on hover: no prefill value in the frame's URL, any request or message before open(); open() loads the journey with them", async ({
  page,
}) => {
  const requests = () => journey.requests.join('\n');
  const before = journey.requests.length;
  await page.goto(`${integrator.url}/apply?in=query`);
  await page.hover('#apply');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __j: { state: string } }).__j.state))
    .toBe('ready');
  await expect.poll(() => seen(page)).toContain('"type":"welcome"');
  expect(leaked(await seen(page))).toEqual([]);
  expect(leaked(await page.locator('#journey iframe').getAttribute('src').then(String))).toEqual([]);
  expect(leaked(journey.requests.slice(before).join('\n'))).toEqual([]);

  await page.click('#apply');
  // The journey loads again, at the URL with the prefill: its page, its request and its `location.href` carry it.
  await expect.poll(async () => leaked(await seen(page))).toEqual(Object.values(PREFILL));
  expect(leaked(requests())).toEqual(Object.values(PREFILL));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __j: { state: string } }).__j.state))
    .toBe('ready');
  await expect(page.locator('#journey iframe')).toBeVisible();
});
