/**
 * The cross-engine browser scenarios, written once against e2e/engines/driver.ts and run in Chromium, Gecko and WebKit
 * (one `*.spec.ts` per engine calls `engineScenarios(name)`). They reuse the pages and servers of the Chromium specs:
 * e2e/widget (script tag, forgers), e2e/usecases/01-strict-csp (strict CSP page, modal) and e2e/roundtrip (the sandbox).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { launch, type Driver, type Engine, type EngineName } from './driver.js';
import { startOrigins, type Origins } from '../widget/setup.js';
import { startUseCase, type UseCase } from '../usecases/01-strict-csp/setup.js';
import { startRoundTrip, type RoundTrip } from '../roundtrip/setup.js';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import type { StaticServer } from '../support/static-server.js';
import { plainIntegrator } from '../widget/plain-setup.js';
import { stamped } from '../support/stamped.js';
import { installAppBridge } from '../support/app-bridge.js';
import { createClient } from '../../src/server/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { STANDIN_BRIDGE_QUERY } from '../../src/sandbox/index.js';
import { buildJourneyUrl, type NativeBridge } from '../../src/protocol/url.js';

// Page globals set by the fixtures.
type W = any;
const JOURNEY = '#journey iframe';
const MODAL = '.hosted-journey-dialog iframe';
const DONE = 'You’re all done';
/**
 * The bridge each engine's app journey names: WebKit plays iOS's WKWebView (an object per message), Gecko Android's
 * WebView (a JSON string); Chromium runs all three in e2e/native/app-webview.spec.ts.
 */
const APP_BRIDGE: Record<EngineName, NativeBridge> = { chromium: 'react-native', gecko: 'android', webkit: 'ios' };
const APP_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const APP_TRACEPARENT = `00-${APP_TRACE_ID}-00f067aa0ba902b7-01`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, '.test-output');

/**
 * Polls `fn` every 100 ms (an error while a page navigates counts as "not yet"): expect.poll's own intervals grow to
 * 1 s, which a scenario of a dozen waits pays for in whole seconds; a probe costs a few ms of the driver's time.
 */
const poll = <T>(fn: () => Promise<T>, timeout = 15_000) =>
  expect.poll(
    async () => {
      try {
        return await fn();
      } catch (error) {
        return `(${String(error).split('\n')[0]})` as unknown as T;
      }
    },
    { timeout, intervals: [100] },
  );

const text = (d: Driver, selector: string, frame?: string) =>
  d.evaluate((s) => document.querySelector(s)?.textContent?.trim() ?? null, selector, frame);
const count = (d: Driver, selector: string, frame?: string) =>
  d.evaluate((s) => document.querySelectorAll(s).length, selector, frame);
const active = (d: Driver) =>
  d.evaluate(() => {
    const a = document.activeElement;
    return a
      ? `${a.tagName}${a.className ? `.${String(a.className).split(' ')[0]}` : ''}${a.id ? `#${a.id}` : ''}`
      : null;
  });
const height = (d: Driver, selector: string) =>
  d.evaluate((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().height), selector);
const hasText = (d: Driver, needle: string, frame?: string) =>
  d.evaluate((n) => document.body?.innerText.includes(n) ?? false, needle, frame);

/**
 * Clicks the enabled `button` whose text is `name`. `trusted: false` clicks from the script itself, once a throwaway
 * window has used up the user activation every driver runs scripts with (opening a popup consumes it in all three
 * engines): the click has none, and the engine's own popup blocker refuses its window.open.
 */
async function clickButton(d: Driver, name: string, frame?: string, { trusted = true } = {}): Promise<void> {
  const mark = ({ name, trusted }: { name: string; trusted: boolean }) => {
    for (const e of document.querySelectorAll('[data-engines-click]')) e.removeAttribute('data-engines-click');
    const b = [...document.querySelectorAll('button')].find((e) => e.textContent?.trim() === name && !e.disabled);
    if (!b) return false;
    if (trusted) b.setAttribute('data-engines-click', '');
    else {
      window.open('about:blank', '_blank', 'popup')?.close();
      b.click();
    }
    return true;
  };
  await poll(() => d.evaluate(mark, { name, trusted }, frame)).toBe(true);
  if (trusted) await d.click('[data-engines-click]', frame);
}

/**
 * The full Chromium runs only the scenarios where it differs from the headless shell that runs every other spec (its
 * popup blocker, focus rules, site isolation and popup windows: docs/browsers.md). A scenario registered through
 * `alsoInTheShell(spec)` is run in Gecko and WebKit here, and in Chromium by `spec` in the shell — the same Blink, the
 * same renderer code — so the full browser's far higher cost is spent where it finds something the shell cannot.
 */
function inEngines(name: EngineName) {
  return (spec: string): typeof test => {
    if (!existsSync(path.join(ROOT, spec)))
      throw new Error(`e2e/engines: ${spec}, named as this scenario's Chromium run, is missing`);
    return name === 'chromium' ? ((() => undefined) as unknown as typeof test) : test;
  };
}

