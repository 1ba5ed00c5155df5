/**
 * The journey's half of the parent ↔ journey protocol, on `WindowMessenger` (src/protocol/window-messenger.ts, whose
 * header numbers the checks and the handshake both sides share: origin, source and channel, posts never to `'*'`).
 *
 * The journey side's own requirements:
 *  1. Framed only when the URL carries a valid `parent_origin` and `channel` AND `window.parent !== window`;
 *     otherwise every method is a no-op and `connected` resolves at once with the URL's prefill.
 *  2. Posts only to `window.parent` with `targetOrigin = parent_origin`; accepts only messages from `window.parent`,
 *     of origin `parent_origin` and channel `channel`; anything else is ignored, never thrown.
 *  3. Handshake: `hello` is posted at once; `welcome { prefill, bankAuthorisation, traceparent }` resolves
 *     `connected` (handshake prefill overrides the URL's field by field; a valid traceparent the URL's). No welcome
 *     within `handshakeTimeoutMs` → `connected` resolves with the URL prefill.
 *  4. A message that arrives before anything subscribed to its type (e.g. the `bank_authorisation_result` that
 *     `resumeJourney()` sends right after `welcome`, before the page's UI has mounted) is kept, the last one per type,
 *     and handed to the first subscriber.
 *  5. Visibility (prewarm): `visible` is false from a `welcome { visibility: 'hidden' }` until a `visibility { state:
 *     'visible' }` message (whose `prefill`, sent by a prewarmed widget on `open()`, is merged into `prefill` before
 *     the listeners run); true unframed, before `welcome`, on handshake timeout and with a widget that does not say
 *     (older widgets). A hidden journey may render and emit `ready` but must start nothing (no application, no request
 *     with an effect) until visible; `onVisibilityChange` reports every change, `whenVisible()` resolves on the first.
 *  6. The resizer's child side (@open-iframe-resizer/core) is loaded with `import()` only when framed; it answers only
 *     `window.parent` and sends nothing but the document's width and height.
 *  7. The focused field stays in view: when the frame shrinks (a phone's sheet follows the visual viewport, so the
 *     on-screen keyboard shrinks it), the focused control is scrolled back into view inside the journey.
 *  8. Escape pressed inside the journey (and not taken by the journey itself: `preventDefault()`, or an input method
 *     composing) is posted as `escape`, since key presses in a frame never reach the page around it: a modal closes.
 */
import {
  checkOutgoing,
  parentMessageSchemas,
  journeyEventSchemas,
  parseTraceparent,
  readFrameQuery,
  WindowMessenger,
  type EmittableEventType,
  type JourneyEventPayloads,
  type JourneyPrefill,
  type ParentMessagePayloads,
  type ParentMessage,
  type ParentMessageType,
} from '../protocol/browser.js';

export interface ConnectOptions {
  /**
   * Where to read `parent_origin`, `channel` and query prefill from.
   * @example new URL('https://journey.example.com/i/acme/c1?channel=...')
   */
  location?: Location | URL;
  /** How long to wait for `welcome` before resolving `connected` with the URL's prefill. @example 3000 */
  handshakeTimeoutMs?: number;
}

/**
 * What every journey bridge gives a journey page, in a frame (`connectToParent`) or in an app's WebView
 * (`connectToApp`): the journey pages are written against this.
 */
export interface JourneyBridgeCore {
  /** In a frame with a parent window (the bank step opens in a popup or a redirect, not in this page). */
  readonly framed: boolean;
  readonly connected: Promise<{ prefill?: JourneyPrefill | undefined }>;
  /** False while the journey is kept hidden (a prewarmed widget that has not opened it). */
  readonly visible: boolean;
  /** Resolves once the journey is shown. Gate anything with an effect (starting the application) on it. */
  whenVisible(): Promise<void>;
  emit<T extends EmittableEventType>(type: T, payload: JourneyEventPayloads[T]): void;
  on(
    type: 'bank_authorisation_result',
    fn: (payload: ParentMessagePayloads['bank_authorisation_result']) => void,
  ): () => void;
  onClose(fn: () => void): () => void;
}

