// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { type FakeWin, journeyMaker, journeysAfterEach, useFakeFrames } from '../support/fake-frames.js';
import { SESSION, T0, timed, freezeClock } from '../support/clock.js';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { encodeMessage, isJourneyConfigError } from '../../src/protocol/index.js';
import { NO_JOURNEY_MS } from '../../src/widget/journey.js';
import type { JourneyHandle, JourneyOptions } from '../../src/widget/index.js';

const ORIGIN = 'https://journey.example.com';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(async () => {
  // The modal is loaded with import() on first open; load it once here so a slow first transform (busy CI machine)
  // cannot outlast findByRole's timeout.
  await import('../../src/widget/modal.js');
});

freezeClock();

const handles = journeysAfterEach({ restoreMocks: false });

const make = journeyMaker(handles, { journeyOrigin: ORIGIN });
function container(id = 'journey'): HTMLElement {
  const el = document.createElement('div');
  el.id = id;
  document.body.append(el);
  return el;
}
const winOf = (h: JourneyHandle) => h.iframe!.contentWindow as unknown as FakeWin;
function fromJourney(
  h: JourneyHandle,
  type: string,
  payload: unknown,
  channel = h.channel,
  source: unknown = winOf(h),
) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: encodeMessage(channel, type, payload),
      origin: ORIGIN,
      source: source as Window,
    }),
  );
}
/** What the widget posted to the journey (not the resizer's handshake). */
const sentTypes = (w: FakeWin) =>
  w.postMessage.mock.calls.filter((c) => c[0].type !== 'iframe-child-init').map((c) => [c[0].type, c[1]]);

