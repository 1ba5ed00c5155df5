// A page opened from disk (file://) has an opaque origin, which no journey can post back to. Every way of mounting
// says so in the same words — serve the page over http://localhost — with the code INVALID_PARENT_ORIGIN, instead of
// blaming a parentOrigin the integrator never set: the script tag (the built IIFE) in its console error and its
// hosted-journey:error event, `createJourney` in the JourneyConfigError it throws (an app bundled from the published
// ES entry, run as a module), and `<hosted-journey>` in its console error and its hosted-journey:config_error event.
// Real file:// pages in Chromium; nothing mounts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IIFE = pathToFileURL(path.join(ROOT, 'dist/hosted-journey.iife.js')).href;
const HINT = 'this file: page has no origin for the journey to answer: serve it over http://localhost';
const OPTIONS = `vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com'`;

/** An app bundled from the built ES entries, as an integrator's bundler would (one file: a page from disk loads no chunk). */
async function bundle(source: string): Promise<string> {
  const out = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js', sourcefile: 'app.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text.replaceAll('</script', '<\\/script');
}

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>${body}</body></html>`;

let dir: string;
test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hj-file-page-'));
  writeFileSync(
    path.join(dir, 'apply.html'),
    html(`<div id="journey"></div>
<script>window.__events = []; document.addEventListener('hosted-journey:error', (e) => window.__events.push(e.detail));
</script>
<script src="${IIFE}" data-vendor="acme" data-customer-id="cust_1" data-journey-origin="https://journey.example.com"
  data-container="#journey"></script>`),
  );
  const app = await bundle(`import { createJourney, isJourneyConfigError } from './dist/index.js';
try {
  createJourney({ ${OPTIONS}, container: '#journey' }).open();
  window.__thrown = null;
} catch (e) {
  window.__thrown = { ours: isJourneyConfigError(e), name: e.name, code: e.code, field: e.field, message: e.message };
}`);
  writeFileSync(path.join(dir, 'spa.html'), html(`<div id="journey"></div><script type="module">${app}</script>`));
  const element = await bundle(`import { defineHostedJourneyElement } from './dist/element.js';
window.__events = [];
document.addEventListener('hosted-journey:config_error', (e) =>
  window.__events.push({ ours: e.detail.name === 'JourneyConfigError', code: e.detail.code, message: e.detail.message }));
defineHostedJourneyElement();`);
  writeFileSync(
    path.join(dir, 'element.html'),
    html(`<script type="module">${element}</script>
<hosted-journey vendor="acme" customer-id="cust_1" journey-origin="https://journey.example.com"></hosted-journey>`),
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens `name` from disk; returns the page's console errors as they come. */
async function openFromDisk(page: Page, name: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(pathToFileURL(path.join(dir, name)).href);
  // Chromium spells a file page's opaque origin 'file://', Gecko 'null': neither is an origin a journey can answer.
  expect(['file://', 'null']).toContain(await page.evaluate(() => window.location.origin));
  return errors;
}

const read = (page: Page, name: string) => () =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name);

test('a page opened from file:// says to serve it over http://localhost', async ({ page }) => {
  const errors = await openFromDisk(page, 'apply.html');
  await expect
    .poll(read(page, '__events'))
    .toEqual([expect.objectContaining({ code: 'INVALID_PARENT_ORIGIN', message: HINT, field: 'parentOrigin' })]);
  expect(errors).toEqual([`hosted-journey: auto-mount failed (INVALID_PARENT_ORIGIN): ${HINT}`]);
  expect(await page.locator('iframe').count()).toBe(0);
});

test('createJourney in an ES module app opened from file:// throws the same typed error and words', async ({
  page,
}) => {
  await openFromDisk(page, 'spa.html');
  await expect.poll(read(page, '__thrown')).toEqual({
    ours: true,
    name: 'JourneyConfigError',
    code: 'INVALID_PARENT_ORIGIN',
    field: 'parentOrigin',
    message: HINT,
  });
  expect(await page.locator('iframe').count()).toBe(0);
});

test('<hosted-journey> on a page opened from file:// says the same in its console error and config_error', async ({
  page,
}) => {
  const errors = await openFromDisk(page, 'element.html');
  await expect.poll(read(page, '__events')).toEqual([{ ours: true, code: 'INVALID_PARENT_ORIGIN', message: HINT }]);
  expect(errors).toEqual([`hosted-journey: <hosted-journey> did not mount: ${HINT}`]);
  expect(await page.locator('iframe').count()).toBe(0);
});
