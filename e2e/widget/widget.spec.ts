/**
 * The widget end to end in Chromium, against the built IIFE: integrator on 127.0.0.1:P1, fixture journey on
 * localhost:P2, look-alike sender on 127.0.0.1:P3.
 */
import { expect, test, type Page } from '@playwright/test';
import { startOrigins, type Origins } from './setup.js';
import { DOM_EVENT_TYPES, moved, stamped } from '../support/stamped.js';

let o: Origins;
test.beforeAll(async () => {
  o = await startOrigins();
});
test.afterAll(async () => {
  await o?.close();
});

const TYPES = DOM_EVENT_TYPES;

interface Setup {
  customerId?: string;
  mode?: 'inline' | 'modal';
  prefill?: Record<string, string>;
  readyTimeoutMs?: number;
  minHeight?: number;
  maxHeight?: number;
}

/** Counts the page's live `message` listeners on window (wrapped before any page script runs). */
async function countListeners(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __messageListeners: number };
    const live: Array<[unknown, boolean]> = [];
    const capture = (opts: unknown) =>
      typeof opts === 'boolean' ? opts : !!(opts as { capture?: boolean } | undefined)?.capture;
    const find = (fn: unknown, c: boolean) => live.findIndex(([f, lc]) => f === fn && lc === c);
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    w.__messageListeners = 0;
    window.addEventListener = ((type: string, fn: EventListener, opts?: boolean | AddEventListenerOptions) => {
      if (type === 'message' && find(fn, capture(opts)) < 0) live.push([fn, capture(opts)]);
      w.__messageListeners = live.length;
      return add(type, fn, opts);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((type: string, fn: EventListener, opts?: boolean | EventListenerOptions) => {
      const i = type === 'message' ? find(fn, capture(opts)) : -1;
      if (i >= 0) live.splice(i, 1);
      w.__messageListeners = live.length;
      return remove(type, fn, opts);
    }) as typeof window.removeEventListener;
  });
}

async function openIntegrator(page: Page): Promise<void> {
  await page.goto(`${o.integrator.url}/index.html`);
  await page.evaluate((types) => {
    const w = window as unknown as { __calls: unknown[][]; __dom: unknown[][] };
    w.__calls = [];
    w.__dom = [];
    for (const t of types)
      document.addEventListener(`hosted-journey:${t}`, (e) => w.__dom.push([t, (e as CustomEvent).detail]));
  }, TYPES);
}

async function mount(page: Page, setup: Setup = {}): Promise<void> {
  await page.evaluate(
    ({ journeyOrigin, setup }) => {
      const w = window as unknown as { __calls: unknown[][]; __j: any; HostedJourney: any };
      const rec = (name: string) => (p: unknown) => w.__calls.push([name, p]);
      w.__j = w.HostedJourney.createJourney({
        vendor: 'acme',
        customerId: setup.customerId ?? 'cust_1',
        journeyOrigin,
        ...(setup.mode === 'modal' ? { mode: 'modal' } : { container: '#journey' }),
        ...(setup.prefill ? { prefill: setup.prefill } : {}),
        ...(setup.readyTimeoutMs ? { readyTimeoutMs: setup.readyTimeoutMs } : {}),
        ...(setup.minHeight !== undefined ? { minHeight: setup.minHeight } : {}),
        ...(setup.maxHeight !== undefined ? { maxHeight: setup.maxHeight } : {}),
        onReady: rec('onReady'),
        onStep: rec('onStep'),
        onInstitutionSelected: rec('onInstitutionSelected'),
        onBankAuthorisation: rec('onBankAuthorisation'),
        onReleased: rec('onReleased'),
        onComplete: rec('onComplete'),
        onError: rec('onError'),
        onExit: rec('onExit'),
        onEvent: (e: { type: string }) => w.__calls.push(['onEvent', e.type]),
        onInvalidMessage: rec('onInvalidMessage'),
      });
      w.__j.open();
    },
    { journeyOrigin: o.journey.url, setup },
  );
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: unknown[][] }).__calls);
const dom = (page: Page) => page.evaluate(() => (window as unknown as { __dom: unknown[][] }).__dom);
const state = (page: Page) => page.evaluate(() => (window as unknown as { __j: { state: string } }).__j.state);
const frameHeight = (page: Page) =>
  page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);

