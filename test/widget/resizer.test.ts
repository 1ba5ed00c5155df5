// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/**
 * The frame loads, and the resizer starts its cross-origin handshake (it posts `iframe-child-init` to the frame at its
 * load, not before).
 */
async function started({ iframe, win }: { iframe: HTMLIFrameElement; win: { postMessage: ReturnType<typeof vi.fn> } }) {
  iframe.dispatchEvent(new Event('load'));
  await vi.waitFor(() => expect(win.postMessage.mock.calls.some((c) => c[0]?.type === 'iframe-child-init')).toBe(true));
}

let resizer: Resizer | undefined;
afterEach(() => {
  vi.useRealTimers();
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

describe('Resizer (the parent side of the @open-iframe-resizer/core child protocol)', () => {
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
    await started({ iframe, win });
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
    await started(a);
    await started(b);
    resized(321, 'https://other.example.com', b.win);
    expect(b.iframe.style.height).toBe('321px');
    expect(a.iframe.style.height).toBe('200px');
    other.stop();
  });

  it('posts iframe-child-init to the journey origin only, and stops once the child answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { iframe, win } = frame();
    resizer = new Resizer({ iframe, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000 });
    await started({ iframe, win });
    vi.advanceTimersByTime(250); // retries come every 100 ms until a first resize
    expect(win.postMessage.mock.calls.length).toBeGreaterThanOrEqual(3);
    for (const call of win.postMessage.mock.calls) expect(call).toEqual([{ type: 'iframe-child-init' }, ORIGIN]);
    resized(300, ORIGIN, win);
    const answered = win.postMessage.mock.calls.length;
    expect(vi.getTimerCount()).toBe(0); // no retry left scheduled
    vi.advanceTimersByTime(60_000);
    expect(win.postMessage.mock.calls.length).toBe(answered);
  });

  it("posts nothing before the frame's first load (it still holds the page's about:blank); `loaded` posts at once", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { iframe, win } = frame();
    resizer = new Resizer({ iframe, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000 });
    vi.advanceTimersByTime(5000);
    expect(win.postMessage).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    iframe.dispatchEvent(new Event('load'));
    expect(win.postMessage.mock.calls).toEqual([[{ type: 'iframe-child-init' }, ORIGIN]]);
    const shown = frame();
    const late = new Resizer({ ...shown, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000, loaded: true });
    expect(shown.win.postMessage.mock.calls).toEqual([[{ type: 'iframe-child-init' }, ORIGIN]]);
    late.stop();
  });

  it('retries the handshake until the child answers, and on each load of the frame', async () => {
    const { iframe, win } = frame();
    resizer = new Resizer({ iframe, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000 });
    iframe.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(win.postMessage.mock.calls.length).toBeGreaterThanOrEqual(3));
    const before = win.postMessage.mock.calls.length;
    iframe.dispatchEvent(new Event('load'));
    expect(win.postMessage.mock.calls.length).toBe(before + 1);
  });

  it('stop() removes its listeners and ends the retry loop when the child never answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { iframe, win } = frame();
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    resizer = new Resizer({ iframe, journeyOrigin: ORIGIN, minHeight: 100, maxHeight: 1000 });
    await started({ iframe, win });
    resizer.stop();
    const afterStop = win.postMessage.mock.calls.length;
    expect(vi.getTimerCount()).toBe(0); // the handshake retries every 100 ms until a first resize: none left
    vi.advanceTimersByTime(60_000);
    expect(win.postMessage.mock.calls.length).toBe(afterStop);
    iframe.dispatchEvent(new Event('load'));
    expect(win.postMessage.mock.calls.length).toBe(afterStop);
    const messageAdds = add.mock.calls.filter((c) => c[0] === 'message').length;
    const messageRemoves = remove.mock.calls.filter((c) => c[0] === 'message').length;
    expect(messageAdds).toBe(1);
    expect(messageRemoves).toBe(messageAdds);
    resized(800, ORIGIN, win);
    expect(iframe.style.height).toBe('200px');
    add.mockRestore();
    remove.mockRestore();
  });
});
