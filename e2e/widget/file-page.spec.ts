// A page opened from disk (file://) has an opaque origin, which no journey can post back to. The script tag says so
// in words — serve the page over http://localhost — in its console error and its hosted-journey:error event, instead
// of blaming a parentOrigin the integrator never set. A real file:// page in Chromium loading the built IIFE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IIFE = pathToFileURL(path.join(ROOT, 'dist/hosted-journey.iife.js')).href;

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hj-file-page-'));
  writeFileSync(
    path.join(dir, 'apply.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<div id="journey"></div>
<script>window.__events = []; document.addEventListener('hosted-journey:error', (e) => window.__events.push(e.detail));
</script>
<script src="${IIFE}" data-vendor="acme" data-customer-id="cust_1" data-journey-origin="https://journey.example.com"
  data-container="#journey"></script></body></html>`,
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a page opened from file:// says to serve it over http://localhost', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(pathToFileURL(path.join(dir, 'apply.html')).href);
  // Chromium spells a file page's opaque origin 'file://', Gecko 'null': neither is an origin a journey can answer.
  expect(['file://', 'null']).toContain(await page.evaluate(() => window.location.origin));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events))
    .toEqual([
      expect.objectContaining({
        code: 'INVALID_PARENT_ORIGIN',
        message: 'this file: page has no origin for the journey to answer: serve it over http://localhost',
      }),
    ]);
  expect(errors).toEqual([
    'hosted-journey: auto-mount failed (INVALID_PARENT_ORIGIN): this file: page has no origin for the journey to ' +
      'answer: serve it over http://localhost',
  ]);
  expect(await page.locator('iframe').count()).toBe(0);
});
