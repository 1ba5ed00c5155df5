// @vitest-environment happy-dom
/**
 * Prewarm (src/widget/prewarm.ts + journey.ts): the hidden load before open(), the reveal in place, the held events,
 * the visibility protocol, destroy before open, and the preconnect hint without prewarm.
 */
import { describe, expect, it, vi } from 'vitest';
import { type FakeWin, journeyMaker, journeysAfterEach, useFakeFrames } from '../support/fake-frames.js';
import { encodeMessage } from '../../src/protocol/index.js';
import { createJourney } from '../../src/widget/index.js';
import type { JourneyHandle } from '../../src/widget/index.js';
import { T0, freezeClock, SESSION } from '../support/clock.js';

const ORIGIN = 'https://prewarm.example.com';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(async () => {
  await import('../../src/widget/modal.js');
  await import('../../src/widget/prewarm.js');
});
freezeClock();
const handles = journeysAfterEach({ restoreMocks: true });

function host(): HTMLElement {
  const el = document.createElement('div');
  el.id = 'journey';
  document.body.append(el);
  return el;
}
const make = journeyMaker(handles, { journeyOrigin: ORIGIN });
const winOf = (h: JourneyHandle) => h.iframe!.contentWindow as unknown as FakeWin;
const fromJourney = (h: JourneyHandle, type: string, payload: unknown) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: encodeMessage(h.channel, type, payload),
      origin: ORIGIN,
      source: winOf(h) as unknown as Window,
    }),
  );
/** What the widget posted to the journey (not the resizer's own traffic). */
const sent = (h: JourneyHandle) =>
  winOf(h)
    .postMessage.mock.calls.filter((c) => c[0]?.protocol === 'hosted-journey')
    .map((c) => [c[0].type, c[0].payload]);
const HIDDEN_ATTRS = { 'aria-hidden': 'true', inert: '', tabindex: '-1' };

function expectHidden(el: HTMLElement): void {
  for (const [k, v] of Object.entries(HIDDEN_ATTRS)) expect(el.getAttribute(k), k).toBe(v);
  expect(el.style.position).toBe('fixed'); // out of the flow: no layout shift
  expect(el.style.left).toBe('-10000px');
  expect(el.style.visibility).toBe('hidden');
  expect(el.style.pointerEvents).toBe('none');
}
function expectShown(el: HTMLElement): void {
  for (const k of Object.keys(HIDDEN_ATTRS)) expect(el.hasAttribute(k), k).toBe(false);
  expect(el.style.position).toBe('');
  expect(el.style.visibility).toBe('');
}

/** Listener bookkeeping on window (the messenger's and the resizer's `message` listeners). */
function countListeners(target: EventTarget) {
  const live = new Map<string, number>();
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  vi.spyOn(target, 'addEventListener').mockImplementation((t, fn, o) => {
    live.set(t, (live.get(t) ?? 0) + 1);
    add(t, fn, o);
  });
  vi.spyOn(target, 'removeEventListener').mockImplementation((t, fn, o) => {
    live.set(t, (live.get(t) ?? 0) - 1);
    remove(t, fn, o);
  });
  return live;
}

