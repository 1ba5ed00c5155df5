/**
 * Public option, handle and callback types of the browser widget.
 */
import type {
  BankAuthorisationStatus,
  BridgeMessageType,
  DecodeFailure,
  JourneyEventPayloads,
  JourneyEventType,
  JourneyUrlOptions,
  ParentMessagePayloads,
  SendableMessageType,
} from '../protocol/browser.js';

/**
 * Journey events the integrator sees: all but the bridge's own — the handshake's `hello`, which the messenger answers
 * itself, and `escape`, which closes a modal.
 */
export type SurfaceEventType = Exclude<JourneyEventType, BridgeMessageType>;

/** Errors the widget itself raises (the journey's own `error` events carry the journey's codes). */
export const JourneyWidgetErrorCode = {
  /** No `ready` from the journey within `readyTimeoutMs`. */
  READY_TIMEOUT: 'READY_TIMEOUT',
  /**
   * The frame loaded but no journey answered the handshake within `NO_JOURNEY_MS` (3 s): usually the origin of
   * `journey_url` differs from `journeyOrigin`, or the page at the URL is not a journey.
   */
  NO_JOURNEY: 'NO_JOURNEY',
  /** Modal mode only: the overlay's code could not be loaded (network, CSP, the script tag's modal file not served). */
  MODAL_LOAD_FAILED: 'MODAL_LOAD_FAILED',
  /**
   * `journeyProtocol: 'plain'` only: the code that reads a plain journey's messages could not be loaded (network, CSP,
   * the script tag's `hosted-journey.plain.js` not served); the next message tries again.
   */
  PART_LOAD_FAILED: 'PART_LOAD_FAILED',
  /**
   * The journey asked for the bank step in a way that must not move the page: strategy `'popup'` without
   * `popup: 'blocked'`. The page stays; nothing is saved. (A malformed request goes to `onInvalidMessage` instead.)
   */
  BANK_REDIRECT_REFUSED: 'BANK_REDIRECT_REFUSED',
} as const;
export type JourneyWidgetErrorCode = (typeof JourneyWidgetErrorCode)[keyof typeof JourneyWidgetErrorCode];

/**
 * `onError`'s `code`, a closed union: one the widget raises (`JourneyWidgetErrorCode`) or one the journey sends
 * (`CONSENT_DENIED`: the customer did not approve at the bank), so `code === 'READY_TIMEOT'` is a compile error. A
 * code the journey adds later still arrives unchanged at run time: compare it as `(code as string) === 'NEW_CODE'`.
 */
export type JourneyErrorCode = JourneyWidgetErrorCode | 'CONSENT_DENIED';

/** What `onError` receives: a journey `error` event, or one the widget raises (`JourneyWidgetErrorCode`). */
export interface JourneyErrorInfo {
  code: JourneyErrorCode;
  message: string;
  recoverable: boolean;
}

/** A refused message from the journey's window (right origin and window, but not a valid event). */
export interface InvalidMessageInfo {
  reason: DecodeFailure;
  detail: string;
  origin: string;
}

/** What `onBankAuthorisation` receives, one call per phase. */
export type BankAuthorisationPhase = { strategy: BankStrategy } & (
  | ({ phase: 'requested' } & Payload<'bank_authorisation'>)
  | { phase: 'opened'; consentId: string }
  /** `url` is the journey origin's bank-redirect URL the widget built, never a URL from a message. */
  | { phase: 'redirecting'; url: string }
  | { phase: 'completed'; status: BankAuthorisationStatus }
);

/** The bank step's strategy in use (`bankAuthorisation` with `'auto'` decided). */
export type BankStrategy = 'popup' | 'redirect';

/** A prewarmed journey goes `loading` → `ready` while hidden, before `open()`. */
export type JourneyState = 'idle' | 'loading' | 'ready' | 'error' | 'closed' | 'destroyed';
export type JourneyMode = 'inline' | 'modal';

/**
 * When an event reached this page: `at` (epoch ms, `Date.now()`) and `sinceOpenMs` (ms since the `open()` that showed
 * the journey, on the monotonic clock, so never negative when the wall clock steps back; a reopened journey counts from
 * its new `open()`). Events a prewarmed journey sent while hidden are
 * delivered at `open()`, so theirs is about 0; what happened before any `open()` (a refused message while prewarmed)
 * says 0.
 */