test('handshake delivers prefill by postMessage, never in the URL; ready moves the handle to ready', async ({
  page,
}) => {
  await openIntegrator(page);
  await mount(page, { prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' } });
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('#status')).toHaveText('connected');
  expect(JSON.parse((await frame.locator('#prefill').textContent()) ?? '')).toEqual({
    fullName: 'Alex Citizen',
    email: 'alex@example.com',
  });
  await expect.poll(() => state(page)).toBe('ready');
  const src = await page.locator('iframe').getAttribute('src');
  expect(src).toContain(`parent_origin=${encodeURIComponent(o.integrator.url)}`);
  expect(src).not.toMatch(/Alex|alex%40|full_name|email/);
  expect(o.journey.requests.join('\n')).not.toMatch(/Alex|alex%40/);
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  );
  await expect(iframe).toHaveAttribute('referrerpolicy', 'strict-origin');
  await expect(iframe).toHaveAttribute('title', 'Connect your bank account');
  expect(await calls(page)).toEqual([
    ['onReady', stamped({ step: 'terms' })],
    ['onEvent', 'ready'],
  ]);
});

test('every event type reaches its callback and its DOM event; the parent can answer the journey', async ({ page }) => {
  await openIntegrator(page);
  await mount(page);
  await expect.poll(() => state(page)).toBe('ready');
  const frame = page.frameLocator('iframe');
  // [type, DOM detail, what the callbacks see]: onBankAuthorisation gets each phase, tagged; 'opened' is the widget's own.
  const expected: Array<[string, unknown, unknown[][]]> = [
    ['step', moved('banks', 'terms'), [['onStep', moved('banks', 'terms')]]],
    [
      'institution_selected',
      stamped({ institutionId: 'cba', name: 'Commonwealth Bank', pathway: 'cdr' }),
      [['onInstitutionSelected', stamped({ institutionId: 'cba', name: 'Commonwealth Bank', pathway: 'cdr' })]],
    ],
    [
      'bank_authorisation',
      stamped({ consentId: 'cns_123', popup: 'opened' }),
      [
        [
          'onBankAuthorisation',
          stamped({ phase: 'requested', strategy: 'popup', consentId: 'cns_123', popup: 'opened' }),
        ],
        ['onEvent', 'bank_authorisation'],
        ['onBankAuthorisation', stamped({ phase: 'opened', strategy: 'popup', consentId: 'cns_123' })],
      ],
    ],
    [
      'bank_authorisation_completed',
      stamped({ status: 'authorised' }),
      [['onBankAuthorisation', stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' })]],
    ],
    ['released', stamped({}), [['onReleased', stamped({})]]],
    ['completed', stamped({ applicationId: 'app_123' }), [['onComplete', stamped({ applicationId: 'app_123' })]]],
    [
      'error',
      stamped({ code: 'BANK_DOWN', message: 'The bank is unavailable', recoverable: true }),
      [['onError', stamped({ code: 'BANK_DOWN', message: 'The bank is unavailable', recoverable: true })]],
    ],
    ['exit', stamped({ reason: 'user_left' }), [['onExit', stamped({ reason: 'user_left' })]]],
  ];
  const want = expected.flatMap(([type, , cbs]) => (cbs.length === 1 ? [...cbs, ['onEvent', type]] : cbs));
  for (const [type] of expected) await frame.locator(`#emit-${type}`).click();
  await expect.poll(async () => (await calls(page)).length).toBe(2 + want.length);
  expect((await calls(page)).slice(2)).toEqual(want);
  expect(await dom(page)).toEqual([
    ['ready', stamped({ step: 'terms' })],
    ...expected.map(([type, payload]) => [type, payload]),
  ]);

  await page.evaluate(() =>
    (window as any).__j.send('bank_authorisation_result', { status: 'authorised', params: { code: 'abc' } }),
  );
  await expect(frame.locator('#received')).toContainText(
    'bank_authorisation_result:{"status":"authorised","params":{"code":"abc"}}',
  );
});

test('the iframe height follows content growing and shrinking, clamped to [minHeight, maxHeight]', async ({ page }) => {
  await openIntegrator(page);
  await mount(page, { minHeight: 150, maxHeight: 1800 });
  await expect.poll(() => state(page)).toBe('ready');
  const frame = page.frameLocator('iframe');
  const contentHeight = () => frame.locator('html').evaluate((e) => Math.ceil(e.getBoundingClientRect().height));
  await expect.poll(() => frameHeight(page)).toBeGreaterThanOrEqual(150);
  const initial = await frameHeight(page);
  expect(initial).toBe(Math.max(150, await contentHeight()));

  await frame.locator('#grow').click(); // +1000 px
  await expect.poll(() => frameHeight(page)).toBe(await contentHeight());
  expect(await frameHeight(page)).toBeGreaterThan(initial + 900);

  await frame.locator('#grow').click(); // content now above maxHeight
  await expect.poll(() => frameHeight(page)).toBe(1800);
  expect(await contentHeight()).toBeGreaterThan(1800);

  await frame.locator('#shrink').click();
  await expect.poll(() => frameHeight(page)).toBe(initial);
});

test('look-alike messages from a third origin, another journey-origin frame and an opaque origin produce nothing', async ({
  page,
}) => {
  await openIntegrator(page);
  await mount(page, { minHeight: 150, maxHeight: 5000 });
  await expect.poll(() => state(page)).toBe('ready');
  const channel = await page.evaluate(() => (window as any).__j.channel as string);
  const before = await calls(page);
  const height = await frameHeight(page);

  // The forgers know the channel (worst case) and post every event type plus resizer messages to '*'.
  await page.evaluate(
    ({ third, journey, channel }) => {
      // Listeners run in the order they were added, so a forged message this one has seen, the widget's listeners
      // (added when it was mounted) have handled. Each forger posts a `completed` and, last, a resize; the opaque
      // frame a resize and, last, a `completed` (its resize is the managed frame's, which the resizer may keep).
      const w = window as any;
      w.__forged = { completed: 0, resized: 0 };
      window.addEventListener('message', (e) => {
        const m = e.data as { type?: string; height?: number; payload?: { applicationId?: string } } | null;
        if (m?.type === 'completed' && m.payload?.applicationId === 'forged') w.__forged.completed++;
        if (m?.type === 'iframe-resized' && m.height === 2900) w.__forged.resized++;
      });
      for (const origin of [third, journey]) {
        const f = document.createElement('iframe');
        f.className = 'forger';
        f.src = `${origin}/forger.html?channel=${channel}`;
        document.body.append(f);
      }
    },
    { third: o.third.url, journey: o.journey.url, channel },
  );
  await expect(page.frameLocator('iframe.forger >> nth=0').locator('#state')).toHaveText('posted');
  await expect(page.frameLocator('iframe.forger >> nth=1').locator('#state')).toHaveText('posted');

  // The managed frame itself navigates to a data: URL (origin "null") and forges a resize and a `completed`.
  await page.frameLocator('iframe >> nth=0').locator('#to-null').click();
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('data:'))).toBe(true);
  const opaque = page.frames().find((f) => f.url().startsWith('data:'))!;
  await expect.poll(() => opaque.title()).toBe('posted');

  const handled = ({ completed, resized }: { completed: number; resized: number }) => completed === 3 && resized >= 2;
  await expect.poll(async () => handled(await page.evaluate(() => (window as any).__forged))).toBe(true);
  expect(await calls(page)).toEqual(before);
  expect(await dom(page)).toEqual([['ready', stamped({ step: 'terms' })]]);
  expect(await frameHeight(page)).toBe(height);
  expect(await state(page)).toBe('ready');
});

