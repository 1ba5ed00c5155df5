// @vitest-environment happy-dom
/**
 * `journeyProtocol: 'plain'`: a journey that runs no bridge. The frame's load stands for `ready`; every message from
 * the journey's window (origin and window checked, size-capped) reaches `onJourneyMessage`; `RELEASED` in any of its
 * shapes becomes `released`; no handshake, no watchdog for a hello, nothing posted to the frame.
 */
import { describe, expect, it, vi } from 'vitest';
import { type FakeWin, journeyMaker, journeysAfterEach, useFakeFrames } from '../support/fake-frames.js';
import { isJourneyConfigError, MAX_MESSAGE_CHARS } from '../../src/protocol/index.js';
import { NO_JOURNEY_MS, PLAIN_READY_STEP } from '../../src/widget/journey.js';
import type { JourneyHandle } from '../../src/widget/index.js';
import { T0, timed } from '../support/clock.js';

const ORIGIN = 'https://journey.example.com';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(() => import('../../src/widget/plain.js'));

const handles = journeysAfterEach({ restoreMocks: false });

function container(): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  return el;
}
const make = journeyMaker(handles, { journeyOrigin: ORIGIN, journeyProtocol: 'plain' });
const winOf = (h: JourneyHandle) => h.iframe!.contentWindow as unknown as FakeWin;
function post(data: unknown, source: unknown, origin = ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}
/** Messages are taken apart by a lazily loaded chunk: posts a marker from the frame and waits until it is delivered. */
async function settle(h: JourneyHandle, seen: ReturnType<typeof vi.fn>): Promise<void> {
  const marker = { marker: Math.random() };
  post(marker, winOf(h));
  await vi.waitFor(() => expect(seen).toHaveBeenCalledWith(marker));
}

