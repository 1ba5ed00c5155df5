/**
 * The journey in the customer's language, in Chromium against a real sandbox: a whole journey in Vietnamese through
 * the bank's own page and back through the bank-return page (every step's words from the vi catalogue, the bank's
 * balances in AUD, the return page in vi, and the finish date with Intl in vi), an Arabic journey laid out right to left, the pseudo-locale's longer words with no horizontal overflow
 * at 320 px and at a desktop width, and axe finding no lang violation in any shipped locale. The journey is opened as
 * an emailed link (top level), its `locale` parameter as the widget carries it.
 */
import { expect, type Page, test } from '@playwright/test';
import { LOCALES } from '../../src/protocol/locale.js';
import { startStack, type Stack } from '../demo/stack.js';
import { checkAxe } from '../support/axe.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const journey = (ref: string, locale: string, path = '') =>
  `${stack.sandbox.url}/i/lendly/${ref}${path}?locale=${encodeURIComponent(locale)}`;

const html = (page: Page) =>
  page.locator('html').evaluate((e) => ({ lang: e.getAttribute('lang'), dir: e.getAttribute('dir') }));

/** How far the page is wider than the window, and the first elements that stick out of it. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    beyond: document.documentElement.scrollWidth - window.innerWidth,
    sticking: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 || e.getBoundingClientRect().left < -0.5)
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  }));

test('a whole journey in Vietnamese: each step in vi, the bank page in vi with AUD balances, the finish date by Intl', async ({
  page,
}) => {
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/journey-words\./.test(r.url())) catalogues.push(new URL(r.url()).pathname);
  });
  await page.goto(journey('vi_whole', 'vi'));
  await expect(page.getByRole('heading', { name: 'Chia sẻ sao kê ngân hàng một cách an toàn' })).toBeVisible();
  expect(await html(page)).toEqual({ lang: 'vi', dir: 'ltr' });
  expect(await page.title()).toBe('Kết nối ngân hàng của bạn');
  await page.getByLabel('Tôi đã đọc và đồng ý với điều khoản sử dụng và chính sách quyền riêng tư').check();
  await page.getByRole('button', { name: 'Đồng ý và tiếp tục' }).click();

  await expect(page.getByRole('heading', { name: 'Thông tin của bạn' })).toBeVisible();
  await page.getByLabel('Họ và tên').fill('Nguyễn Văn An');
  await page.getByLabel('Thư điện tử').fill('an@example.com');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();

  await expect(page.getByRole('heading', { name: 'Thêm thu nhập Centrelink (không bắt buộc)' })).toBeVisible();
  await page.getByRole('button', { name: 'Bỏ qua bước này' }).click();

  await expect(page.getByRole('heading', { name: 'Chọn ngân hàng của bạn' })).toBeVisible();
  await page.getByRole('button', { name: /CDR-only Bank/ }).click();
  await expect(
    page.getByText('Bạn chấp thuận quyền truy cập trên chính trang web của ngân hàng.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Tiếp tục', exact: true }).click();
  await page.getByRole('button', { name: 'Tiếp tục đến CDR-only Bank' }).click();

  // The bank's own page follows the locale the journey put on the consent URL.
  await expect(page).toHaveURL(/\/bank\/cdr-only-bank\/authorise/);
  expect(await html(page)).toEqual({ lang: 'vi', dir: 'ltr' });
  await expect(page.getByRole('heading', { name: 'Chia sẻ dữ liệu của bạn' })).toBeVisible();
  const balances = await page.locator('ul.accounts li').allTextContents();
  expect(balances.length).toBeGreaterThan(0);
  // vi writes AUD with a decimal comma and the AU$ symbol after the amount (Intl, not an English "$1,234.56").
  for (const b of balances) expect(b).toMatch(/ · Số dư -?[\d.]+,\d{2}\sAU\$$/);
  // The bank sends the customer to the bank-return page, which speaks the journey's language: the journey put its
  // locale in the return URL it gave the consent. Its call for where to go next is held while the page is read.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const consentReturn = /\/journey-api\/[^/]+\/[^/]+\/consents\/[^/?]+(\?|$)/;
  await page.route(consentReturn, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Chấp thuận' }).click();
  await expect(page).toHaveURL(/\/i\/lendly\/vi_whole\/bank-return\?(.*&)?locale=vi(&|$)/);
  await expect(page.getByRole('heading', { name: 'Đang quay lại hồ sơ của bạn…' })).toBeVisible();
  await expect(page).toHaveTitle('Đang quay lại hồ sơ của bạn…');
  expect(await html(page)).toEqual({ lang: 'vi', dir: 'ltr' });
  release();

  await expect(page.getByRole('heading', { name: 'Bạn đã hoàn tất' })).toBeVisible({ timeout: 30_000 });
  // Only vi's catalogue was loaded, once per journey page load (the journey's first load and its return from the bank).
  expect(new Set(catalogues)).toEqual(new Set(['/assets/journey-words.vi.js']));
  expect(await html(page)).toEqual({ lang: 'vi', dir: 'ltr' });
  const today = await page.evaluate(() => new Intl.DateTimeFormat('vi', { dateStyle: 'long' }).format(new Date()));
  await expect(page.getByText(`Chia sẻ ngày ${today}`)).toBeVisible();
  await expect(
    page.getByText('Sao kê ngân hàng của bạn đã được chia sẻ với Lendly. Bạn có thể đóng cửa sổ này.'),
  ).toBeVisible();
});

test('an Arabic journey is laid out right to left: <html lang="ar" dir="rtl">, text and the progress from the right', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(journey('ar_rtl', 'ar'));
  await expect(page.getByRole('heading', { name: 'شارك كشوف حسابك المصرفي بأمان' })).toBeVisible();
  expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  const layout = await page.evaluate(() => {
    const card = document.querySelector('.hj-card')!;
    const heading = card.querySelector('h1, h2')!;
    const range = document.createRange();
    range.selectNodeContents(heading);
    const text = range.getBoundingClientRect();
    const box = heading.getBoundingClientRect();
    const stages = [...document.querySelectorAll('.hj-stages li')].map((e) => e.getBoundingClientRect().left);
    return {
      direction: getComputedStyle(card).direction,
      // The heading's words end at its right edge and leave room on its left.
      rightGap: box.right - text.right,
      leftGap: text.left - box.left,
      stages,
    };
  });
  expect(layout.direction).toBe('rtl');
  expect(layout.rightGap).toBeLessThan(2);
  expect(layout.leftGap).toBeGreaterThan(layout.rightGap);
  // The first stage is the rightmost: each next one sits to its left.
  expect(layout.stages.length).toBeGreaterThan(1);
  expect(layout.stages).toEqual([...layout.stages].sort((a, b) => b - a));
});

for (const size of [
  { name: 'a 320 px phone', width: 320, height: 640 },
  { name: 'a 1280 px desktop', width: 1280, height: 800 },
]) {
  test(`the pseudo-locale's longer words fit ${size.name}: no horizontal overflow on the terms, details, myGov and banks steps`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(journey(`xa_fit_${size.width}`, 'en-XA'));
    await expect(page.locator('main[data-step]')).not.toHaveAttribute('data-step', 'loading');
    expect(await html(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
    expect(await overflow(page), 'terms').toEqual({ beyond: 0, sticking: [] });
    await page.locator('input[type=checkbox]').check();
    await page.locator('main button[type=submit]').click();
    await expect(page.locator('input[type=email]')).toBeVisible();
    expect(await overflow(page), 'details').toEqual({ beyond: 0, sticking: [] });
    await page.locator('main form input:not([type=email]):not([type=tel])').first().fill('Kim Lee');
    await page.locator('input[type=email]').fill('kim@example.com');
    await page.locator('main button[type=submit]').click();
    await expect(page.locator('.hj-mygov')).toBeVisible();
    expect(await overflow(page), 'myGov').toEqual({ beyond: 0, sticking: [] });
    await page.locator('.hj-actions-split button').last().click();
    await expect(page.locator('#bank-list')).toBeVisible();
    expect(await overflow(page), 'banks').toEqual({ beyond: 0, sticking: [] });
  });
}

for (const locale of LOCALES) {
  test(`axe finds no lang violation in the journey in ${locale}, and its dir is the script's`, async ({ page }) => {
    await page.goto(journey(`axe_${locale.replace(/\W/g, '_')}`, locale));
    await expect(page.locator('main[data-step]')).not.toHaveAttribute('data-step', 'loading');
    expect(await html(page)).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
    const results = await checkAxe(page, {
      rules: ['html-has-lang', 'html-lang-valid', 'valid-lang', 'html-xml-lang-mismatch'],
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(results.passes.map((p) => p.id)).toContain('html-lang-valid');
  });
}
