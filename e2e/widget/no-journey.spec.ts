/**
 * A wrong `journeyOrigin`, in a real browser: the frame loads something that is not a journey (another site's 404
 * page, or Chromium's own error page for a port where nothing listens) and nothing answers the handshake. Within a few
 * seconds of that load — not the 15 s ready watchdog — the widget reports `NO_JOURNEY` with the likely cause, logs it
 * when there is no `onError`, and shows the error view with "Try again", inline as in the modal.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';
import { COUNT_FRAME_LOADS, runThroughSilence } from '../support/silence.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const _js = (file: string) => ({
  body: readFileSync(path.join(ROOT, 'dist', file), 'utf8'),
  type: 'text/javascript; charset=utf-8',
});

/** `?origin=…&mode=…&quiet` mounts a journey at that origin; `quiet` leaves `onError` out (the console line). */
const INTEGRATOR = `${COUNT_FRAME_LOADS}
const q = new URL(location.href).searchParams;
window.__errors = [];
window.__t0 = performance.now();
window.__j = HostedJourney.createJourney({
  vendor: 'acme', customerId: 'cust_1', journeyOrigin: q.get('origin'),
  ...(q.get('mode') === 'modal' ? { mode: 'modal' } : { container: '#journey' }),
  ...(q.has('quiet') ? {} : { onError: (e) => window.__errors.push({ ...e, ms: performance.now() - window.__t0 }) }),
});
window.__j.open();
`;

let other: StaticServer;
let integrator: StaticServer;
let deadOrigin: string;
test.beforeAll(async () => {
  other = await startStaticServer({ host: 'localhost' }); // another site: every path is its 404 page
  deadOrigin = await new Promise<string>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(`http://localhost:${port}`));
    });
  });
  integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<div id="journey"></div><script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      ...scriptTagRoutes(),
      '/integrator.js': { body: INTEGRATOR, type: 'text/javascript; charset=utf-8' },
    },
  });
});
test.afterAll(async () => {
  await Promise.all([other?.close(), integrator?.close()]);
});
// The watchdog's 3 s pass on the page's clock (e2e/support/silence.ts).
test.beforeEach(({ page }) => page.clock.install());

type Err = { code: string; message: string; recoverable: boolean; ms: number };
const errors = (page: Page) => page.evaluate(() => (window as unknown as { __errors: Err[] }).__errors);

async function expectNoJourney(page: Page, origin: string): Promise<Err> {
  await runThroughSilence(page);
  await expect.poll(async () => (await errors(page)).length, { timeout: 10_000 }).toBe(1);
  const [e] = await errors(page);
  expect(e!.code).toBe('NO_JOURNEY');
  expect(e!.recoverable).toBe(true);
  expect(e!.message).toContain(`the origin of journey_url differs from journeyOrigin (${origin})`);
  expect(e!.message).toContain('not a journey');
  expect(e!.ms).toBeLessThan(8000); // the frame's load + 3 s, far from the 15 s ready watchdog
  return e!;
}

for (const [label, origin] of [
  ['a page that is not a journey (another site’s 404)', () => other.url],
  ['an origin where nothing listens (the browser’s error page)', () => deadOrigin],
] as const) {
  test(`inline, ${label}: NO_JOURNEY within seconds, with the cause, and the error view in place of the frame`, async ({
    page,
  }) => {
    await page.goto(`${integrator.url}/apply?origin=${encodeURIComponent(origin())}`);
    const e = await expectNoJourney(page, origin());
    const alert = page.locator('#journey [role="alert"]');
    await expect(alert).toHaveClass('hosted-journey-error');
    // The customer reads the catalogue's words; the developer's message stays in onError.
    await expect(alert).toContainText('Something went wrong and this page could not be shown.');
    await expect(alert).not.toContainText(e.message);
    await expect(page.locator('#journey iframe')).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __j: { state: string } }).__j.state)).toBe('error');
    // "Try again" reloads a fresh frame, which fails the same way.
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('#journey [role="alert"]')).toHaveCount(0);
    await runThroughSilence(page, 2);
    await expect.poll(async () => (await errors(page)).length, { timeout: 10_000 }).toBe(2);
    await expect(page.locator('#journey [role="alert"]')).toBeVisible();
  });
}

test('modal: the same error view in the dialog', async ({ page }) => {
  await page.goto(`${integrator.url}/apply?mode=modal&origin=${encodeURIComponent(other.url)}`);
  const e = await expectNoJourney(page, other.url);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('Something went wrong and this page could not be shown.');
  await expect(dialog.getByRole('alert')).not.toContainText(e.message);
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('without onError the cause is a console error', async ({ page }) => {
  const lines: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') lines.push(m.text());
  });
  await page.goto(`${integrator.url}/apply?quiet&origin=${encodeURIComponent(other.url)}`);
  await runThroughSilence(page);
  await expect
    .poll(() => lines.find((l) => l.startsWith('hosted-journey:')), { timeout: 10_000 })
    .toContain(`the origin of journey_url differs from journeyOrigin (${other.url})`);
});