export function engineScenarios(name: EngineName): void {
  test.describe.configure({ timeout: 90_000 });
  const alsoInTheShell = inEngines(name);
  let engine: Engine;
  let o: Origins;
  let uc: UseCase;
  let rt: RoundTrip;
  let d: Driver;
  let missing: unknown;
  let plainSandbox: TestSandbox;
  let plain: StaticServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A missing engine fails every scenario with its apt line (scripts/system-deps.mjs), rather than one failure and
    // six "did not run".
    try {
      engine = await launch(name);
    } catch (error) {
      missing = error;
      return;
    }
    [o, uc, rt, plainSandbox] = await Promise.all([
      startOrigins(),
      startUseCase(),
      startRoundTrip(),
      startTestSandbox({ journeyProtocol: 'plain' }),
    ]);
    plain = await plainIntegrator(plainSandbox.url, readFileSync(path.join(ROOT, 'dist/hosted-journey.iife.js')));
    // The versions the README and docs/browsers.md quote come from this line.
    console.log(`engine ${name}: ${engine.version}`);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, `engine-${name}.txt`), engine.version);
  });
  test.afterAll(async () => {
    await engine?.close();
    await Promise.all([o?.close(), uc?.close(), rt?.close(), plain?.close()]);
    await plainSandbox?.close();
  });
  test.beforeEach(async () => {
    if (missing) throw missing;
    d = await engine.newPage();
  });
  test.afterEach(async () => {
    if (d && !(await d.isClosed().catch(() => true))) await d.close().catch(() => undefined);
  });

  alsoInTheShell('e2e/widget/widget.spec.ts')(
    `${name}: script tag inline — mount, handshake prefill, resize both ways, completed, destroy leaves nothing`,
    async () => {
      await d.goto(`${o.integrator.url}/script-tag-probed.html`);
      await poll(() => text(d, '#status', JOURNEY)).toBe('connected');
      expect(JSON.parse((await text(d, '#prefill', JOURNEY))!)).toEqual({
        fullName: 'Alex Citizen',
        email: 'alex@example.com',
      });
      await poll(() => d.evaluate(() => (window as W).__dom)).toEqual([['ready', stamped({ step: 'terms' })]]);
      expect(await d.evaluate(() => document.querySelector('#journey iframe')!.getAttribute('src'))).not.toMatch(
        /Alex|alex%40/,
      );

      const contentHeight = () =>
        d.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height), undefined, JOURNEY);
      await poll(() => height(d, JOURNEY)).toBe(Math.max(400, await contentHeight())); // minHeight defaults to 400
      const initial = await height(d, JOURNEY);
      const content = await contentHeight();
      await d.click('#grow', JOURNEY); // +1000 px
      await poll(async () => (await height(d, JOURNEY)) === (await contentHeight())).toBe(true);
      expect(await height(d, JOURNEY)).toBeGreaterThan(content + 900);
      await d.click('#shrink', JOURNEY);
      await poll(() => height(d, JOURNEY)).toBe(initial);

      await d.click('#emit-completed', JOURNEY);
      await poll(() => d.evaluate(() => (window as W).__dom)).toContainEqual([
        'completed',
        stamped({ applicationId: 'app_123' }),
      ]);

      expect(await d.evaluate(() => (window as W).__messageListeners)).toBeGreaterThan(0);
      const destroyed = await d.evaluate(async () => {
        const j = await (window as W).HostedJourney.mounted;
        j.destroy();
        return j.state;
      });
      expect(destroyed).toBe('destroyed');
      expect(await count(d, 'iframe')).toBe(0);
      expect(await d.evaluate(() => (window as W).__messageListeners)).toBe(0);
    },
  );

  alsoInTheShell('e2e/security/clobbered-current-script.spec.ts')(
    `${name}: markup named currentScript ahead of the script tag, pointing at another origin — no part loads from there; the tag mounts and loads its parts from its own origin`,
    async () => {
      await d.goto(`${o.integrator.url}/script-tag-clobbered.html`);
      // The attack is live in this engine: the page's own lookup of document.currentScript finds the injected <img>.
      expect(await d.evaluate(() => (document as W).currentScript?.tagName ?? null)).toBe('IMG');
      // The tag's own typo (data-primery-colour) loads the typo warning's part, from next to the tag; the tag mounts.
      await poll(() => d.evaluate(() => typeof (window as W).__hostedJourneyParts?.typos)).toBe('object');
      await poll(() =>
        d.evaluate(() => document.querySelector('#journey iframe')?.getAttribute('src') ?? null),
      ).toMatch(new RegExp(`^${o.journey.url}/i/acme/cust_1\\?`));
      const parts = await d.evaluate(() =>
        [...document.scripts].map((s) => s.src).filter((src) => /hosted-journey\.(?!iife)/.test(src)),
      );
      expect(parts).toEqual([`${o.integrator.url}/hosted-journey.typos.js`]);
      expect(await d.evaluate(() => (window as W).__decoys ?? null)).toBeNull();
      expect(o.third.requests.filter((r) => r.includes('hosted-journey'))).toEqual([]);
    },
  );

  test(`${name}: forged messages from a third origin, a second journey-origin frame and an opaque origin reach no callback`, async () => {
    await d.goto(`${o.integrator.url}/index.html`);
    await d.evaluate((journeyOrigin) => {
      const w = window as W;
      w.__calls = [];
      const rec = (cb: string) => (p: unknown) => w.__calls.push([cb, p]);
      w.__j = w.HostedJourney.createJourney({
        vendor: 'acme',
        customerId: 'cust_1',
        journeyOrigin,
        container: '#journey',
        minHeight: 150,
        maxHeight: 5000,
        onReady: rec('onReady'),
        onStep: rec('onStep'),
        onInstitutionSelected: rec('onInstitutionSelected'),
        onBankAuthorisation: rec('onBankAuthorisation'),
        onReleased: rec('onReleased'),
        onComplete: rec('onComplete'),
        onError: rec('onError'),
        onExit: rec('onExit'),
        onInvalidMessage: rec('onInvalidMessage'),
        onEvent: (e: { type: string }) => w.__calls.push(['onEvent', e.type]),
      });
      w.__j.open();
    }, o.journey.url);
    await poll(() => d.evaluate(() => (window as W).__j.state)).toBe('ready');
    const before = await d.evaluate(() => (window as W).__calls);
    expect(before).toEqual([
      ['onReady', stamped({ step: 'terms' })],
      ['onEvent', 'ready'],
    ]);
    const h = await height(d, JOURNEY);

    const channel = await d.evaluate(() => (window as W).__j.channel as string);
    await d.evaluate(
      ({ origins, channel }) => {
        // Listeners run in the order they were added, so a forged message this one has seen, the widget's listeners
        // (added by createJourney) have handled. Each forger posts a `completed` and, last, a resize; the opaque
        // frame a resize and, last, a `completed` (its resize is the managed frame's, which the resizer may keep).
        const w = window as W;
        w.__forged = { completed: 0, resized: 0 };
        window.addEventListener('message', (e) => {
          const m = e.data as { type?: string; height?: number; payload?: { applicationId?: string } } | null;
          if (m?.type === 'completed' && m.payload?.applicationId === 'forged') w.__forged.completed++;
          if (m?.type === 'iframe-resized' && m.height === 2900) w.__forged.resized++;
        });
        for (const origin of origins) {
          const f = document.createElement('iframe');
          f.className = 'forger';
          f.src = `${origin}/forger.html?channel=${channel}`;
          document.body.append(f);
        }
      },
      { origins: [o.third.url, o.journey.url], channel },
    );
    for (const origin of [o.third.url, o.journey.url])
      await poll(() => text(d, '#state', `iframe.forger[src^="${origin}/"]`)).toBe('posted');
    // The managed frame itself navigates to a data: URL (origin "null") that forges a resize and a `completed`.
    await d.click('#to-null', JOURNEY);
    await poll(() => d.evaluate(() => document.title, undefined, JOURNEY)).toBe('posted');

    const handled = ({ completed, resized }: { completed: number; resized: number }) => completed === 3 && resized >= 2;
    await poll(async () => handled(await d.evaluate(() => (window as W).__forged))).toBe(true);
    expect(await d.evaluate(() => (window as W).__calls)).toEqual(before);
    expect(await height(d, JOURNEY)).toBe(h);
    expect(await d.evaluate(() => (window as W).__j.state)).toBe('ready');
  });

  const violations = async (frame?: string) =>
    (await d.evaluate(() => (window as W).__cspViolations ?? 'no recorder', undefined, frame)) as unknown;

  alsoInTheShell('e2e/usecases/01-strict-csp/strict-csp.spec.ts')(
    `${name}: strict CSP page (default-src 'self'), inline — mounts, resizes, completes with 0 violations`,
    async () => {
      await d.goto(uc.url('inline', true));
      const events = () =>
        d.evaluate(() => ((window as W).__journeyEvents as Array<{ type: string }>).map((e) => e.type));
      await poll(events).toContain('ready');
      const before = await height(d, JOURNEY);
      await d.click('#grow', JOURNEY);
      await poll(async () => (await height(d, JOURNEY)) > before + 200).toBe(true);
      await d.click('#finish', JOURNEY);
      await poll(events).toContain('completed');
      expect(await events()).not.toContain('invalid_message');
      expect(await violations()).toEqual([]);
      expect(await violations(JOURNEY)).toEqual([]);
      // Control: the recorder does see a violation in this engine (a style attribute from markup).
      await d.evaluate(() => {
        const div = document.createElement('div');
        div.innerHTML = '<span style="color: red">x</span>';
        document.body.append(div);
      });
      await poll(async () => ((await violations()) as Array<{ directive: string }>).map((v) => v.directive)).toContain(
        'style-src-attr',
      );
    },
  );

  test(`${name}: modal — opens, traps focus, Escape closes and restores focus, reopens, Close closes, Escape inside the journey closes (strict CSP, 0 violations)`, async () => {
    await d.goto(uc.url('modal', true));
    const events = () =>
      d.evaluate(() => ((window as W).__journeyEvents as Array<{ type: string; payload: unknown }>).map((e) => e.type));
    await d.click('#open');
    await poll(() => count(d, '.hosted-journey-dialog[role="dialog"][aria-modal="true"]')).toBe(1);
    await poll(events).toContain('ready');
    expect(await active(d)).toBe('BUTTON.hosted-journey-close'); // focus moved in
    expect(await d.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');

    // Trap: Shift+Tab from Close goes into the journey; Tab past the journey's last control wraps back to Close.
    await d.press('Shift+Tab');
    await poll(() => active(d)).toBe('IFRAME.hosted-journey-iframe');
    await d.evaluate(() => document.getElementById('leave')!.focus(), undefined, MODAL);
    await poll(() => d.evaluate(() => document.activeElement?.id, undefined, MODAL)).toBe('leave');
    await d.press('Tab');
    await poll(() => active(d)).toBe('BUTTON.hosted-journey-close');

    await d.press('Escape');
    await poll(() => count(d, '.hosted-journey-dialog')).toBe(0);
    // Focus restored: polled, since the dialog's removal and the focus call are not one step in every engine.
    await poll(() => active(d)).toBe('BUTTON#open');
    expect(await d.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(await count(d, 'iframe')).toBe(0);
    expect(await events()).toContain('exit_callback');

    // Reopen through the same handle, then close with the Close button.
    await d.click('#open');
    await poll(() => count(d, '.hosted-journey-dialog')).toBe(1);
    await poll(async () => (await events()).filter((t) => t === 'ready').length).toBe(2);
    await d.click('.hosted-journey-close');
    await poll(() => count(d, '.hosted-journey-dialog')).toBe(0);

    // Escape with focus inside the journey, where the page cannot hear it: the bridge passes it on as `escape`, and
    // the modal closes as for its own Escape (an exit callback, focus back on the opener).
    const exits = async () => (await events()).filter((t) => t === 'exit_callback').length;
    const exited = await exits();
    await d.click('#open');
    await poll(async () => (await events()).filter((t) => t === 'ready').length).toBe(3);
    await d.press('Shift+Tab'); // into the frame first, as a keyboard user gets there: WebKit moves no focus otherwise
    await poll(() => active(d)).toBe('IFRAME.hosted-journey-iframe');
    await d.evaluate(() => document.getElementById('leave')!.focus(), undefined, MODAL);
    await poll(() => d.evaluate(() => document.activeElement?.id, undefined, MODAL)).toBe('leave');
    await d.press('Escape', async () => (await count(d, '.hosted-journey-dialog')) === 0);
    await poll(() => count(d, '.hosted-journey-dialog')).toBe(0);
    await poll(exits).toBe(exited + 1);
    await poll(() => active(d)).toBe('BUTTON#open');
    expect(await violations()).toEqual([]);
  });

  /** In `frame`: waits for `selector`, then sets its value (as typed: an `input` event) or, without one, clicks it. */
  const act = (selector: string, value?: string) =>
    poll(() =>
      d.evaluate(
        ({ selector, value }) => {
          const el = document.querySelector(selector) as HTMLInputElement | null;
          if (!el) return false;
          if (value === undefined) el.click();
          else {
            el.value = value;
            el.dispatchEvent(new Event('input', { bubbles: true }));
          }
          return true;
        },
        { selector, value },
        JOURNEY,
      ),
    ).toBe(true);

  alsoInTheShell('e2e/widget/plain.spec.ts')(
    `${name}: journeyProtocol 'plain' — ready at load, the sandbox's plain journey, RELEASED → one released`,
    async () => {
      await d.goto(`${plain.url}/apply?ref=plain_${name}`);
      // Serialised in the page: the drivers' own serialisation differs for objects the page did not create itself.
      const events = async () =>
        JSON.parse(await d.evaluate(() => JSON.stringify((window as W).__events))) as Array<[string, unknown]>;
      await poll(events).toContainEqual(['ready', stamped({ step: 'loaded' })]);
      const submit = 'main.hj-card button[type=submit]';
      await act('input[name=agree]');
      await act(submit);
      await act('input#full_name', 'Pat Plain');
      await act('input#email', 'pat@example.com');
      await act(submit);
      await act('button[name=skip-mygov]');
      await act('button[data-institution="sandbox-bank"]');
      await act('input[name=pathway][value=crawler]');
      await act(submit);
      await act('input#username', 'demo');
      await act('input#password', 'demo');
      await act(submit);
      await poll(events).toContainEqual(['dom:released', stamped({})]);
      const seen = await events();
      expect(seen.filter(([k]) => k === 'message')).toEqual([
        ['message', 'RELEASED'],
        ['message', { event: 'RELEASED' }],
      ]);
      expect(seen.filter(([k]) => k.endsWith('released'))).toEqual([
        ['released', stamped({})],
        ['event:released', stamped({})],
        ['dom:released', stamped({})],
      ]);
      expect(seen.filter(([k]) => k === 'error' || k === 'invalid')).toEqual([]);
    },
  );

  /** Details (prefilled by the handshake) → the deep-linked bank → the consent step, up to the button that opens the bank. */
  async function toBankButton(frame = JOURNEY): Promise<void> {
    await poll(() =>
      d.evaluate(
        () => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value,
        undefined,
        frame,
      ),
    ).toBe('alex@example.com');
    await clickButton(d, 'Continue', frame);
    await poll(() => hasText(d, 'CDR-only Bank', frame)).toBe(true);
    await clickButton(d, 'Continue', frame);
    await poll(() =>
      d.evaluate(
        () =>
          [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Continue to CDR-only Bank'),
        undefined,
        frame,
      ),
    ).toBe(true);
  }
  const bankPhases = () =>
    d.evaluate(() =>
      ((window as W).__events as Array<[string, unknown]>).filter(([k]) => k === 'bank').map(([, e]) => e),
    );

  test(`${name}: bank round trip, popup — approve → the popup closes itself, the journey completes`, async () => {
    await d.goto(rt.page('pop_ok'));
    await toBankButton();
    const popup = await d.popup(() => clickButton(d, 'Continue to CDR-only Bank', JOURNEY));
    // Which way the answer comes back: by `window.opener.postMessage` from the bank-return page (the journey also
    // listens on a BroadcastChannel and polls /status, so it would complete without it).
    await d.evaluate(
      () => {
        (window as W).__bankReturnByOpener = false;
        window.addEventListener('message', (e) => {
          if (e.data?.type === 'hosted-journey:bank-return' && e.origin === location.origin)
            (window as W).__bankReturnByOpener = true;
        });
      },
      undefined,
      JOURNEY,
    );
    await clickButton(popup, 'Approve');
    await poll(() => popup.isClosed()).toBe(true);
    await poll(() => hasText(d, DONE, JOURNEY), 30_000).toBe(true);
    expect(await d.evaluate(() => (window as W).__bankReturnByOpener, undefined, JOURNEY)).toBe(true);
    const phases = (await bankPhases()) as Array<{ phase: string; consentId?: string }>;
    const consentId = phases[0]?.consentId;
    expect(consentId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(phases).toEqual([
      stamped({ phase: 'requested', strategy: 'popup', consentId, popup: 'opened' }),
      stamped({ phase: 'opened', strategy: 'popup', consentId }),
      stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' }),
    ]);
    expect(await d.evaluate(() => location.href)).toBe(rt.page('pop_ok'));
  });

  test(`${name}: bank round trip, popup blocked by the engine's own blocker → redirect → resume() → completed`, async () => {
    const start = rt.page('blocked');
    await d.goto(start);
    await toBankButton();
    // A click without user activation: the engine's popup blocker refuses window.open, the widget falls back to redirect.
    await clickButton(d, 'Continue to CDR-only Bank', JOURNEY, { trusted: false });
    await poll(() => d.evaluate(() => location.href)).toMatch(
      new RegExp(`^${rt.sandbox.url}/bank/cdr-only-bank/authorise`),
    );
    await clickButton(d, 'Approve');
    await poll(() => d.evaluate(() => location.href)).toBe(start); // back, hj_ parameters removed
    await poll(() => d.evaluate(() => (window as W).__resumed)).toBe(true);
    await poll(() => hasText(d, DONE, JOURNEY), 30_000).toBe(true);
    expect(await bankPhases()).toEqual([stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' })]);
    expect(
      await d.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('hosted-journey:resume:'))),
    ).toEqual([]);
  });

  test(`${name}: bank round trip, popup — the customer closes it → status closed, the journey offers to reopen`, async () => {
    await d.goto(rt.page('pop_closed'));
    await toBankButton();
    const popup = await d.popup(() => clickButton(d, 'Continue to CDR-only Bank', JOURNEY));
    await popup.close();
    await poll(() => hasText(d, 'window closed before access was approved', JOURNEY), 20_000).toBe(true);
    await poll(async () => (await bankPhases()).at(-1)).toEqual(
      stamped({ phase: 'completed', strategy: 'popup', status: 'closed' }),
    );
  });

  alsoInTheShell('e2e/widget/prewarm.spec.ts')(
    `${name}: prewarm — hidden load, no prefill and no application while hidden, open() → ready at once and the prefill, then the journey starts`,
    async () => {
      const ref = `prewarm_${name}`;
      const application = async () => (await (await rt.sandbox.journey('acme', ref)).call('GET', 'status')).status;
      await d.goto(`${rt.page(ref)}&prewarm`);
      // Hidden and ready: the journey rendered its first step (details) and said ready; the widget holds the event.
      // The customer's prefill is not sent while hidden: the details are empty until open().
      const email = () =>
        d.evaluate(
          () => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value,
          undefined,
          JOURNEY,
        );
      await poll(() => d.evaluate(() => (window as W).__journey.state)).toBe('ready');
      await poll(email).toBe('');
      expect(await d.evaluate(() => (window as W).__events)).toEqual([]);
      const hidden = await d.evaluate(() => {
        const f = document.querySelector('#journey iframe')!;
        const r = f.getBoundingClientRect();
        return {
          ariaHidden: f.getAttribute('aria-hidden'),
          inert: f.hasAttribute('inert'),
          tabIndex: (f as HTMLElement).tabIndex,
          visibility: getComputedStyle(f).visibility,
          position: getComputedStyle(f).position,
          offscreen: r.right <= 0,
          containerHeight: document.getElementById('journey')!.getBoundingClientRect().height,
        };
      });
      expect(hidden).toEqual({
        ariaHidden: 'true',
        inert: true,
        tabIndex: -1,
        visibility: 'hidden',
        position: 'fixed',
        offscreen: true,
        containerHeight: 0,
      });
      expect(await application()).toBe(404); // a prewarmed, unopened journey started nothing
      // open(): ready is delivered inside the (synchronous) call, by the same frame at the same URL: no load.
      const opened = await d.evaluate(() => {
        const w = window as W;
        const before = document.querySelector('#journey iframe')!;
        const src = before.getAttribute('src');
        const t0 = Date.now();
        w.__journey.open();
        const t1 = Date.now();
        const f = document.querySelector('#journey iframe')!;
        return {
          events: w.__events.map((e: [string]) => e[0]),
          ready: w.__events[0]?.[1] as { step: string; at: number; sinceOpenMs: number },
          t0,
          t1,
          sameFrame: f === before && f.getAttribute('src') === src,
          ariaHidden: f.getAttribute('aria-hidden'),
          visibility: getComputedStyle(f).visibility,
        };
      });
      expect(opened.events).toEqual(['ready']);
      // Held while hidden, delivered and stamped inside open(): within the call, and about 0 ms after it.
      expect(opened.ready).toEqual(stamped({ step: 'details' }));
      expect(opened.ready.at).toBeGreaterThanOrEqual(opened.t0);
      expect(opened.ready.at).toBeLessThanOrEqual(opened.t1);
      expect(opened.ready.sinceOpenMs).toBeGreaterThanOrEqual(0);
      // sinceOpenMs comes from the monotonic clock, t0 and t1 from Date.now(): each whole-millisecond reading can round
      // the other way, so one millisecond apart is the same instant.
      expect(opened.ready.sinceOpenMs).toBeLessThanOrEqual(opened.t1 - opened.t0 + 1);
      expect(opened.sameFrame).toBe(true);
      expect([opened.ariaHidden, opened.visibility]).toEqual([null, 'visible']);
      await poll(email).toBe('alex@example.com'); // the prefill came with open()
      await poll(() =>
        d.evaluate(() => Math.round(document.getElementById('journey')!.getBoundingClientRect().height)),
      ).toBeGreaterThan(0);
      expect(await application()).toBe(404);
      await clickButton(d, 'Continue', JOURNEY); // shown and usable: the customer's Continue starts the application
      await poll(() => application()).toBe(200);
      await poll(() => hasText(d, 'CDR-only Bank', JOURNEY)).toBe(true);
    },
  );
  alsoInTheShell('e2e/roundtrip/renewal.spec.ts')(
    `${name}: renew mode — the consent pre-selected, bank popup → approve → the same consent and account ids, a later date; only active/expiring while it runs`,
    async () => {
      const ref = `renew_${name}`;
      const { tokenId, secret } = rt.sandbox.token;
      const client = createClient({ baseUrl: rt.sandbox.url, tokenId, signingSecret: secret });
      const consents = async () => (await client.listConsents({ vendor: 'acme', ref })).consents;
      await triggerJourney(rt.sandbox, { vendor: 'acme', ref });
      await advanceClock(rt.sandbox.url, '340d'); // inside the 30-day warning: expiring
      const [before] = await consents();
      expect(before?.status).toBe('expiring');
      const seen = new Set<string>();
      let watching = true;
      const watcher = (async () => {
        for (; watching; await new Promise((r) => setTimeout(r, 100)))
          for (const c of await consents()) seen.add(c.status);
      })();
      try {
        await d.goto(`${rt.page(ref)}&renew=${before!.consent_id}`);
        await poll(() => hasText(d, 'Keep sharing your Sandbox Bank data', JOURNEY)).toBe(true);
        const shown = await d.evaluate(
          () => [...document.querySelectorAll<HTMLElement>('[data-account-id]')].map((e) => e.dataset.accountId),
          undefined,
          JOURNEY,
        );
        expect(shown).toEqual(before!.account_ids);
        expect(await d.evaluate(() => document.querySelector('select')!.value, undefined, JOURNEY)).toBe('365');
        await clickButton(d, 'Continue', JOURNEY);
        const popup = await d.popup(() => clickButton(d, 'Continue to Sandbox Bank', JOURNEY));
        await clickButton(popup, 'Approve');
        await poll(() => popup.isClosed()).toBe(true);
        await poll(() => hasText(d, 'Data sharing renewed', JOURNEY), 30_000).toBe(true);
      } finally {
        watching = false;
        await watcher;
      }
      expect([...seen].sort()).toEqual(['active', 'expiring']);
      const [after] = await consents();
      expect(after).toMatchObject({
        consent_id: before!.consent_id,
        status: 'active',
        account_ids: before!.account_ids,
      });
      expect(Date.parse(after!.sharing_expires_at!) - Date.parse(before!.sharing_expires_at!)).toBeGreaterThanOrEqual(
        340 * 86_400_000,
      );
      expect(
        ((await d.evaluate(() => (window as W).__events)) as Array<[string]>).filter(([k]) => k === 'completed'),
      ).toHaveLength(1);
    },
  );
  alsoInTheShell('e2e/native/app-webview.spec.ts')(
    `${name}: in an app's WebView (${APP_BRIDGE[name]} bridge there before the page's scripts) — every event in its shape, the bank step posts the bank-redirect URL (no window, the page stays), the bank approved elsewhere returns to returnUrl, handed back → done in one session and trace; forgeries refused`,
    async () => {
      const bridge = APP_BRIDGE[name];
      const ref = `app_${name}`;
      const returnUrl = `${rt.integrator.url}/app-return`;
      const start = buildJourneyUrl({
        vendor: 'acme',
        customerId: ref,
        journeyOrigin: rt.sandbox.url,
        institutionId: 'cdr-only-bank',
        prefill: { fullName: 'Sam App', email: 'sam@example.com' },
        prefillIn: 'query',
        nativeBridge: bridge,
        returnUrl,
        traceparent: APP_TRACEPARENT,
      });
      // Gecko: a BiDi preload script. WebKitGTK over WebDriver classic has none: the page loads the sandbox's stand-in
      // bridge itself (standin_bridge=1), as its first script, before the journey's.
      const preloaded = await d.beforeLoad(installAppBridge, bridge);
      const url = preloaded ? start : `${start}&${STANDIN_BRIDGE_QUERY}=1`;
      await d.goto(url);
      const windows = await d.windows();
      type Envelope = { protocol: string; version: number; channel: string; type: string; payload: Record<string, W> };
      const posted = async () => {
        const raw = JSON.parse(
          await d.evaluate(() => {
            const w = window as W;
            const all: unknown[] = w.__posted ?? w.hostedJourneyStandIn?.posted ?? [];
            return JSON.stringify(all.map((m) => [typeof m, m]));
          }),
        ) as Array<[string, unknown]>;
        return raw.map(([kind, m]) => ({ kind, e: (typeof m === 'string' ? JSON.parse(m) : m) as Envelope }));
      };
      const types = async () => (await posted()).map(({ e }) => e.type);
      await poll(types).toEqual(['ready', 'step']);
      // Continue (details prefilled) → the consent step → the bank's button.
      await clickButton(d, 'Continue');
      await clickButton(d, 'Continue to CDR-only Bank');
      await poll(types).toContain('bank_authorisation');
      const request = (await posted()).find(({ e }) => e.type === 'bank_authorisation')!.e;
      const consentId = request.payload.consentId as string;
      expect(request.payload.url).toBe(`${rt.sandbox.url}/bank-redirect/acme/${ref}/${consentId}`);
      await poll(() => hasText(d, 'Approve access in CDR-only Bank’s app')).toBe(true);
      expect(await d.evaluate(() => location.href)).toBe(url);
      expect(await d.windows()).toBe(windows);

      // Forged, while the bank has not answered: the right message from a window (it has a source and an origin), and
      // return links with altered parameters (each refused with a console warning). A hand-back the journey believes
      // makes it ask the server for the bank's decision (one /status call): the control, a link as the bank will
      // send it, does; none of the forgeries does.
      const channel = request.channel;
      const expected = `${returnUrl}?hj_channel=${channel}&hj_bank_status=authorised`;
      await d.evaluate(() => {
        const w = window as W;
        w.__refused = 0;
        const warn = console.warn;
        console.warn = (...a: unknown[]) => {
          w.__refused++;
          warn.apply(console, a);
        };
      });
      const asked = () =>
        d.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/status')).length);
      const before = await asked();
      const envelope = (u: string) =>
        JSON.stringify({ protocol: 'hosted-journey', version: 1, channel, type: 'bank_return', payload: { url: u } });
      await d.evaluate(
        (m) =>
          new Promise<void>((resolve) => {
            // Messages arrive in order: once the marker has, the forged one was handled.
            window.addEventListener('message', (e) => e.data === 'forged-done' && resolve());
            window.postMessage(m, '*');
            window.postMessage('forged-done', '*');
          }),
        envelope(expected),
      );
      const altered = (k: string, v: string) => {
        const u = new URL(expected);
        u.searchParams.set(k, v);
        return u.href;
      };
      const handBack = (m: string) =>
        d.evaluate((data) => void window.dispatchEvent(new MessageEvent('message', { data })), m);
      for (const bad of [
        altered('hj_channel', 'abcdefgh12345678'),
        expected.replace('/app-return', '/elsewhere'),
        altered('hj_bank_status', 'approved'),
      ])
        await handBack(envelope(bad));
      expect(await d.evaluate(() => (window as W).__refused)).toBe(3);
      await handBack(envelope(expected));
      await poll(asked).toBe(before + 1);
      expect(await asked()).toBe(before + 1);
      expect(await types()).not.toContain('bank_authorisation_completed');

      // The bank, approved in another window (the system's authentication session), returns to returnUrl.
      const bank = await engine.newPage();
      await bank.goto(request.payload.url as string);
      await clickButton(bank, 'Approve');
      await poll(() => bank.evaluate(() => location.href)).toMatch(new RegExp(`^${returnUrl}\\?`));
      const link = await bank.evaluate(() => location.href);
      expect(link).toBe(expected);
      // The app hands it back while the bank's window is still in front (in Gecko the journey's tab is hidden until
      // the bank's closes, and coming back visible makes it ask the server by itself): this page, session and trace
      // finish the application.
      expect(await types()).not.toContain('bank_authorisation_completed');
      await handBack(envelope(link));
      await poll(() => hasText(d, DONE), 30_000).toBe(true);
      await bank.close();
      await poll(types).toContain('completed');
      const all = await posted();
      expect(all.map(({ kind }) => kind)).toEqual(all.map(() => (bridge === 'ios' ? 'object' : 'string')));
      for (const { e } of all) {
        expect(e).toMatchObject({ protocol: 'hosted-journey', version: 1, channel });
        expect(e.payload).toMatchObject({
          traceId: APP_TRACE_ID,
          traceparent: APP_TRACEPARENT,
          at: expect.any(Number),
        });
      }
      expect(channel).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(all.map(({ e }) => e.payload.sessionId)).size).toBe(1);
      expect(all.find(({ e }) => e.type === 'bank_authorisation_completed')?.e.payload.status).toBe('authorised');
      expect(all.find(({ e }) => e.type === 'completed')?.e.payload.applicationId).toMatch(/\S/);
      expect(await d.evaluate(() => location.href)).toBe(url);
      expect(await d.windows()).toBe(windows);
      // The service saw the journey's calls in the app's trace.
      const { tokenId, secret } = rt.sandbox.token;
      const client = createClient({ baseUrl: rt.sandbox.url, tokenId, signingSecret: secret });
      const sessions = [];
      for await (const s of client.listJourneySessions({ vendor: 'acme' })) if (s.ref === ref) sessions.push(s);
      expect(sessions.map((s) => s.trace_id)).toEqual([APP_TRACE_ID]);
    },
  );

  // Last: WebKitGTK's one window keeps the size these set.

  for (const mode of ['modal', 'inline'] as const) {
    alsoInTheShell('e2e/phone/phone.spec.ts')(
      `${name}: a 375 px wide window, ${mode} — ${mode === 'modal' ? 'a full-screen sheet, ' : ''}no sideways scroll, bank popup → done`,
      async () => {
        const frame = mode === 'modal' ? MODAL : JOURNEY;
        await d.resize(375, 700);
        await d.goto(`${rt.page(`phone_${mode}`)}&mode=${mode}`);
        await poll(() => d.evaluate(() => document.querySelector('#journey, .hosted-journey-dialog') !== null)).toBe(
          true,
        );
        const width = await d.evaluate(() => innerWidth);
        expect(width).toBeLessThan(480); // the engine really is phone-sized
        if (mode === 'modal') {
          await poll(() =>
            d.evaluate(() => {
              const r = document.querySelector('.hosted-journey-dialog')!.getBoundingClientRect();
              return [
                r.left,
                r.top,
                r.width,
                getComputedStyle(document.querySelector('.hosted-journey-dialog')!).borderTopLeftRadius,
              ];
            }),
          ).toEqual([0, 0, width, '0px']);
          const close = await d.evaluate(() => {
            const r = document.querySelector('.hosted-journey-close')!.getBoundingClientRect();
            return Math.min(r.width, r.height);
          });
          expect(close).toBeGreaterThanOrEqual(44);
        }
        const sideways = (f?: string) =>
          d.evaluate(
            () => {
              const root = document.scrollingElement ?? document.documentElement;
              return root.scrollWidth <= root.clientWidth;
            },
            undefined,
            f,
          );
        await toBankButton(frame);
        expect(await sideways()).toBe(true);
        expect(await sideways(frame)).toBe(true);
        const popup = await d.popup(() => clickButton(d, 'Continue to CDR-only Bank', frame));
        await clickButton(popup, 'Approve');
        await poll(() => popup.isClosed()).toBe(true);
        await poll(() => hasText(d, DONE, frame), 30_000).toBe(true);
        expect(((await bankPhases()) as Array<{ phase: string }>).at(-1)).toEqual(
          stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' }),
        );
      },
    );
  }
}
