// The journey in a mobile app's WebView, in Chromium: the page is opened at a URL built with `nativeBridge`, with the
// platform's bridge object installed before it loads (what WKWebView, Android's addJavascriptInterface and
// react-native-webview do), so every event reaches that bridge. The bank step posts the journey origin's
// bank-redirect URL and leaves the page where it is; a second page stands in for the system's authentication session:
// the bank approves there and returns to the app's returnUrl, which is handed back to the journey. Forged app messages
// and altered return links are refused. Run `node scripts/build.mjs` first (the journey bundle).
import { expect, type Page, test } from '@playwright/test';
import { buildJourneyUrl, type NativeBridge } from '../../src/protocol/url.js';
import { createAppJourneyController } from '../../src/react-native/controller.js';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { installAppBridge } from '../support/app-bridge.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const BANK = 'CDR-only Bank';

let sandbox: TestSandbox;
/** The app's return link's origin: the page the bank redirects to stands in for the app's universal link. */
let app: StaticServer;
let RETURN_URL: string;
test.beforeAll(async () => {
  [sandbox, app] = await Promise.all([
    startTestSandbox(),
    startStaticServer({
      host: 'localhost',
      routes: { '/app-return': { body: '<title>app</title>', type: 'text/html' } },
    }),
  ]);
  RETURN_URL = `${app.url}/app-return`;
});
test.afterAll(async () => {
  await Promise.all([sandbox?.close(), app?.close()]);
});

const journeyUrl = (ref: string, nativeBridge: NativeBridge) =>
  buildJourneyUrl({
    vendor: 'acme',
    customerId: ref,
    journeyOrigin: sandbox.url,
    institutionId: 'cdr-only-bank',
    prefill: { fullName: 'Sam App', email: 'sam@example.com' },
    prefillIn: 'query',
    nativeBridge,
    returnUrl: RETURN_URL,
    traceparent: TRACEPARENT,
  });

/** Installs the platform's bridge before any page script runs; what it receives is kept in `window.__posted`. */
const installBridge = (page: Page, bridge: NativeBridge) => page.addInitScript(installAppBridge, bridge);

type Envelope = { protocol: string; version: number; channel: string; type: string; payload: Record<string, unknown> };
const posted = (page: Page) => page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted);
const envelopes = async (page: Page): Promise<Envelope[]> =>
  (await posted(page)).map((m) => (typeof m === 'string' ? JSON.parse(m) : m) as Envelope);
const typesOf = async (page: Page) => (await envelopes(page)).map((e) => e.type);

/**
 * The system's authentication session (a browser context of its own: it shares nothing with the WebView): opens the
 * bank URL, approves, and answers with the link the app receives.
 */
async function approveAtBank(page: Page, bankUrl: string): Promise<string> {
  const session = await page.context().browser()!.newContext();
  const browser = await session.newPage();
  await browser.goto(bankUrl);
  // The bank with an app answers the approval with a redirect straight to the app's return link.
  await browser.getByRole('button', { name: /approve/i }).click();
  await browser.waitForURL((u) => u.href.startsWith(RETURN_URL));
  const link = browser.url();
  await session.close();
  return link;
}

test('each bridge gets every event in its shape, from the first; a page whose bridge is missing says so', async ({
  page,
}) => {
  const check = async (bridge: NativeBridge) => {
    const p = await page.context().newPage();
    await installBridge(p, bridge);
    await p.goto(journeyUrl(`shape_${bridge.replace('-', '_')}`, bridge));
    await expect.poll(() => typesOf(p)).toEqual(['ready', 'step']);
    const raw = await posted(p);
    // React Native and Android take a JSON string, iOS the object.
    expect(raw.map((m) => typeof m)).toEqual(bridge === 'ios' ? ['object', 'object'] : ['string', 'string']);
    const [ready] = await envelopes(p);
    expect(ready).toMatchObject({ protocol: 'hosted-journey', version: 1, type: 'ready', payload: { step: 'bank' } });
    expect(ready!.channel).toMatch(/^[0-9a-f]{32}$/);
    expect(ready!.payload).toMatchObject({ traceId: TRACE_ID, traceparent: TRACEPARENT });
    expect(ready!.payload.sessionId).toMatch(/^[0-9a-f]{32}$/);
    await p.close();
  };
  await Promise.all((['react-native', 'ios', 'android'] as const).map(check));
  // The URL names the bridge; without its global the page says so and posts nothing.
  await page.goto(journeyUrl('no_bridge', 'ios'));
  await expect(
    page.getByText(/must be opened by the app: window\.webkit\.messageHandlers\.hostedJourney/),
  ).toBeVisible();
});

