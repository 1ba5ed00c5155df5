/**
 * In-app browsers and WebViews, by user agent: where `window.open` often opens nothing, opens a tab with no opener, or
 * hands the page to another app, so the bank's consent must run by redirect. One row per signature, named in its
 * comment; each has a sample user agent in test/widget/in-app.test.ts, in the same order. A user agent is a hint the
 * page cannot verify; a wrong guess only picks the other strategy (both complete the bank step), so no row needs to be
 * exact beyond its sample. The rows are bare patterns: only whether one matches is used, and a name per row would cost
 * every inline mount its bytes.
 */
export const IN_APP_BROWSERS: readonly RegExp[] = [
  /\bFBAN\/|\bFBAV\//, // Facebook
  /\bInstagram\b/, // Instagram
  /\bTikTok\b|\bBytedanceWebview\b|\bmusical_ly\b/, // TikTok
  /\bLinkedInApp\b/, // LinkedIn
  /\bLine\//, // LINE
  /\bGSA\//, // Google app
  /\bSnapchat\b/, // Snapchat
  /; wv\)/, // Android WebView
  // iOS WebView: iOS browsers (Safari, Chrome's CriOS, Firefox's FxiOS, Edge's EdgiOS) all say `Safari/`; a WKWebView
  // does not.
  /\b(?:iPhone|iPad|iPod)\b(?!.*\bSafari\/)/,
];

/** True when `userAgent` is an in-app browser or a WebView (a row of `IN_APP_BROWSERS` matches it). */
export function inAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSERS.some((signature) => signature.test(userAgent));
}
