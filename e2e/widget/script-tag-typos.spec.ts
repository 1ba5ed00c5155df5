import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = (attrs: string) => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<div id="journey"></div>
<script>window.__events = []; document.addEventListener('hosted-journey:error', (e) => window.__events.push(e.detail));
</script>
<script src="/hosted-journey.iife.js" data-vendor="acme" data-customer-id="cust_1" ${attrs}></script></body></html>`,
  type: 'text/html; charset=utf-8',
});

let site: StaticServer;
test.beforeAll(async () => {
  site = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/typos': page(
        'data-journey-origin="https://journey.example.com" data-contianer="#journey" data-primary-color="#0B5FFF"',
      ),
      '/bad-origin': page('data-journey-origin="ftp://journey.example.com" data-container="#journey"'),
      // The script included twice (a template and a tag manager both add it).
      '/twice': page(
        'data-journey-origin="https://journey.example.com" data-container="#journey"></script><script src="/hosted-journey.iife.js"',
      ),
      ...scriptTagRoutes(),
    },
  });
});
test.afterAll(async () => {
  await site?.close();
});

test('script tag: one warning per misspelt data- attribute, naming the nearest one', async ({ page: p }) => {
  const warnings: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('hosted-journey:')) warnings.push(m.text());
  });
  await p.goto(`${site.url}/typos`);
  await p.evaluate(() => (window as unknown as { HostedJourney: { mounted: Promise<unknown> } }).HostedJourney.mounted);
  expect(warnings).toEqual([
    'hosted-journey: unknown option data-contianer is ignored; did you mean data-container?',
    'hosted-journey: unknown option data-primary-color is ignored; did you mean data-primary-colour?',
  ]);
});

test('script tag: a bad value names the attribute the integrator wrote', async ({ page: p }) => {
  const errors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await p.goto(`${site.url}/bad-origin`);
  await expect
    .poll(() => p.evaluate(() => (window as unknown as { __events: unknown[] }).__events))
    .toEqual([
      expect.objectContaining({
        attribute: 'data-journey-origin',
        message: expect.stringContaining('data-journey-origin'),
      }),
    ]);
  expect(errors.some((e) => e.includes('data-journey-origin'))).toBe(true);
  expect(errors.some((e) => /\bjourneyOrigin\b/.test(e))).toBe(false);
});

test('script tag included twice: one warning that says so', async ({ page: p }) => {
  const warnings: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('hosted-journey:')) warnings.push(m.text());
  });
  await p.goto(`${site.url}/twice`);
  await p.evaluate(() => (window as unknown as { HostedJourney: { mounted: Promise<unknown> } }).HostedJourney.mounted);
  expect(warnings).toEqual([
    'hosted-journey: the script is included twice; include hosted-journey.iife.js once per page.',
  ]);
});
