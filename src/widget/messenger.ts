/**
 * The widget's half of the parent ↔ journey message protocol.
 *
 * Handshake and acceptance requirements (each has a test in test/widget/messenger.test.ts):
 *  1. `start()` attaches the listener before the iframe gets its `src`, so the journey's first `hello` cannot be
 *     missed.
 *  2. A message is looked at only if `event.origin === journeyOrigin` (exact string; `"null"` never matches).
 *  3. ...and `event.source` is the managed iframe's *current* window (`iframe.contentWindow` read at delivery time),
 *     so another frame of the same origin, or a second journey on the page, cannot speak for this one.
 *  4. ...and its envelope names this mount's `channel` (checked by `decodeJourneyEvent`).
 *  5. Messages failing 2 or 3 are dropped silently. Messages passing them but failing the envelope, channel, size or
 *     payload schema go to `onInvalid`; nothing is ever thrown into the host page.
 *  6. On `hello` the messenger answers `welcome { prefill, bankAuthorisation, visibility }` (`hidden` while prewarmed)
 *     and flushes messages queued by `send()`. A new `hello` (the journey reloaded inside the frame) is answered again.
 *  7. Every post uses `targetOrigin = journeyOrigin`, never `'*'`: if the frame navigated elsewhere, the browser drops
 *     it.
 */
import {
  checkOutgoing,
  decodeJourneyEvent,
  encodeMessage,
  parentMessageSchemas,
  type JourneyEvent,
  type JourneyPrefill,
  type ParentMessagePayloads,
  type ParentMessageType,
  type SendableMessageType,
} from '../protocol/browser.js';
import type { InvalidMessageInfo } from './types.js';

export interface MessengerOptions {
  /** Exact origin of the journey (already normalised). */
  journeyOrigin: string;
  channel: string;
  /** Returns the managed iframe's current window (or null when not mounted). */
  getTarget(): Window | null;
  /** Prefill to hand over in `welcome` (undefined when it travels in the URL). */
  prefill?: JourneyPrefill;
  /** Bank-step strategy to hand over in `welcome`. */
  bankAuthorisation?: ParentMessagePayloads['welcome']['bankAuthorisation'];
  /** True while the frame is prewarmed and not opened: `welcome` then says `visibility: 'hidden'`. */
  hidden?(): boolean;
  /** Called for every accepted event except `hello`. */
  onEvent(event: JourneyEvent): void;
  onInvalid(info: InvalidMessageInfo): void;
  /** The window to listen on (the host page's). */
  host?: Window;
}

export class Messenger {
  readonly #o: MessengerOptions;
  readonly #host: Window;
  #queue: Array<{ type: ParentMessageType; payload: unknown }> = [];
  #connected = false;
  #listening = false;

  constructor(options: MessengerOptions) {
    this.#o = options;
    this.#host = options.host ?? window;
  }

  /** True once the journey's `hello` was answered (until `stop()` / `reset()`). */
  get connected(): boolean {
    return this.#connected;
  }

  start(): void {
    if (this.#listening) return;
    this.#listening = true;
    this.#host.addEventListener('message', this.#onMessage);
  }

  stop(): void {
    if (this.#listening) this.#host.removeEventListener('message', this.#onMessage);
    this.#listening = false;
    this.reset();
  }

  /** Forget the handshake (the iframe is being replaced); queued messages are dropped. */
  reset(): void {
    this.#connected = false;
    this.#queue = [];
  }

  /**
   * Posts to the journey, validated against the protocol (`checkOutgoing`: misuse throws `JourneyConfigError`);
   * queued until the handshake completes. `welcome` is the messenger's own: refused here. `live: false` checks only
   * (the handle of an idle, closed or destroyed journey: misuse is still reported, nothing is queued).
   */
  send<T extends SendableMessageType>(type: T, payload: ParentMessagePayloads[T], live = true): void {
    const checked = checkOutgoing(parentMessageSchemas, type, payload, 'welcome');
    if (!live) return;
    if (!this.#connected) {
      this.#queue.push({ type, payload: checked });
      return;
    }
    this.#post(type, checked);
  }

  #post(type: ParentMessageType, payload: unknown): void {
    const target = this.#o.getTarget();
    if (!target) return;
    target.postMessage(encodeMessage(this.#o.channel, type, payload), this.#o.journeyOrigin);
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const target = this.#o.getTarget();
    if (event.origin !== this.#o.journeyOrigin || target === null || event.source !== target) return;
    const result = decodeJourneyEvent(event.data, this.#o.channel);
    if (!result.ok) {
      // Other libraries' traffic from the journey's window (e.g. the resizer) is not an error.
      if (result.reason !== 'foreign')
        this.#o.onInvalid({ reason: result.reason, detail: result.detail, origin: event.origin });
      return;
    }
    if (result.message.type === 'hello') {
      this.#connected = true;
      const { prefill, bankAuthorisation, hidden } = this.#o;
      // Absent fields travel as `undefined` (structured clone keeps the key; the schema reads it as absent).
      this.#post('welcome', { prefill, bankAuthorisation, visibility: hidden?.() ? 'hidden' : 'visible' });
      const queued = this.#queue;
      this.#queue = [];
      for (const m of queued) this.#post(m.type, m.payload);
      return;
    }
    this.#o.onEvent(result.message);
  };
}
