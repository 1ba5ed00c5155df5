/**
 * `HostedJourneyView`: the journey in a react-native-webview WebView, with the web widget's typed callbacks. The bank
 * step never runs in the WebView: its URL is opened with `Linking.openURL` (or `openBankUrl`, for an in-app browser
 * library's authentication session), and the return link the app is opened with (`Linking`) is handed back.
 *
 * Constraints:
 * 1. One controller per `journeyUrl` (controller.ts holds every check); callbacks are read from a ref, so new
 *    callback props never reload the journey.
 * 2. The WebView loads only the journey origin's pages (`originWhitelist`, `onShouldStartLoadWithRequest`) and opens
 *    no windows.
 * 3. Links reach the journey from `Linking.getInitialURL()` (the app was started by the return link) and the `url`
 *    event (it was running); a link that is not this journey's is left to the app (`onOtherLink`).
 */
import { createElement, useEffect, useMemo, useRef } from 'react';
import type { ReactElement } from 'react';
import { Linking, type StyleProp, type ViewStyle } from 'react-native';
import { WebView } from 'react-native-webview';
import { type AppJourneyCallbacks, createAppJourneyController } from './controller.js';

export interface HostedJourneyViewProps extends AppJourneyCallbacks {
  /**
   * From your server:
   * `buildJourneyUrl({ vendor, customerId, journeyOrigin, nativeBridge: 'react-native', returnUrl })`.
   * @example 'https://j.example.com/i/acme/c1?native_bridge=react-native&return_url=https%3A%2F%2Fapp.example'
   */
  journeyUrl: string;
  /**
   * Opens the bank's URL outside the WebView. Default `Linking.openURL` (the bank's app claims it, else the browser).
   * @example openBankUrl: (url) => InAppBrowser.openAuth(url, 'https://app.acme.example/bank-return')
   */
  openBankUrl?: (url: string) => undefined | Promise<unknown>;
  /** A link the app received that is not this journey's return link. @example onOtherLink: (url) => router.open(url) */
  onOtherLink?: (url: string) => void;
  /** Channel ids when the URL has none (default: `crypto.getRandomValues`). @example () => uuid().replace(/-/g, '') */
  createChannel?: () => string;
  style?: StyleProp<ViewStyle>;
}

/**
 * @example
 * <HostedJourneyView journeyUrl={url} onComplete={({ applicationId }) => done(applicationId)} onExit={goBack} />
 */
export function HostedJourneyView(props: HostedJourneyViewProps): ReactElement {
  const latest = useRef(props);
  latest.current = props;
  const webView = useRef<WebView | null>(null);
  const controller = useMemo(
    () =>
      createAppJourneyController({
        journeyUrl: props.journeyUrl,
        callbacks: () => latest.current,
        inject: (script) => webView.current?.injectJavaScript(script),
        openBankUrl: (url) => (latest.current.openBankUrl ?? Linking.openURL)(url),
        ...(props.createChannel ? { createChannel: props.createChannel } : {}),
      }),
    [props.journeyUrl],
  );

  useEffect(() => {
    let live = true;
    const take = (url: string | null) => {
      if (live && url && !controller.handleReturnLink(url)) latest.current.onOtherLink?.(url);
    };
    void Linking.getInitialURL().then(take, () => undefined);
    const subscription = Linking.addEventListener('url', ({ url }) => take(url));
    return () => {
      live = false;
      subscription.remove();
    };
  }, [controller]);

  return createElement(WebView, {
    ref: webView,
    source: { uri: controller.url },
    originWhitelist: [controller.origin],
    onMessage: (e) => controller.receive(e.nativeEvent.data, e.nativeEvent.url),
    onShouldStartLoadWithRequest: (request) => controller.mayLoad(request.url),
    javaScriptEnabled: true,
    setSupportMultipleWindows: false,
    javaScriptCanOpenWindowsAutomatically: false,
    style: props.style ?? { flex: 1 },
  });
}
