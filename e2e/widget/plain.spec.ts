// `journeyProtocol: 'plain'` against the sandbox's journey that runs no bridge (sandbox option journeyProtocol:
// 'plain'), in Chromium: the built IIFE on localhost frames the sandbox on 127.0.0.1; onReady fires at the frame's
// load, the customer goes through the crawler pathway, and the page gets onJourneyMessage for both shapes of RELEASED,
// one `released` (callback, onEvent, DOM event). RELEASED posted from another origin or another window of the
// journey's origin reaches nothing. Run `node scripts/build.mjs` first.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { plainIntegrator, toPlainRelease } from './plain-setup.js';
import { stamped } from '../support/stamped.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let sandbox: TestSandbox;
let integrator: StaticServer;
let third: StaticServer;
test.beforeAll(async () => {
  sandbox = await startTestSandbox({ journeyProtocol: 'plain' });
  integrator = await plainIntegrator(sandbox.url, await readFile(path.join(ROOT, 'dist/hosted-journey.iife.js')));
  third = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/forge.html': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><title>forger</title><script>parent.postMessage('RELEASED', '*');
parent.postMessage({ event: 'RELEASED' }, '*');</script>`,
      },
    },
  });
});
test.afterAll(async () => {
  await third.close();
  await integrator.close();
  await sandbox.close();
});

type Recorded = Array<[string, unknown]>;
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: Recorded }).__events);

test('plain journey: ready at load, every message to onJourneyMessage, one released', async ({ page }) => {
  await page.goto(`${integrator.url}/apply?ref=plainw_1`);
  await expect.poll(() => events(page)).toContainEqual(['ready', stamped({ step: 'loaded' })]);
  const iframe = page.locator('#journey iframe');
  await expect(iframe).toHaveAttribute('sandbox', /allow-scripts allow-same-origin/);
  await expect(iframe).toHaveAttribute('title', 'Connect your bank account');
  expect(Math.round((await iframe.boundingBox())!.height)).toBe(700); // minHeight: nothing resizes a plain journey
  await toPlainRelease(page.frameLocator('#journey iframe'));
  await expect.poll(() => events(page)).toContainEqual(['dom:released', stamped({})]);
  const seen = await events(page);
  expect(seen.filter(([k]) => k === 'message')).toEqual([
    ['message', 'RELEASED'],
    ['message', { event: 'RELEASED' }],
  ]);
  expect(seen.filter(([k]) => k === 'released' || k === 'event:released' || k === 'dom:released')).toEqual([
    ['released', stamped({})],
    ['event:released', stamped({})],
    ['dom:released', stamped({})],
  ]);
  expect(seen.filter(([k]) => k === 'error' || k === 'invalid')).toEqual([]);
});

test('RELEASED from another origin or from another window of the journey origin is not delivered', async ({ page }) => {
  await page.goto(`${integrator.url}/apply?ref=plainw_2`);
  await expect.poll(() => events(page)).toContainEqual(['ready', stamped({ step: 'loaded' })]);
  const frames = async (src: string) => {
    await page.evaluate((s) => {
      const f = Object.assign(document.createElement('iframe'), { src: s, className: 'forger' });
      document.body.append(f);
      return new Promise((r) => f.addEventListener('load', r));
    }, src);
  };
  await frames(`${third.url}/forge.html`); // another origin
  // Another window of the journey's own origin: a second frame of the sandbox posting as the journey would.
  await frames(`${sandbox.url}/i/acme/plainw_other`);
  const other = page.frames().find((f) => f.url().includes('plainw_other'))!;
  await other.evaluate(() => {
    parent.postMessage('RELEASED', '*');
    parent.postMessage({ event: 'RELEASED' }, '*');
  });
  // The page itself (same window, the integrator's origin).
  await page.evaluate(() => window.postMessage('RELEASED', '*'));
  // A positive signal that every forged message was dispatched: the page's own listener saw all five.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __raw: number }).__raw)).toBe(5);
  const seen = await events(page);
  expect(seen.filter(([k]) => k !== 'ready' && k !== 'event:ready' && k !== 'dom:ready')).toEqual([]);
});