test('the watchdog fires READY_TIMEOUT for a journey that never says ready; retry reloads it', async ({ page }) => {
  await openIntegrator(page);
  await mount(page, { customerId: 'silent', mode: 'modal', readyTimeoutMs: 1500 });
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Loading…');
  await expect.poll(() => state(page), { timeout: 5000 }).toBe('error');
  const timeout = stamped({
    code: 'READY_TIMEOUT',
    message: `The journey at ${o.journey.url} did not signal ready within 1500 ms.`,
    recoverable: true,
  });
  expect(await calls(page)).toEqual([['onError', timeout]]);
  expect(await dom(page)).toEqual([['error', timeout]]);
  // Raised by the watchdog 1500 ms after open(): its stamp says so.
  expect(((await dom(page))[0]![1] as { sinceOpenMs: number }).sinceOpenMs).toBeGreaterThanOrEqual(1500);
  await expect(dialog.getByRole('alert')).toContainText('Something went wrong and this page could not be shown.');

  const requestsBefore = o.journey.requests.filter((r) => r.startsWith('/i/acme/silent')).length;
  const firstFrame = await page.locator('iframe').elementHandle();
  await dialog.getByRole('button', { name: 'Try again' }).click();
  expect(await state(page)).toBe('loading');
  await expect
    .poll(() => o.journey.requests.filter((r) => r.startsWith('/i/acme/silent')).length)
    .toBe(requestsBefore + 1);
  expect(await firstFrame!.evaluate((f) => f.isConnected)).toBe(false);
  await expect.poll(() => state(page), { timeout: 5000 }).toBe('error');
  expect((await calls(page)).length).toBe(2);
});

