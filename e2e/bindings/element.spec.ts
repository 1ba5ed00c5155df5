/**
 * `<hosted-journey>` in Chromium, from the built dist/element.js, framing the fixture journey on another origin.
 * The page is served under the same strict CSP as use case 01.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, html, js, requireDist, serve, type Served } from '../usecases/support/serve.js';
import { startFixtureJourney } from '../usecases/support/journey-server.js';
import { recordViolations, violations } from '../usecases/support/csp.js';
import { stamped } from '../support/stamped.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let journey: Served;
let site: Served;

test.beforeAll(async () => {
  requireDist('element.js');
  journey = await startFixtureJourney();
  site = await serve({
    '/': {
      ...html(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title></head><body><main id="root"></main><script type="module" src="/page.js"></script></body></html>',
      ),
      headers: {
        'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${journey.origin}`,
      },
    },
    '/page.js': js(await bundle(path.join(here, 'element-page.js'))),
  });
});
test.afterAll(async () => {
  await site?.close();
  await journey?.close();
});

async function open(page: Page, define = true): Promise<void> {
  await recordViolations(page);
  await page.goto(site.origin + '/');
  await expect(page.locator('html[data-loaded]')).toHaveCount(1);
  if (define) await page.evaluate(() => (window as any).__element.defineHostedJourneyElement());
}

/** Adds a `<hosted-journey>` with `attrs`, counting each `hosted-journey:*` event on the element and on document. */
async function add(page: Page, attrs: Record<string, string>, parent = '#root'): Promise<void> {
  await page.evaluate(
    ({ attrs, parent, origin }) => {
      const w = window as any;
      w.__seen = [];
      const types = ['ready', 'step', 'completed', 'exit', 'error', 'config_error'];
      for (const t of types)
        document.addEventListener(`hosted-journey:${t}`, (e) =>
          w.__seen.push({ on: 'document', type: t, detail: (e as CustomEvent).detail }),
        );
      const el = document.createElement('hosted-journey');
      // An Error detail (config_error) is copied field by field: structured cloning to the spec keeps only message.
      const plain = (d: any) =>
        d instanceof Error ? { name: d.name, code: (d as any).code, field: (d as any).field } : d;
      for (const t of types)
        el.addEventListener(`hosted-journey:${t}`, (e) =>
          w.__seen.push({ on: 'element', type: t, detail: plain((e as CustomEvent).detail) }),
        );
      el.setAttribute('journey-origin', origin);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.querySelector(parent)!.append(el);
      w.__el = el;
    },
    { attrs, parent, origin: journey.origin },
  );
}

type Seen = { on: string; type: string; detail: any };
const seen = (page: Page) => page.evaluate(() => (window as any).__seen as Seen[]);
const count = async (page: Page, on: string, type: string) =>
  (await seen(page)).filter((s) => s.on === on && s.type === type).length;

test('attributes map to options: deep link, collect, theme, title', async ({ page }) => {
  await open(page);
  await add(page, {
    vendor: 'acme',
    'customer-id': 'cust_el_1',
    'start-at': 'banks',
    'institution-id': 'cba',
    collect: 'analysis account_owner',
    'primary-colour': '#0b5fff',
    title: 'Link your bank',
    'min-height': '250',
  });
  const iframe = page.locator('hosted-journey > iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('title', 'Link your bank');
  const src = new URL((await iframe.getAttribute('src'))!);
  expect(src.origin).toBe(journey.origin);
  expect(src.pathname).toBe('/i/acme/cust_el_1/banks/cba');
  expect(src.searchParams.getAll('collect')).toEqual(['analysis', 'account_owner']);
  expect(src.searchParams.get('primary_colour')).toBe('0B5FFF');
  expect(src.searchParams.get('parent_origin')).toBe(site.origin);
  await expect.poll(() => count(page, 'element', 'ready')).toBe(1);
  expect(await violations(page)).toEqual([]);
});

test('events are DOM events on the element, exactly once, bubbling to document', async ({ page }) => {
  await open(page);
  await add(page, { vendor: 'acme', 'customer-id': 'cust_el_2' });
  await expect.poll(() => count(page, 'element', 'ready')).toBe(1);
  await page.frameLocator('hosted-journey iframe').locator('#finish').click();
  await expect.poll(() => count(page, 'element', 'completed')).toBe(1);
  const completed = (await seen(page)).filter((s) => s.type === 'completed');
  expect(completed).toEqual([
    { on: 'element', type: 'completed', detail: stamped({ applicationId: 'app_fixture_1' }) },
    { on: 'document', type: 'completed', detail: stamped({ applicationId: 'app_fixture_1' }) },
  ]);
  expect(completed[1]!.detail).toEqual(completed[0]!.detail); // one event: the same stamps
  expect(await count(page, 'element', 'ready')).toBe(1);
});

test('events are composed: a listener outside a shadow root hears an element inside it', async ({ page }) => {
  await open(page);
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'shadow-host';
    document.querySelector('#root')!.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const slot = document.createElement('div');
    slot.id = 'inner';
    shadow.append(slot);
    (window as any).__outside = [];
    host.addEventListener('hosted-journey:ready', (e) => (window as any).__outside.push((e as CustomEvent).detail));
    const el = document.createElement('hosted-journey');
    el.setAttribute('vendor', 'acme');
    el.setAttribute('customer-id', 'cust_shadow');
    (window as any).__shadowEl = el;
  });
  await page.evaluate((origin) => {
    const el = (window as any).__shadowEl as HTMLElement;
    el.setAttribute('journey-origin', origin);
    document.querySelector('#shadow-host')!.shadowRoot!.querySelector('#inner')!.append(el);
  }, journey.origin);
  await expect.poll(() => page.evaluate(() => (window as any).__outside)).toEqual([stamped({ step: 'fixture' })]);
});

