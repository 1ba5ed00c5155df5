/**
 * Loud without onError, in every binding: the modal's code (its own chunk, answered 404 here) cannot be loaded, so the
 * overlay never shows. The React and Preact components without an `onError` prop, and `<hosted-journey>` (which has
 * none), say so on the console exactly once, as `createJourney` does: `hosted-journey: The journey window could not be
 * shown: …`. With an `onError` prop the component's handler gets MODAL_LOAD_FAILED and the console stays quiet.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { html, requireDist, ROOT, serve, type Routes, type Served } from '../usecases/support/serve.js';
import { startFixtureJourney } from '../usecases/support/journey-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let journey: Served;
let site: Served;
/** The path of the modal's chunk, which the site answers 404. */
let modalChunk = '';

/** The page script, split: each output file served under /assets/, except the modal's chunk. */
async function splitPage(): Promise<Routes> {
  const out = await build({
    entryPoints: { page: path.join(here, 'modal-fail-page.js') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    outdir: path.join(ROOT, 'assets'),
    write: false,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const routes: Routes = {};
  for (const file of out.outputFiles) {
    const name = `/${path.relative(ROOT, file.path)}`;
    const inputs = Object.keys(out.metafile.outputs[path.relative(ROOT, file.path)]?.inputs ?? {});
    if (inputs.some((i) => /dist\/chunks\/modal-[^/]+\.js$/.test(i))) modalChunk = name;
    else routes[name] = { body: file.text, type: 'text/javascript; charset=utf-8' };
  }
  if (!modalChunk) throw new Error('no modal chunk in the split page bundle');
  return routes;
}

test.beforeAll(async () => {
  requireDist('react.js', 'preact.js', 'element.js');
  journey = await startFixtureJourney();
  site = await serve({
    '/': html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>modal load failed</title></head>' +
        '<body><main id="host"></main><script type="module" src="/assets/page.js"></script></body></html>',
    ),
    ...(await splitPage()),
  });
});
test.afterAll(async () => {
  await site?.close();
  await journey?.close();
});

/** Loads the page, mounts `kind` in modal mode and waits for the modal chunk's 404; answers the console's errors. */
async function mount(page: Page, kind: string, withOnError: boolean): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${site.origin}/`);
  await expect(page.locator('html[data-loaded]')).toHaveCount(1);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === modalChunk && r.status() === 404);
  const props = { vendor: 'acme', customerId: `cust_${kind}`, journeyOrigin: journey.origin };
  await page.evaluate(({ kind, props, withOnError }) => (window as any).__mount(kind, props, withOnError), {
    kind,
    props,
    withOnError,
  });
  await refused;
  // The DOM event follows the callback and its console line in the same delivery: once it is seen, both happened.
  await expect.poll(() => page.evaluate(() => (window as any).__domErrors)).toEqual(['MODAL_LOAD_FAILED']);
  await expect(page.locator('.hosted-journey-overlay')).toHaveCount(0);
  return errors.filter((e) => e.startsWith('hosted-journey:'));
}

for (const kind of ['react', 'preact', 'element']) {
  test(`${kind} without onError: the modal that failed to load is said once on the console`, async ({ page }) => {
    const ours = await mount(page, kind, false);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(/^hosted-journey: The journey window could not be shown: /);
  });
}

for (const kind of ['react', 'preact']) {
  test(`${kind} with onError: the handler hears MODAL_LOAD_FAILED and the console stays quiet`, async ({ page }) => {
    const ours = await mount(page, kind, true);
    expect(await page.evaluate(() => (window as any).__heard)).toEqual(['MODAL_LOAD_FAILED']);
    expect(ours).toEqual([]);
  });
}
