/**
 * The journey's half of a journey in a mobile app's WebView (a URL built with `nativeBridge`): not framed, no parent
 * window; events go to the app through the bridge the URL names (url/native.ts `NATIVE_BRIDGES`).
 *
 * Requirements:
 *  1. The bridge is the one the URL names, never guessed. A bridge whose global is missing, or a URL whose bridge or
 *     return URL is invalid, gives `missing` (what is missing, for the page to say on screen) and posts nothing.
 *  2. Every event the page emits is checked against its web schema (`checkOutgoing`, misuse throws as on the web),
 *     wrapped in the web's envelope with this journey's channel, and its payload stamped with the session
 *     (`AppEventStamp`). React Native and Android get a JSON string, iOS the object.
 *  3. `bank_authorisation` also carries `url`: this page's own origin's bank-redirect URL for the consent
 *     (`buildBankRedirectUrl` from `location.origin`, the URL's vendor and customer and the checked consent id) —
 *     never a URL from elsewhere. The page neither navigates nor opens a window: the app opens it outside the WebView.
 *  4. App → journey messages are accepted only when the app dispatched them into this page (a `message` event with no
 *     `source` and an empty `origin`: any other window's post has both), in the envelope with this journey's
 *     channel, of a known type whose payload passes its schema. Anything else is ignored, never thrown.
 *  5. `bank_return { url }`: the return link is believed only as far as `resumeJourney()` believes it: its origin and
 *     path must be the URL's `return_url`, its `hj_channel` this journey's channel, its `hj_bank_status` one of the
 *     statuses. Then `bank_authorisation_result { status }` is delivered to the page (which asks the server for the
 *     consent's decision before it moves). Anything else is refused: a console warning, nothing delivered.
 *  6. The session (`sessionId`, the trace) is this page load's and stays across the bank step: the WebView never
 *     leaves the journey. The trace is the URL's `traceparent` when valid, else a new one.
 */
import {
  type AppEventStamp,
  type AppMessagePayloads,
  appMessageSchemas,
  BANK_AUTHORISATION_STATUSES,
  type BankAuthorisationStatus,
  buildBankRedirectUrl,
  CHANNEL_PATTERN,
  checkOutgoing,
  createChannelId,
  decodeMessage,
  encodeMessage,
  journeyEventSchemas,
  type JourneyPrefill,
  matchReturnLink,
  NATIVE_BRIDGES,
  type NativeBridge,
  type ParentMessagePayloads,
  type ParentMessageType,
  parseJourneyUrl,
  RESUME_QUERY,
  randomHexId,
} from '../protocol/browser.js';
import type { JourneyBridgeCore } from './bridge.js';

export interface ConnectToAppOptions {
  /**
   * Where to read the journey URL from.
   * @example new URL('https://journey.example.com/i/acme/c1?native_bridge=ios&…')
   */
  location?: Location | URL;
  /** The window whose globals hold the bridge and that receives the app's messages. Default: `window`. */
  host?: Window;
}

/** The journey bridge of an app journey: the web bridge's shape, plus what only an app journey has. */
export interface AppJourneyBridge extends JourneyBridgeCore {
  /** Always false: an app journey has no parent window. */
  readonly framed: false;
  /** The bridge, this journey's channel and the app's return URL; undefined when the URL's are not valid. */
  readonly native: { bridge: NativeBridge; channel: string; returnUrl: string } | undefined;
  /** What is missing (the bridge's global, or a valid bridge name / return URL in the URL); undefined when ready. */
  readonly missing: string | undefined;
  readonly prefill: JourneyPrefill;
  readonly traceparent: string;
  readonly sessionId: string;
  readonly connected: Promise<{ prefill: JourneyPrefill }>;
  readonly visible: true;
  destroy(): void;
}

type Post = (message: object) => void;

/** The posting function of `bridge` on `host`, or undefined when its global is not there (1). */
function findBridge(host: Window, bridge: NativeBridge): Post | undefined {
  type Poster = { postMessage?: unknown } | undefined;
  const w = host as unknown as {
    webkit?: { messageHandlers?: { hostedJourney?: Poster } };
    ReactNativeWebView?: Poster;
    HostedJourneyAndroid?: Poster;
  };
  const ios = bridge === 'ios';
  const target = ios
    ? w.webkit?.messageHandlers?.hostedJourney
    : bridge === 'react-native'
      ? w.ReactNativeWebView
      : w.HostedJourneyAndroid;
  const send = target?.postMessage;
  if (typeof send !== 'function') return undefined;
  return (m) => send.call(target, ios ? m : JSON.stringify(m));
}

