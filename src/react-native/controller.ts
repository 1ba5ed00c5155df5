/**
 * The app's half of a journey in a WebView, with no React Native in it: `HostedJourneyView` (view.ts) wires it to
 * react-native-webview and `Linking`, and the tests wire it to a real journey page in a headless browser.
 *
 * Requirements:
 *  1. The journey URL is checked once, when the controller is made: built with `nativeBridge: 'react-native'` and a
 *     `returnUrl`; a channel is added when it has none, so every message is this journey's.
 *  2. A message is looked at only when the page that sent it is on the journey origin (react-native-webview's
 *     `nativeEvent.url`), it is the web's envelope with this channel, its type a journey event, its payload passes
 *     the web's schema and carries the session stamp. Anything else goes to `onInvalidMessage`; nothing is thrown.
 *  3. `bank_authorisation`'s `url` must be exactly the journey origin's bank-redirect URL for that consent of this
 *     customer (`buildBankRedirectUrl`); any other URL is refused (`onInvalidMessage`) and never opened.
 *  4. The WebView loads only the journey origin's pages, never its bank-redirect path (the bank runs outside it).
 *  5. A link the app receives is handed to the journey only when it is on `returnUrl`'s origin and path with this
 *     journey's `hj_channel` (the journey checks it again, and asks its server for the bank's decision).
 */
import {
  type AppEvent,
  type AppEventStamp,
  BANK_REDIRECT_SEGMENT,
  buildBankRedirectUrl,
  CHANNEL_PATTERN,
  type DecodeFailure,
  decodeMessage,
  encodeMessage,
  JourneyConfigError,
  journeyEventSchemas,
  matchReturnLink,
  parseJourneyUrl,
  QUERY,
  TRACEPARENT_00,
} from '../protocol/browser.js';

/** The typed callbacks, named as the web widget's; each payload is the event's, stamped with the session. */
export interface AppJourneyCallbacks {
  /** @example onReady: ({ step }) => console.log('journey at', step) */
  onReady?(payload: Extract<AppEvent, { type: 'ready' }>['payload']): void;
  /** @example onStep: ({ step, sessionId }) => analytics.track('journey_step', { step, sessionId }) */
  onStep?(payload: Extract<AppEvent, { type: 'step' }>['payload']): void;
  /** @example onInstitutionSelected: ({ institutionId }) => console.log(institutionId) */
  onInstitutionSelected?(payload: Extract<AppEvent, { type: 'institution_selected' }>['payload']): void;
  /**
   * The bank step: `requested` (the journey asked for the bank; `url` is being opened outside the WebView) and
   * `completed` (the journey's outcome). @example onBankAuthorisation: (e) => console.log(e.phase)
   */
  onBankAuthorisation?(
    event:
      | ({ phase: 'requested' } & Extract<AppEvent, { type: 'bank_authorisation' }>['payload'])
      | ({ phase: 'completed' } & Extract<AppEvent, { type: 'bank_authorisation_completed' }>['payload']),
  ): void;
  /** @example onReleased: () => showSpinner() */
  onReleased?(payload: Extract<AppEvent, { type: 'released' }>['payload']): void;
  /** @example onComplete: ({ applicationId }) => navigation.navigate('Done', { applicationId }) */
  onComplete?(payload: Extract<AppEvent, { type: 'completed' }>['payload']): void;
  /** @example onError: ({ code }) => console.warn(code) */
  onError?(payload: Extract<AppEvent, { type: 'error' }>['payload']): void;
  /** @example onExit: () => navigation.goBack() */
  onExit?(payload: Extract<AppEvent, { type: 'exit' }>['payload']): void;
  /** Every valid event, after its own callback. @example onEvent: (e) => console.log(e.type) */
  onEvent?(event: AppEvent): void;
  /** A message that failed a check (2, 3); never thrown. @example onInvalidMessage: (i) => console.warn(i.reason) */
  onInvalidMessage?(info: { reason: DecodeFailure | 'origin' | 'stamp' | 'bank_url'; detail: string }): void;
}

export interface AppJourneyControllerOptions {
  /**
   * The journey URL, built by your server with `buildJourneyUrl({ …, nativeBridge: 'react-native', returnUrl })`.
   * @example 'https://j.example.com/i/acme/c1?native_bridge=react-native&return_url=https%3A%2F%2Fapp.example'
   */
  journeyUrl: string;
  /** Opens the bank outside the WebView (`Linking.openURL`, or an in-app browser library's authentication session). */
  openBankUrl(url: string): undefined | Promise<unknown>;
  /** Runs JavaScript in the journey page (`webView.injectJavaScript`). */
  inject(script: string): void;
  /** Read at every event, so a caller may swap them (a component's latest props). */
  callbacks(): AppJourneyCallbacks;
  /** Channel ids for a URL without one. Default: 128 bits from `crypto.getRandomValues` (needs it in React Native). */
  createChannel?: () => string;
}

export interface AppJourneyController {
  /** The URL the WebView loads (the journey URL, with a channel). */
  readonly url: string;
  readonly origin: string;
  readonly channel: string;
  readonly returnUrl: string;
  /** react-native-webview's `onMessage`: `nativeEvent.data` and `nativeEvent.url`. */
  receive(data: unknown, pageUrl: string): void;
  /** `onShouldStartLoadWithRequest`: only the journey origin's pages, never its bank-redirect path (4). */
  mayLoad(url: string): boolean;
  /** A link the app was opened with: true when it was this journey's return link and was handed back (5). */
  handleReturnLink(link: string): boolean;
}