describe('createJourney options', () => {
  const cases: Array<[Partial<JourneyOptions>, string, string]> = [
    [{ vendor: '' }, 'INVALID_VENDOR', 'vendor'],
    [{ theme: { primaryColour: 'red' } }, 'INVALID_PRIMARY_COLOUR', 'theme.primaryColour'],
    [{ journeyOrigin: 'http://journey.example.com' }, 'INVALID_JOURNEY_ORIGIN', 'journeyOrigin'],
    [{ mode: 'popup' as never }, 'INVALID_MODE', 'mode'],
    [{ mode: 'inline' }, 'INVALID_CONTAINER', 'container'],
    [{ container: '#missing' }, 'INVALID_CONTAINER', 'container'],
    [{ container: '##' }, 'INVALID_CONTAINER', 'container'],
    [{ mode: 'modal', container: '#journey' }, 'INVALID_CONTAINER', 'container'],
    [{ minHeight: 500, maxHeight: 400 }, 'INVALID_OPTION', 'maxHeight'],
    [{ minHeight: -1 }, 'INVALID_OPTION', 'minHeight'],
    [{ readyTimeoutMs: 0 }, 'INVALID_OPTION', 'readyTimeoutMs'],
    [{ title: '' }, 'INVALID_OPTION', 'title'],
    [{ onReady: 'yes' as never }, 'INVALID_OPTION', 'onReady'],
    [{ prefill: { nickname: 'x' } as never }, 'INVALID_PREFILL', 'prefill.nickname'],
    [{ bankAuthorisation: 'tab' as never }, 'INVALID_OPTION', 'bankAuthorisation'],
    [{ returnUrl: 'https://evil.example.com/back' }, 'INVALID_OPTION', 'returnUrl'],
    [{ returnUrl: 'javascript:alert(1)' }, 'INVALID_OPTION', 'returnUrl'],
  ];
  it.each(cases)('%j → %s, before any DOM is touched', (bad, code, field) => {
    container();
    const before = document.body.innerHTML;
    const create = vi.spyOn(document, 'createElement');
    let error: unknown;
    try {
      make(bad);
    } catch (e) {
      error = e;
    }
    expect(isJourneyConfigError(error)).toBe(true);
    expect(error).toMatchObject({ code, field });
    expect(create).not.toHaveBeenCalled();
    expect(document.body.innerHTML).toBe(before);
    create.mockRestore();
  });

  it('builds the URL with parent_origin and channel, and keeps handshake prefill out of it', () => {
    const h = make({ container: container(), prefill: { fullName: 'Alex Citizen' }, startAt: 'banks' });
    const url = new URL(h.url);
    expect(url.pathname).toBe('/i/acme/cust_1/banks');
    expect(url.searchParams.get('parent_origin')).toBe(window.location.origin);
    expect(url.searchParams.get('channel')).toBe(h.channel);
    expect(h.url).not.toContain('Alex');
    expect(h.state).toBe('idle');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('inline lifecycle', () => {
  it('mounts on open(), answers hello with prefill, delivers events to callbacks, on() and DOM events', () => {
    const host = container();
    const onReady = vi.fn();
    const onStep = vi.fn();
    const onEvent = vi.fn();
    const dom: unknown[] = [];
    host.addEventListener('hosted-journey:step', (e) => dom.push((e as CustomEvent).detail));
    const h = make({ container: '#journey', prefill: { email: 'a@example.com' }, onReady, onStep, onEvent });
    h.open();
    expect(h.state).toBe('loading');
    const iframe = host.querySelector('iframe')!;
    expect(iframe).toBe(h.iframe);
    expect(iframe.getAttribute('src')).toBe(h.url);
    expect(iframe.title).toBe('Connect your bank account');
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    );
    expect(iframe.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(iframe.getAttribute('style')).toContain('height: 400px');

    fromJourney(h, 'hello', {});
    const bankAuthorisation = { strategy: 'popup', returnUrl: window.location.href.replace(/#.*$/, '') };
    expect(winOf(h).postMessage).toHaveBeenCalledWith(
      encodeMessage(h.channel, 'welcome', {
        prefill: { email: 'a@example.com' },
        bankAuthorisation,
        visibility: 'visible',
        ...SESSION,
        mode: 'inline',
      }),
      ORIGIN,
    );
    vi.setSystemTime(T0 + 900);
    fromJourney(h, 'ready', { step: 'terms' });
    expect(h.state).toBe('ready');
    const viaOn = vi.fn();
    const off = h.on('step', viaOn);
    vi.setSystemTime(T0 + 5_000);
    fromJourney(h, 'step', { step: 'banks' });
    off();
    vi.setSystemTime(T0 + 7_500);
    fromJourney(h, 'step', { step: 'done' });
    expect(onReady).toHaveBeenCalledWith(timed({ step: 'terms' }, 900));
    const banks = timed({ step: 'banks', previousStep: 'terms', previousStepMs: 4_100 }, 5_000);
    const done = timed({ step: 'done', previousStep: 'banks', previousStepMs: 2_500 }, 7_500);
    expect(onStep.mock.calls).toEqual([[banks], [done]]);
    expect(viaOn.mock.calls).toEqual([[banks]]);
    expect(onEvent.mock.calls.map((c) => c[0].type)).toEqual(['ready', 'step', 'step']);
    expect(dom).toEqual([banks, done]);
  });

  it('send() misuse throws JourneyConfigError in every state (welcome, unknown type, bad payload); valid sends while idle are dropped', () => {
    const h = make({ container: container() });
    const misuse: Array<[string, unknown, string]> = [
      ['welcome', {}, 'type'],
      ['nope', {}, 'type'],
      ['bank_authorisation_result', { status: 'maybe' }, 'payload'],
    ];
    for (const when of ['idle', 'open', 'destroyed'] as const) {
      if (when === 'open') h.open();
      if (when === 'destroyed') h.destroy();
      for (const [type, payload, field] of misuse) {
        expect(() => h.send(type as never, payload as never)).toThrow(
          expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_OPTION', field }),
        );
      }
    }
    const idle = make({ container: container('idle') });
    expect(() => idle.send('close', {})).not.toThrow();
    expect(idle.iframe).toBeNull();
  });

  it('close() tells the journey, removes the iframe; open() mounts a fresh one', () => {
    const host = container();
    const h = make({ container: host });
    h.open();
    const first = h.iframe!;
    const win = winOf(h);
    fromJourney(h, 'hello', {});
    h.close();
    expect(sentTypes(win)).toEqual([
      ['welcome', ORIGIN],
      ['close', ORIGIN],
    ]);
    expect(h.state).toBe('closed');
    expect(h.iframe).toBeNull();
    expect(first.isConnected).toBe(false);
    h.open();
    expect(h.iframe).not.toBe(first);
    expect(host.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('a throwing callback is logged and does not stop the DOM event or other listeners', () => {
    const host = container();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = vi.fn();
    host.addEventListener('hosted-journey:completed', seen);
    const h = make({
      container: host,
      onComplete: () => {
        throw new Error('integrator bug');
      },
    });
    const listener = vi.fn();
    h.on('completed', listener);
    h.open();
    fromJourney(h, 'completed', { applicationId: 'app_1' });
    expect(listener).toHaveBeenCalledWith(timed({ applicationId: 'app_1' }));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('two journeys on one page stay isolated: each hears only its own window and channel', () => {
    const spies = {
      a: { onEvent: vi.fn(), onInvalidMessage: vi.fn() },
      b: { onEvent: vi.fn(), onInvalidMessage: vi.fn() },
    };
    const a = make({ container: container('a'), ...spies.a });
    const b = make({ container: container('b'), ...spies.b });
    a.open();
    b.open();
    fromJourney(a, 'completed', { applicationId: 'app_a' });
    fromJourney(a, 'completed', { applicationId: 'app_b' }, b.channel); // a's window using b's channel
    fromJourney(b, 'step', { step: 'x' }, b.channel, winOf(a)); // b's channel from a's window
    expect(spies.a.onEvent.mock.calls.map((c) => c[0].payload)).toEqual([timed({ applicationId: 'app_a' })]);
    expect(spies.a.onInvalidMessage.mock.calls.map((c) => c[0].reason)).toEqual(['channel', 'channel']);
    expect(spies.b.onEvent).not.toHaveBeenCalled();
    expect(spies.b.onInvalidMessage).not.toHaveBeenCalled();
  });
});

describe('watchdog and retry', () => {
  it('no ready within readyTimeoutMs → onError READY_TIMEOUT + DOM event; retry() reloads a fresh iframe', async () => {
    const host = container();
    const onError = vi.fn();
    const dom = vi.fn();
    host.addEventListener('hosted-journey:error', (e) => dom((e as CustomEvent).detail));
    const h = make({ container: host, readyTimeoutMs: 40, onError });
    h.open();
    const first = h.iframe;
    await waitFor(() => expect(h.state).toBe('error'));
    const info = timed({
      code: 'READY_TIMEOUT',
      message: `The journey at ${ORIGIN} did not signal ready within 40 ms.`,
      recoverable: true,
    });
    // The developer's words are a lazy part: onError hears once its code has loaded.
    await waitFor(() => expect(onError).toHaveBeenCalledWith(info));
    expect(dom).toHaveBeenCalledWith(info);
    h.retry();
    expect(h.state).toBe('loading');
    expect(h.iframe).not.toBe(first);
    expect(first!.isConnected).toBe(false);
    fromJourney(h, 'ready', { step: 'terms' });
    expect(h.state).toBe('ready');
    // A journey opened after the retry that never says ready: its watchdog, set later for as long, fires after h's would.
    const late = vi.fn();
    make({ container: container('late'), readyTimeoutMs: 40, onError: late }).open();
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a loaded frame that no journey answers: NO_JOURNEY after 3 s with the likely cause, the error view inline', async () => {
    vi.useFakeTimers();
    try {
      const host = container();
      const onError = vi.fn();
      const h = make({ container: host, onError });
      h.open();
      const first = h.iframe!;
      vi.advanceTimersByTime(10_000); // without a load, only the ready watchdog (15 s) could fire
      expect(onError).not.toHaveBeenCalled();
      first.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(NO_JOURNEY_MS - 1);
      expect(h.state).toBe('loading');
      vi.advanceTimersByTime(1);
      expect(h.state).toBe('error');
      // The developer's words are a lazy part: onError hears once its code has loaded.
      await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
      const info = onError.mock.calls[0]![0];
      expect(info).toMatchObject({ code: 'NO_JOURNEY', recoverable: true });
      expect(info.message).toContain('Likely causes, most likely first');
      expect(info.message).toContain(`Content-Security-Policy frame-src does not allow ${ORIGIN}`);
      expect(info.message).toContain('frame-ancestors');
      expect(info.message).toContain(`the origin of journey_url differs from journeyOrigin (${ORIGIN})`);
      expect(info.message).toContain('not a journey');
      // The error view is a lazy part: it shows once its code has loaded.
      await vi.waitFor(() => expect(host.querySelector('[role="alert"]')).not.toBeNull());
      const alert = host.querySelector('[role="alert"]')!;
      expect(alert.className).toBe('hosted-journey-error');
      // The customer reads the catalogue's words; the developer's message stays in onError.
      expect(alert.textContent).toContain('Something went wrong and this page could not be shown.');
      expect(alert.textContent).not.toContain('journey_url');
      expect(first.style.display).toBe('none');
      vi.advanceTimersByTime(20_000);
      expect(onError).toHaveBeenCalledTimes(1); // the ready watchdog does not fire on top
      (alert.querySelector('button') as HTMLButtonElement).click(); // "Try again"
      expect(h.state).toBe('loading');
      expect(h.iframe).not.toBe(first);
      expect(host.querySelector('[role="alert"]')).toBeNull();
      h.destroy(); // under the fake clock, so no timer of this journey outlives it
    } finally {
      vi.useRealTimers();
    }
  });

  it('a journey that said hello is not NO_JOURNEY; one answering late after NO_JOURNEY recovers the frame', () => {
    vi.useFakeTimers();
    try {
      const onError = vi.fn();
      const h = make({ container: container(), onError });
      h.open();
      fromJourney(h, 'hello', {});
      h.iframe!.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(NO_JOURNEY_MS * 2);
      expect(onError).not.toHaveBeenCalled();
      expect(h.state).toBe('loading');

      const late = make({ container: container('late'), onError });
      late.open();
      late.iframe!.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(NO_JOURNEY_MS);
      expect(late.state).toBe('error');
      fromJourney(late, 'hello', {});
      fromJourney(late, 'ready', { step: 'terms' });
      expect(late.state).toBe('ready');
      expect(document.getElementById('late')!.querySelector('[role="alert"]')).toBeNull();
      expect(late.iframe!.style.display).toBe('block');
      h.destroy(); // under the fake clock, so no timer of these journeys outlives them
      late.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the inline error view is a lazy part: a journey that recovers or closes before it has loaded never shows it', async () => {
    vi.useFakeTimers();
    try {
      const silent = (id: string) => {
        const h = make({ container: container(id), onError: () => {} });
        h.open();
        h.iframe!.dispatchEvent(new Event('load'));
        vi.advanceTimersByTime(NO_JOURNEY_MS);
        expect(h.state).toBe('error');
        return h;
      };
      const recovered = silent('recovered');
      fromJourney(recovered, 'hello', {});
      fromJourney(recovered, 'ready', { step: 'terms' });
      const closed = silent('closed');
      closed.close();
      // A third failure, asked for last: once its view shows, the loads asked for before it have settled.
      const shown = silent('shown');
      await vi.waitFor(() => expect(document.getElementById('shown')!.querySelector('[role="alert"]')).not.toBeNull());
      expect(document.getElementById('recovered')!.querySelector('[role="alert"]')).toBeNull();
      expect(recovered.iframe!.style.display).toBe('block');
      expect(document.getElementById('closed')!.children).toHaveLength(0);
      for (const h of [recovered, closed, shown]) h.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ready in time stops the watchdog; a non-recoverable journey error moves to the error state', async () => {
    const onError = vi.fn();
    const h = make({ container: container(), readyTimeoutMs: 30, onError });
    h.open();
    fromJourney(h, 'ready', { step: 'terms' });
    // A journey opened after it that never says ready: its watchdog, set later for as long, fires after h's would.
    const late = vi.fn();
    make({ container: container('late'), readyTimeoutMs: 30, onError: late }).open();
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
    expect(onError).not.toHaveBeenCalled();
    fromJourney(h, 'error', { code: 'BANK_DOWN', message: 'down', recoverable: true });
    expect(h.state).toBe('ready');
    fromJourney(h, 'error', { code: 'FATAL', message: 'broken', recoverable: false });
    expect(h.state).toBe('error');
    expect(onError.mock.calls.map((c) => c[0].code)).toEqual(['BANK_DOWN', 'FATAL']);
  });
});

describe('destroy()', () => {
  it('leaves no window or document listener, no iframe, no modal; is idempotent and makes the handle inert', async () => {
    const active = new Map<EventTarget, number>();
    const targets: EventTarget[] = [window, document];
    const restore: Array<() => void> = [];
    for (const t of targets) {
      const add = t.addEventListener;
      const remove = t.removeEventListener;
      const live = new Set<string>();
      const key = (type: string, fn: unknown, o?: boolean | EventListenerOptions) =>
        `${type}|${typeof o === 'boolean' ? o : !!o?.capture}|${registry(fn)}`;
      t.addEventListener = function (
        type: string,
        fn: EventListenerOrEventListenerObject | null,
        o?: boolean | AddEventListenerOptions,
      ) {
        if (fn && !(typeof o === 'object' && o?.once)) live.add(key(type, fn, o));
        active.set(t, live.size);
        return add.call(this, type, fn, o);
      };
      t.removeEventListener = function (
        type: string,
        fn: EventListenerOrEventListenerObject | null,
        o?: boolean | EventListenerOptions,
      ) {
        live.delete(key(type, fn, o));
        active.set(t, live.size);
        return remove.call(this, type, fn, o);
      };
      restore.push(() => {
        t.addEventListener = add;
        t.removeEventListener = remove;
      });
    }
    try {
      const inline = make({ container: container(), readyTimeoutMs: 20 });
      const modal = make({ mode: 'modal' });
      const late = vi.fn();
      const watch = make({ container: container('watch'), readyTimeoutMs: 20, onError: late });
      inline.open();
      watch.open(); // its watchdog, set after the inline one's for as long, fires after it would
      modal.open();
      await screen.findByRole('dialog');
      fromJourney(inline, 'hello', {});
      fromJourney(modal, 'hello', {});
      fromJourney(modal, 'ready', { step: 'terms' });
      expect(active.get(window)).toBeGreaterThanOrEqual(4); // two messengers + two resizer guards
      expect(active.get(document)).toBeGreaterThanOrEqual(2); // modal Escape + focus listeners
      inline.destroy();
      modal.destroy();
      // At once, not a frame later: a key press in between must find no modal listener.
      expect(active.get(document)).toBe(0);
      modal.destroy();
      await vi.waitFor(() => expect(late).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
      watch.destroy();
      expect(active.get(window)).toBe(0);
      expect(active.get(document)).toBe(0);
      expect(document.querySelector('iframe, [role="dialog"]')).toBeNull();
      expect(inline.state).toBe('destroyed');
      inline.open();
      inline.retry();
      expect(inline.state).toBe('destroyed');
      expect(document.querySelector('iframe')).toBeNull();
    } finally {
      for (const r of restore) r();
    }
  });
});

describe('modal mode', () => {
  it('shows a loading indicator until ready, moves focus in, Escape closes and restores focus and scroll', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onExit = vi.fn();
    const h = make({ mode: 'modal', title: 'Link your bank', onExit });
    h.open();
    const dialog = await screen.findByRole('dialog', { name: 'Link your bank' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(dialog.contains(h.iframe)).toBe(true);
    fromJourney(h, 'ready', { step: 'terms' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(h.state).toBe('closed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
    expect(onExit).toHaveBeenCalledWith(timed({ reason: 'user_closed' }));
  });

  it('shows the error view with a retry button after READY_TIMEOUT; the button reloads the journey', async () => {
    const h = make({ mode: 'modal', readyTimeoutMs: 30 });
    h.open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong and this page could not be shown.');
    const first = h.iframe;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(h.state).toBe('loading');
    expect(h.iframe).not.toBe(first);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
  });

  it('closes itself when the journey sends exit, and dispatches DOM events on the modal root', async () => {
    const seen: string[] = [];
    document.addEventListener('hosted-journey:exit', (e) => seen.push((e.target as HTMLElement).className));
    const h = make({ mode: 'modal' });
    h.open();
    await screen.findByRole('dialog');
    fromJourney(h, 'exit', { reason: 'user_left' });
    expect(h.state).toBe('closed');
    expect(seen).toEqual(['hosted-journey-modal']);
  });
});

const ids = new WeakMap<object, number>();
let nextId = 0;
function registry(fn: unknown): number {
  if (typeof fn !== 'object' && typeof fn !== 'function') return -1;
  if (!ids.has(fn as object)) ids.set(fn as object, nextId++);
  return ids.get(fn as object)!;
}
