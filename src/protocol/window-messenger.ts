/**
 * One side of the parent ↔ journey channel: the widget's `Messenger` (src/widget/messenger.ts) and the journey
 * bridge's `connectToParent` (src/child/bridge.ts) are both built on this class, so the checks below exist once.
 *
 * The handshake's requirements (tests: test/protocol/window-messenger.test.ts, test/widget/messenger.test.ts,
 * test/child/bridge.test.ts):
 *  1. Listen first: the widget calls `start()` before the iframe gets its `src`, the journey before it posts `hello`,
 *     so neither side's first message can be missed.
 *  2. A message is looked at only if `event.origin` is the other side's exact origin (string equality; `"null"` never
 *     matches)...
 *  3. ...and `event.source` is the other side's *current* window (`getTarget()` read at delivery: the managed iframe's
 *     `contentWindow`, or the journey's `window.parent`), so another frame of the same origin, or a second journey on
 *     the page, cannot speak for this one...
 *  4. ...and `decodeMessage` accepts it against the other side's `schemas`: within the size cap, the envelope names
 *     this mount's `channel`, a known type and a payload that passes the type's schema.
 *  5. Messages failing 2 or 3 are dropped silently. Messages failing 4 go to `onInvalid` (the widget's
 *     `onInvalidMessage`; the journey passes none) unless they are not ours at all (`foreign`: another library's
 *     traffic, such as the resizer's). Nothing is ever thrown into the page.
 *  6. Every post names the other side's origin as `targetOrigin`, never `'*'`: if that window navigated elsewhere,
 *     the browser drops the message.
 *  7. The journey posts `hello` at once; the widget answers `welcome { prefill, bankAuthorisation, visibility }` and
 *     is then connected. A new `hello` (the journey reloaded inside the frame) is answered again.
 *  8. `send()` holds messages until `connect()` and then posts them in order; `reset()` (the frame is being
 *     replaced) forgets the handshake and drops what is held.
 */
import type { Schema } from './check.js';
import { type DecodeFailure, type DecodeResult, decodeMessage, encodeMessage } from './messages.js';

export interface WindowMessengerOptions {
  /** Exact origin of the other side (already normalised). */
  origin: string;
  channel: string;
  /** The other side's current window, or null when there is none (read at every delivery and post). */
  getTarget(): Window | null;
  /** A message from the right window that failed `decodeMessage` for a reason other than `foreign`. */
  onInvalid?(info: { reason: DecodeFailure; detail: string; origin: string }): void;
  /** The window to listen on (this side's own). */
  host?: Window | undefined;
  /**
   * The other side speaks no protocol (the widget's `journeyProtocol: 'plain'`): a message that passed requirements 2
   * and 3 comes here undecoded instead of 4 (no envelope, channel or handshake; the caller caps its size).
   */
  raw?: ((data: unknown) => void) | undefined;
}

/**
 * A side says what it accepts (`schemas`) and what it does with it (`receive`); the checks, the posts and the held
 * messages are this class's. Messages are of type `M`; `O` is the side's options (handed back to `receive`).
 */
export abstract class WindowMessenger<M, O extends WindowMessengerOptions = WindowMessengerOptions> {
  readonly #o: O;
  readonly #host: Window;
  #held: Array<[string, unknown]> = [];
  #connected = false;

  constructor(options: O) {
    this.#o = options;
    this.#host = options.host ?? window;
  }

  /** The schemas of what the other side sends, by type (requirement 4). */
  abstract readonly schemas: Record<string, Schema<unknown>>;

  /** Every accepted message, with this side's options. */
  abstract receive(message: M, options: O): void;

  /** True from `connect()` until `stop()` / `reset()`. */
  get connected(): boolean {
    return this.#connected;
  }

  // Adding the same listener twice, or removing one never added, does nothing (DOM rule): no flag needed.
  start(): void {
    this.#host.addEventListener('message', this.#onMessage);
  }

  stop(): void {
    this.#host.removeEventListener('message', this.#onMessage);
    this.reset();
  }

  /** Forget the handshake; held messages are dropped. */
  reset(): void {
    this.#connected = false;
    this.#held = [];
  }

  /** The handshake is done: post what `send()` held, in order. */
  connect(): void {
    this.#connected = true;
    const held = this.#held;
    this.#held = [];
    for (const [type, payload] of held) this.post(type, payload);
  }

  /** Posts now when connected, else holds the message for `connect()`. */
  send(type: string, payload: unknown): void {
    if (this.#connected) this.post(type, payload);
    else this.#held.push([type, payload]);
  }

  /** Posts now, to the other side's origin only; nothing when there is no window to post to. */
  post(type: string, payload: unknown): void {
    const o = this.#o;
    o.getTarget()?.postMessage(encodeMessage(o.channel, type, payload), o.origin);
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const o = this.#o;
    const target = o.getTarget();
    if (event.origin !== o.origin || !target || event.source !== target) return;
    const result = o.raw ? null : (decodeMessage(this.schemas, event.data, o.channel) as DecodeResult<M>);
    if (!result) o.raw!(event.data);
    else if (result.ok) this.receive(result.message, o);
    else if (result.reason !== 'foreign')
      o.onInvalid?.({ reason: result.reason, detail: result.detail, origin: event.origin });
  };
}