test('iOS: the bank step leaves the WebView, the return link comes back through the app, forgeries are refused', async ({
  page,
}) => {
  await installBridge(page, 'ios');
  const traces = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('/journey-api/')) traces.add(r.headers().traceparent?.slice(3, 35) ?? 'none');
  });
  const pages: Page[] = [];
  page.context().on('page', (p) => pages.push(p));
  const start = journeyUrl('ios_1', 'ios');
  await page.goto(start);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: `Continue to ${BANK}` }).click();
  await expect.poll(() => typesOf(page)).toContain('bank_authorisation');
  const all = await envelopes(page);
  const request = all.find((e) => e.type === 'bank_authorisation')!;
  const consentId = request.payload.consentId as string;
  // The journey origin's bank-redirect URL for that consent; the page neither moved nor opened a window.
  expect(request.payload.url).toBe(`${sandbox.url}/bank-redirect/acme/ios_1/${consentId}`);
  expect(page.url()).toBe(start);
  expect(pages).toEqual([]);
  await expect(page.getByText(`Approve access in ${BANK}’s app`)).toBeVisible();

  const link = await approveAtBank(page, request.payload.url as string);
  const channel = request.channel;
  expect(new URL(link).searchParams.get('hj_channel')).toBe(channel);
  expect(new URL(link).searchParams.get('hj_bank_status')).toBe('authorised');

  const dispatch = (data: unknown) =>
    page.evaluate((d) => window.dispatchEvent(new MessageEvent('message', { data: d })), data);
  const handBack = (url: string, ch = channel) =>
    dispatch(
      JSON.stringify({ protocol: 'hosted-journey', version: 1, channel: ch, type: 'bank_return', payload: { url } }),
    );
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  // Forged: the right message posted by a window (it has a source and an origin), and one on another channel.
  await page.evaluate(
    ([l, ch]) =>
      window.postMessage(
        { protocol: 'hosted-journey', version: 1, channel: ch, type: 'bank_return', payload: { url: l } },
        '*',
      ),
    [link, channel] as const,
  );
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  await handBack(link, 'another_channel_1234');
  // Altered return links: another channel, another path, a status that is not one.
  const altered = (name: string, value: string) => {
    const u = new URL(link);
    u.searchParams.set(name, value);
    return u.href;
  };
  await handBack(altered('hj_channel', 'abcdefgh12345678'));
  await handBack(link.replace('/app-return', '/elsewhere'));
  await handBack(altered('hj_bank_status', 'approved'));
  await expect.poll(() => warnings.length).toBe(3);
  expect(await typesOf(page)).not.toContain('bank_authorisation_completed');

  // The app hands the real link back: the same page, session and trace carry on to a finished application.
  await handBack(link);
  await expect(page.getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
  const done = await envelopes(page);
  expect(done.find((e) => e.type === 'bank_authorisation_completed')?.payload.status).toBe('authorised');
  expect(done.find((e) => e.type === 'completed')?.payload.applicationId).toMatch(/\S/);
  expect(new Set(done.map((e) => e.payload.sessionId)).size).toBe(1);
  expect(new Set(done.map((e) => e.payload.traceId))).toEqual(new Set([TRACE_ID]));
  expect(traces).toEqual(new Set([TRACE_ID]));
  expect(page.url()).toBe(start);
});

test("HostedJourneyView's controller runs the real journey page to a finished application", async ({ page }) => {
  const seen: Array<[string, Record<string, unknown>]> = [];
  const opened: string[] = [];
  const invalid: string[] = [];
  const controller = createAppJourneyController({
    journeyUrl: journeyUrl('rn_1', 'react-native'),
    openBankUrl: (url) => void opened.push(url),
    inject: (script) => void page.evaluate(script),
    callbacks: () => ({
      onEvent: (e) => void seen.push([e.type, e.payload as unknown as Record<string, unknown>]),
      onInvalidMessage: (i) => void invalid.push(i.reason),
    }),
  });
  // react-native-webview's bridge, wired to the component's message handler with the page's URL.
  await page.exposeFunction('__toApp', (data: string, url: string) => controller.receive(data, url));
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.ReactNativeWebView = {
      postMessage: (m: string) => (w.__toApp as (d: string, u: string) => void)(m, location.href),
    };
  });
  expect(controller.mayLoad(controller.url)).toBe(true);
  await page.goto(controller.url);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: `Continue to ${BANK}` }).click();
  await expect.poll(() => opened.length).toBe(1);
  const bankUrl = opened[0]!;
  // The bank-redirect path never loads in the WebView; the controller's checks refuse forged messages.
  expect(controller.mayLoad(bankUrl)).toBe(false);
  expect(controller.mayLoad('https://bank.example/authorise')).toBe(false);
  const request = seen.find(([t]) => t === 'bank_authorisation')![1];
  const forged = (payload: Record<string, unknown>, type = 'bank_authorisation') =>
    JSON.stringify({ protocol: 'hosted-journey', version: 1, channel: controller.channel, type, payload });
  controller.receive(forged({ ...request, url: 'https://evil.example/bank' }), controller.url);
  controller.receive(forged({ ...request }), 'https://evil.example/page');
  controller.receive(forged({ step: 'done' }, 'step'), controller.url);
  expect(invalid).toEqual(['bank_url', 'origin', 'stamp']);
  expect(opened).toEqual([bankUrl]);

  const link = await approveAtBank(page, bankUrl);
  expect(controller.handleReturnLink(link.replace('/app-return', '/other'))).toBe(false);
  expect(controller.handleReturnLink(link)).toBe(true);
  await expect(page.getByRole('heading', { name: 'You’re all done' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => seen.map(([t]) => t)).toContain('completed');
  expect(seen.find(([t]) => t === 'bank_authorisation_completed')![1].status).toBe('authorised');
  expect(new Set(seen.map(([, p]) => p.traceId))).toEqual(new Set([TRACE_ID]));
});
