/**
 * The customer's language through the widget, in Chromium: the script tag's `HostedJourney.createJourney` on an
 * integrator page (localhost, `<html lang="en">`) mounts the real sandbox's journey (127.0.0.1) inline or in the modal,
 * with `locale` given. Checked in the widget's frames, not on the journey page opened alone (languages.spec.ts):
 * - `ar`: the journey's `<html lang dir>` and its right-to-left layout inside the frame, the modal's and the inline
 *   error view's lang/dir and words (Close, Loading…, the error view, Try again) in Arabic;
 * - the frame's accessible name (its `title`, and the dialog's label): en-AU's at once, never empty, then the locale's
 *   once its catalogue is loaded (ar, zh-Hans, zh-Hant); an integrator's own `title` is kept; an en-AU journey loads no part;
 * - the pseudo-locale en-XA at 320 px and 1280 px, inline and modal: no horizontal overflow in the page or inside the
 *   journey's frame, and no control cut off by its container, the frame or the window (measured);
 * - axe's lang rules over the page and the journey's frame in ar and en-XA.
 */
import { expect, type Frame, type Page, test } from '@playwright/test';
import { WORDS as AR } from '../../src/widget/words/ar.js';
import { EN_AU } from '../../src/widget/words/en-AU.js';
import { WORDS as ZH } from '../../src/widget/words/zh-Hans.js';
import { WORDS as ZH_HANT } from '../../src/widget/words/zh-Hant.js';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { checkAxe } from '../support/axe.js';
import { scriptTagRoutes } from '../support/script-files.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

/**
 * `?origin=&locale=&mode=&title=&ref=` mounts a journey. Every title the page's iframes carry is recorded from the
 * moment each is added: `window.__titles`.
 */
const INTEGRATOR = `
const q = new URL(location.href).searchParams;
window.__titles = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'attributes') window.__titles.push(r.target.title);
    else for (const n of r.addedNodes) if (n.tagName === 'IFRAME') window.__titles.push(n.title);
  }
}).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['title'] });
window.__errors = [];
window.__j = HostedJourney.createJourney({
  vendor: 'acme', customerId: q.get('ref'), journeyOrigin: q.get('origin'),
  ...(q.get('mode') === 'modal' ? { mode: 'modal' } : { container: '#journey' }),
  ...(q.get('locale') ? { locale: q.get('locale') } : {}),
  ...(q.get('title') ? { title: q.get('title') } : {}),
  ...(q.get('timeout') ? { readyTimeoutMs: Number(q.get('timeout')) } : {}),
  onError: (e) => window.__errors.push(e.code),
});
window.__j.open();
`;

let sandbox: TestSandbox;
let notJourney: StaticServer;
let site: StaticServer;
test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  notJourney = await startStaticServer({ host: '127.0.0.1' }); // every path is its 404 page: no journey answers
  site = await startStaticServer({
    host: 'localhost',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Apply</title></head>
<body style="margin:0"><div id="journey"></div><script src="/hosted-journey.iife.js"></script>
<script src="/integrator.js"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      '/integrator.js': { body: INTEGRATOR, type: 'text/javascript; charset=utf-8' },
      ...scriptTagRoutes(),
    },
  });
});
test.afterAll(async () => {
  await Promise.all([site?.close(), notJourney?.close(), sandbox?.close()]);
});

type Mode = 'inline' | 'modal';
interface Mount {
  mode: Mode;
  locale?: string;
  title?: string;
  ref: string;
  origin?: string;
  timeout?: number;
}

function open(page: Page, m: Mount) {
  const q = new URLSearchParams({ origin: m.origin ?? sandbox.url, mode: m.mode, ref: m.ref });
  if (m.locale) q.set('locale', m.locale);
  if (m.title) q.set('title', m.title);
  if (m.timeout) q.set('timeout', String(m.timeout));
  return page.goto(`${site.url}/apply?${q}`);
}

const IFRAME = { inline: '#journey iframe', modal: '[role="dialog"] iframe' } as const;

/** The journey's frame once its first step is on screen (not the loading state). */
async function journeyFrame(page: Page, mode: Mode): Promise<Frame> {
  const handle = await page.locator(IFRAME[mode]).elementHandle({ timeout: 30_000 });
  const frame = (await handle!.contentFrame())!;
  await expect(frame.locator('main[data-step]')).not.toHaveAttribute('data-step', 'loading', { timeout: 30_000 });
  await expect(frame.locator('main h1, main h2').first()).toBeVisible();
  return frame;
}

const htmlOf = (frame: Frame | Page) =>
  frame.locator('html').evaluate((e) => ({ lang: e.getAttribute('lang'), dir: e.getAttribute('dir') }));

