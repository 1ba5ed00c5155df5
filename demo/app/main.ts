/**
 * The app page (`/app.html`) plays Lendly's mobile app around the journey; `/app-return` plays the operating system
 * handing the app its return link. DOM APIs only (CSP-safe).
 *
 * - The frame stands in for the app's WebView: the journey URL (built by Lendly's server with `nativeBridge` and
 *   `returnUrl`) carries the sandbox's `standin_bridge=1`, so the journey page loads the sandbox's stand-in bridge
 *   before its own script, which passes each bridge message up to this page (docs/sandbox.md, "A stand-in app bridge").
 * - Each message is shown as it arrives; the app's checks are the recipes' (docs/native-apps.md): the envelope, one
 *   channel, a `bank_authorisation` URL on the journey origin's bank-redirect path.
 * - The bank step leaves the WebView: "Open in the bank's app" opens that URL in a window of its own (the bank's app /
 *   the system's authentication session). The bank approves there and redirects to the return link, `/app-return`,
 *   which hands it to this page (a BroadcastChannel: the link opening the app) and closes.
 * - This page hands the link back into the journey as an app does (a `message` event dispatched into the page, through
 *   the stand-in), and the journey finishes the same application. The application's webhooks show beside it.
 */
import { el } from '../dom.js';
import { appendLog, followApplication } from '../status/progress.js';

/** The sandbox's stand-in bridge's two message types (src/sandbox/journey/browser/app-standin.ts). */
const STANDIN_BRIDGE = 'hosted-journey:standin-bridge';
const STANDIN_DISPATCH = 'hosted-journey:standin-dispatch';
/** `/app-return` → the app page: the return link, as the operating system hands a universal link to the app. */
const RETURN_CHANNEL = 'lendly-app-return';

type Envelope = { protocol?: unknown; version?: unknown; channel?: unknown; type?: unknown; payload?: unknown };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function returnPage(state: HTMLElement): void {
  const bc = new BroadcastChannel(RETURN_CHANNEL);
  bc.postMessage(location.href);
  bc.close();
  state.textContent = 'The return link went back to the Lendly app. This window closes itself.';
  // Leave the message a moment before the window goes; scripts may close the windows a script opened.
  setTimeout(() => window.close(), 400);
}

function appPage(holder: HTMLElement): void {
  const journeyUrl = holder.dataset.journeyUrl ?? '';
  const returnUrl = holder.dataset.returnUrl ?? '';
  const ref = holder.dataset.ref ?? '';
  const journeyOrigin = new URL(journeyUrl).origin;
  const log = $('log')!;
  const bankState = $('bank-state')!;
  const openBank = $<HTMLButtonElement>('open-bank')!;
  const appState = $('app-state')!;
  const note = (kind: 'bridge' | 'app', type: string, detail: string) => {
    appendLog(log, kind, type, detail);
  };
  let channel = '';
  let bankUrl = '';

  const frame = el('iframe', { title: 'The Lendly app’s WebView: the journey', src: journeyUrl });
  window.addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== journeyOrigin) return;
    const m = e.data as { type?: unknown; message?: unknown } | null;
    if (m?.type !== STANDIN_BRIDGE) return;
    let envelope: Envelope;
    try {
      envelope = (typeof m.message === 'string' ? JSON.parse(m.message) : m.message) as Envelope;
    } catch {
      return;
    }
    if (envelope?.protocol !== 'hosted-journey' || typeof envelope.channel !== 'string') return;
    // One journey per WebView: the first message's channel is the journey's.
    channel ||= envelope.channel;
    if (envelope.channel !== channel) return note('app', 'refused', 'a message on another channel');
    const type = String(envelope.type);
    const payload = (envelope.payload ?? {}) as Record<string, unknown>;
    note('bridge', type, `${typeof m.message === 'string' ? 'JSON string' : 'object'} ${JSON.stringify(payload)}`);
    if (type === 'bank_authorisation' && typeof payload.url === 'string') bankStep(payload.url);
    if (type === 'completed') appState.textContent = `Application ${String(payload.applicationId)} finished.`;
  });
  holder.append(frame);

  function bankStep(url: string): void {
    // Only the journey origin's bank-redirect URL is ever opened (docs/native-apps.md).
    if (!url.startsWith(`${journeyOrigin}/bank-redirect/`)) return note('app', 'refused', `bank URL ${url}`);
    bankUrl = url;
    bankState.textContent = `The journey asks the app to open ${url} outside the WebView. It waits; the page stays.`;
    openBank.hidden = false;
  }
  openBank.addEventListener('click', () => {
    window.open(bankUrl, 'lendly-bank-app', 'popup,width=480,height=760');
    openBank.hidden = true;
    bankState.textContent = 'In the bank’s app: approve there, and the bank sends you back to the Lendly app.';
    note('app', 'bank opened', bankUrl);
  });

  const back = new BroadcastChannel(RETURN_CHANNEL);
  back.onmessage = (e: MessageEvent) => {
    const link = String(e.data);
    if (!channel || !link.startsWith(returnUrl)) return;
    bankState.textContent = `The bank returned to ${link}; the app hands it back to the journey.`;
    note('app', 'return link', link);
    const data = JSON.stringify({
      protocol: 'hosted-journey',
      version: 1,
      channel,
      type: 'bank_return',
      payload: { url: link },
    });
    frame.contentWindow?.postMessage({ type: STANDIN_DISPATCH, data }, journeyOrigin);
  };
  followApplication(ref, $('progress')!, $('hooks') ?? undefined);
}

const holder = $('webview');
const returned = $('app-return');
if (holder) appPage(holder);
else if (returned) returnPage(returned);