export interface EventTime extends JourneySession {
  at: number;
  sinceOpenMs: number;
}

/**
 * The journey session an event belongs to (docs/observability.md): each `open()` of a closed or new journey begins one
 * (a prewarmed journey's began with its hidden mount, and `open()` keeps it). Nothing personal is in any of its ids.
 */
export interface JourneySession {
  /** 32 lowercase hex digits, new with every session. */
  sessionId: string;
  /**
   * The W3C trace (32 lowercase hex digits) the journey's calls, the signed calls you make with `traceparent` and the
   * webhooks they cause belong to: yours when you passed `traceparent`, else a new one per session.
   */
  traceId: string;
  /**
   * That trace's context as a version-00 traceparent, for your server's calls:
   * `client.finalise({ vendor, ref, traceparent })`.
   */
  traceparent: string;
}

/** A `step` event also says which step the customer left and how long they spent on it (absent on the first step). */
export interface StepTime {
  previousStep?: string;
  previousStepMs?: number;
}

/** Every journey event's payload as the widget delivers it: stamped with `EventTime`, `step` with `StepTime`. */
export type TimedPayloads = {
  [K in JourneyEventType]: JourneyEventPayloads[K] & EventTime & (K extends 'step' ? StepTime : unknown);
};

/** What `onEvent` receives: a journey event with its timed payload. */
export type TimedJourneyEvent = { [K in JourneyEventType]: { type: K; payload: TimedPayloads[K] } }[JourneyEventType];

type Payload<T extends JourneyEventType> = TimedPayloads[T];

export interface JourneyCallbacks {
  /**
   * The journey rendered its first step; the watchdog stops. @example onReady: ({ step }) => console.log('at', step)
   */
  onReady?(payload: Payload<'ready'>): void;
  /** The customer moved to another step. @example onStep: ({ step }) => analytics.track('journey_step', { step }) */
  onStep?(payload: Payload<'step'>): void;
  /** @example onInstitutionSelected: ({ institutionId, pathway }) => console.log(institutionId, pathway) */
  onInstitutionSelected?(payload: Payload<'institution_selected'>): void;
  /**
   * Each phase of the bank step (see docs/bank-authorisation.md): `requested` (the journey needs the bank for
   * `consentId`; `popup` says whether it opened one), `opened` (popup open), `redirecting` (the widget takes the page
   * to the journey origin's bank-redirect endpoint, which sends it on to the bank; the saved state is in
   * sessionStorage), `completed` (the outcome, also after `resumeJourney()`). A refused request reaches `onError`
   * (`BANK_REDIRECT_REFUSED`) or `onInvalidMessage`, not this callback.
   * @example onBankAuthorisation: (e) => { if (e.phase === 'completed') console.log('bank said', e.status); }
   */
  onBankAuthorisation?(event: BankAuthorisationPhase & EventTime): void;
  /** No further input from the customer is needed. @example onReleased: () => showSpinner('Fetching your data') */
  onReleased?(payload: Payload<'released'>): void;
  /**
   * The journey ended well. In renew mode (`renewConsent`) the payload also names the consent renewed (`consentId`)
   * and its new end of sharing (`sharingExpiresAt`, ISO 8601): what a "you're sharing until …" message needs.
   * @example onComplete: ({ applicationId }) => fetch(`/api/applications/${applicationId}`)
   * @example onComplete: ({ consentId, sharingExpiresAt }) => consentId && showRenewedUntil(sharingExpiresAt)
   */
  onComplete?(payload: Payload<'completed'>): void;
  /**
   * A journey `error` event, or one the widget raises: `READY_TIMEOUT` (watchdog), `NO_JOURNEY` (the frame loaded,
   * nothing answered the handshake: a wrong `journeyOrigin` or not a journey page), `MODAL_LOAD_FAILED`,
   * `PART_LOAD_FAILED`,
   * `BANK_REDIRECT_REFUSED` (the journey asked to move the page when it may not; the page stayed).
   * @example onError: ({ code, recoverable }) => { if (code === 'READY_TIMEOUT') handle.retry(); }
   */
  onError?(error: JourneyErrorInfo & EventTime): void;
  /**
   * The journey ended without completing; `reason: 'user_closed'` when the customer closed the modal.
   * @example onExit: ({ reason }) => console.log('left because', reason)
   */
  onExit?(payload: Payload<'exit'>): void;
  /** Every valid journey event, after its own callback. @example onEvent: (e) => console.log(e.type, e.payload) */
  onEvent?(event: TimedJourneyEvent): void;
  /**
   * `journeyProtocol: 'plain'` only: every message from the journey's frame (its origin and window checked, at most
   * `MAX_MESSAGE_CHARS` as JSON), as the journey posted it. A `RELEASED` message also fires `onReleased`.
   * @example onJourneyMessage: (data) => console.log('journey said', data)
   */
  onJourneyMessage?(data: unknown): void;
  /**
   * A message from the journey's window that failed validation (malformed, unknown type, wrong channel, oversized).
   * Never thrown into the page. @example onInvalidMessage: ({ reason, detail }) => console.warn(reason, detail)
   */
  onInvalidMessage?(info: InvalidMessageInfo & EventTime): void;
}