test('attribute changes re-create once (coalesced); removing the element destroys the journey', async ({ page }) => {
  await open(page);
  await add(page, { vendor: 'acme', 'customer-id': 'cust_el_3' });
  await expect.poll(() => count(page, 'element', 'ready')).toBe(1);
  const first = await page.evaluate(() => (window as any).__el.handle);
  expect(first).not.toBeNull();

  await page.evaluate(() => {
    const el = (window as any).__el as HTMLElement & { handle: any };
    (window as any).__firstHandle = el.handle;
    (window as any).__added = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'IFRAME') (window as any).__added++;
    }).observe(el, { childList: true });
    el.setAttribute('customer-id', 'cust_el_4');
    el.setAttribute('start-at', 'terms');
  });
  const iframe = page.locator('hosted-journey > iframe');
  await expect(iframe).toHaveCount(1);
  await expect.poll(async () => new URL((await iframe.getAttribute('src'))!).pathname).toBe('/i/acme/cust_el_4/tnc');
  await expect.poll(() => count(page, 'element', 'ready')).toBe(2);
  expect(await page.evaluate(() => (window as any).__firstHandle.state)).toBe('destroyed');
  expect(await page.evaluate(() => (window as any).__added)).toBe(1); // two attribute changes, one new iframe

  const state = await page.evaluate(async () => {
    const el = (window as any).__el as HTMLElement & { handle: any };
    const handle = el.handle;
    el.remove();
    return { state: handle.state, after: el.handle, frames: document.querySelectorAll('iframe').length };
  });
  expect(state).toEqual({ state: 'destroyed', after: null, frames: 0 });
});

test('mode="modal": the dialog opens, events come from the element once (document hears each once), Escape gives exit user_closed', async ({
  page,
}) => {
  await open(page);
  await add(page, { vendor: 'acme', 'customer-id': 'cust_el_modal', mode: 'modal' });
  await expect(page.getByRole('dialog', { name: 'Connect your bank account' })).toBeVisible();
  await expect.poll(() => count(page, 'element', 'ready')).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => count(page, 'element', 'exit')).toBe(1);
  expect((await seen(page)).find((s) => s.on === 'element' && s.type === 'exit')!.detail).toEqual(
    stamped({ reason: 'user_closed' }),
  );
  expect(await page.locator('hosted-journey iframe').count()).toBe(0);
  // The element is the widget's eventTarget in modal mode too: document hears each event once, not twice.
  expect(await count(page, 'document', 'ready')).toBe(1);
  expect(await count(page, 'document', 'exit')).toBe(1);
});

test('a bad attribute dispatches hosted-journey:config_error and mounts nothing', async ({ page }) => {
  await open(page);
  await add(page, { vendor: 'not a vendor!', 'customer-id': 'cust_el_5' });
  await expect.poll(() => count(page, 'element', 'config_error')).toBe(1);
  const detail = (await seen(page)).find((s) => s.type === 'config_error')!.detail;
  expect(detail).toMatchObject({ name: 'JourneyConfigError', code: 'INVALID_VENDOR', field: 'vendor' });
  expect(await page.locator('iframe').count()).toBe(0);
});

