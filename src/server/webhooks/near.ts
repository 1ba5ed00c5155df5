/**
 * The nearest known webhook event type to a handler key, for a warning at creation: a misspelt key in `on`
 * (`'crawl.complete'`) would otherwise answer every delivery of the real type 200 `ignored`, silently. A key far from
 * every known type is left alone: it may name a type newer than this SDK.
 */
import { nearest } from '../../protocol/nearest.js';
import { KNOWN_WEBHOOK_TYPES } from '../../protocol/webhooks.js';

/** The known type within a third of `key`'s length (two edits at least) of it, or `undefined`. */
export function nearestEventType(key: string): string | undefined {
  if (key === '*' || (KNOWN_WEBHOOK_TYPES as readonly string[]).includes(key)) return undefined;
  return nearest(key, KNOWN_WEBHOOK_TYPES);
}