export interface JourneyOptions extends Omit<JourneyUrlOptions, 'parentOrigin' | 'channel'>, JourneyCallbacks {
  /** Defaults to `'inline'` when `container` is given, else `'modal'`. @example 'modal' */
  mode?: JourneyMode;
  /** Inline only: a selector or an element to mount the iframe in. @example '#bank-connect' */
  container?: string | HTMLElement;
  /**
   * Where the `hosted-journey:<type>` DOM events are dispatched (bubbling, composed). Default: the container (inline)
   * or the modal's root element (modal). The element and the bindings set it to their own host element, so their events
   * come from one place in both modes. @example eventTarget: document.getElementById('connect-button')
   */
  eventTarget?: EventTarget;
  /** The iframe's accessible title (also the modal's label). @example 'Connect your bank account' */
  title?: string;
  /** Lowest iframe height in px. @example 400 */
  minHeight?: number;
  /** Highest iframe height in px; content taller than this scrolls inside the iframe. @example 1200 */
  maxHeight?: number;
  /** How long to wait for the journey's `ready` before `onError({ code: 'READY_TIMEOUT' })`. @example 10000 */
  readyTimeoutMs?: number;
  /**
   * How the bank's consent page runs. `'auto'` (default): `'redirect'` in in-app browsers and WebViews (Instagram,
   * Facebook, TikTok, LinkedIn, LINE, the Google app, Snapchat, Android WebViews, iOS WebViews — where a popup often
   * opens nothing or leaves the customer at the bank), else `'popup'`; decided when the journey is created, before any
   * `window.open`. `'popup'`: the journey opens it from the customer's click; if the browser blocks the popup the
   * widget falls back to `'redirect'`. `'redirect'`: the whole page goes to the bank and comes back to `returnUrl`,
   * where `resumeJourney()` (script tag: automatic) continues the journey. The strategy in use is
   * `handle.bankAuthorisation` and each `onBankAuthorisation` phase's `strategy`.
   * @example 'redirect'
   */
  bankAuthorisation?: 'auto' | 'popup' | 'redirect';
  /**
   * Redirect mode: the page of yours the bank sends the customer back to (same origin as this page; call
   * `resumeJourney()` there). Default: this page's URL without its fragment.
   * @example 'https://shop.example.com/apply/bank-return'
   */
  returnUrl?: string;
  /**
   * Loads the journey's iframe hidden before `open()`, so `open()` only shows it: the handshake and the first render
   * happen ahead, and `onReady` fires at once on `open()` if the journey is already ready. `true`: now; `'idle'`: when
   * the browser is idle (`requestIdleCallback`; WebKit: the next task); `'intent'`: on the first hover, focus or touch
   * of `prewarmTrigger`. The journey is told it is hidden and starts nothing until shown. Events are held until
   * `open()`. `<hosted-journey>` and the React/Preact bindings prewarm instead of opening on mount: call `open()` to
   * show. Without prewarm, `createJourney` adds a `<link rel="preconnect">` to the journey origin (once per origin).
   * @example prewarm: 'intent', prewarmTrigger: '#connect-bank'
   */
  prewarm?: boolean | 'idle' | 'intent';
  /**
   * `prewarm: 'intent'`: the element (or selector) whose first hover/focus/touch starts the prewarm — usually the
   * button that calls `open()`. The script tag defaults it to `data-trigger`, `<hosted-journey>` and the bindings to
   * their own element.
   * @example '#connect-bank'
   */
  prewarmTrigger?: string | HTMLElement;
  /**
   * How the journey talks to this page. `'bridge'` (default): the hosted-journey protocol (handshake, every event,
   * resize, prefill by handshake, the bank step). `'plain'`: a journey that runs no bridge — framed the same way,
   * sized to `minHeight` (inline: the container's height when it has one), `onReady` at the frame's `load`, each of
   * its messages to `onJourneyMessage`, and `RELEASED` to `onReleased`. docs/widget.md lists what needs the bridge.
   * @example 'plain'
   */
  journeyProtocol?: 'bridge' | 'plain';
  /**
   * The W3C trace each `open()`'s journey session joins: a traceparent, or a function called at every `open()`
   * returning one (your page's tracer's active span). The journey's calls, and the webhooks they cause, are then in
   * your trace. Absent, or a function that returns nothing: a new trace per session. One that is not a valid
   * traceparent (malformed, version ff, an all-zero id, over 256 characters), or a function that throws: a console
   * warning (a `JourneyConfigError`, code `INVALID_TRACEPARENT`) and a new trace, never an error.
   * @example
   * traceparent: () => {
   *   const c = trace.getActiveSpan()?.spanContext();
   *   return c && `00-${c.traceId}-${c.spanId}-01`;
   * }
   */
  traceparent?: string | (() => string | undefined);
}

