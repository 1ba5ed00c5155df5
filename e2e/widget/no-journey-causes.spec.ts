/**
 * The two usual go-live failures, in Chromium, and what the developer reads in `onError`: a page whose
 * Content-Security-Policy leaves the journey origin out of `frame-src` (the page can observe it: the message names the
 * directive and the fix), and a journey origin that refuses to be framed by this page (`frame-ancestors`, observable
 * only inside the journey's origin: the message lists the likely causes in order). After the journey failed the
 * resizer stops asking the frame for its height: into an error page each ask is a console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { scriptTagRoutes } from '../support/script-files.js';
import { COUNT_FRAME_LOADS, runThroughSilence } from '../support/silence.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

/** `?origin=…` mounts an inline journey at that origin; every `onError` is kept with the time it came. */
const INTEGRATOR = `${COUNT_FRAME_LOADS}
const q = new URL(location.href).searchParams;
window.__errors = [];
HostedJourney.createJourney({
  vendor: 'acme', customerId: 'cust_1', journeyOrigin: q.get('origin'), container: '#journey', readyTimeoutMs: 10000,
  onError: (e) => window.__errors.push(e),
}).open();
`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body>
<div id="journey"></div><script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`;

let refusing: StaticServer;
let integrator: StaticServer;
test.beforeAll(async () => {
  // A journey origin that has not registered the integrator's page: it refuses every framing page.
  refusing = await startStaticServer({
    host: 'localhost',
    headers: { 'Content-Security-Policy': "frame-ancestors 'none'" },
    routes: { '/i/acme/cust_1': { body: '<!doctype html><title>Journey</title><p>journey</p>', type: 'text/html' } },
  });
  integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': { body: PAGE, type: 'text/html; charset=utf-8' },
      // A page whose policy allows frames of its own origin only: the journey origin is not in frame-src.
      '/apply-strict': {
        body: PAGE,
        type: 'text/html; charset=utf-8',
        headers: { 'Content-Security-Policy': "frame-src 'self'" },
      },
      ...scriptTagRoutes(),
      '/integrator.js': { body: INTEGRATOR, type: 'text/javascript; charset=utf-8' },
    },
  });
});
test.afterAll(async () => {
  await Promise.all([refusing?.close(), integrator?.close()]);
});
// The watchdog's 3 s pass on the page's clock (e2e/support/silence.ts).
test.beforeEach(({ page }) => page.clock.install());

type Err = { code: string; message: string };
const firstError = async (page: Page): Promise<Err> => {
  await runThroughSilence(page);
  await page.waitForFunction(() => (window as unknown as { __errors: Err[] }).__errors.length > 0, null, {
    timeout: 20_000,
  });
  return page.evaluate(() => (window as unknown as { __errors: Err[] }).__errors[0]!);
};

test('a page CSP without the journey origin in frame-src: the message names frame-src and the fix', async ({
  page,
}) => {
  await page.goto(`${integrator.url}/apply-strict?origin=${encodeURIComponent(refusing.url)}`);
  const e = await firstError(page);
  expect(['NO_JOURNEY', 'READY_TIMEOUT']).toContain(e.code);
  expect(e.message).toContain(
    `This page's Content-Security-Policy refused the journey frame: its frame-src does not allow ${refusing.url}.`,
  );
  expect(e.message).toContain(`Add ${refusing.url} to the page's frame-src`);
  expect(e.message).not.toContain('Likely causes');
  // The customer reads the catalogue's words, never the developer's.
  const alert = page.locator('#journey [role="alert"]');
  await expect(alert).toContainText('Something went wrong and this page could not be shown.');
  await expect(alert).not.toContainText('frame-src');
});

test('a journey whose frame-ancestors refuse this page: NO_JOURNEY lists the likely causes in order', async ({
  page,
}) => {
  await page.goto(`${integrator.url}/apply?origin=${encodeURIComponent(refusing.url)}`);
  const e = await firstError(page);
  expect(e.code).toBe('NO_JOURNEY');
  expect(e.message).toContain(`The page at ${refusing.url} loaded, but no journey answered within 3 s.`);
  const causes = [
    `(1) this page's Content-Security-Policy frame-src does not allow ${refusing.url}`,
    `(2) the service has not registered this page's origin (${integrator.url}) for this vendor`,
    'frame-ancestors',
    `(3) the origin of journey_url differs from journeyOrigin (${refusing.url})`,
  ].map((c) => e.message.indexOf(c));
  expect(causes.every((at) => at > 0)).toBe(true);
  expect(causes).toEqual([...causes].sort((a, b) => a - b)); // in that order, the likeliest first
  expect(e.message).not.toContain('refused the journey frame'); // the page's own policy allowed it
});

test('after NO_JOURNEY the resizer stops asking the refused frame for its height (page CSP refusal)', async ({
  page,
}) => {
  // Each ask into the refused frame (its document is not the journey origin's) is a console warning naming the journey
  // origin; a post of the test's own, to the integrator's origin, is a warning naming that one.
  let asks = 0;
  let flushes = 0;
  page.on('console', (m) => {
    if (!m.text().includes("Failed to execute 'postMessage'")) return;
    if (m.text().includes(`'${refusing.url}'`)) asks++;
    else if (m.text().includes(`'${integrator.url}'`)) flushes++;
  });
  /** Posts into the frame as the resizer does: its warning comes once those of every ask made earlier have. */
  const flush = async () => {
    const seen = flushes;
    await page.evaluate(
      (o) => document.querySelector('iframe')!.contentWindow!.postMessage({ type: 'flush' }, o),
      integrator.url,
    );
    await expect.poll(() => flushes).toBe(seen + 1);
  };
  await page.goto(`${integrator.url}/apply-strict?origin=${encodeURIComponent(refusing.url)}`);
  await firstError(page);
  await flush();
  const before = asks;
  // The control: while the journey was still expected, the resizer asked (every 100 ms for its first 10 s).
  expect(before).toBeGreaterThan(5);
  // Twenty of its 100 ms intervals after the failure, on the page's clock: not one more ask.
  await page.clock.runFor(2000);
  await flush();
  expect(asks).toBe(before);
});
