/**
 * One page of a signed list (src/protocol/pages.ts): the items after the cursor's position that match, at most
 * `limit`, and the cursor of the next page.
 * 1. The items are in the list's order by a whole-number position that only grows (an event's sequence number): a
 *    cursor names the last position a page held, so items added meanwhile after it are on a later page, never
 *    skipped and never repeated.
 * 2. A cursor is `base64url('v1.' + position)`: opaque to callers; one the sandbox did not make is 422 naming `cursor`.
 * 3. The search starts at the cursor (binary search), so a page costs the items it looks at, not the whole list.
 */
import { PAGE_LIMIT, type Page } from '../../protocol/pages.js';
import { fieldError } from './errors.js';

const PREFIX = 'v1.';

export function encodeCursor(position: number): string {
  return Buffer.from(`${PREFIX}${position}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a 422 naming `cursor` for one this sandbox did not make. */
export function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const position = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(position) || position < 0)
    throw fieldError('cursor', "is not a cursor this list made: pass a page's next_cursor unchanged");
  return position;
}

export interface PageRequest<T> {
  /** Items in ascending `position` order. */
  items: readonly T[];
  position: (item: T) => number;
  /** Only the items it accepts are on the pages. */
  match?: (item: T) => boolean;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The page after `cursor` (or the first) of the items `match` accepts. */
export function pageOf<T>({ items, position, match, cursor, limit = PAGE_LIMIT.default }: PageRequest<T>): Page<T> {
  const after = cursor === undefined ? -1 : decodeCursor(cursor);
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (position(items[mid]!) <= after) lo = mid + 1;
    else hi = mid;
  }
  const data: T[] = [];
  let i = lo;
  for (; i < items.length && data.length < limit; i++) if (!match || match(items[i]!)) data.push(items[i]!);
  // A next page only when an accepted item follows: the last page says so instead of answering an empty one after.
  while (i < items.length && match && !match(items[i]!)) i++;
  const last = data.at(-1);
  return { data, next_cursor: i < items.length && last !== undefined ? encodeCursor(position(last)) : null };
}

/**
 * A GET's query as an object for its schema: `arrays` keys gather every value (`types=a&types=b`), `numbers` keys are
 * read as numbers (a non-number stays a string, so the schema names it), the rest keep their last value.
 */
export function queryObject(
  params: URLSearchParams,
  { arrays = [], numbers = [] }: { arrays?: readonly string[]; numbers?: readonly string[] },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (arrays.includes(key)) out[key] = params.getAll(key);
    else {
      const value = params.get(key)!;
      out[key] = numbers.includes(key) && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    }
  }
  return out;
}
