/**
 * Why no journey answered (`READY_TIMEOUT`, `NO_JOURNEY`), in `onError`'s words for the developer. Loaded with
 * `import()` only when a journey did not answer, so the inline bundle carries none of it (the script build:
 * `hosted-journey.no-journey.js`).
 *
 * The one cause the page can observe is its own Content-Security-Policy refusing the frame. The browser fires
 * `securitypolicyviolation` for it and queues the same violation as a `csp-violation` report; a listener would have to
 * be in the inline path before the frame loads, so this part reads the report buffer instead (`ReportingObserver`,
 * `buffered`: reports made before it was created), and a violation whose directive is `frame-src` or `child-src` for
 * the journey origin is named. A journey refusing this page (its `frame-ancestors`) is reported only inside the
 * journey's origin, and a wrong `journeyOrigin` leaves no trace: without a violation the likely causes are listed, most
 * likely first. Browsers without `ReportingObserver` (Firefox, Safari) get the list.
 */
import type { ResolvedOptions } from './options.js';

interface CspViolationBody {
  blockedURL?: string;
  effectiveDirective?: string;
  disposition?: string;
}
type Observer = { observe(): void; takeRecords(): Array<{ body?: CspViolationBody }>; disconnect(): void };
type ObserverClass = new (callback: () => void, options: { types: string[]; buffered: boolean }) => Observer;

/** The directive of this page's policy that refused a frame of `origin`, if the browser has reported one. */
export function refusedBy(origin: string, win: Window = window): string | undefined {
  const Reporting = (win as unknown as { ReportingObserver?: ObserverClass }).ReportingObserver;
  if (!Reporting) return undefined;
  const observer = new Reporting(() => {}, { types: ['csp-violation'], buffered: true });
  observer.observe();
  const found = observer
    .takeRecords()
    .map((r) => r.body ?? {})
    .find(
      (b) =>
        b.disposition !== 'report' &&
        /^(frame|child)-src/.test(b.effectiveDirective ?? '') &&
        `${b.blockedURL}/`.startsWith(`${origin}/`),
    );
  observer.disconnect();
  return found?.effectiveDirective;
}

/**
 * The developer's message for a journey that did not answer. `silentMs`: how long a loaded frame may stay silent before
 * `NO_JOURNEY`.
 */
export function unansweredMessage(
  code: 'READY_TIMEOUT' | 'NO_JOURNEY',
  cfg: Pick<ResolvedOptions, 'journeyOrigin' | 'readyTimeoutMs'>,
  silentMs: number,
  win: Window = window,
): string {
  const origin = cfg.journeyOrigin;
  const what =
    code === 'READY_TIMEOUT'
      ? `The journey at ${origin} did not signal ready within ${cfg.readyTimeoutMs} ms.`
      : `The page at ${origin} loaded, but no journey answered within ${silentMs / 1000} s.`;
  const refused = refusedBy(origin, win);
  if (refused)
    return (
      `${what} This page's Content-Security-Policy refused the journey frame: its ${refused} does not allow ` +
      `${origin}. Add ${origin} to the page's frame-src (in its Content-Security-Policy header or <meta> tag).`
    );
  if (code === 'READY_TIMEOUT') return what;
  const page = win.location.origin;
  return (
    `${what} Likely causes, most likely first: ` +
    `(1) this page's Content-Security-Policy frame-src does not allow ${origin}; ` +
    `(2) the service has not registered this page's origin (${page}) for this vendor, so the journey refuses to be ` +
    `framed here (its frame-ancestors): ask for ${page} to be registered; ` +
    `(3) the origin of journey_url differs from journeyOrigin (${origin}), or that page is not a journey.`
  );
}