const HEX32 = /^[0-9a-f]{32}$/;

function randomChannel(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const CALLBACK = {
  ready: 'onReady',
  step: 'onStep',
  institution_selected: 'onInstitutionSelected',
  released: 'onReleased',
  completed: 'onComplete',
  error: 'onError',
  exit: 'onExit',
} as const;

function checkStamp(p: Record<string, unknown>): AppEventStamp | undefined {
  const { sessionId, traceId, traceparent, at } = p;
  return typeof sessionId === 'string' &&
    HEX32.test(sessionId) &&
    typeof traceId === 'string' &&
    HEX32.test(traceId) &&
    typeof traceparent === 'string' &&
    TRACEPARENT_00.test(traceparent) &&
    traceparent.slice(3, 35) === traceId &&
    typeof at === 'number'
    ? { sessionId, traceId, traceparent, at }
    : undefined;
}

/** Makes the controller; throws `JourneyConfigError` for a journey URL that is not a React Native journey's (1). */
export function createAppJourneyController(options: AppJourneyControllerOptions): AppJourneyController {
  const parsed = parseJourneyUrl(options.journeyUrl);
  if (parsed?.native?.nativeBridge !== 'react-native' || !parsed.native.returnUrl) {
    throw new JourneyConfigError(
      'INVALID_OPTION',
      'journeyUrl',
      "journeyUrl must be a journey URL built with nativeBridge: 'react-native' and a returnUrl.",
    );
  }
  const { vendor, customerId } = parsed;
  const returnUrl = parsed.native.returnUrl;
  const page = new URL(options.journeyUrl);
  const origin = page.origin;
  let channel = parsed.channel;
  if (!channel) {
    channel = (options.createChannel ?? randomChannel)();
    if (!CHANNEL_PATTERN.test(channel))
      throw new JourneyConfigError('INVALID_CHANNEL', 'createChannel', 'createChannel returned an invalid channel.');
    page.searchParams.set(QUERY.channel, channel);
  }
  const fixedChannel = channel;
  const invalid: NonNullable<AppJourneyCallbacks['onInvalidMessage']> = (info) =>
    quiet(() => options.callbacks().onInvalidMessage?.(info));

  const deliver = (event: AppEvent): void => {
    const cb = options.callbacks();
    if (event.type === 'bank_authorisation') {
      quiet(() => cb.onBankAuthorisation?.({ phase: 'requested', ...event.payload }));
      quiet(() => void Promise.resolve(options.openBankUrl(event.payload.url)).catch(() => undefined));
    } else if (event.type === 'bank_authorisation_completed') {
      quiet(() => cb.onBankAuthorisation?.({ phase: 'completed', ...event.payload }));
    } else {
      const name = CALLBACK[event.type];
      quiet(() => (cb[name] as ((p: unknown) => void) | undefined)?.(event.payload));
    }
    quiet(() => cb.onEvent?.(event));
  };

  return {
    url: page.href,
    origin,
    channel: fixedChannel,
    returnUrl,
    receive(data, pageUrl) {
      const read = readEvent(data, pageUrl, { origin, channel: fixedChannel, vendor, customerId });
      if ('type' in read) deliver(read);
      else if (read.reason !== 'foreign') invalid(read);
    },
    mayLoad(url) {
      try {
        const u = new URL(url);
        return u.origin === origin && !u.pathname.startsWith(`/${BANK_REDIRECT_SEGMENT}/`);
      } catch {
        return false;
      }
    },
    handleReturnLink(link) {
      const got = matchReturnLink(link, returnUrl, fixedChannel);
      if (!got) return false;
      const envelope = JSON.stringify(encodeMessage(fixedChannel, 'bank_return', { url: got.href }));
      options.inject(`window.dispatchEvent(new MessageEvent('message',{data:${JSON.stringify(envelope)}}));true;`);
      return true;
    },
  };
}

type Invalid = Parameters<NonNullable<AppJourneyCallbacks['onInvalidMessage']>>[0];

/** One message from the WebView, checked (2, 3): the event, or why it was refused (`foreign`: not ours, ignored). */
function readEvent(
  data: unknown,
  pageUrl: string,
  journey: { origin: string; channel: string; vendor: string; customerId: string },
): AppEvent | Invalid {
  let from: string | undefined;
  try {
    from = new URL(pageUrl).origin;
  } catch {
    /* below */
  }
  if (from !== journey.origin) return { reason: 'origin', detail: `a page of ${String(from)}` };
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return { reason: 'foreign', detail: 'not JSON' };
    }
  }
  const decoded = decodeMessage(journeyEventSchemas, message, journey.channel);
  if (!decoded.ok) return decoded;
  const { type } = decoded.message;
  const raw = (message as { payload: Record<string, unknown> }).payload;
  const stamp = checkStamp(raw);
  if (!stamp || type === 'hello' || type === 'escape') return { reason: 'stamp', detail: type };
  const payload = { ...(decoded.message.payload as object), ...stamp } as Record<string, unknown>;
  if (type === 'bank_authorisation') {
    const { origin: journeyOrigin, vendor, customerId } = journey;
    const want = buildBankRedirectUrl({ journeyOrigin, vendor, customerId, consentId: payload.consentId as string });
    if (raw.url !== want) return { reason: 'bank_url', detail: 'not the journey origin’s bank-redirect URL' };
    payload.url = want;
  }
  return { type, payload } as unknown as AppEvent;
}

/** An integrator's callback that throws changes nothing here. */
function quiet(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error('hosted-journey/react-native: a callback threw', error);
  }
}