const titles = (page: Page) => page.evaluate(() => (window as unknown as { __titles: string[] }).__titles);

for (const mode of ['inline', 'modal'] as const) {
  test(`ar ${mode}: the journey in its frame is <html lang="ar" dir="rtl"> and laid out right to left; the frame is named in Arabic`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    const start = site.requests.length;
    await open(page, { mode, locale: 'ar', ref: `ar_rtl_${mode}` });
    const frame = await journeyFrame(page, mode);
    expect(await htmlOf(frame)).toEqual({ lang: 'ar', dir: 'rtl' });
    const layout = await frame.evaluate(() => {
      const card = document.querySelector('.hj-card')!;
      const heading = card.querySelector('h1, h2')!;
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      const box = heading.getBoundingClientRect();
      const button = card.querySelector('button[type=submit], button')!.getBoundingClientRect();
      const area = card.getBoundingClientRect();
      return {
        direction: getComputedStyle(card).direction,
        rightGap: box.right - text.right,
        leftGap: text.left - box.left,
        // The step's button sits on the right of its card, as a left-to-right one sits on the left.
        buttonRight: area.right - button.right,
        buttonLeft: button.left - area.left,
      };
    });
    expect(layout.direction).toBe('rtl');
    expect(layout.rightGap).toBeLessThan(2);
    expect(layout.leftGap).toBeGreaterThan(layout.rightGap);
    expect(layout.buttonRight).toBeLessThan(layout.buttonLeft);
    // The frame's accessible name: en-AU's from the start, never empty, Arabic once the catalogue is there.
    await expect(page.locator(IFRAME[mode])).toHaveAttribute('title', AR.title!);
    const seen = await titles(page);
    expect(seen[0]).toBe(EN_AU.title);
    expect(seen.every((t) => t.length > 0)).toBe(true);
    expect(seen.at(-1)).toBe(AR.title);
    if (mode === 'modal') {
      const root = page.locator('.hosted-journey-modal');
      expect(await root.evaluate((e) => [(e as HTMLElement).lang, (e as HTMLElement).dir])).toEqual(['ar', 'rtl']);
      await expect(page.getByRole('dialog', { name: AR.title })).toBeVisible();
      await expect(page.getByRole('button', { name: AR.close })).toBeVisible();
    }
    // The catalogue is fetched once, though both the modal and the frame's name ask for it.
    expect(site.requests.slice(start).filter((r) => r === '/hosted-journey.ar.js')).toHaveLength(1);
  });
}

for (const [locale, words, script] of [
  ['zh-Hans', ZH, 'Simplified'],
  ['zh-Hant', ZH_HANT, 'Traditional'],
] as const) {
  test(`${locale} inline and modal: the iframe element is named in ${script} Chinese once its catalogue is loaded`, async ({
    page,
  }) => {
    for (const mode of ['inline', 'modal'] as const) {
      await open(page, { mode, locale, ref: `${locale.replace('-', '_')}_title_${mode}` });
      await journeyFrame(page, mode);
      await expect(page.locator(IFRAME[mode])).toHaveAttribute('title', words.title!);
      expect((await titles(page))[0]).toBe(EN_AU.title);
    }
  });
}

test("an integrator's own title stays in every locale, and an en-AU journey loads no part to name its frame", async ({
  page,
}) => {
  const start = site.requests.length;
  await open(page, { mode: 'inline', locale: 'ar', title: 'Bank link', ref: 'ar_own_title' });
  const frame = await journeyFrame(page, 'inline');
  expect(await htmlOf(frame)).toEqual({ lang: 'ar', dir: 'rtl' });
  expect(await titles(page)).toEqual(['Bank link']);
  const parts = (from: number) => site.requests.slice(from).filter((r) => /hosted-journey\.(?!iife)/.test(r));
  expect(parts(start)).toEqual([]);

  const before = site.requests.length;
  await open(page, { mode: 'inline', locale: 'en-AU', ref: 'en_title' });
  await journeyFrame(page, 'inline');
  await expect(page.locator(IFRAME.inline)).toHaveAttribute('title', EN_AU.title);
  expect(parts(before)).toEqual([]);
});