/**
 * Connects a journey page to the app whose WebView opened it (a URL with `native_bridge`).
 *
 * @example
 * const bridge = connectToApp();
 * if (bridge.missing) showProblem(bridge.missing);
 * bridge.emit('ready', { step: 'terms' });
 */
export function connectToApp(options: ConnectToAppOptions = {}): AppJourneyBridge {
  const host = options.host ?? window;
  const href = new URL((options.location ?? host.location).href);
  const url = parseJourneyUrl(href);
  const q = href.searchParams;
  const channel = url?.channel ?? createChannelId();
  const traceparent = url?.traceparent ?? `00-${randomHexId(16)}-${randomHexId(8)}-01`;
  const sessionId = randomHexId(16);
  const stamp = (): AppEventStamp => ({ sessionId, traceId: traceparent.slice(3, 35), traceparent, at: Date.now() });
  const bridgeName = url?.native?.nativeBridge;
  const returnUrl = url?.native?.returnUrl;
  const post = bridgeName ? findBridge(host, bridgeName) : undefined;
  const missing = !url?.native
    ? 'native_bridge'
    : !bridgeName
      ? `a known native_bridge (${Object.keys(NATIVE_BRIDGES).join(', ')}; got '${q.get('native_bridge')}')`
      : !returnUrl
        ? 'a valid return_url'
        : !post
          ? NATIVE_BRIDGES[bridgeName].global
          : undefined;
  const native = bridgeName && returnUrl ? { bridge: bridgeName, channel, returnUrl } : undefined;
  const listeners = new Set<(p: ParentMessagePayloads['bank_authorisation_result']) => void>();
  let destroyed = false;

  const handBack = ({ url: link }: AppMessagePayloads['bank_return']): void => {
    const status = checkReturnLink(link, returnUrl, channel);
    if (!status) {
      console.warn('hosted-journey/child: a return link that is not this journey’s was refused');
      return;
    }
    for (const fn of [...listeners]) fn({ status });
  };
  const onMessage = (e: MessageEvent): void => {
    // (4) Dispatched into this page by the app: no source window, no origin. A post from any window has both.
    if (destroyed || e.source !== null || e.origin !== '') return;
    let data: unknown = e.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    const decoded = decodeMessage(appMessageSchemas, data, channel);
    if (decoded.ok && decoded.message.type === 'bank_return') handBack(decoded.message.payload as { url: string });
  };
  if (native && post) host.addEventListener('message', onMessage, true);

  return {
    framed: false,
    native,
    missing,
    prefill: { ...url?.prefill },
    traceparent,
    sessionId,
    connected: Promise.resolve({ prefill: { ...url?.prefill } }),
    visible: true,
    whenVisible: () => Promise.resolve(),
    emit(type, payload) {
      const checked = checkOutgoing(journeyEventSchemas, type, payload, 'hello') as Record<string, unknown>;
      if (!post || !url || destroyed || type === ('escape' as string)) return;
      const extra =
        type === 'bank_authorisation'
          ? {
              url: buildBankRedirectUrl({
                journeyOrigin: href.origin,
                vendor: url.vendor,
                customerId: url.customerId,
                consentId: checked.consentId as string,
              }),
            }
          : {};
      post(encodeMessage(channel, type, { ...checked, ...extra, ...stamp() }));
    },
    on(type: ParentMessageType, fn: (payload: never) => void) {
      if (type !== 'bank_authorisation_result' || destroyed) return () => undefined;
      const f = fn as (p: ParentMessagePayloads['bank_authorisation_result']) => void;
      listeners.add(f);
      return () => void listeners.delete(f);
    },
    onClose: () => () => undefined,
    destroy() {
      destroyed = true;
      listeners.clear();
      host.removeEventListener('message', onMessage, true);
    },
  };
}

/**
 * The status a return link carries when it is this journey's (5): on `returnUrl`'s origin and path, with this
 * journey's channel and a known status; undefined otherwise. Nothing else in the link is read.
 */
export function checkReturnLink(
  link: string,
  returnUrl: string | undefined,
  channel: string,
): BankAuthorisationStatus | undefined {
  if (!returnUrl || !CHANNEL_PATTERN.test(channel)) return undefined;
  const status = matchReturnLink(link, returnUrl, channel)?.searchParams.get(RESUME_QUERY.status);
  return BANK_AUTHORISATION_STATUSES.includes(status as BankAuthorisationStatus)
    ? (status as BankAuthorisationStatus)
    : undefined;
}
