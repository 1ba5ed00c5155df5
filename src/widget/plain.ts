/**
 * What a journey that runs no bridge (`journeyProtocol: 'plain'`) says, taken apart: a lazily loaded chunk, so inline
 * mounts of bridge journeys never carry it. The messenger has already checked origin and window (requirements 2 and 3
 * of src/protocol/window-messenger.ts); this caps the size, hands the message to `onJourneyMessage` and
 * `hosted-journey:journey_message`, and says whether it is `RELEASED` (the journey turns that into `released`).
 */
import { MAX_MESSAGE_CHARS, oversized } from '../protocol/raw-messages.js';
import { isReleased } from '../protocol/released.js';
import { dispatchDomEvent, type EventHub, safely } from './events.js';
import type { ResolvedOptions } from './options.js';
import { JOURNEY_MESSAGE } from './surface.js';

/**
 * Delivers one message as the journey posted it (no time stamp: it need not be an object); true when it is
 * `RELEASED`. An oversized one goes to `onInvalidMessage` only.
 */
export function takePlain(data: unknown, cfg: ResolvedOptions, hub: EventHub, host: EventTarget | null): boolean {
  if (oversized(data)) {
    const detail = `message exceeds ${MAX_MESSAGE_CHARS} characters`;
    hub.invalid({ reason: 'oversized', detail, origin: cfg.journeyOrigin }, host);
    return false;
  }
  const { onJourneyMessage } = cfg.callbacks;
  if (onJourneyMessage) safely(() => onJourneyMessage(data));
  dispatchDomEvent(host, JOURNEY_MESSAGE, data);
  return isReleased(data);
}