describe('prewarm: true, inline', () => {
  it('loads the frame hidden at createJourney, says hidden in welcome, holds ready; open() reveals in place and fires onReady at once', async () => {
    const onReady = vi.fn();
    const container = host();
    const h = make({ container, prewarm: true, onReady });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    const frame = h.iframe!;
    expect(frame.parentElement).toBe(container);
    expect(frame.src).toBe(h.url);
    expectHidden(frame);

    fromJourney(h, 'hello', {});
    expect(sent(h)[0]).toEqual(['welcome', expect.objectContaining({ visibility: 'hidden' })]);
    fromJourney(h, 'ready', { step: 'terms' });
    expect(h.state).toBe('ready');
    expect(onReady).not.toHaveBeenCalled(); // held until open()

    vi.setSystemTime(T0 + 3_000);
    h.open();
    // Synchronously, inside open(), stamped then: 0 ms after open().
    expect(onReady).toHaveBeenCalledWith({ step: 'terms', at: T0 + 3_000, sinceOpenMs: 0, ...SESSION });
    expect(h.iframe).toBe(frame); // revealed in place, never re-created (that would reload it)
    expectShown(frame);
    expect(sent(h)).toEqual([
      ['welcome', expect.anything()],
      ['visibility', { state: 'visible' }],
    ]);
    h.open();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it("prefillIn 'query': the hidden frame's URL holds no prefill; open() loads the journey again at the URL with it", async () => {
    const onReady = vi.fn();
    const prefill = { fullName: 'Alex Hidden', email: 'alex@example.com', phone: '+61400111222' };
    const h = make({ container: host(), prewarm: true, prefill, prefillIn: 'query', onReady });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    const warm = h.iframe!;
    expectHidden(warm);
    const query = (src: string) => Object.fromEntries(new URL(src).searchParams);
    expect(query(h.url)).toMatchObject({ full_name: prefill.fullName, email: prefill.email, phone: prefill.phone });
    const { full_name: _n, email: _e, phone: _p, ...rest } = query(h.url);
    expect(query(warm.src)).toEqual(rest); // everything but the prefill
    fromJourney(h, 'hello', {});
    fromJourney(h, 'ready', { step: 'terms' });
    h.open();
    expect(warm.isConnected).toBe(false);
    expect(h.iframe!.src).toBe(h.url);
    expectShown(h.iframe!);
    expect(h.state).toBe('loading');
    expect(onReady).not.toHaveBeenCalled(); // the warm frame's ready is dropped: the journey at its URL says its own
    fromJourney(h, 'hello', {});
    fromJourney(h, 'ready', { step: 'terms' });
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('without a prefill in the URL, a prewarmed frame loads the journey URL itself', async () => {
    const h = make({ container: host(), prewarm: true, prefill: { email: 'alex@example.com' } });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    expect(h.iframe!.src).toBe(h.url);
  });

  it('open() before the handshake: welcome then says visible, no separate visibility message; the watchdog starts at open()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onError = vi.fn();
      const h = make({ container: host(), prewarm: true, readyTimeoutMs: 1000, onError });
      await vi.waitFor(() => expect(h.iframe).not.toBeNull());
      vi.advanceTimersByTime(5000);
      expect(onError).not.toHaveBeenCalled(); // no READY_TIMEOUT while hidden
      h.open();
      fromJourney(h, 'hello', {});
      expect(sent(h)).toEqual([['welcome', expect.objectContaining({ visibility: 'visible' })]]);
      vi.advanceTimersByTime(1001);
      expect(h.state).toBe('error');
      await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a prewarmed welcome carries no prefill; open() sends it with visibility (or in a welcome still to come)', async () => {
    const prefill = { fullName: 'Alex Doe', email: 'alex@example.com' };
    const early = make({ container: host(), prewarm: true, prefill });
    await vi.waitFor(() => expect(early.iframe).not.toBeNull());
    fromJourney(early, 'hello', {});
    expect(sent(early)).toEqual([['welcome', expect.objectContaining({ visibility: 'hidden' })]]);
    expect(JSON.stringify(sent(early))).not.toContain('alex@example.com'); // nothing personal while hidden
    early.open();
    expect(sent(early)[1]).toEqual(['visibility', { state: 'visible', prefill }]);

    const late = make({ container: host(), prewarm: true, prefill });
    await vi.waitFor(() => expect(late.iframe).not.toBeNull());
    late.open();
    fromJourney(late, 'hello', {});
    expect(sent(late)).toEqual([['welcome', expect.objectContaining({ visibility: 'visible', prefill })]]);
  });

  it('destroy() before open() leaves no iframe and no listener', async () => {
    const live = countListeners(window);
    const h = make({ container: host(), prewarm: true });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    expect(live.get('message')).toBeGreaterThan(0);
    h.destroy();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(
      [...live.values()].every((n) => n === 0),
      JSON.stringify([...live]),
    ).toBe(true);
  });
});

describe("prewarm: 'intent' and 'idle'", () => {
  it("'intent' loads on the trigger's first hover/focus/touch, once; destroy() before it removes the listeners", async () => {
    const button = document.createElement('button');
    button.id = 'connect';
    document.body.append(button);
    const armed = countListeners(button);
    const h = make({ container: host(), prewarm: 'intent', prewarmTrigger: '#connect' });
    await vi.waitFor(() => expect(armed.get('focusin')).toBe(1)); // waiting for intent, not loading
    expect(h.iframe).toBeNull();
    button.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(h.iframe).not.toBeNull();
    expectHidden(h.iframe!);
    button.dispatchEvent(new Event('pointerenter'));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);

    const other = document.createElement('button');
    document.body.append(other);
    const live = countListeners(other);
    const h2 = make({ container: host(), prewarm: 'intent', prewarmTrigger: other });
    await vi.waitFor(() => expect(live.get('pointerenter')).toBe(1));
    h2.destroy();
    expect([...live.values()].every((n) => n === 0)).toBe(true);
    other.dispatchEvent(new Event('pointerenter'));
    expect(h2.iframe).toBeNull();
  });

  it("'idle' waits for requestIdleCallback, or the next task where it does not exist (WebKit)", async () => {
    const callbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => callbacks.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const h = make({ container: host(), prewarm: 'idle' });
    await vi.waitFor(() => expect(callbacks).toHaveLength(1));
    expect(h.iframe).toBeNull();
    callbacks[0]!();
    expectHidden(h.iframe!);
    h.destroy();
    vi.unstubAllGlobals();

    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const h2 = make({ container: host(), prewarm: 'idle' });
      await vi.waitFor(() => expect(h2.iframe).not.toBeNull());
      expectHidden(h2.iframe!);
      h2.destroy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('open() before the prewarm fired mounts visibly at once and cancels it', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    const armed = countListeners(button);
    const h = make({ container: host(), prewarm: 'intent', prewarmTrigger: button });
    await vi.waitFor(() => expect(armed.get('pointerenter')).toBe(1));
    h.open();
    expectShown(h.iframe!);
    button.dispatchEvent(new Event('pointerenter'));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('prewarm, modal', () => {
  it('mounts the overlay hidden (no scroll lock, no focus move); open() shows it and fires onReady at once', async () => {
    const onReady = vi.fn();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const h = make({ mode: 'modal', prewarm: true, onReady });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    const root = document.querySelector('.hosted-journey-modal') as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.style.visibility).toBe('hidden');
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.activeElement).toBe(outside);
    fromJourney(h, 'hello', {});
    fromJourney(h, 'ready', { step: 'terms' });
    expect(onReady).not.toHaveBeenCalled();

    vi.setSystemTime(T0 + 3_000);
    h.open();
    expect(onReady).toHaveBeenCalledWith({ step: 'terms', at: T0 + 3_000, sinceOpenMs: 0, ...SESSION });
    expect(root.hasAttribute('aria-hidden')).toBe(false);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.style.visibility).toBe('');
    expectShown(h.iframe!);
    await vi.waitFor(() => expect(document.activeElement?.className).toBe('hosted-journey-close'));
    expect(document.documentElement.style.overflow).toBe('hidden');
    h.destroy();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('destroy() before open() removes the hidden overlay and leaves the page scroll alone', async () => {
    const h = make({ mode: 'modal', prewarm: true });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull());
    h.destroy();
    expect(document.querySelector('.hosted-journey-modal')).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('preconnect without prewarm', () => {
  it('adds one <link rel=preconnect> per journey origin, none with prewarm: true', () => {
    const links = (origin: string) =>
      document.head.querySelectorAll(`link[rel="preconnect"][href^="${origin}"]`).length;
    const a = 'https://a.preconnect.example.com';
    make({ container: host(), journeyOrigin: a });
    make({ container: host(), journeyOrigin: a });
    expect(links(a)).toBe(1);
    const b = 'https://b.preconnect.example.com';
    make({ container: host(), journeyOrigin: b, prewarm: true });
    expect(links(b)).toBe(0);
  });
});

describe('prewarm options', () => {
  it("'intent' without a trigger prewarms when idle instead, with a console warning (checked in the chunk, not createJourney)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = make({ container: host(), prewarm: 'intent' });
    await vi.waitFor(() => expect(h.iframe).not.toBeNull(), { timeout: 4000 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('prewarmTrigger'));
    expectHidden(h.iframe!);
  });

  it('a prewarm value other than a boolean, idle or intent is a JourneyConfigError before any DOM is touched', () => {
    const el = host();
    for (const bad of ['soon', 'true', 1, {}]) {
      expect(() =>
        createJourney({
          vendor: 'acme',
          customerId: 'cust_1',
          journeyOrigin: ORIGIN,
          container: el,
          prewarm: bad,
        } as never),
      ).toThrow(expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_OPTION', field: 'prewarm' }));
    }
    expect(el.children).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
