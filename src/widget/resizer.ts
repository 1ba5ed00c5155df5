/**
 * Keeps the iframe as tall as the journey's content, with @open-iframe-resizer/core's parent side, hardened:
 *  - The library accepts `iframe-resized` messages whose origin is `"null"` (e.g. the frame navigated to a `data:`
 *    URL). A capture-phase listener, which runs before the library's, stops every `iframe-resized` message from our
 *    frame whose origin is not exactly the journey origin.
 *  - Heights are applied by us, not the library: non-numbers, non-finite and negative values are ignored, and the rest
 *    is clamped to [minHeight, maxHeight], so a journey (or a page that grows with its frame) cannot grow forever.
 *  - The library is loaded with `import()` when the iframe mounts, so importing the widget in Node does not load it.
 *  - The library's `unsubscribe()` leaves its init-retry timer running if the child never answered (the watchdog case);
 *    `stop()` ends that loop by handing the library one synthetic resize from the frame first (see `#settle`).
 */
import type { initialize as Initialize } from '@open-iframe-resizer/core';

export interface ResizerModule {
  initialize: typeof Initialize;
}

export interface ResizerOptions {
  iframe: HTMLIFrameElement;
  journeyOrigin: string;
  minHeight: number;
  maxHeight: number;
  host?: Window;
  /** Injected in unit tests; defaults to a dynamic import of @open-iframe-resizer/core. */
  load?: () => Promise<ResizerModule>;
  /** Called after each applied height (px). */
  onResize?(height: number): void;
}

const RESIZED = 'iframe-resized';

/** Clamps a reported height; returns null for values that must be ignored. */
export function clampHeight(value: unknown, min: number, max: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.min(max, Math.max(min, Math.ceil(value)));
}

export class Resizer {
  readonly #o: ResizerOptions;
  readonly #host: Window;
  #stopped = false;
  #initialised = false;
  #subscription: { unsubscribe(): void } | null = null;

  constructor(options: ResizerOptions) {
    this.#o = options;
    this.#host = options.host ?? window;
    this.#host.addEventListener('message', this.#guard, true);
    const load = options.load ?? (() => import('@open-iframe-resizer/core'));
    load()
      .then((mod) => {
        if (this.#stopped) return undefined;
        return mod.initialize(
          {
            checkOrigin: [options.journeyOrigin],
            onBeforeIframeResize: ({ observedHeight }) => {
              this.#initialised = true;
              if (!this.#stopped) this.#apply(observedHeight);
              return false; // we set the height ourselves, clamped
            },
          },
          options.iframe,
        );
      })
      .then((subs) => {
        const sub = subs?.[0];
        if (!sub) return;
        if (this.#stopped) this.#release(sub);
        else this.#subscription = sub;
      })
      .catch(() => {
        /* resizing is best effort: the iframe keeps minHeight */
      });
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#host.removeEventListener('message', this.#guard, true);
    if (this.#subscription) this.#release(this.#subscription);
    this.#subscription = null;
  }

  #release(sub: { unsubscribe(): void }): void {
    this.#settle();
    sub.unsubscribe();
  }

  /** Ends the library's retry loop, which only a first resize message stops. Needs the frame still attached. */
  #settle(): void {
    const source = this.#o.iframe.contentWindow;
    if (this.#initialised || !source) return;
    // Non-zero: the library ignores a falsy height. onBeforeIframeResize returns false, so nothing is applied.
    const data = { type: RESIZED, height: 1, width: 1 };
    this.#host.dispatchEvent(new MessageEvent('message', { data, origin: this.#o.journeyOrigin, source }));
  }

  #apply(height: unknown): void {
    const h = clampHeight(height, this.#o.minHeight, this.#o.maxHeight);
    if (h === null) return;
    this.#o.iframe.style.height = `${h}px`;
    this.#o.onResize?.(h);
  }

  readonly #guard = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.type !== RESIZED) return;
    if (event.source === this.#o.iframe.contentWindow && event.origin !== this.#o.journeyOrigin) {
      event.stopImmediatePropagation();
    }
  };
}
