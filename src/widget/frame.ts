/**
 * The frame part of a journey: one managed iframe at a time, with what hangs on it — the messenger's listener and the
 * resizer. `start` always makes a fresh iframe (mount, retry); `stop` removes it and everything attached to it.
 *
 * Constraints:
 * 1. The messenger listens before the iframe gets its `src`, so the journey's first `hello` cannot be missed.
 * 2. A prewarmed frame is concealed (`conceal`, from the prewarm chunk) before it is placed, so it never shows.
 * 3. `stop` stops the resizer first: it needs the frame still attached.
 */
import { createJourneyIframe } from './iframe.js';
import type { Messenger } from './messenger.js';
import type { ResolvedOptions } from './options.js';
import { Resizer } from './resizer.js';

export interface Frame {
  /** The managed iframe while started, else `null`. */
  readonly iframe: HTMLIFrameElement | null;
  /** Creates a fresh iframe, listens, sets `src`, `place`s it (concealed first when `conceal` is given), sizes it. */
  start(place: (iframe: HTMLIFrameElement) => void, conceal?: (el: HTMLElement) => void): void;
  stop(): void;
}

export function createFrame(cfg: ResolvedOptions, channel: string, messenger: Messenger): Frame {
  let resizer: Resizer | null = null;
  const frame: { iframe: HTMLIFrameElement | null } & Omit<Frame, 'iframe'> = {
    iframe: null,
    start(place, conceal) {
      const iframe = createJourneyIframe({ title: cfg.title, channel, minHeight: cfg.minHeight });
      frame.iframe = iframe;
      conceal?.(iframe);
      messenger.start();
      iframe.src = cfg.url;
      place(iframe);
      resizer = new Resizer({
        iframe,
        journeyOrigin: cfg.journeyOrigin,
        minHeight: cfg.minHeight,
        maxHeight: cfg.maxHeight,
      });
    },
    stop() {
      resizer?.stop();
      resizer = null;
      messenger.stop();
      frame.iframe?.remove();
      frame.iframe = null;
    },
  };
  return frame;
}
