/**
 * Keeps the iframe as tall as the journey's content. The journey runs @open-iframe-resizer/core's child side; this is
 * the parent side of its message protocol, written here because the library's parent half would be a fifth of the
 * inline bundle for a handshake and one listener:
 *  - `iframe-child-init` is posted to the frame, to the journey origin only, until a first `iframe-resized` answers
 *    (on each load of the frame, then every 100 ms for 10 s, every second for 20 s, every 10 s after; nothing before
 *    the frame's first load, when it still holds the page's about:blank).
 *  - An `iframe-resized` message counts only from our frame's window and exactly the journey origin (the library
 *    itself would accept origin `"null"`, e.g. a frame navigated to a `data:` URL).
 *  - Heights: non-numbers, non-finite and negative values are ignored, and the rest is clamped to
 *    [minHeight, maxHeight], so a journey (or a page that grows with its frame) cannot grow forever.
 */
export interface ResizerOptions {
  iframe: HTMLIFrameElement;
  journeyOrigin: string;
  minHeight: number;
  maxHeight: number;
  host?: Window;
  /** Called after each applied height (px). */
  onResize?(height: number): void;
  /** The frame already shows the journey (it said `ready`): the handshake starts now, not at the next load. */
  loaded?: boolean;
}

/** Clamps a reported height; returns null for values that must be ignored. */
export function clampHeight(value: unknown, min: number, max: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.min(max, Math.max(min, Math.ceil(value)));
}

export class Resizer {
  readonly #o: ResizerOptions;
  readonly #host: Window;
  #tries = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #answered = false;

  constructor(options: ResizerOptions) {
    this.#o = options;
    this.#host = options.host ?? window;
    this.#host.addEventListener('message', this.#onMessage);
    // Posts start at the frame's load (or at once for a frame that already shows the journey): before it, a frame
    // just placed holds the page's own about:blank, a post to the journey origin is dropped with a console error,
    // and reaching into the new frame's window costs as much as placing it (docs/performance.md).
    options.iframe.addEventListener('load', this.#init);
    if (options.loaded) this.#init();
  }

  stop(): void {
    this.#answered = true;
    clearTimeout(this.#timer);
    this.#host.removeEventListener('message', this.#onMessage);
    this.#o.iframe.removeEventListener('load', this.#init);
  }

  /** One post and the next one scheduled; a load of the frame posts at once (the retries go on where they were). */
  readonly #init = (): void => {
    const { iframe, journeyOrigin } = this.#o;
    if (this.#answered) return;
    clearTimeout(this.#timer);
    iframe.contentWindow?.postMessage({ type: 'iframe-child-init' }, journeyOrigin);
    const n = ++this.#tries;
    this.#timer = setTimeout(this.#init, n <= 100 ? 100 : n <= 120 ? 1000 : 10_000);
  };

  readonly #onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    // The frame's window is read last: every message of the journey comes here, and most are not the resizer's.
    if (event.origin !== this.#o.journeyOrigin || typeof data !== 'object' || data === null) return;
    if (data.type !== 'iframe-resized' || event.source !== this.#o.iframe.contentWindow) return;
    this.#answered = true;
    clearTimeout(this.#timer);
    const h = clampHeight(data.height, this.#o.minHeight, this.#o.maxHeight);
    if (h === null) return;
    this.#o.iframe.style.height = `${h}px`;
    this.#o.onResize?.(h);
  };
}
