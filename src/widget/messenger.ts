/**
 * The widget's half of the parent ↔ journey message protocol: `WindowMessenger` (src/protocol/window-messenger.ts,
 * whose header numbers the handshake's requirements) listening for the journey's events, answering `hello` with
 * `welcome` (requirement 7) and checking what the integrator sends. Each requirement has a test in
 * test/widget/messenger.test.ts.
 */
import {
  checkOutgoing,
  journeyEventSchemas,
  sendableMessageSchemas,
  WindowMessenger,
  type WindowMessengerOptions,
  type JourneyEvent,
  type JourneyPrefill,
  type ParentMessagePayloads,
  type SendableMessageType,
} from '../protocol/browser.js';
import type { InvalidMessageInfo } from './types.js';

export interface MessengerOptions extends WindowMessengerOptions {
  /** Exact origin of the journey (already normalised). */
  origin: string;
  /** Returns the managed iframe's current window (or null when not mounted). */
  getTarget(): Window | null;
  /** Prefill to hand over in `welcome` (undefined when it travels in the URL, or while prewarmed and hidden). */
  prefill?: JourneyPrefill;
  /** Bank-step strategy to hand over in `welcome`. */
  bankAuthorisation?: ParentMessagePayloads['welcome']['bankAuthorisation'];
  /** The journey session, for `welcome`: its traceparent and its id (the service names its session record by it). */
  session?: { sessionId: string; traceId: string; traceparent: string } | undefined;
  /** True while the frame is prewarmed and not opened: `welcome` then says `visibility: 'hidden'`. */
  hidden?(): boolean;
  /** How the widget shows the journey, told in `welcome`. */
  mode?: 'inline' | 'modal';
  /** Called for every accepted event except `hello`. */
  onEvent(event: JourneyEvent): void;
  onInvalid(info: InvalidMessageInfo): void;
  /** The window to listen on (the host page's). */
  host?: Window;
}

export class Messenger extends WindowMessenger<JourneyEvent, MessengerOptions> {
  readonly schemas = journeyEventSchemas;

  receive(event: JourneyEvent, o: MessengerOptions): void {
    if (event.type !== 'hello') o.onEvent(event);
    else {
      // Absent fields travel as `undefined` (structured clone keeps the key; the schema reads it as absent). The
      // session's fields travel whole (its `traceId` too, which the journey's schema drops): the shortest code.
      const { prefill, bankAuthorisation, hidden, session, mode } = o;
      this.post('welcome', {
        prefill,
        bankAuthorisation,
        visibility: hidden?.() ? 'hidden' : 'visible',
        ...session,
        mode,
      });
      this.connect();
    }
  }

  /**
   * Posts to the journey, validated against the protocol (`checkOutgoing`: misuse throws `JourneyConfigError`);
   * held until the handshake completes. `welcome` is the messenger's own: refused here. `live: false` checks only
   * (the handle of an idle, closed or destroyed journey: misuse is still reported, nothing is held).
   */
  override send<T extends SendableMessageType>(type: T, payload: ParentMessagePayloads[T], live = true): void {
    const checked = checkOutgoing(sendableMessageSchemas, type, payload, 'welcome');
    if (live) super.send(type, checked);
  }
}
