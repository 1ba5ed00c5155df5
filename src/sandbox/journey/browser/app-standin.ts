/**
 * Entry of `/assets/app-standin.js` [ours, sandbox only]: a stand-in for a mobile app's bridge, for browsers that are
 * not an app. The journey shell loads it before the journey's own script when an app's journey URL (`native_bridge`)
 * also says `standin_bridge=1` (`STANDIN_BRIDGE_QUERY`), so the bridge is there before the journey looks for it —
 * as WKUserScript's document start, addJavascriptInterface and react-native-webview's injection put it there in an app.
 *
 * 1. It installs the bridge the URL names (never one the page already has): each message the journey posts is kept
 *    in `window.hostedJourneyStandIn.posted`, as the journey gave it (a JSON string, or the object for iOS).
 * 2. Framed (the demo's app page frames the journey as its WebView), it also posts each message to the parent as
 *    `{ type: 'hosted-journey:standin-bridge', bridge, message }`, to the origin of the URL's `return_url` only: the
 *    app's, which the sandbox checked against the vendor's registered origins to serve this page.
 * 3. It plays the app's half of handing a message in (`evaluateJavaScript` dispatching a `message` event): a
 *    `{ type: 'hosted-journey:standin-dispatch', data }` from the parent, at that origin, is dispatched into this page
 *    as a `message` event with no source and no origin. Anything else is ignored.
 */
const STANDIN_BRIDGE = 'hosted-journey:standin-bridge';
const STANDIN_DISPATCH = 'hosted-journey:standin-dispatch';

type Poster = { postMessage(message: unknown): void };
type Globals = {
  webkit?: { messageHandlers?: { hostedJourney?: Poster } };
  ReactNativeWebView?: Poster;
  HostedJourneyAndroid?: Poster;
  hostedJourneyStandIn?: { bridge: string; posted: unknown[] };
};

function appOrigin(q: URLSearchParams): string | undefined {
  try {
    return new URL(q.get('return_url') ?? '').origin;
  } catch {
    return undefined;
  }
}

function install(): void {
  const q = new URLSearchParams(location.search);
  const bridge = q.get('native_bridge') ?? '';
  const origin = appOrigin(q);
  const framed = window.parent !== window;
  const w = window as unknown as Globals;
  const posted: unknown[] = [];
  w.hostedJourneyStandIn = { bridge, posted };
  const handler: Poster = {
    postMessage(message) {
      posted.push(message);
      if (framed && origin) window.parent.postMessage({ type: STANDIN_BRIDGE, bridge, message }, origin);
    },
  };
  if (bridge === 'ios') {
    w.webkit ??= {};
    w.webkit.messageHandlers ??= {};
    w.webkit.messageHandlers.hostedJourney ??= handler;
  } else if (bridge === 'android') w.HostedJourneyAndroid ??= handler;
  else if (bridge === 'react-native') w.ReactNativeWebView ??= handler;
  if (!framed || !origin) return;
  window.addEventListener('message', (e) => {
    const m = e.data as { type?: unknown; data?: unknown } | null;
    if (e.source !== window.parent || e.origin !== origin || m?.type !== STANDIN_DISPATCH) return;
    window.dispatchEvent(new MessageEvent('message', { data: m.data }));
  });
}

install();
