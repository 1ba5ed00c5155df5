/**
 * The journey's half of the parent ↔ journey protocol.
 *
 * Requirements:
 *  1. Framed only when the URL carries a valid `parent_origin` and `channel` AND `window.parent !== window`;
 *     otherwise every method is a no-op and `connected` resolves at once with the URL's prefill.
 *  2. Posts only with `targetOrigin = parent_origin`, never `'*'`.
 *  3. Accepts a message only if `event.source === window.parent`, `event.origin === parent_origin` and its envelope
 *     names our `channel` with a valid payload (`decodeParentMessage`); anything else is ignored, never thrown.
 *  4. Handshake: `hello` is posted at once; `welcome { prefill, bankAuthorisation }` resolves `connected` (handshake
 *     prefill overrides the URL's field by field). No welcome within `handshakeTimeoutMs` → `connected` resolves with
 *     the URL prefill.
 *  5. A message that arrives before anything subscribed to its type (e.g. the `bank_authorisation_result` that
 *     `resumeJourney()` sends right after `welcome`, before the page's UI has mounted) is kept, the last one per type,
 *     and handed to the first subscriber.
 *  6. Visibility (prewarm): `visible` is false from a `welcome { visibility: 'hidden' }` until a `visibility { state:
 *     'visible' }` message; true unframed, before `welcome`, on handshake timeout and with a widget that does not say
 *     (older widgets). A hidden journey may render and emit `ready` but must start nothing (no application, no request
 *     with an effect) until visible; `onVisibilityChange` reports every change, `whenVisible()` resolves on the first.
 *  7. The resizer's child side (@open-iframe-resizer/core) is loaded with `import()` only when framed; it answers only
 *     `window.parent` and sends nothing but the document's width and height.
 */
import {
  checkChannel,
  checkOutgoing,
  decodeParentMessage,
  encodeMessage,
  journeyEventSchemas,
  normaliseOrigin,
  QUERY,
  JourneyConfigErrorCode,
  type EmittableEventType,
  type JourneyEventPayloads,
  type JourneyPrefill,
  type ParentMessagePayloads,
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

export interface JourneyBridge {
  /** True when `parent_origin` + `channel` are in the URL and the page runs in a frame. */
  readonly framed: boolean;
  /** Prefill from the handshake (once connected) or from the URL query. */
  readonly prefill: JourneyPrefill;
  /** The widget's bank-step strategy and return page, from `welcome` (undefined before it or from an older widget). */
  readonly bankAuthorisation: BankAuthorisationWelcome | undefined;
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

function readParams(href: string): { parentOrigin?: string; channel?: string; prefill: JourneyPrefill } {
  const q = new URL(href).searchParams;
  const out: { parentOrigin?: string; channel?: string; prefill: JourneyPrefill } = { prefill: {} };
  try {
    const p = q.get(QUERY.parentOrigin);
    if (p) out.parentOrigin = normaliseOrigin(p, 'parentOrigin', JourneyConfigErrorCode.PARENT_ORIGIN);
  } catch {
    /* an invalid parent origin means: not framed by a widget */
  }
  try {
    const c = q.get(QUERY.channel);
    if (c) out.channel = checkChannel(c);
  } catch {
    /* likewise */
  }
  const fullName = q.get(QUERY.fullName);
  const email = q.get(QUERY.email);
  const phone = q.get(QUERY.phone);
  if (fullName) out.prefill.fullName = fullName;
  if (email) out.prefill.email = email;
  if (phone) out.prefill.phone = phone;
  return out;
}

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
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
  const href = (options.location ?? window.location).href;
  const params = readParams(href);
  const timeoutMs = options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS;
  const framed = params.parentOrigin !== undefined && params.channel !== undefined && isFramed();
  let prefill: JourneyPrefill = { ...params.prefill };
  let bankAuthorisation: BankAuthorisationWelcome | undefined;
  let visible = true;
  const visibilityListeners = new Set<(visible: boolean) => void>();
  const setVisible = (next: boolean): void => {
    if (next === visible) return;
    visible = next;
    for (const fn of [...visibilityListeners]) fn(next);
  };
  const listeners = new Map<ParentMessageType, Set<(payload: never) => void>>();
  const unheard = new Map<ParentMessageType, unknown>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: (value: { prefill: JourneyPrefill }) => void = () => {};
  let destroyed = false;

  const connected = new Promise<{ prefill: JourneyPrefill }>((resolve) => {
    let done = false;
    settle = (value) => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      resolve(value);
    };
  });

  const parentOrigin = params.parentOrigin!;
  const channel = params.channel!;

  const onMessage = (event: MessageEvent): void => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    const result = decodeParentMessage(event.data, channel);
    if (!result.ok) return;
    const { type, payload } = result.message;
    if (type === 'welcome') {
      prefill = { ...prefill, ...stripUndefined(payload.prefill ?? {}) };
      bankAuthorisation = payload.bankAuthorisation;
      setVisible(payload.visibility !== 'hidden');
      settle({ prefill });
    }
    if (type === 'visibility') setVisible(payload.state === 'visible');
    if (type !== 'welcome' && !listeners.get(type)?.size) unheard.set(type, payload);
    for (const fn of [...(listeners.get(type) ?? [])]) {
      try {
        (fn as (p: unknown) => void)(payload);
      } catch (error) {
        console.error('hosted-journey/child: a handler threw', error);
      }
    }
  };

  if (framed) {
    window.addEventListener('message', onMessage);
    window.parent.postMessage(encodeMessage(channel, 'hello', {}), parentOrigin);
    timer = setTimeout(() => settle({ prefill }), timeoutMs);
    import('@open-iframe-resizer/core').catch(() => {
      /* resizing is best effort */
    });
  } else {
    settle({ prefill });
  }

  const on = <T extends ParentMessageType>(type: T, fn: (payload: ParentMessagePayloads[T]) => void): (() => void) => {
    if (destroyed) return () => {};
    let set = listeners.get(type);
    if (!set) listeners.set(type, (set = new Set()));
    set.add(fn as (payload: never) => void);
    if (unheard.has(type)) {
      const payload = unheard.get(type);
      unheard.delete(type);
      queueMicrotask(() => (fn as (p: unknown) => void)(payload));
    }
    return () => {
      listeners.get(type)?.delete(fn as (payload: never) => void);
    };
  };

  const onVisibilityChange = (fn: (visible: boolean) => void): (() => void) => {
    if (destroyed) return () => {};
    visibilityListeners.add(fn);
    return () => void visibilityListeners.delete(fn);
  };

  return {
    framed,
    get prefill() {
      return prefill;
    },
    get bankAuthorisation() {
      return bankAuthorisation;
    },
    connected,
    get visible() {
      return visible;
    },
    onVisibilityChange,
    async whenVisible() {
      await connected;
      if (visible || destroyed) return;
      await new Promise<void>((resolve) => {
        const off = onVisibilityChange((v) => {
          if (!v) return;
          off();
          resolve();
        });
      });
    },
    emit(type, payload) {
      const checked = checkOutgoing(journeyEventSchemas, type, payload, 'hello');
      if (!framed || destroyed) return;
      window.parent.postMessage(encodeMessage(channel, type, checked), parentOrigin);
    },
    on,
    onClose: (fn) => on('close', () => fn()),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (framed) window.removeEventListener('message', onMessage);
      settle({ prefill });
      listeners.clear();
      visibilityListeners.clear();
    },
  };
}

function stripUndefined(p: JourneyPrefill): JourneyPrefill {
  const out: JourneyPrefill = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string') out[k as keyof JourneyPrefill] = v;
  return out;
}
