/**
 * A journey must not be able to send the integrator's top-level page to a URL it chose.
 * A stand-in journey on a second origin posts well-formed, correctly addressed `bank_authorisation` messages naming a
 * phishing URL (the attack that takes the page away from a widget that follows it); the page must stay where it was,
 * the refusal must reach `onInvalidMessage` or `onError`, and the phishing site must see no request. The only place
 * the widget may take the page is the journey origin's own bank-redirect endpoint, built by the widget from
 * `journeyOrigin`.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { startOrigins, type Origins } from './setup.js';

let o: Origins;
test.beforeAll(async () => {
  o = await startOrigins();
});
test.afterAll(async () => {
  await o?.close();
});

type Call = [string, any];
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);
/** Every navigation the integrator page started, recorded by the Navigation API's `navigate` event as it starts. */
const navigations = (page: Page) => page.evaluate(() => (window as unknown as { __navs: string[] }).__navs);

/** Opens the integrator page and waits for the stand-in journey's handshake; returns the journey's frame. */
async function openJourney(page: Page, strategy: 'popup' | 'redirect'): Promise<Frame> {
  await page.goto(o.page(strategy));
  await expect(page.frameLocator('#journey iframe').locator('#status')).toHaveText('connected');
  await expect.poll(async () => (await calls(page)).some(([k]) => k === 'onReady')).toBe(true);
  await page.evaluate(() => {
    const w = window as unknown as { __navs: string[]; navigation: EventTarget };
    w.__navs = [];
    w.navigation.addEventListener('navigate', (e) =>
      w.__navs.push((e as Event & { destination: { url: string } }).destination.url),
    );
  });
  return page.frames().find((f) => f.url().startsWith(o.journey.url))!;
}

const emit = (frame: Frame, payload: Record<string, unknown>) =>
  frame.evaluate(
    (p) => (window as unknown as { emit: (t: string, p: unknown) => void }).emit('bank_authorisation', p),
    payload,
  );

/**
 * `report` must have fired, the page must have started no navigation and still be the integrator's, and nothing may
 * have reached the phishing site. The widget handles a message in one task: a navigation it started while handling
 * the refused message would have fired `navigate` before `report` was recorded.
 */
async function expectRefused(page: Page, start: string, report: 'onInvalidMessage' | 'onError'): Promise<Call[]> {
  await expect.poll(async () => (await calls(page)).filter(([k]) => k === report).length).toBeGreaterThan(0);
  expect(await navigations(page)).toEqual([]);
  expect(page.url()).toBe(start);
  expect(o.phish.requests).toEqual([]);
  return calls(page);
}

test.beforeEach(() => {
  o.phish.requests.length = 0;
});

test('phish: bank_authorisation {url: phishing site, popup: blocked} leaves the page where it was (popup strategy)', async ({
  page,
}) => {
  const frame = await openJourney(page, 'popup');
  await emit(frame, { url: `${o.phish.url}/phish`, popup: 'blocked' });
  const seen = await expectRefused(page, o.page('popup'), 'onInvalidMessage');
  expect(seen.find(([k]) => k === 'onInvalidMessage')![1]).toMatchObject({ reason: 'invalid_payload' });
  expect(seen.some(([k, e]) => k === 'onBankAuthorisation' && e.phase === 'redirecting')).toBe(false);
});

test('phish: the redirect strategy does not follow a URL from the message either', async ({ page }) => {
  const frame = await openJourney(page, 'redirect');
  await emit(frame, { url: `${o.phish.url}/phish` });
  await expectRefused(page, o.page('redirect'), 'onInvalidMessage');
});

test('phish: popup strategy without a blocked popup never navigates, even with a well-formed consent id', async ({
  page,
}) => {
  const frame = await openJourney(page, 'popup');
  await emit(frame, { consentId: 'cns_0123456789abcdef', url: `${o.phish.url}/phish` });
  const seen = await expectRefused(page, o.page('popup'), 'onError');
  expect(seen.find(([k]) => k === 'onError')![1]).toMatchObject({ code: 'BANK_REDIRECT_REFUSED', recoverable: true });
  await emit(frame, { consentId: 'cns_0123456789abcdef', url: `${o.phish.url}/phish`, popup: 'opened' });
  await expect
    .poll(async () => (await calls(page)).some(([k, e]) => k === 'onBankAuthorisation' && e.phase === 'opened'))
    .toBe(true);
  expect(await navigations(page)).toEqual([]);
  expect(page.url()).toBe(o.page('popup'));
  expect(o.phish.requests).toEqual([]);
});

test('phish: a javascript: URL is refused, nothing runs in the integrator page', async ({ page }) => {
  const frame = await openJourney(page, 'popup');
  await emit(frame, { url: 'javascript:window.__pwned=1', popup: 'blocked' });
  await expectRefused(page, o.page('popup'), 'onInvalidMessage');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('phish: a consent id with path traversal is refused (it cannot steer the bank-redirect URL)', async ({ page }) => {
  const frame = await openJourney(page, 'popup');
  for (const consentId of ['../../phish', '..%2F..%2Fphish', 'cns_1/../../x', `//${o.phish.url.slice(7)}/phish`]) {
    await emit(frame, { consentId, url: `${o.phish.url}/phish`, popup: 'blocked' });
  }
  const seen = await expectRefused(page, o.page('popup'), 'onInvalidMessage');
  await expect.poll(async () => (await calls(page)).filter(([k]) => k === 'onInvalidMessage').length).toBe(4);
  expect(seen.some(([k, e]) => k === 'onBankAuthorisation' && e.phase === 'redirecting')).toBe(false);
});

test('phish: with a valid consent id the page goes only to the journey origin’s bank-redirect endpoint, never to the message’s URL', async ({
  page,
}) => {
  const frame = await openJourney(page, 'popup');
  const target = `${o.journey.url}/bank-redirect/acme/cust_1/cns_0123456789abcdef`;
  await Promise.all([
    page.waitForURL(target), // the stand-in journey has no such endpoint: a 404 on the journey origin
    emit(frame, { consentId: 'cns_0123456789abcdef', url: `${o.phish.url}/phish`, popup: 'blocked' }),
  ]);
  expect(o.phish.requests).toEqual([]);
  expect(o.journey.requests).toContain('/bank-redirect/acme/cust_1/cns_0123456789abcdef');
});