export interface JourneyBridge extends JourneyBridgeCore {
  /** True when `parent_origin` + `channel` are in the URL and the page runs in a frame. */
  readonly framed: boolean;
  /** Prefill from the handshake (once connected) or from the URL query. */
  readonly prefill: JourneyPrefill;
  /**
   * The journey session's W3C traceparent: the widget's, from `welcome`, else the URL's `traceparent` (a journey that
   * runs no bridge, or a link); undefined when neither is a valid traceparent. Send it as the `traceparent` header of
   * the journey's own calls, so they (and the webhooks they cause) join the session's trace. Nothing personal is in it.
   */
  readonly traceparent: string | undefined;
  /**
   * The journey session's id, from `welcome` (the `sessionId` of the widget's events); undefined before it, unframed,
   * or from an older widget. Send it as `X-Journey-Session-Id` with the journey's own calls, so the service's record of
   * the session carries the same id. Nothing personal is in it.
   */
  readonly sessionId: string | undefined;
  /** The widget's bank-step strategy and return page, from `welcome` (undefined before it or from an older widget). */
  readonly bankAuthorisation: BankAuthorisationWelcome | undefined;
  /**
   * How the widget shows the journey, from `welcome`: in a `modal` the widget has its own close control, so the
   * journey shows no exit of its own. Undefined before `welcome`, unframed, or from an older widget.
   */
  readonly mode: ParentMessagePayloads['welcome']['mode'];
  /** Resolves on `welcome`; with the URL prefill when not framed or on timeout. Never rejects. */
  readonly connected: Promise<{ prefill: JourneyPrefill }>;
  /**
   * False while the widget keeps this journey hidden (prewarmed, not opened yet): render, emit `ready`, but start
   * nothing until it is true. Settled once `connected` resolved.
   */
  readonly visible: boolean;
  /** Called with the new value whenever `visible` changes; returns the unsubscribe function. */
  onVisibilityChange(fn: (visible: boolean) => void): () => void;
  /**
   * Resolves after `connected` once the journey is visible (at once when it already is). Gate anything with an effect
   * (starting the application) on it.
   * @example await bridge.whenVisible(); await api.start(details);
   */
  whenVisible(): Promise<void>;
  /**
   * Sends an event to the widget. No-op unframed. Misuse throws `JourneyConfigError` (`INVALID_OPTION`), as the
   * widget's `send` does: field `type` for an unknown type or the handshake's `hello` (the bridge sends it), field
   * `payload` for a payload that fails the type's schema.
   */
  emit<T extends EmittableEventType>(type: T, payload: JourneyEventPayloads[T]): void;
  /** Subscribes to a widget → journey message; returns the unsubscribe function. */
  on<T extends ParentMessageType>(type: T, fn: (payload: ParentMessagePayloads[T]) => void): () => void;
  /** The widget asked the journey to close (best effort: the frame may be removed right after). */
  onClose(fn: () => void): () => void;
  /** Removes the listener and timer. */
  destroy(): void;
}

export type BankAuthorisationWelcome = NonNullable<ParentMessagePayloads['welcome']['bankAuthorisation']>;

export const DEFAULT_HANDSHAKE_TIMEOUT_MS = 5000;

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

type Listener = (payload: never) => void;

/** Subscribers per message type; a message nobody listens to yet is kept, the last per type, for the first one (4). */
function createInbox() {
  const listeners = new Map<ParentMessageType, Set<Listener>>();
  const unheard = new Map<ParentMessageType, unknown>();
  return {
    deliver({ type, payload }: ParentMessage): void {
      if (type !== 'welcome' && !listeners.get(type)?.size) unheard.set(type, payload);
      for (const fn of [...(listeners.get(type) ?? [])]) {
        try {
          (fn as (p: unknown) => void)(payload);
        } catch (error) {
          console.error('hosted-journey/child: a handler threw', error);
        }
      }
    },
    on(type: ParentMessageType, fn: Listener): () => void {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(fn);
      if (unheard.has(type)) {
        const payload = unheard.get(type);
        unheard.delete(type);
        queueMicrotask(() => (fn as (p: unknown) => void)(payload));
      }
      return () => void listeners.get(type)?.delete(fn);
    },
    clear: () => listeners.clear(),
  };
}