test('modal: focus moves in, Escape closes, focus and page scroll are restored, onExit says user_closed', async ({
  page,
}) => {
  await openIntegrator(page);
  await page.locator('#opener').focus();
  await mount(page, { mode: 'modal' });
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await expect.poll(() => state(page)).toBe('ready');
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await state(page)).toBe('closed');
  await expect(page.locator('#opener')).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  expect(await page.locator('iframe').count()).toBe(0);
  expect((await calls(page)).slice(-1)).toEqual([['onExit', stamped({ reason: 'user_closed' })]]);
});

test('destroy() removes the iframe and every message listener; two journeys on a page stay apart', async ({ page }) => {
  await countListeners(page);
  await openIntegrator(page);
  const baseline = await page.evaluate(() => (window as any).__messageListeners as number);
  await mount(page);
  await page.evaluate((journeyOrigin) => {
    const w = window as any;
    w.__calls2 = [];
    w.__j2 = w.HostedJourney.createJourney({
      vendor: 'acme',
      customerId: 'cust_2',
      journeyOrigin,
      container: '#journey2',
      onEvent: (e: { type: string }) => w.__calls2.push(e.type),
    });
    w.__j2.open();
  }, o.journey.url);
  await expect.poll(() => page.evaluate(() => (window as any).__j2.state)).toBe('ready');
  await expect.poll(() => state(page)).toBe('ready');
  expect(await page.evaluate(() => (window as any).__messageListeners)).toBeGreaterThan(baseline);

  await page.frameLocator('#journey2 iframe').locator('#emit-completed').click();
  await expect.poll(() => page.evaluate(() => (window as any).__calls2)).toEqual(['ready', 'completed']);
  expect((await calls(page)).map((c) => c[0])).toEqual(['onReady', 'onEvent']);

  await page.evaluate(() => {
    (window as any).__j.destroy();
    (window as any).__j2.destroy();
    (window as any).__j.destroy(); // idempotent
  });
  expect(await page.locator('iframe').count()).toBe(0);
  expect(await state(page)).toBe('destroyed');
  expect(await page.evaluate(() => (window as any).__messageListeners)).toBe(baseline);
});

test('script tag with data- attributes mounts with no other code', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((types) => {
    const w = window as unknown as { __dom: unknown[][] };
    w.__dom = [];
    for (const t of types)
      document.addEventListener(`hosted-journey:${t}`, (e) => w.__dom.push([t, (e as CustomEvent).detail]));
  }, TYPES);
  await page.goto(`${o.integrator.url}/script-tag.html`);
  const frame = page.frameLocator('#journey iframe');
  await expect(frame.locator('#status')).toHaveText('connected');
  expect(JSON.parse((await frame.locator('#prefill').textContent()) ?? '')).toEqual({
    fullName: 'Alex Citizen',
    email: 'alex@example.com',
  });
  await expect.poll(() => dom(page)).toEqual([['ready', stamped({ step: 'terms' })]]);
  expect(await page.locator('#journey iframe').getAttribute('src')).toContain('primary_colour=0B5FFF');
  expect(
    await page.evaluate(async () => ((await (window as any).HostedJourney.mounted) as { state: string }).state),
  ).toBe('ready');
  await frame.locator('#emit-completed').click();
  await expect.poll(() => dom(page)).toContainEqual(['completed', stamped({ applicationId: 'app_123' })]);
  expect(errors).toEqual([]);
});

test('script tag with a bad attribute reports a typed error event and console error, never an uncaught throw', async ({
  page,
}) => {
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.addInitScript(() => {
    const w = window as unknown as { __dom: unknown[][] };
    w.__dom = [];
    document.addEventListener('hosted-journey:error', (e) => w.__dom.push(['error', (e as CustomEvent).detail]));
  });
  await page.goto(`${o.integrator.url}/script-tag-bad.html`);
  await expect
    .poll(() => dom(page))
    .toEqual([
      [
        'error',
        {
          code: 'INVALID_PRIMARY_COLOUR',
          field: 'theme.primaryColour',
          attribute: 'data-primary-colour',
          message: "data-primary-colour must be a hex colour like '#0B5FFF'; got 'red'.",
        },
      ],
    ]);
  expect(consoleErrors.join('\n')).toContain('INVALID_PRIMARY_COLOUR');
  expect(errors).toEqual([]);
  expect(await page.locator('iframe').count()).toBe(0);
});
