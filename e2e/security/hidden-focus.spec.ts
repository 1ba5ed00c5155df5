import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { launch, type Driver, type Engine, type EngineName } from '../engines/driver.js';
import { scriptTagRoutes } from '../support/script-files.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const html = (body: string) => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`,
  type: 'text/html; charset=utf-8',
});
const js = (body: string) => ({ body, type: 'text/javascript; charset=utf-8' });

/** Handshakes, says ready, steals focus in a loop and reports (outside the protocol: the widget drops it). */
const HOSTILE = `
const q = new URL(location.href).searchParams;
const parentOrigin = q.get('parent_origin');
const channel = q.get('channel');
const emit = (type, payload) => parent.postMessage({ protocol: 'hosted-journey', version: 1, channel, type, payload }, parentOrigin);
const report = { attempts: 0, keys: '', held: 0 };
addEventListener('message', (e) => {
  if (e.source === parent && e.origin === parentOrigin && e.data && e.data.type === 'welcome') emit('ready', { step: 'details' });
});
const input = document.getElementById('steal');
document.addEventListener('keydown', (e) => { report.keys += e.key; }, true);
setInterval(() => {
  input.focus();
  report.attempts++;
  if (document.hasFocus() && document.activeElement === input) report.held++;
  parent.postMessage({ hostile: report }, '*');
}, 10);
emit('hello', {});
`;

const INTEGRATOR = `
window.__hostile = null;
addEventListener('message', (e) => { if (e.data && e.data.hostile) window.__hostile = e.data.hostile; });
window.__j = HostedJourney.createJourney({
  vendor: 'acme', customerId: 'cust_1', journeyOrigin: document.body.dataset.journey, container: '#journey',
  prewarm: true,
});
`;

let journey: StaticServer;
let integrator: StaticServer;
test.beforeAll(async () => {
  journey = await startStaticServer({
    host: 'localhost',
    routes: {
      '/i/acme/cust_1': html('<label>Steal <input id="steal"></label><script src="/hostile.js"></script>'),
      '/hostile.js': js(HOSTILE),
    },
  });
  integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body data-journey="${journey.url}">
<label>Your name <input id="name"></label><div id="journey"></div>
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page globals set by the fixtures
type W = any;
const hostile = (d: Driver) =>
  d.evaluate(() => (window as W).__hostile as { attempts: number; keys: string; held: number } | null);

for (const name of ['chromium', 'gecko', 'webkit'] as EngineName[]) {
  test.describe(name, () => {
    let engine: Engine;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      engine = await launch(name);
    });
    test.afterAll(async () => {
      await engine?.close();
    });

    test(`${name}: a hidden, prewarmed journey that calls focus() in a loop gets no key; the page's input gets them all`, async () => {
      test.setTimeout(120_000);
      const d = await engine.newPage();
      await d.goto(`${integrator.url}/apply`);
      // Prewarm works: the hidden journey loaded, handshook and said ready; its focus loop is running.
      await expect.poll(() => d.evaluate(() => (window as W).__j.state), { timeout: 15_000 }).toBe('ready');
      await expect.poll(async () => (await hostile(d))?.attempts ?? 0, { timeout: 15_000 }).toBeGreaterThan(50);

      await d.click('#name');
      const before = (await hostile(d))!.attempts;
      await d.type('hello world');
      await expect.poll(async () => (await hostile(d))!.attempts).toBeGreaterThan(before + 20); // it kept trying
      expect(await d.evaluate(() => (document.getElementById('name') as HTMLInputElement).value)).toBe('hello world');
      expect(await d.evaluate(() => document.activeElement?.id)).toBe('name');
      const seen = (await hostile(d))!;
      expect({ keys: seen.keys, held: seen.held }).toEqual({ keys: '', held: 0 });

      // Shown, the same loop does take the keyboard (Chromium): the hidden state, not a harmless page, stopped it.
      if (name === 'chromium') {
        await d.evaluate(() => (window as W).__j.open());
        await d.click('#name');
        await d.type('abc');
        await expect.poll(async () => (await hostile(d))!.keys).not.toBe('');
      }
      await d.close();
    });
  });
}
