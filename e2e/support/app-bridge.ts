// The app's side of the journey's native bridge in the browser specs: what a React Native, iOS or Android app installs
// before the journey page's scripts run. Passed whole to a driver's preload (addInitScript, evaluateOnNewDocument),
// which sends its source: it must use nothing outside itself.
import type { NativeBridge } from '../../src/protocol/url.js';

/** An app's bridge, as the app installs it before the page's scripts; what it receives goes to `window.__posted`. */
export function installAppBridge(name: NativeBridge): void {
  const posted: unknown[] = [];
  const w = window as unknown as Record<string, unknown>;
  w.__posted = posted;
  const handler = { postMessage: (m: unknown) => posted.push(m) };
  if (name === 'ios') w.webkit = { messageHandlers: { hostedJourney: handler } };
  else if (name === 'android') w.HostedJourneyAndroid = handler;
  else w.ReactNativeWebView = handler;
}
