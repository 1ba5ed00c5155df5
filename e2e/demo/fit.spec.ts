/**
 * The demo's pages and the sandbox's index fit a phone (375 px) and a desktop (1280 px), measured in Chromium: no page
 * is wider than the window, the header's page links sit on one row, the server-to-server page's "What happens" items
 * wrap as running text (no more lines than their words need), every table of the sandbox index (deliveries included)
 * fits its section (and axe finds nothing there), and the SPA's Progress card says something before an application
 * starts, and the Connections page with a consent warned fits too, and so does an application page with its trace drawn
 * as a waterfall (HOSTED_JOURNEY_TRACE=1), and the inline journey on the script-tag page is as tall as its content with no
 * blank under it (first step and bank list). e2e/demo/accessibility.spec.ts runs axe over the demo's pages at the same two sizes.
 */
import { expect, type Page, test } from '@playwright/test';
import { startTestSandbox, startWebhookReceiver, type TestSandbox } from '../../test/support/sandbox.js';
import { checkAxe } from '../support/axe.js';
import { type Stack, startStack, traceApplication, walkToBanks } from './stack.js';

let stack: Stack;
/** A demo with HOSTED_JOURNEY_TRACE's store, and an application whose trace its page draws. */
let traced: Stack;
let tracedRef: string;
let sb: TestSandbox;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  stack = await startStack();
  traced = await startStack({ tracing: true });
  tracedRef = await traceApplication(traced);
  // A sandbox whose index lists a receiver's deliveries: the widest table the index draws.
  hooks = await startWebhookReceiver();
  sb = await startTestSandbox({ webhooks: [{ url: hooks.url }] });
  await sb.driveToCrawled('lendly', 'fit_e2e');
  await sb.webhooksIdle();
});
test.afterAll(async () => {
  await stack?.close();
  await traced?.close();
  await sb?.close();
  await hooks?.close();
});

const DEMO_PAGES = [
  '/',
  '/script-tag.html',
  '/spa.html',
  '/direct.html',
  '/credit.html',
  '/connections.html',
  '/applications/cust_fit',
  '/applications/{traced} (its trace drawn)',
];
/** A page's URL: on the traced demo for the application with a trace, else on the plain one. */
const urlOf = (path: string) =>
  path.startsWith('/applications/{traced}') ? `${traced.demo.url}/applications/${tracedRef}` : stack.demo.url + path;
const SIZES = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * The page's width beyond the window, and the elements that stick out of it (not counting what a scroller of its own
 * clips, like the phone's row of page links).
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return p !== document.documentElement && p !== document.body;
      return false;
    };
    return {
      beyond: document.documentElement.scrollWidth - window.innerWidth,
      sticking: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(e))
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    };
  });

/** The most the journey's document may run on under its card's footer: its margin and the shell's padding, 32 px at most. */
const maxBlank = (fit: { allowed: number }) => Math.min(32, fit.allowed + 2);

/**
 * The inline journey on the script-tag page, measured once the widget's resizer has set the frame to the height the
 * journey reported: inside the frame, the card's bottom, the footer under it and the document's end; outside, the frame
 * against its container and the page's own footer.
 */
async function inlineJourneyFit(page: Page) {
  const iframe = page.locator('#journey iframe');
  const inner = () =>
    page
      .frameLocator('#journey iframe')
      .locator('html')
      .evaluate((html) => {
        const px = (e: Element, k: 'paddingBottom' | 'marginTop') => Number.parseFloat(getComputedStyle(e)[k]);
        const card = document.querySelector('main.hj-card')!;
        const foot = document.querySelector('footer.hj-foot')!;
        const shell = document.querySelector('.hj-shell')!;
        const bottom = (e: Element) => e.getBoundingClientRect().bottom + scrollY;
        return {
          scrollHeight: html.scrollHeight,
          cardToEnd: html.scrollHeight - bottom(card),
          footHeight: foot.getBoundingClientRect().height,
          // What may lie between the card and the end besides the footer's box: its margin and the shell's padding.
          allowed: px(foot, 'marginTop') + px(shell, 'paddingBottom'),
        };
      });
  // The resizer answers the journey's report asynchronously, and a resize makes the journey report again: wait until the
  // frame agrees with its document and the document ends under its footer (a frame left taller than its content, as
  // after a widening, stretches its document to the frame's height until the resizer shrinks it).
  await expect
    .poll(async () => {
      const now = await inner();
      const height = (await iframe.boundingBox())!.height;
      return Math.abs(height - now.scrollHeight) <= 1 && now.cardToEnd - now.footHeight <= maxBlank(now);
    })
    .toBe(true);
  const outer = await page.locator('#journey').evaluate((box) => {
    const frame = box.querySelector('iframe')!.getBoundingClientRect();
    const style = getComputedStyle(box);
    const wrap = getComputedStyle(box.closest('main')!);
    return {
      frameHeight: frame.height,
      underFrame: box.getBoundingClientRect().bottom - frame.bottom,
      boxBottom: Number.parseFloat(style.paddingBottom) + Number.parseFloat(style.borderBottomWidth),
      toPageFooter:
        document.querySelector('footer.foot')!.getBoundingClientRect().top - box.getBoundingClientRect().bottom,
      wrapBottom: Number.parseFloat(wrap.paddingBottom),
    };
  });
  return { ...(await inner()), ...outer };
}