/** The handle `createJourney` returns. */
export interface JourneyHandle {
  readonly state: JourneyState;
  /** This mount's channel id (also in the journey URL). */
  readonly channel: string;
  /** The managed iframe while mounted, else `null`. */
  readonly iframe: HTMLIFrameElement | null;
  /** The journey URL (with `parent_origin` and `channel`). */
  readonly url: string;
  /** The bank step's strategy: the `bankAuthorisation` option, `'auto'` decided for this browser. */
  readonly bankAuthorisation: BankStrategy;
  /**
   * Mounts the iframe (inline) or shows the overlay (modal); a prewarmed journey is only revealed (and `onReady` fires
   * at once if it is ready). No-op while open or after `destroy()`.
   */
  open(): void;
  /** Tells the journey `close`, removes the iframe (and overlay). `open()` mounts it again. */
  close(): void;
  /** Removes the iframe, every listener, timer and resizer subscription. Idempotent; the handle is then inert. */
  destroy(): void;
  /** Reloads the journey in a fresh iframe and restarts the watchdog. */
  retry(): void;
  /** Subscribes to one event type; returns the unsubscribe function. */
  on<T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): () => void;
  off<T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): void;
  /**
   * Posts a message to the journey (queued until the handshake; dropped while idle, closed or destroyed). The
   * handshake's `welcome` is the widget's own and is not accepted. Misuse throws `JourneyConfigError`
   * (`INVALID_OPTION`, field `type` or `payload`) in every state, as the journey bridge's `emit` does.
   * @example journey.send('close', {})
   */
  send<T extends SendableMessageType>(type: T, payload: ParentMessagePayloads[T]): void;
}

/**
 * The DOM events the widget dispatches (bubbling, composed; see `eventTarget`), by name: `hosted-journey:<type>` with
 * `detail` = the journey event's payload, and `hosted-journey:invalid_message` with the refused message's info.
 * Merged into TypeScript's `ElementEventMap` (so also `HTMLElementEventMap` and `SVGElementEventMap`),
 * `DocumentEventMap` and `WindowEventMap` below, so listeners are typed, also on the `Element` that
 * `querySelector('#id')` returns:
 * @example document.addEventListener('hosted-journey:completed', (e) => save(e.detail.applicationId));
 */
export type JourneyDomEventMap = {
  [K in SurfaceEventType as `hosted-journey:${K}`]: CustomEvent<
    K extends 'error' ? JourneyErrorInfo & EventTime : Payload<K>
  >;
} & {
  'hosted-journey:invalid_message': CustomEvent<InvalidMessageInfo & EventTime>;
  'hosted-journey:journey_message': CustomEvent<unknown>;
};

declare global {
  interface ElementEventMap extends JourneyDomEventMap {}
  interface HTMLElementEventMap extends JourneyDomEventMap {}
  interface DocumentEventMap extends JourneyDomEventMap {}
  interface WindowEventMap extends JourneyDomEventMap {}
}