describe("journeyProtocol: 'plain'", () => {
  it('rejects any other value before touching the DOM', () => {
    let error: unknown;
    try {
      make({ container: container(), journeyProtocol: 'penpal' as never });
    } catch (e) {
      error = e;
    }
    expect(isJourneyConfigError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_OPTION', field: 'journeyProtocol' });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('frames the journey as bridge mode does, at minHeight, and fires onReady at load without a hello', () => {
    vi.useFakeTimers({ now: T0 });
    try {
      const onReady = vi.fn();
      const onError = vi.fn();
      const h = make({ container: container(), minHeight: 520, onReady, onError });
      h.open();
      const iframe = h.iframe!;
      expect(iframe.getAttribute('sandbox')).toBe(
        'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
      );
      expect(iframe.getAttribute('allow')).toContain("camera 'none'");
      expect(iframe.title).toBe('Connect your bank account');
      expect(iframe.style.height).toBe('520px');
      expect(onReady).not.toHaveBeenCalled();
      vi.advanceTimersByTime(250);
      iframe.dispatchEvent(new Event('load'));
      expect(onReady).toHaveBeenCalledWith(timed({ step: PLAIN_READY_STEP }, 250));
      expect(h.state).toBe('ready');
      iframe.dispatchEvent(new Event('load')); // the journey navigating inside its frame is not a second ready
      expect(onReady).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(NO_JOURNEY_MS + 20_000);
      expect(onError).not.toHaveBeenCalled(); // neither NO_JOURNEY nor READY_TIMEOUT
      expect(winOf(h).postMessage).not.toHaveBeenCalled(); // no welcome
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills a container that has a height of its own', () => {
    const host = container();
    Object.defineProperty(host, 'clientHeight', { value: 640, configurable: true });
    const h = make({ container: host });
    h.open();
    expect(h.iframe!.style.height).toBe('100%');
  });

  it('a frame that never loads still times out (READY_TIMEOUT)', async () => {
    vi.useFakeTimers();
    try {
      const onError = vi.fn();
      const h = make({ container: container(), readyTimeoutMs: 5000, onError });
      h.open();
      vi.advanceTimersByTime(5000);
      expect(h.state).toBe('error');
      await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands every message from the frame to onJourneyMessage and hosted-journey:journey_message', async () => {
    const host = container();
    const onJourneyMessage = vi.fn();
    const onInvalidMessage = vi.fn();
    const dom: unknown[] = [];
    host.addEventListener('hosted-journey:journey_message', (e) => dom.push(e.detail));
    const h = make({ container: host, onJourneyMessage, onInvalidMessage });
    h.open();
    post({ step: 'banks', n: 1 }, winOf(h));
    post('hello there', winOf(h));
    await settle(h, onJourneyMessage);
    expect(onJourneyMessage.mock.calls.slice(0, 2)).toEqual([[{ step: 'banks', n: 1 }], ['hello there']]);
    expect(dom.slice(0, 2)).toEqual([{ step: 'banks', n: 1 }, 'hello there']);
    expect(onInvalidMessage).not.toHaveBeenCalled();
  });

  it('drops messages from another origin or another window; reports oversized ones without delivering them', async () => {
    const onJourneyMessage = vi.fn();
    const onReleased = vi.fn();
    const onInvalidMessage = vi.fn();
    const h = make({ container: container(), onJourneyMessage, onReleased, onInvalidMessage });
    h.open();
    const other = document.createElement('iframe');
    document.body.append(other);
    post('RELEASED', winOf(h), 'https://evil.example.com');
    post('RELEASED', other.contentWindow);
    post('RELEASED', window);
    post({ event: 'RELEASED', pad: 'x'.repeat(MAX_MESSAGE_CHARS) }, winOf(h));
    await settle(h, onJourneyMessage);
    expect(onJourneyMessage).toHaveBeenCalledTimes(1); // the marker only
    expect(onReleased).not.toHaveBeenCalled();
    expect(onInvalidMessage).toHaveBeenCalledTimes(1);
    expect(onInvalidMessage).toHaveBeenCalledWith(expect.objectContaining({ reason: 'oversized', origin: ORIGIN }));
  });

  it.each([
    ['the string', 'RELEASED'],
    ['event', { event: 'RELEASED' }],
    ['type', { type: 'RELEASED', at: 1 }],
    ['status', { status: 'RELEASED' }],
  ])('RELEASED as %s becomes released: callback, onEvent and the DOM event', async (_shape, data) => {
    const host = container();
    const onReleased = vi.fn();
    const onEvent = vi.fn();
    const dom: unknown[] = [];
    host.addEventListener('hosted-journey:released', (e) => dom.push(e.detail));
    const onJourneyMessage = vi.fn();
    const h = make({ container: host, onReleased, onEvent, onJourneyMessage });
    h.open();
    post(data, winOf(h));
    post('RELEASED', winOf(h)); // the other shape of the same news: released fires once per frame
    await settle(h, onJourneyMessage);
    expect(onReleased).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'released' }));
    expect(dom).toHaveLength(1);
  });

  it.each([['released'], [{ event: 'released' }], [{ status: 'AUTH' }], [null], [42]])(
    '%j is a message, not released',
    async (data) => {
      const onReleased = vi.fn();
      const onJourneyMessage = vi.fn();
      const h = make({ container: container(), onReleased, onJourneyMessage });
      h.open();
      post(data, winOf(h));
      await settle(h, onJourneyMessage);
      expect(onJourneyMessage).toHaveBeenCalledWith(data);
      expect(onReleased).not.toHaveBeenCalled();
    },
  );

  it('a fresh frame (retry) may release again', async () => {
    const onReleased = vi.fn();
    const h = make({ container: container(), onReleased });
    h.open();
    post('RELEASED', winOf(h));
    await vi.waitFor(() => expect(onReleased).toHaveBeenCalledTimes(1));
    h.retry();
    post({ event: 'RELEASED' }, winOf(h));
    await vi.waitFor(() => expect(onReleased).toHaveBeenCalledTimes(2));
  });

  it('send() posts nothing; close() and destroy() remove the frame and stop listening', async () => {
    const onJourneyMessage = vi.fn();
    const h = make({ container: container(), onJourneyMessage });
    h.open();
    const win = winOf(h);
    h.send('close', {});
    expect(win.postMessage).not.toHaveBeenCalled();
    h.close();
    expect(document.querySelector('iframe')).toBeNull();
    post('RELEASED', win);
    h.open();
    await settle(h, onJourneyMessage); // the new frame is heard...
    const heard = winOf(h);
    h.destroy();
    post('RELEASED', win);
    post('RELEASED', heard);
    // A journey mounted after these posts hears its own marker: by then the posts above have run their course.
    const witness = vi.fn();
    const w = make({ container: container(), onJourneyMessage: witness });
    w.open();
    await settle(w, witness);
    expect(onJourneyMessage).toHaveBeenCalledTimes(1); // ...the old one, and anything after destroy(), are not
  });
});
