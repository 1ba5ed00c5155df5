// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as resizerLib from '@open-iframe-resizer/core';
import { clampHeight, Resizer } from '../../src/widget/resizer.js';

const ORIGIN = 'https://journey.example.com';

function frame() {
  const iframe = document.createElement('iframe');
  const win = { postMessage: vi.fn() };
  Object.defineProperty(iframe, 'contentWindow', { value: win, configurable: true });
  Object.defineProperty(iframe, 'contentDocument', { value: null, configurable: true });
  iframe.style.height = '200px';
  document.body.append(iframe);
  return { iframe, win };
}

const resized = (height: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'iframe-resized', height, width: 10 },
      origin,
      source: source as Window,
    }),
  );

/** Waits until the library has started its cross-origin handshake (it posts `iframe-child-init` to the frame). */
async function started(win: { postMessage: ReturnType<typeof vi.fn> }) {
  await vi.waitFor(() => expect(win.postMessage.mock.calls.some((c) => c[0]?.type === 'iframe-child-init')).toBe(true));
}

let resizer: Resizer | undefined;
afterEach(() => {
  resizer?.stop();
  resizer = undefined;
  document.body.replaceChildren();
});

describe('clampHeight', () => {
  it('clamps to [min, max] and ignores non-numbers, non-finite and negative values', () => {
    expect(clampHeight(500.2, 100, 1000)).toBe(501);
    expect(clampHeight(50, 100, 1000)).toBe(100);
    expect(clampHeight(1e9, 100, 1000)).toBe(1000);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '800', null, undefined, { h: 1 }])
      expect(clampHeight(bad, 100, 1000)).toBeNull();
  });
});

describe('Resizer (with the real @open-iframe-resizer/core)', () => {
  it('counter-example: the bare library applies a resize from origin "null"', async () => {
    const { iframe, win } = frame();
    const seen: number[] = [];
    const [sub] = await resizerLib.initialize(
      { checkOrigin: [ORIGIN], onBeforeIframeResize: ({ observedHeight }) => void seen.push(observedHeight) },
      iframe,
    );
    resized(2900, 'null', win);
    expect(seen).toEqual([2900]);
    sub!.unsubscribe();
  });

  it('applies clamped heights from the journey origin and refuses origin "null" and other origins', async () => {
    const { iframe, win } = frame();
    const applied: number[] = [];
    resizer = new Resizer({
      iframe,
      journeyOrigin: ORIGIN,
      minHeight: 150,
      maxHeight: 1200,
      onResize: (h) => applied.push(h),
    });
    await started(win);
    resized(2900, 'null', win);
    resized(2900, 'https://evil.example.com', win);
    expect(iframe.style.height).toBe('200px');
    resized(640, ORIGIN, win);
    expect(iframe.style.height).toBe('640px');
    resized(99_999, ORIGIN, win);
    expect(iframe.style.height).toBe('1200px');
    resized(10, ORIGIN, win);
    expect(iframe.style.height).toBe('150px');
    resized(-5, ORIGIN, win);
    resized(Number.POSITIVE_INFINITY, ORIGIN, win);
    resized('700', ORIGIN, win);
    expect(applied).toEqual([640, 1200, 150]);
  });

  it('does not stop resize messages of another frame (two journeys on one page)', async () => {
    const a = frame();
    const b = frame();
    resizer = new Resizer({ iframe: a.iframe, journeyOrigin: ORIGIN, minHeight: 0, maxHeight: 5000 });
    const other = new Resizer({
      iframe: b.iframe,
      journeyOrigin: 'https://other.example.com',
      minHeight: 0,
      maxHeight: 5000,
    });
    await started(a.win);
    await started(b.win);
    resized(321, 'https://other.example.com', b.win);
    expect(b.iframe.style.height).toBe('321px');
    expect(a.iframe.style.height).toBe('200px');
    other.stop();
  });

  it('stop() removes its listeners and ends the library retry loop when the child never answered', async () => {
    const { iframe, win } = frame();
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    resizer = new Resizer({ iframe, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000 });
    await started(win);
    resizer.stop();
    const afterStop = win.postMessage.mock.calls.length;
    await new Promise((r) => setTimeout(r, 350)); // the library retries every 100 ms until a first resize
    expect(win.postMessage.mock.calls.length).toBe(afterStop);
    const messageAdds = add.mock.calls.filter((c) => c[0] === 'message').length;
    const messageRemoves = remove.mock.calls.filter((c) => c[0] === 'message').length;
    expect(messageAdds).toBe(2); // our capture guard + the library's listener
    expect(messageRemoves).toBe(messageAdds);
    resized(800, ORIGIN, win);
    expect(iframe.style.height).toBe('200px');
    add.mockRestore();
    remove.mockRestore();
  });

  it('stop() before the library loaded never initialises it', async () => {
    const { iframe } = frame();
    const initialize = vi.fn(async () => [{ unsubscribe: vi.fn(), resize: vi.fn() }]);
    resizer = new Resizer({
      iframe,
      journeyOrigin: ORIGIN,
      minHeight: 0,
      maxHeight: 10,
      load: async () => ({ initialize }),
    });
    resizer.stop();
    await new Promise((r) => setTimeout(r, 10));
    expect(initialize).not.toHaveBeenCalled();
  });
});