/** `visible` and its listeners (5): true until a `welcome` or `visibility` message says otherwise. */
function createVisibility() {
  let visible = true;
  const listeners = new Set<(visible: boolean) => void>();
  return {
    get visible() {
      return visible;
    },
    set(next: boolean): void {
      if (next === visible) return;
      visible = next;
      for (const fn of [...listeners]) fn(next);
    },
    on(fn: (visible: boolean) => void): () => void {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    /** Resolves once visible (at once when it already is). */
    reached(): Promise<void> {
      return new Promise((resolve) => {
        if (visible) return resolve();
        const off = this.on((v) => {
          if (!v) return;
          off();
          resolve();
        });
      });
    },
    clear: () => listeners.clear(),
  };
}

/** `connected`, settled once: by `welcome`, the handshake timeout, `destroy()`, or at once unframed (3). */
function createHandshake() {
  let settle: (value: { prefill: JourneyPrefill }) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connected = new Promise<{ prefill: JourneyPrefill }>((resolve) => {
    let done = false;
    settle = (value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
  });
  return {
    connected,
    settle: (value: { prefill: JourneyPrefill }) => settle(value),
    timeout(ms: number, value: () => { prefill: JourneyPrefill }): void {
      timer = setTimeout(() => settle(value()), ms);
    },
  };
}

/**
 * Connects a journey page to the widget that framed it.
 *
 * @example
 * const bridge = connectToParent();
 * const { prefill } = await bridge.connected;
 * bridge.emit('ready', { step: 'terms' });
 */
export function connectToParent(options: ConnectOptions = {}): JourneyBridge {
  const params = readFrameQuery(new URL((options.location ?? window.location).href).searchParams);
  const framed = params.parentOrigin !== undefined && params.channel !== undefined && isFramed();
  let prefill: JourneyPrefill = { ...params.prefill };
  let bankAuthorisation: BankAuthorisationWelcome | undefined;
  let traceparent = params.traceparent;
  let sessionId: string | undefined;
  let mode: JourneyBridge['mode'];
  let destroyed = false;
  const visibility = createVisibility();
  const inbox = createInbox();
  const handshake = createHandshake();

  const receive = (message: ParentMessage): void => {
    if (message.type === 'welcome' || message.type === 'visibility') {
      prefill = { ...prefill, ...stripUndefined(message.payload.prefill ?? {}) };
    }
    if (message.type === 'welcome') {
      bankAuthorisation = message.payload.bankAuthorisation;
      if (parseTraceparent(message.payload.traceparent).ok) traceparent = message.payload.traceparent;
      sessionId = message.payload.sessionId;
      mode = message.payload.mode;
      visibility.set(message.payload.visibility !== 'hidden');
      handshake.settle({ prefill });
    }
    if (message.type === 'visibility') visibility.set(message.payload.state === 'visible');
    inbox.deliver(message);
  };
  const messenger = new (class extends WindowMessenger<ParentMessage> {
    readonly schemas = parentMessageSchemas;
    receive = receive;
  })({ origin: params.parentOrigin!, channel: params.channel!, getTarget: () => window.parent });
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && !e.defaultPrevented && !e.isComposing) messenger.post('escape', {});
  };

  if (framed) {
    window.addEventListener('resize', keepFocusInView);
    // Bubbling, on the window: the journey's own handlers run first and may take the key.
    window.addEventListener('keydown', onKey);
    messenger.start();
    messenger.post('hello', {});
    handshake.timeout(options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS, () => ({ prefill }));
    import('@open-iframe-resizer/core').catch(() => {
      /* resizing is best effort */
    });
  } else {
    handshake.settle({ prefill });
  }

  const on = <T extends ParentMessageType>(type: T, fn: (payload: ParentMessagePayloads[T]) => void): (() => void) =>
    destroyed ? () => {} : inbox.on(type, fn as Listener);
  const onVisibilityChange = (fn: (visible: boolean) => void): (() => void) =>
    destroyed ? () => {} : visibility.on(fn);

  return {
    framed,
    get prefill() {
      return prefill;
    },
    get bankAuthorisation() {
      return bankAuthorisation;
    },
    get traceparent() {
      return traceparent;
    },
    get sessionId() {
      return sessionId;
    },
    get mode() {
      return mode;
    },
    connected: handshake.connected,
    get visible() {
      return visibility.visible;
    },
    onVisibilityChange,
    async whenVisible() {
      await handshake.connected;
      if (!destroyed) await visibility.reached();
    },
    emit(type, payload) {
      const checked = checkOutgoing(journeyEventSchemas, type, payload, 'hello');
      if (framed && !destroyed) messenger.post(type, checked);
    },
    on,
    onClose: (fn) => on('close', () => fn()),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      messenger.stop();
      window.removeEventListener('resize', keepFocusInView);
      window.removeEventListener('keydown', onKey);
      handshake.settle({ prefill });
      inbox.clear();
      visibility.clear();
    },
  };
}

/** Requirement 7: after the frame resized, the focused field (if any) is brought back into the frame's view. */
function keepFocusInView(): void {
  const el = document.activeElement;
  if (el && el !== document.body && el !== document.documentElement) el.scrollIntoView({ block: 'nearest' });
}

function stripUndefined(p: JourneyPrefill): JourneyPrefill {
  const out: JourneyPrefill = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string') out[k as keyof JourneyPrefill] = v;
  return out;
}
