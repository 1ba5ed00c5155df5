/**
 * The managed iframe: a locked-down frame for the journey. docs/widget.md ("The iframe") explains every choice.
 */

/**
 * Sandbox tokens, each needed by the journey:
 * - `allow-scripts`: the journey is a script application.
 * - `allow-same-origin`: keeps the journey on its own origin. Without it the frame is an opaque `"null"` origin: its
 *   cookies and storage break, and its messages would carry origin `"null"`, which the origin check must refuse.
 * - `allow-forms`: the journey submits forms (customer details, bank credentials on the crawler pathway).
 * - `allow-popups`: the bank's consent page opens in a new window from the customer's click (banks refuse framing).
 * - `allow-popups-to-escape-sandbox`: that bank window must not inherit this sandbox, or the bank's own page breaks.
 * Deliberately absent: `allow-top-navigation*` (the journey can never navigate the host page itself; the one top-level
 * navigation, for the bank step, is done by the widget and only to the journey origin's bank-redirect endpoint — see
 * `bankStep` in journey.ts), `allow-modals`, `allow-downloads`, `allow-pointer-lock`,
 * `allow-presentation`, `allow-orientation-lock`, `allow-storage-access-by-user-activation`.
 */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * Permissions policy: nothing is delegated. Cross-origin frames get no powerful feature by default; the explicit
 * `'none'` list also holds if the journey is ever served from the host's own origin.
 */
export const IFRAME_ALLOW =
  "camera 'none'; microphone 'none'; geolocation 'none'; payment 'none'; usb 'none'; display-capture 'none'";

/**
 * `strict-origin`: the journey's request carries only the host's origin as `Referer` (which it learns anyway from
 * `parent_origin`), never the host page's path or query, and nothing at all on an https → http downgrade.
 */
export const IFRAME_REFERRER_POLICY = 'strict-origin';

export interface IframeOptions {
  title: string;
  channel: string;
  minHeight: number;
  document?: Document;
}

/** Creates the iframe without a `src`: the caller attaches the messenger first, then sets `src`. */
export function createJourneyIframe(options: IframeOptions): HTMLIFrameElement {
  const doc = options.document ?? document;
  const iframe = doc.createElement('iframe');
  iframe.title = options.title;
  iframe.setAttribute('sandbox', IFRAME_SANDBOX);
  iframe.setAttribute('allow', IFRAME_ALLOW);
  iframe.setAttribute('referrerpolicy', IFRAME_REFERRER_POLICY);
  iframe.setAttribute('data-hosted-journey-channel', options.channel);
  iframe.className = 'hosted-journey-iframe';
  // CSSOM assignments, not a style attribute: allowed under `style-src 'self'` without 'unsafe-inline'.
  const s = iframe.style;
  s.display = 'block';
  s.width = '100%';
  s.border = '0';
  s.height = `${options.minHeight}px`;
  return iframe;
}
