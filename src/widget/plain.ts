/**
 * What a journey that runs no bridge (`journeyProtocol: 'plain'`) says, taken apart: a lazily loaded chunk, so inline
 * mounts of bridge journeys never carry it. The messenger has already checked origin and window (requirements 2 and 3
 * of src/protocol/window-messenger.ts); this caps the size, hands the message to `onJourneyMessage` and
 * `hosted-journey:journey_message`, and says whether it is `RELEASED` (the journey turns that into `released`).
 */
import { isReleased, MAX_MESSAGE_CHARS, oversized } from '../protocol/raw-messages.js';
import { dispatchDomEvent, safely } from './events.js';
import type { ResolvedOptions } from './options.js';
import { INVALID_MESSAGE, JOURNEY_MESSAGE } from './surface.js';

/** Delivers one message; true when it is `RELEASED`. An oversized one goes to `onInvalidMessage` only. */
export function takePlain(data: unknown, cfg: ResolvedOptions, host: EventTarget | null): boolean {
  const { onJourneyMessage, onInvalidMessage } = cfg.callbacks;
  if (oversized(data)) {
    const info = {
      reason: 'oversized' as const,
      detail: `message exceeds ${MAX_MESSAGE_CHARS} characters`,
      origin: cfg.journeyOrigin,
    };
    if (onInvalidMessage) safely(() => onInvalidMessage(info));
    dispatchDomEvent(host, INVALID_MESSAGE, info);
    return false;
  }
  if (onJourneyMessage) safely(() => onJourneyMessage(data));
  dispatchDomEvent(host, JOURNEY_MESSAGE, data);
  return isReleased(data);
}
