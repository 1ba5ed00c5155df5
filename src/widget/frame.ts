/**
 * The frame part of a journey: one managed iframe at a time, with what hangs on it — the messenger's listener and the
 * resizer. `start` always makes a fresh iframe (mount, retry); `stop` removes it and everything attached to it.
 *
 * Constraints:
 * 1. The messenger listens before the iframe gets its `src`, so the journey's first `hello` cannot be missed.
 * 2. A prewarmed frame is concealed (`conceal`, from the prewarm chunk) before it is placed, so it never shows, and
 *    loads `warmUrl` (the journey's URL without the prefill `prefillIn: 'query'` would put in it).
 * 3. `stop` stops the resizer first: it needs the frame still attached.
 * 4. `fail` shows, inline, the error view the modal shows (error-view.ts, loaded on the first failure) in place of the
 *    iframe; `recover` and `stop` remove it, also when they come before its code has loaded.
 * 5. A journey that failed gets no more of the resizer's `iframe-child-init` posts (`quiet`): into a frame showing an
 *    error page each one is a console error. `recover` starts the resizer again.
 * 6. The frame's accessible name is never empty: the `title` option, or en-AU's default until the journey's locale's
 *    catalogue has loaded (the error-view part renames it), so a screen reader names the frame in the journey's words.
 */
import { QUERY } from '../protocol/browser.js';
import { ONLY_ENGLISH } from '../protocol/english.js';
import { type EventHub, partMissing } from './events.js';
import { createJourneyIframe } from './iframe.js';
import type { Messenger } from './messenger.js';
import type { ResolvedOptions } from './options.js';
import { Resizer } from './resizer.js';
import { TITLE } from './words/title.js';

export interface Frame {
  /** The managed iframe while started, else `null`. */
  readonly iframe: HTMLIFrameElement | null;
  /**
   * Creates a fresh iframe, listens, sets `src` (concealed first and at `warmUrl` when `conceal` is given), `place`s
   * it, sizes it.
   */
  start(place: (iframe: HTMLIFrameElement) => void, conceal?: (el: HTMLElement) => void): void;
  /** Inline: hides the iframe and shows the error view before it; its button calls `retry`. */
  fail(retry: () => void): void;
  /** Removes the error view and shows the iframe again (a journey that answered late). */
  recover(): void;
  /** The journey failed: the resizer stops asking the frame for its height. */
  quiet(): void;
  stop(): void;
}

/**
 * `loaded` runs at each load of the iframe (the journey's page, or whatever answered at its URL: a browser error page,
 * a page that is not a journey). `hub` holds the journey session whose traceparent a plain journey's URL carries.
 */
export function createFrame(
  cfg: ResolvedOptions,
  channel: string,
  messenger: Messenger,
  loaded: () => void,
  hub: EventHub,
): Frame {
  let resizer: Resizer | null = null;
  let view: HTMLElement | null = null;
  /** Bumped by every `fail`, `recover` and `stop`: only the latest failure may show its view. */
  let failures = 0;
  const resize = (iframe: HTMLIFrameElement, loaded?: boolean) =>
    cfg.plain ||
    // The resolved options carry the journey origin and the height bounds the resizer reads (and no host or onResize).
    (resizer = new Resizer({ ...cfg, iframe, loaded }));
  const frame: { iframe: HTMLIFrameElement | null } & Omit<Frame, 'iframe'> = {
    iframe: null,
    start(place, conceal) {
      const iframe = createJourneyIframe({ ...cfg, channel });
      frame.iframe = iframe;
      iframe.addEventListener('load', loaded);
      conceal?.(iframe);
      // The frame's name: en-AU's at once (never empty), then the journey's locale's once its catalogue is loaded (the
      // part also tells the developer of a carried locale no shipped one matches). A tag only en-AU answers (English,
      // but not the pseudo-locale) loads nothing, nor does an integrator's own title.
      if (cfg.title === TITLE && !ONLY_ENGLISH.test(cfg.locale ?? navigator.language))
        import('./error-view.js').then((v) => v.retitle(iframe), partMissing);
      messenger.start();
      // A journey that runs no bridge has no handshake: the session's traceparent travels in its URL (which always has
      // a query: parent_origin and channel).
      iframe.src =
        (conceal ? cfg.warmUrl : cfg.url) + (cfg.plain ? `&${QUERY.traceparent}=${hub.session!.traceparent}` : '');
      // A journey that runs no bridge never reports its height: minHeight, or the height of a container that has one
      // (measured before the frame is in it).
      if (cfg.plain && cfg.container?.clientHeight) iframe.style.height = '100%';
      place(iframe);
      resize(iframe);
    },
    quiet() {
      resizer?.stop();
      resizer = null;
    },
    fail(retry) {
      const iframe = frame.iframe;
      if (!iframe) return;
      const mine = ++failures;
      import('./error-view.js').then((v) => {
        if (mine !== failures || iframe !== frame.iframe) return; // recovered, stopped or failed again meanwhile
        view?.remove();
        view = v.showErrorView(iframe, retry);
      }, partMissing); // the error itself still reaches onError and the console
    },
    recover() {
      failures++;
      if (!resizer && frame.iframe) resize(frame.iframe, true);
      if (!view) return;
      view.remove();
      view = null;
      frame.iframe!.style.display = 'block';
    },
    stop() {
      failures++;
      view?.remove();
      view = null;
      frame.quiet();
      messenger.stop();
      frame.iframe?.remove();
      frame.iframe = null;
    },
  };
  return frame;
}
