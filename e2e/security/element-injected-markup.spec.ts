/**
 * Attack: `<hosted-journey>` markup injected into an integrator's page (no script: the page's own
 * defineHostedJourneyElement() upgrades it) with the attacker's journey-origin. The attacker's journey passes the
 * widget's checks for that element, and its `completed` bubbles to document. docs/security.md and
 * docs/bindings/element.md say how to listen safely: on the element your script created, or on document with an
 * event.target check. This spec shows the attack reaching a bare document listener, and both safe listeners ignoring
 * it while still hearing the integrator's own journey.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { startFixtureJourney } from '../usecases/support/journey-server.js';
import { bundle, html, js, requireDist, type Served, serve } from '../usecases/support/serve.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let mine: Served;
let attacker: Served;
let site: Served;

test.beforeAll(async () => {
  requireDist('element.js');
  mine = await startFixtureJourney();
  attacker = await startFixtureJourney(); // another port: another origin
  expect(attacker.origin).not.toBe(mine.origin);
  site = await serve({
    '/': html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>injected element</title></head><body><main id="root"><div id="bank-connect"></div><section id="comments"></section></main><script type="module" src="/page.js"></script></body></html>',
    ),
    '/page.js': js(await bundle(path.join(here, '../bindings/element-page.js'))),
  });
});
test.afterAll(async () => {
  await site?.close();
  await mine?.close();
  await attacker?.close();
});

type Heard = { listener: 'element' | 'document, target checked' | 'document, bare'; customer: string | null };
const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);

test('an injected <hosted-journey> reaches a bare document listener, never one on your element or one that checks event.target', async ({
  page,
}) => {
  await page.goto(`${site.origin}/`);
  await expect(page.locator('html[data-loaded]')).toHaveCount(1);
  // The integrator's page, as docs/bindings/element.md writes it.
  await page.evaluate((origin) => {
    const w = window as unknown as { __element: { defineHostedJourneyElement(): void }; __heard: Heard[] };
    w.__heard = [];
    w.__element.defineHostedJourneyElement();
    const journey = document.createElement('hosted-journey');
    journey.setAttribute('vendor', 'acme');
    journey.setAttribute('customer-id', 'cust_mine');
    journey.setAttribute('journey-origin', origin);
    const customer = (e: Event) => (e.target as Element).getAttribute('customer-id');
    journey.addEventListener('hosted-journey:completed', (e) =>
      w.__heard.push({ listener: 'element', customer: customer(e) }),
    );
    document.getElementById('bank-connect')?.append(journey);
    document.addEventListener('hosted-journey:completed', (e) => {
      if (e.target !== journey) return;
      w.__heard.push({ listener: 'document, target checked', customer: customer(e) });
    });
    document.addEventListener('hosted-journey:completed', (e) =>
      w.__heard.push({ listener: 'document, bare', customer: customer(e) }),
    );
  }, mine.origin);
  // The attacker's markup, stored and rendered as HTML (a comment, a profile field): no script of theirs runs here.
  await page.evaluate((origin) => {
    document.getElementById('comments')!.innerHTML =
      `<p>Nice!</p><hosted-journey vendor="acme" customer-id="cust_evil" journey-origin="${origin}"></hosted-journey>`;
  }, attacker.origin);

  const evil = page.frameLocator('hosted-journey[customer-id="cust_evil"] iframe');
  const own = page.frameLocator('hosted-journey[customer-id="cust_mine"] iframe');
  await expect(evil.locator('#finish')).toBeVisible();
  await expect(own.locator('#finish')).toBeVisible();
  expect(
    new URL((await page.locator('hosted-journey[customer-id="cust_evil"] iframe').getAttribute('src'))!).origin,
  ).toBe(attacker.origin);

  // The attacker's journey completes: only the bare document listener hears it.
  await evil.locator('#finish').click();
  await expect.poll(() => heard(page)).toEqual([{ listener: 'document, bare', customer: 'cust_evil' }]);

  // Your journey completes: all three hear it.
  await own.locator('#finish').click();
  await expect
    .poll(async () =>
      (await heard(page))
        .filter((h) => h.customer === 'cust_mine')
        .map((h) => h.listener)
        .sort(),
    )
    .toEqual(['document, bare', 'document, target checked', 'element']);
  expect((await heard(page)).filter((h) => h.customer === 'cust_evil')).toEqual([
    { listener: 'document, bare', customer: 'cust_evil' },
  ]);
});
