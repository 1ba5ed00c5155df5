/**
 * The nearest known webhook event type to a handler key, for a warning at creation: a misspelt key in `on`
 * (`'crawl.complete'`) would otherwise answer every delivery of the real type 200 `ignored`, silently. A key far from
 * every known type is left alone: it may name a type newer than this SDK.
 */
import { KNOWN_WEBHOOK_TYPES } from '../../protocol/webhooks.js';

/** Edit distance (insert, delete, substitute one character). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The known type within a third of `key`'s length (two edits at least) of it, or `undefined`. */
export function nearestEventType(key: string): string | undefined {
  if (key === '*' || (KNOWN_WEBHOOK_TYPES as readonly string[]).includes(key)) return undefined;
  let best: string | undefined;
  let min = Math.max(2, key.length / 3);
  for (const type of KNOWN_WEBHOOK_TYPES) {
    const d = distance(key, type);
    if (d <= min) [min, best] = [d - 0.5, type];
  }
  return best;
}
