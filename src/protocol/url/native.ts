/**
 * The journey in a mobile app's WebView [ours]: the two query parameters that make a journey URL an app's, the
 * bridges an app can name, and the public `buildJourneyUrl` (the web builder plus those two). A web journey URL never
 * carries them; the widget builds with `buildWebJourneyUrl` alone, so none of this reaches its inline mount.
 */
import { failConfig as fail } from '../errors.js';
import { buildWebJourneyUrl, withinUrlLength } from './build.js';
import { isLoopbackHost } from './loopback.js';
import { TRACEPARENT_00 } from '../trace-context.js';
import { type JourneyUrlOptions, QUERY, RESUME_QUERY } from './types.js';
import { checkOneOf } from './validate.js';

/**
 * The app's bridges, by the URL's `native_bridge` value: where the journey page posts each event (a JSON string for
 * React Native and Android, an object for iOS's `WKScriptMessageHandler`). Named by the URL, never guessed.
 */
export const NATIVE_BRIDGES = {
  'react-native': { global: 'window.ReactNativeWebView', shape: 'json' },
  ios: { global: 'window.webkit.messageHandlers.hostedJourney', shape: 'object' },
  android: { global: 'window.HostedJourneyAndroid', shape: 'json' },
} as const;
export type NativeBridge = keyof typeof NATIVE_BRIDGES;
export const NATIVE_BRIDGE_NAMES = /* @__PURE__ */ Object.keys(NATIVE_BRIDGES) as NativeBridge[];

/** The app journey's query parameters [ours]. */
export const NATIVE_QUERY = {
  /** `react-native` | `ios` | `android`: the bridge the journey page posts its events through. */
  nativeBridge: 'native_bridge',
  /** The https address the app claims (universal link / App Link); the bank's answer comes back to it. */
  returnUrl: 'return_url',
} as const;

/** Longest `returnUrl` accepted: the bank-return page appends its two parameters to it. */
export const MAX_RETURN_URL_LENGTH = 1024;

export interface AppJourneyUrlOptions extends JourneyUrlOptions {
  /**
   * Builds the URL for a journey opened in an app's WebView (not framed: there is no parent window). The journey page
   * posts every event through this platform's bridge, and at the bank step posts `bank_authorisation` with the journey
   * origin's bank-redirect URL for the app to open outside the WebView. Needs `returnUrl`; rules out `parentOrigin`.
   * @example 'react-native'
   */
  nativeBridge?: NativeBridge;
  /**
   * With `nativeBridge` only (ignored without it, so a web journey URL does not change): the https address your app
   * claims as a universal link / Android App Link. The bank sends the customer there with `hj_channel` and
   * `hj_bank_status`; the app hands that URL back to the journey. Its origin must be registered for your vendor, as a
   * parent origin is. https, or http on loopback; no credentials, no fragment.
   * @example 'https://app.acme.example/bank-return'
   */
  returnUrl?: string;
  /**
   * With `nativeBridge` only: the W3C traceparent (version 00) the journey session runs in, so the journey's calls
   * and the webhooks they cause join your trace (a function is called now, as the widget's option); without it the
   * journey starts a new trace. @example '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
   */
  traceparent?: string | (() => string | undefined);
}

/** `returnUrl` checked and normalised (an https address, http on loopback only). */
export function checkAppReturnUrl(value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    /* reported below */
  }
  if (
    !url ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) ||
    url.username ||
    url.password ||
    url.hash ||
    url.href.length > MAX_RETURN_URL_LENGTH
  ) {
    fail(
      'INVALID_OPTION',
      'returnUrl',
      'returnUrl must be an https address your app claims (http on loopback only), without credentials or fragment, ' +
        `at most ${MAX_RETURN_URL_LENGTH} characters; got '${String(value).slice(0, 100)}'.`,
    );
  }
  return url.href;
}

/**
 * Builds the hosted-journey URL. Pure: no DOM, no globals. Throws `JourneyConfigError` on any bad input. Without
 * `nativeBridge` it is the web journey URL the widget frames; with it, the URL an app opens in its WebView.
 *
 * @example
 * buildJourneyUrl({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com', startAt:
 * 'banks' }) // 'https://journey.example.com/i/acme/cust_1/banks'
 * @example
 * buildJourneyUrl({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com',
 *   nativeBridge: 'ios', returnUrl: 'https://app.acme.example/bank-return' })
 * // 'https://journey.example.com/i/acme/cust_1?native_bridge=ios&return_url=https%3A%2F%2Fapp.acme.example%2Fbank-
 * // return'
 */
export function buildJourneyUrl(options: AppJourneyUrlOptions): string {
  const url = buildWebJourneyUrl(options);
  if (options.nativeBridge === undefined) return url;
  const bridge = checkOneOf(options.nativeBridge, 'nativeBridge', NATIVE_BRIDGE_NAMES);
  if (options.parentOrigin !== undefined)
    fail('INVALID_OPTION', 'parentOrigin', 'A journey in an app has no parent window: leave parentOrigin out.');
  const query = new URLSearchParams({
    [NATIVE_QUERY.nativeBridge]: bridge,
    [NATIVE_QUERY.returnUrl]: checkAppReturnUrl(options.returnUrl),
  });
  const traceparent = typeof options.traceparent === 'function' ? options.traceparent() : options.traceparent;
  if (traceparent !== undefined) {
    if (typeof traceparent !== 'string' || !TRACEPARENT_00.test(traceparent))
      fail('INVALID_TRACEPARENT', 'traceparent', 'traceparent must be a version-00 W3C traceparent.');
    query.set(QUERY.traceparent, traceparent);
  }
  return withinUrlLength(`${url}${url.includes('?') ? '&' : '?'}${query}`, 'returnUrl');
}

/** What an app journey's URL says: the bridge it names and its return URL, each absent when missing or invalid. */
export interface NativeQuery {
  nativeBridge?: NativeBridge;
  returnUrl?: string;
}

/**
 * An app journey's parameters, read from its URL; `undefined` when the URL has no `native_bridge` (a web journey). A
 * bridge name that is not one of `NATIVE_BRIDGES`, or a bad return URL, is left out: the page then says so on screen.
 */
export function readNativeQuery(q: URLSearchParams): NativeQuery | undefined {
  const name = q.get(NATIVE_QUERY.nativeBridge);
  if (name === null) return undefined;
  const out: NativeQuery = {};
  if ((NATIVE_BRIDGE_NAMES as string[]).includes(name)) out.nativeBridge = name as NativeBridge;
  try {
    out.returnUrl = checkAppReturnUrl(q.get(NATIVE_QUERY.returnUrl));
  } catch {
    /* absent */
  }
  return out;
}

/**
 * The bank's return link, parsed, when it is this app journey's: on `returnUrl`'s origin and path, with `channel` as
 * its `hj_channel`; undefined otherwise (not a URL, another address, another journey). Nothing else in the link is
 * read. The app (react-native/controller.ts) hands a matching link to the journey; the journey (child/app.ts) matches
 * it again and reads its status.
 */
export function matchReturnLink(link: string, returnUrl: string, channel: string): URL | undefined {
  let got: URL;
  try {
    got = new URL(link);
  } catch {
    return undefined;
  }
  const want = new URL(returnUrl);
  return got.origin === want.origin &&
    got.pathname === want.pathname &&
    got.searchParams.get(RESUME_QUERY.channel) === channel
    ? got
    : undefined;
}