test('each event also under the name template syntaxes bind (hosted-journey-completed …): same detail, once, after its twin', async ({
  page,
}) => {
  await open(page);
  await page.evaluate((origin) => {
    const w = window as any;
    w.__names = [];
    const names = ['ready', 'completed', 'config_error'].flatMap((t) => [
      `hosted-journey:${t}`,
      `hosted-journey-${t.replace('_', '-')}`,
    ]);
    for (const name of names)
      document.addEventListener(name, (e) =>
        w.__names.push({ name, detail: name.includes('config') ? null : (e as CustomEvent).detail }),
      );
    const el = document.createElement('hosted-journey');
    for (const [k, v] of Object.entries({ vendor: 'acme', 'customer-id': 'cust_el_names', 'journey-origin': origin }))
      el.setAttribute(k, v);
    document.querySelector('#root')!.append(el);
  }, journey.origin);
  const names = () => page.evaluate(() => (window as any).__names as { name: string; detail: unknown }[]);
  await expect
    .poll(async () => (await names()).map((n) => n.name))
    .toEqual(['hosted-journey:ready', 'hosted-journey-ready']);
  await page.frameLocator('hosted-journey iframe').locator('#finish').click();
  await expect.poll(async () => (await names()).length).toBe(4);
  const [, , completed, twin] = await names();
  expect(completed).toEqual({ name: 'hosted-journey:completed', detail: stamped({ applicationId: 'app_fixture_1' }) });
  expect(twin).toEqual({ ...completed, name: 'hosted-journey-completed' });
  // A configuration error too: the element's own event has its twin.
  await page.evaluate(() => {
    const el = document.createElement('hosted-journey');
    el.setAttribute('vendor', 'acme');
    document.querySelector('#root')!.append(el);
  });
  await expect
    .poll(async () => (await names()).slice(4).map((n) => n.name))
    .toEqual(['hosted-journey:config_error', 'hosted-journey-config-error']);
});

test('prefill set as a property before the element is defined is kept (upgrade), and reaches the journey', async ({
  page,
}) => {
  await open(page, false);
  await page.evaluate((origin) => {
    // What a framework does when it renders before defineHostedJourneyElement(): a plain element, a property on it.
    const el = document.createElement('hosted-journey') as HTMLElement & { prefill?: unknown };
    for (const [k, v] of Object.entries({ vendor: 'acme', 'customer-id': 'cust_el_upgrade', 'journey-origin': origin }))
      el.setAttribute(k, v);
    el.prefill = { fullName: 'Alex Citizen', email: 'alex@example.com' };
    document.querySelector('#root')!.append(el);
    (window as any).__element.defineHostedJourneyElement();
  }, journey.origin);
  await expect(page.frameLocator('hosted-journey iframe').locator('main')).toHaveAttribute(
    'data-prefill',
    JSON.stringify({ fullName: 'Alex Citizen', email: 'alex@example.com' }),
  );
  // Through the setter: the element's own accessor, no own property left shadowing it.
  expect(
    await page.evaluate(() => {
      const el = document.querySelector('hosted-journey') as HTMLElement & { prefill?: { fullName: string } };
      return {
        own: Object.hasOwn(el, 'prefill'),
        fullName: el.prefill?.fullName,
        attribute: el.hasAttribute('prefill'),
      };
    }),
  ).toEqual({ own: false, fullName: 'Alex Citizen', attribute: false });
});

test('defineHostedJourneyElement defines only when the name is free, and takes another tag name', async ({ page }) => {
  await open(page, false);
  const result = await page.evaluate(() => {
    const { defineHostedJourneyElement, HostedJourneyElement } = (window as any).__element;
    class Theirs extends HTMLElement {}
    customElements.define('hosted-journey', Theirs);
    const kept = defineHostedJourneyElement() === Theirs;
    const custom = defineHostedJourneyElement('acme-journey');
    const again = defineHostedJourneyElement('acme-journey');
    return {
      kept,
      stillTheirs: customElements.get('hosted-journey') === Theirs,
      subclass: custom.prototype instanceof HostedJourneyElement,
      stable: custom === again,
    };
  });
  expect(result).toEqual({ kept: true, stillTheirs: true, subclass: true, stable: true });
  await page.evaluate((origin) => {
    const el = document.createElement('acme-journey');
    el.setAttribute('vendor', 'acme');
    el.setAttribute('customer-id', 'cust_tag');
    el.setAttribute('journey-origin', origin);
    document.querySelector('#root')!.append(el);
  }, journey.origin);
  await expect(page.locator('acme-journey > iframe')).toHaveCount(1);
});
