/**
 * In-app browsers and WebViews, by user agent: where `window.open` often opens nothing, opens a tab with no opener, or
 * hands the page to another app, so the bank's consent must run by redirect. One row per signature; each has a sample
 * user agent in test/widget/in-app.test.ts. A user agent is a hint the page cannot verify; a wrong guess only picks the
 * other strategy (both complete the bank step), so no row needs to be exact beyond its sample.
 */
export const IN_APP_BROWSERS: ReadonlyArray<readonly [name: string, signature: RegExp]> = [
  ['Facebook', /\bFBAN\/|\bFBAV\//],
  ['Instagram', /\bInstagram\b/],
  ['TikTok', /\bTikTok\b|\bBytedanceWebview\b|\bmusical_ly\b/],
  ['LinkedIn', /\bLinkedInApp\b/],
  ['LINE', /\bLine\//],
  ['Google app', /\bGSA\//],
  ['Snapchat', /\bSnapchat\b/],
  ['Android WebView', /; wv\)/],
  // iOS browsers (Safari, Chrome's CriOS, Firefox's FxiOS, Edge's EdgiOS) all say `Safari/`; a WKWebView does not.
  ['iOS WebView', /\b(?:iPhone|iPad|iPod)\b(?!.*\bSafari\/)/],
];

/** The name of the in-app browser or WebView `userAgent` belongs to, or `null` for a full browser. */
export function inAppBrowser(userAgent: string): string | null {
  for (const [name, signature] of IN_APP_BROWSERS) if (signature.test(userAgent)) return name;
  return null;
}
