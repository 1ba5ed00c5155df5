// happy-dom does not load cross-origin frames: while installed, each connected iframe gets a fake window that records
// what it is sent (the widget's tests read it back). Registers its own beforeAll/afterAll.
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createJourney, type JourneyHandle, type JourneyOptions } from '../../src/widget/index.js';

export type FakeWin = { postMessage: ReturnType<typeof vi.fn> };

/** Installs the fake `contentWindow` for the calling test file; `preload` runs first (e.g. lazy chunks to import once). */
export function useFakeFrames(preload: () => Promise<unknown> = async () => {}): void {
  const windows = new WeakMap<HTMLIFrameElement, FakeWin>();
  const proto = window.HTMLIFrameElement.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, 'contentWindow');
  beforeAll(async () => {
    await preload();
    Object.defineProperty(proto, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        if (!this.isConnected) return null;
        if (!windows.has(this)) windows.set(this, { postMessage: vi.fn() });
        return windows.get(this);
      },
    });
  });
  afterAll(() => {
    if (original) Object.defineProperty(proto, 'contentWindow', original);
  });
}

/**
 * The journeys a test file's tests create (push each): after each test every one is destroyed and the page emptied,
 * and with `restoreMocks` the test's spies restored.
 */
export function journeysAfterEach(o: { restoreMocks: boolean }): JourneyHandle[] {
  const handles: JourneyHandle[] = [];
  afterEach(() => {
    for (const h of handles.splice(0)) h.destroy();
    document.body.replaceChildren();
    if (o.restoreMocks) vi.restoreAllMocks();
  });
  return handles;
}

/** Creates journeys of vendor acme for cust_1 with `base`, then each call's `options`; each is pushed to `handles`. */
export const journeyMaker =
  (handles: JourneyHandle[], base: Partial<JourneyOptions>) =>
  (options: Partial<JourneyOptions> = {}): JourneyHandle => {
    const h = createJourney({ vendor: 'acme', customerId: 'cust_1', ...base, ...options } as JourneyOptions);
    handles.push(h);
    return h;
  };