test("ar: the widget's own words in Arabic — the modal's Loading… and Close, its error view and Try again, and inline's error view", async ({
  page,
}) => {
  // A journey origin where no journey answers: the modal stays loading until the ready watchdog fires.
  await open(page, { mode: 'modal', locale: 'ar', ref: 'ar_words', origin: notJourney.url, timeout: 6000 });
  const dialog = page.getByRole('dialog', { name: AR.title });
  await expect(dialog.getByText(AR.loading!)).toBeVisible();
  await expect(dialog.getByRole('button', { name: AR.close })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText(AR.failed!, { timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: AR.retry })).toBeVisible();
  expect(
    await page.locator('.hosted-journey-modal').evaluate((e) => [(e as HTMLElement).lang, (e as HTMLElement).dir]),
  ).toEqual(['ar', 'rtl']);
  await expect(dialog).not.toContainText(EN_AU.close);

  await open(page, { mode: 'inline', locale: 'ar', ref: 'ar_words_inline', origin: notJourney.url, timeout: 6000 });
  const alert = page.locator('#journey [role="alert"]');
  await expect(alert).toContainText(AR.failed!, { timeout: 20_000 });
  await expect(alert.getByRole('button', { name: AR.retry })).toBeVisible();
  expect(await alert.evaluate((e) => [(e as HTMLElement).lang, (e as HTMLElement).dir])).toEqual(['ar', 'rtl']);
  expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors.length)).toBeGreaterThan(0);
});

/**
 * In a document: how far it is wider than its window, and the controls (buttons, links, fields) that stick out of the
 * window, out of the element that holds them, or whose own text is cut (wider than the control).
 */
function layoutOf(doc: Page | Frame) {
  return doc.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, iframe')) {
      const box = el.getBoundingClientRect();
      if (!box.width && !box.height) continue; // not rendered
      const holder = el.parentElement!.getBoundingClientRect();
      const out =
        box.left < -0.5 ||
        box.right > width + 0.5 ||
        box.left < holder.left - 0.5 ||
        box.right > holder.right + 0.5 ||
        (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1);
      if (out)
        clipped.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    }
    return { beyond: document.documentElement.scrollWidth - width, clipped };
  });
}

for (const size of [
  { name: 'a 320 px phone', width: 320, height: 640 },
  { name: 'a 1280 px desktop', width: 1280, height: 800 },
]) {
  for (const mode of ['inline', 'modal'] as const) {
    test(`en-XA ${mode} on ${size.name}: nothing overflows the page or the journey's frame, no control is cut off`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await open(page, { mode, locale: 'en-XA', ref: `xa_${mode}_${size.width}` });
      const frame = await journeyFrame(page, mode);
      expect(await htmlOf(frame)).toEqual({ lang: 'en-XA', dir: 'ltr' });
      expect(await layoutOf(page), 'the page').toEqual({ beyond: 0, clipped: [] });
      expect(await layoutOf(frame), 'the journey, terms').toEqual({ beyond: 0, clipped: [] });
      if (mode === 'modal') {
        const close = await page.locator('.hosted-journey-close').boundingBox();
        expect(close!.x).toBeGreaterThanOrEqual(0);
        expect(close!.x + close!.width).toBeLessThanOrEqual(size.width);
      }
      // The next step, with the customer's fields.
      await frame.locator('input[type=checkbox]').check();
      await frame.locator('main button[type=submit]').click();
      await expect(frame.locator('input[type=email]')).toBeVisible();
      expect(await layoutOf(page), 'the page, details').toEqual({ beyond: 0, clipped: [] });
      expect(await layoutOf(frame), 'the journey, details').toEqual({ beyond: 0, clipped: [] });
    });
  }
}

const LANG_RULES = ['html-has-lang', 'html-lang-valid', 'valid-lang', 'html-xml-lang-mismatch'];

/**
 * axe's lang rules run with `frame`'s own document as the one checked. axe checks `<html lang>` only in the document it
 * was started in (its html rules skip framed documents), so the page's run cannot speak for the journey's frame.
 */
async function axeInFrame(frame: Frame): Promise<{ violations: string[]; passes: string[] }> {
  const r = await checkAxe(frame, { rules: LANG_RULES });
  return {
    violations: r.violations.map((v) => `${v.id} (${v.nodes.length})`),
    passes: r.passes.map((p) => p.id),
  };
}

for (const locale of ['ar', 'en-XA']) {
  for (const mode of ['inline', 'modal'] as const) {
    test(`axe finds no lang violation in the page or in the journey's frame in ${locale}, ${mode}`, async ({
      page,
    }) => {
      await open(page, { mode, locale, ref: `axe_frame_${mode}_${locale.replace(/\W/g, '_')}` });
      const frame = await journeyFrame(page, mode);
      const host = await checkAxe(page, { rules: LANG_RULES });
      expect(host.violations.map((v) => v.id)).toEqual([]);
      const inFrame = await axeInFrame(frame);
      expect(inFrame.violations).toEqual([]);
      expect(inFrame.passes).toEqual(expect.arrayContaining(['html-has-lang', 'html-lang-valid']));
      expect(await htmlOf(frame)).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
    });
  }
}
