/**
 * Phones, in Chromium's mobile emulation (touch, device pixel ratio, a mobile viewport): the integrator page of
 * e2e/roundtrip against the real sandbox, modal and inline, through the bank popup to completion. The modal is a
 * full-screen sheet (no margin, no radius, the viewport's height, a 44 px close control, the page behind it locked
 * and put back where it was), the keyboard never hides the focused field, nothing scrolls sideways at 320 px, and axe
 * finds no serious or critical violation at phone size.
 */
import { expect, type Page, test } from '@playwright/test';
import { bankPhases, startRoundTrip, type RoundTrip } from '../roundtrip/setup.js';
import { checkAxe } from '../support/axe.js';
import { stamped } from '../support/stamped.js';

// A bank round trip with a popup per test: the engines scenarios' budget, not the 45 s default (npm test runs this
// beside the examples' builds on a shared machine).
test.describe.configure({ timeout: 90_000 });

let rt: RoundTrip;
test.beforeAll(async () => {
  rt = await startRoundTrip();
});
test.afterAll(async () => {
  await rt?.close();
});

const DONE = 'You’re all done';
const PHONES = [
  { name: '375×667 DPR 2', viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 },
  { name: '390×844 DPR 3', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
];
const FRAME = { inline: '#journey iframe', modal: '.hosted-journey-dialog iframe' } as const;
type Mode = keyof typeof FRAME;
const page = (ref: string, mode: Mode) => `${rt.page(ref)}&mode=${mode}`;

/** scrollWidth ≤ clientWidth for the page's root, and for every element that scrolls. */
const sidewaysScroll = (p: Page | ReturnType<Page['frames']>[number]) =>
  p.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`root ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowX)) continue;
      if (el.scrollWidth > el.clientWidth && !el.closest('.hj-testlogins'))
        out.push(`${el.tagName}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });

async function journeyFrame(p: Page, mode: Mode) {
  const handle = await p.waitForSelector(FRAME[mode]);
  return (await handle.contentFrame())!;
}

