/**
 * Attack: markup injected ahead of the script tag (a comment field, a CMS block) names itself `currentScript` —
 * `<img name="currentScript" src="//elsewhere/x.png" data-vendor …>` — so the page's `document.currentScript` is that
 * element. The script tag must still find its own `<script>`: its lazy parts (`hosted-journey.<part>.js`) load only
 * from where that element came from, and only its data attributes mount. Here in Chromium, with no CSP (the injected
 * element carries a data-trigger: the modal's part would load on the customer's click) and under a
 * `'nonce-…' 'strict-dynamic'` CSP (a misspelt data- attribute: the typo warning's part would load with no click).
 * e2e/engines/scenarios.ts runs the no-click variant in Gecko and WebKit too.
 */
import { expect, type Page, test } from '@playwright/test';
import { PART_FILES, scriptTagRoutes } from '../support/script-files.js';
import { startStaticServer, type StaticRoutes, type StaticServer } from '../support/static-server.js';

const NONCE = 'r4nd0mN0nce';
let site: StaticServer;
let elsewhere: StaticServer;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head><body>${body}</body></html>`;

test.beforeAll(async () => {
  // The other origin: an image, the journey URL (any page) and a decoy of every part that marks the page it runs in.
  const routes: StaticRoutes = {
    '/x.png': { body: '', type: 'image/png' },
    '/i/acme/cust_1': { body: page('<p>journey</p>'), type: 'text/html; charset=utf-8' },
  };
  for (const file of PART_FILES)
    routes[`/${file}`] = {
      body: `(window.__decoys = window.__decoys || []).push(${JSON.stringify(file)});`,
      type: 'text/javascript; charset=utf-8',
    };
  elsewhere = await startStaticServer({ host: 'localhost', routes });
  const injected = (attrs: string) => `<img name="currentScript" alt="" src="${elsewhere.url}/x.png" ${attrs}>`;
  const journey = `data-vendor="acme" data-customer-id="cust_1" data-journey-origin="${elsewhere.url}"`;
  site = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      ...scriptTagRoutes(),
      '/click': {
        body: page(
          `<section id="comments">${injected(`${journey} data-trigger="#connect"`)}</section>` +
            `<button id="connect">Connect bank</button>` +
            `<script src="/hosted-journey.iife.js" ${journey} data-trigger="#connect"></script>`,
        ),
        type: 'text/html; charset=utf-8',
      },
      '/strict-dynamic': {
        body: page(
          `<section id="comments">${injected('data-vendor="acme" data-vendr="acme"')}</section>` +
            `<button id="connect">Connect bank</button>` +
            `<script nonce="${NONCE}" src="/hosted-journey.iife.js" ${journey} data-trigger="#connect" data-primery-colour="#0B5FFF"></script>`,
        ),
        type: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': `script-src 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'` },
      },
    },
  });
});
test.afterAll(async () => {
  await Promise.all([site?.close(), elsewhere?.close()]);
});

type W = Window & { __decoys?: string[]; __hostedJourneyParts?: Record<string, unknown> };
const partScripts = (p: Page) =>
  p.evaluate(() => [...document.scripts].map((s) => s.src).filter((src) => /hosted-journey\.(?!iife)/.test(src)));

async function expectNothingFromElsewhere(p: Page): Promise<void> {
  expect(await p.evaluate(() => (window as W).__decoys ?? null)).toBeNull();
  expect(elsewhere.requests.filter((r) => r.includes('hosted-journey'))).toEqual([]);
}

test('an injected <img name="currentScript"> with a data-trigger: the click opens the modal from the part next to the real script tag', async ({
  page: p,
}) => {
  await p.goto(`${site.url}/click`);
  expect(await p.evaluate(() => (document as unknown as { currentScript: Element }).currentScript.tagName)).toBe('IMG');
  await p.click('#connect');
  await expect(p.locator('.hosted-journey-dialog')).toHaveCount(1);
  expect(await partScripts(p)).toContain(`${site.url}/hosted-journey.modal.js`);
  expect((await partScripts(p)).every((src) => src.startsWith(`${site.url}/`))).toBe(true);
  await expectNothingFromElsewhere(p);
});

test("an injected <img name=\"currentScript\"> with a misspelt data- attribute under a 'nonce' 'strict-dynamic' CSP: no part from its origin, the tag's own parts carry the nonce", async ({
  page: p,
}) => {
  const violations: string[] = [];
  p.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await p.goto(`${site.url}/strict-dynamic`);
  // The tag's own typo loads the typo warning's part, from next to the tag, with the tag's nonce.
  await expect.poll(() => p.evaluate(() => typeof (window as W).__hostedJourneyParts?.typos)).toBe('object');
  expect(await partScripts(p)).toEqual([`${site.url}/hosted-journey.typos.js`]);
  expect(
    await p.evaluate(
      () => (document.querySelector('script[src$="hosted-journey.typos.js"]') as HTMLScriptElement).nonce,
    ),
  ).toBe(NONCE);
  await p.click('#connect');
  await expect(p.locator('.hosted-journey-dialog')).toHaveCount(1);
  expect(await partScripts(p)).toContain(`${site.url}/hosted-journey.modal.js`);
  await expectNothingFromElsewhere(p);
  expect(violations).toEqual([]);
});
