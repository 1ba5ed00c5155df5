/**
 * The integrator page of the plain-mode specs (Chromium and e2e/engines): the built IIFE mounts the sandbox journey
 * inline with `journeyProtocol: 'plain'` and records every callback, `onEvent` and DOM event in `window.__events`,
 * and counts every `RELEASED` the page's window receives in `window.__raw` (whoever sent it).
 */
import { expect, type FrameLocator } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';

const APP = `const events = (window.__events = []);
window.__raw = 0;
window.addEventListener('message', (e) => {
  if (e.data === 'RELEASED') window.__raw++;
  else if (e.data && e.data.event === 'RELEASED') window.__raw++;
});
const host = document.getElementById('journey');
for (const type of ['ready', 'released', 'journey_message'])
  host.addEventListener('hosted-journey:' + type, (e) => events.push(['dom:' + type, e.detail]));
const q = new URLSearchParams(location.search);
window.__journey = window.HostedJourney.createJourney({
  vendor: 'acme',
  customerId: q.get('ref'),
  journeyOrigin: document.body.dataset.journey,
  container: host,
  minHeight: 700,
  journeyProtocol: 'plain',
  onReady: (p) => events.push(['ready', p]),
  onReleased: (p) => events.push(['released', p]),
  onJourneyMessage: (d) => events.push(['message', d]),
  onEvent: (e) => events.push(['event:' + e.type, e.payload]),
  onError: (p) => events.push(['error', p]),
  onInvalidMessage: (p) => events.push(['invalid', p]),
});
window.__journey.open();
`;

export function plainIntegrator(journeyOrigin: string, iife: Buffer): Promise<StaticServer> {
  return startStaticServer({
    host: 'localhost',
    routes: {
      '/apply': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head>
<body data-journey="${journeyOrigin}"><div id="journey"></div>
<script src="/hosted-journey.iife.js"></script><script src="/app.js"></script></body></html>`,
      },
      ...scriptTagRoutes(),
      '/hosted-journey.iife.js': { body: iife, type: 'text/javascript; charset=utf-8' },
      '/app.js': { body: APP, type: 'text/javascript; charset=utf-8' },
    },
  });
}

/** In the sandbox's plain journey: the crawler pathway, up to the moment it posts RELEASED. */
export async function toPlainRelease(frame: FrameLocator): Promise<void> {
  await frame.locator('input[name=agree]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('input#full_name').fill('Pat Plain');
  await frame.locator('input#email').fill('pat@example.com');
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('button[name=skip-mygov]').click();
  await frame.locator('button[data-institution="sandbox-bank"]').click();
  await frame.locator('input[name=pathway][value=crawler]').check();
  await frame.locator('main.hj-card button[type=submit]').click();
  await frame.locator('input#username').fill('demo');
  await frame.locator('input#password').fill('demo');
  await frame.locator('main.hj-card button[type=submit]').click();
  await expect(frame.locator('main.hj-card[data-step=done]')).toBeVisible();
}