type Size = (typeof SIZES)[number];

/**
 * `check` at each size on the one page: loaded at phone size (the first), checked, then widened to desktop size and
 * checked again. The demo's pages, the sandbox's index and the journey lay out by CSS (media queries and container
 * widths), which a resize re-applies, so the second check meets the layout a desktop visitor gets; one load and one walk
 * to the state per test instead of one per size.
 */
async function atEachSize(page: Page, check: (size: Size) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The new width laid out and painted (two frames) before it is measured.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => innerWidth)).toBe(size.width);
    await check(size);
  }
}

test.describe(SIZES.map((s) => `${s.name} (${s.width} px)`).join(' then '), () => {
  test.beforeEach(({ page }) => page.setViewportSize({ width: SIZES[0]!.width, height: SIZES[0]!.height }));

  test('every demo page is no wider than the window, and its page links sit on one row', async ({ page }) => {
    for (const path of DEMO_PAGES) {
      await page.setViewportSize({ width: SIZES[0]!.width, height: SIZES[0]!.height });
      await page.goto(urlOf(path));
      await page.waitForLoadState('load');
      if (path.includes('trace drawn'))
        await expect(page.locator('#trace')).toHaveAttribute('data-state', 'drawn', { timeout: 15_000 });
      await atEachSize(page, async (size) => {
        expect(await overflow(page), `${path} at ${size.name}`).toEqual({ beyond: 0, sticking: [] });
        const rows = await page
          .locator('.nav a')
          .evaluateAll((links) => new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size);
        expect(rows, `${path} at ${size.name}: rows of page links`).toBe(1);
        // Logo and links: two rows on a phone at most, one on a desktop.
        const header = (await page.locator('header.top').boundingBox())!.height;
        expect(header, `${path} at ${size.name}: header height`).toBeLessThanOrEqual(size.width < 640 ? 110 : 70);
      });
    }
  });

  test('"What happens" on the server-to-server page wraps as running text', async ({ page }) => {
    await page.goto(`${stack.demo.url}/direct.html`);
    const items = page.getByRole('complementary', { name: 'What happens' }).getByRole('listitem');
    await expect(items).toHaveCount(5);
    await atEachSize(page, async (size) => {
      const measured = await items.evaluateAll((lis) =>
        lis.map((li) => {
          const style = getComputedStyle(li);
          const lineHeight = Number.parseFloat(style.lineHeight);
          const box = li.getBoundingClientRect();
          const content =
            box.height -
            ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']
              .map((k) => Number.parseFloat(style[k as 'paddingTop']))
              .reduce((a, b) => a + b, 0);
          // The item's words on one unbroken line, in the same font: how many lines they need at this width.
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          probe.style.position = 'absolute';
          probe.style.visibility = 'hidden';
          probe.innerHTML = li.innerHTML;
          li.appendChild(probe);
          const needed = Math.ceil(probe.getBoundingClientRect().width / li.clientWidth);
          probe.remove();
          return { text: li.textContent, lines: Math.round(content / lineHeight), needed };
        }),
      );
      for (const m of measured)
        expect(m.lines, `${m.text} at ${size.name}: ${JSON.stringify(m)}`).toBeLessThanOrEqual(m.needed + 1);
      // At 1280 every item fits on two lines.
      if (size.width >= 1280) for (const m of measured) expect(m.lines, m.text!).toBeLessThanOrEqual(2);
    });
  });

  test('the Connections page with a consent and its warnings shown is no wider than the window', async ({ page }) => {
    await page.goto(`${stack.demo.url}/connections.html`);
    await page.getByRole('button', { name: 'Connect a test customer' }).click();
    await expect(page.locator('article.consent').last()).toHaveAttribute('data-status', 'active', {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: '+180 days' }).click();
    await page.getByRole('button', { name: '+180 days' }).click();
    await expect(page.locator('#log li[data-type="consent.expiring"]')).not.toHaveCount(0);
    await expect(page.locator('article.consent[data-status="expiring"]')).not.toHaveCount(0);
    await atEachSize(page, async (size) => {
      expect(await overflow(page), size.name).toEqual({ beyond: 0, sticking: [] });
    });
  });

  test('the inline journey on the script-tag page is as tall as its content, with no blank under it', async ({
    page,
  }) => {
    await page.goto(`${stack.demo.url}/script-tag.html`);
    const frame = page.frameLocator('#journey iframe');
    const steps = [
      {
        name: 'first step',
        reach: () => expect(frame.locator('main.hj-card')).toHaveAttribute('data-step', 'terms'),
      },
      {
        name: 'bank list',
        reach: async () => {
          await walkToBanks(frame, { fullName: 'Alex Citizen', email: 'alex@example.com' });
          await expect(frame.getByRole('button', { name: /Sandbox Bank/ })).toBeVisible();
        },
      },
    ];
    for (const step of steps) {
      await step.reach();
      await atEachSize(page, async (size) => {
        const fit = await inlineJourneyFit(page);
        const blank = fit.cardToEnd - fit.footHeight;
        const at = `${step.name} at ${size.width}`;
        test.info().annotations.push({ type: at, description: JSON.stringify(fit) });
        // The frame is its document's height: no scrollbar inside, no empty frame below the document's end.
        expect(Math.abs(fit.frameHeight - fit.scrollHeight), `${at}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(1);
        // Under the card only the footer (secure note and Exit, the last control), its 12 px margin and the shell's
        // bottom padding (12 px on a phone, 16 px wider): 28 px at most, plus a pixel of rounding each; never over 32.
        expect(blank, `${at}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(maxBlank(fit));
        // Outside the frame: the container's padding and border, then the page's bottom padding — nothing else.
        expect(fit.underFrame, `${at}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.boxBottom + 1);
        expect(fit.toPageFooter, `${at}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.wrapBottom + 1);
      });
    }
  });

  test("the SPA's Progress card says what will appear there before an application starts", async ({ page }) => {
    await page.goto(`${stack.demo.url}/spa.html`);
    const card = page.getByRole('region', { name: '2 · Progress' });
    await expect(card.locator('#progress')).toContainText('Nothing to follow yet');
    await atEachSize(page, async (size) => {
      // Something under the heading takes room: the card is not a heading over an empty box.
      expect((await card.locator('#progress').boundingBox())!.height, size.name).toBeGreaterThan(16);
    });
  });

  test('the sandbox index, deliveries included, is no wider than the window and every table fits', async ({ page }) => {
    await page.goto(`${sb.url}/`);
    await expect(page.getByRole('article', { name: 'Webhook wh_1' }).getByRole('row')).not.toHaveCount(0);
    await atEachSize(page, async (size) => {
      expect(await overflow(page), size.name).toEqual({ beyond: 0, sticking: [] });
      const tables = await page.locator('table').evaluateAll((ts) =>
        ts.map((t) => {
          const parent = getComputedStyle(t.parentElement!);
          const padding = Number.parseFloat(parent.paddingLeft) + Number.parseFloat(parent.paddingRight);
          return { width: Math.floor(t.getBoundingClientRect().width), room: t.parentElement!.clientWidth - padding };
        }),
      );
      expect(tables.length).toBeGreaterThanOrEqual(5);
      for (const t of tables) expect(t.width, size.name).toBeLessThanOrEqual(t.room);
      const axe = await checkAxe(page);
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        size.name,
      ).toEqual([]);
    });
  });
});