/** Details → the bank's page → the consent step → the popup → Approve → done. */
async function throughTheBank(p: Page, mode: Mode): Promise<void> {
  const frame = p.frameLocator(FRAME[mode]);
  await expect(frame.getByLabel('Email')).toHaveValue('alex@example.com', { timeout: 20_000 });
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  const [popup] = await Promise.all([
    p.waitForEvent('popup'),
    frame.getByRole('button', { name: 'Continue to CDR-only Bank' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Approve' }).click();
  await popup.waitForEvent('close');
  await expect(frame.getByRole('heading', { name: DONE })).toBeVisible({ timeout: 20_000 });
  expect((await bankPhases(p)).at(-1)).toEqual(
    stamped({ phase: 'completed', status: 'authorised', strategy: 'popup' }),
  );
}

for (const phone of PHONES) {
  test.describe(phone.name, () => {
    test.use({ ...phone, isMobile: true, hasTouch: true });

    test('modal: a full-screen sheet, page locked behind it and restored; through the bank popup to done', async ({
      page: p,
    }) => {
      await p.goto(page(`sheet_${phone.viewport.width}`, 'modal'));
      await p.evaluate(() => {
        document.body.style.minHeight = '3000px';
        window.scrollTo(0, 400);
      });
      await p.evaluate(() => (window as any).__journey.close());
      await p.evaluate(() => window.scrollTo(0, 400));
      await p.evaluate(() => (window as any).__journey.open());
      const dialog = p.locator('.hosted-journey-dialog');
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box).toEqual({ x: 0, y: 0, width: phone.viewport.width, height: phone.viewport.height });
      const look = await dialog.evaluate((el) => {
        const s = getComputedStyle(el);
        return { radius: s.borderTopLeftRadius, overlayPadding: getComputedStyle(el.parentElement!).paddingTop };
      });
      expect(look).toEqual({ radius: '0px', overlayPadding: '0px' });
      const close = (await p.locator('.hosted-journey-close').boundingBox())!;
      expect(close.width).toBeGreaterThanOrEqual(44);
      expect(close.height).toBeGreaterThanOrEqual(44);
      // The page behind is fixed where it was: a swipe does not move it.
      expect(await p.evaluate(() => getComputedStyle(document.body).position)).toBe('fixed');
      const top = () =>
        p.evaluate(
          () => document.body.getBoundingClientRect().top - parseFloat(getComputedStyle(document.body).marginTop),
        );
      expect(await top()).toBe(-400);
      await p.mouse.wheel(0, 600);
      expect(await top()).toBe(-400);
      expect(await sidewaysScroll(p)).toEqual([]);
      expect(await sidewaysScroll(await journeyFrame(p, 'modal'))).toEqual([]);
      // The sandbox journey, framed and narrow, has no card inside the sheet.
      const card = await (await journeyFrame(p, 'modal')).evaluate(() => {
        const s = getComputedStyle(document.querySelector('.hj-card')!);
        return { border: s.borderTopWidth, shadow: s.boxShadow };
      });
      expect(card).toEqual({ border: '0px', shadow: 'none' });
      await throughTheBank(p, 'modal');
      await p.locator('.hosted-journey-close').click();
      await expect(dialog).toHaveCount(0);
      expect(await p.evaluate(() => [getComputedStyle(document.body).position, window.scrollY])).toEqual([
        'static',
        400,
      ]);
    });

    test('inline: the frame takes the container width; through the bank popup to done', async ({ page: p }) => {
      await p.goto(page(`inline_${phone.viewport.width}`, 'inline'));
      const widths = await p.evaluate(() => [
        document.querySelector('#journey')!.getBoundingClientRect().width,
        document.querySelector('#journey iframe')!.getBoundingClientRect().width,
      ]);
      expect(widths[1]).toBe(widths[0]);
      await throughTheBank(p, 'inline');
      expect(await sidewaysScroll(p)).toEqual([]);
    });
  });
}

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  for (const mode of ['inline', 'modal'] as const) {
    test(`${mode}: no horizontal scroll in the page, the sheet or the journey`, async ({ page: p }) => {
      await p.goto(page(`narrow_${mode}`, mode));
      const frame = await journeyFrame(p, mode);
      await expect(p.frameLocator(FRAME[mode]).getByLabel('Email')).toBeVisible({ timeout: 20_000 });
      expect(await sidewaysScroll(p)).toEqual([]);
      expect(await sidewaysScroll(frame)).toEqual([]);
      await p.frameLocator(FRAME[mode]).getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(p.frameLocator(FRAME[mode]).getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
      expect(await sidewaysScroll(p)).toEqual([]);
      expect(await sidewaysScroll(frame)).toEqual([]);
    });
  }
});

test.describe('landscape phone, 667×375', () => {
  test.use({ viewport: { width: 667, height: 375 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('under 480 px tall in landscape the modal is a sheet too', async ({ page: p }) => {
    await p.goto(page('landscape', 'modal'));
    const dialog = p.locator('.hosted-journey-dialog');
    await expect(dialog).toBeVisible();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 667, height: 375 });
  });
});

test.describe('desktop, 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the modal stays a centred card with a margin (the sheet is for phones only)', async ({ page: p }) => {
    await p.goto(page('desktop', 'modal'));
    const dialog = p.locator('.hosted-journey-dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBe(560);
    expect(await dialog.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
  });
});

test.describe('keyboard', () => {
  test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the focused field stays in view when the viewport shrinks under it', async ({ page: p }) => {
    await p.goto(page('keyboard', 'modal'));
    const frameEl = p.locator(FRAME.modal);
    const field = p.frameLocator(FRAME.modal).getByLabel('Mobile number');
    await expect(field).toBeVisible({ timeout: 20_000 });
    await field.focus();
    // Before: the field sits below where the keyboard will end (so the test can fail).
    expect((await field.boundingBox())!.y).toBeGreaterThan(307);
    // The on-screen keyboard takes the lower 360 px: the visual viewport (and so the sheet) is 307 px tall.
    await p.setViewportSize({ width: 375, height: 307 });
    await expect
      .poll(async () => {
        const frame = (await frameEl.boundingBox())!;
        const input = (await field.boundingBox())!;
        return input.y >= frame.y && input.y + input.height <= 307.5; // half a pixel: sub-pixel layout
      })
      .toBe(true);
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

test.describe('axe at phone size', () => {
  test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  for (const mode of ['inline', 'modal'] as const) {
    test(`${mode}: no serious or critical violation`, async ({ page: p }) => {
      await p.goto(page(`axe_${mode}`, mode));
      await expect(p.frameLocator(FRAME[mode]).getByLabel('Email')).toBeVisible({ timeout: 20_000 });
      const result = await checkAxe(p);
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      expect(serious).toEqual([]);
    });
  }
});
