/**
 * Cursor pagination of a signed list [ours], one shape for every list operation:
 * 1. The query takes `cursor` (absent: the first page) and `limit` (items per page, 1–`PAGE_LIMIT.max`, default
 *    `PAGE_LIMIT.default`) besides the list's own filters.
 * 2. A page is `{ data, next_cursor }`: its items in the list's order, and the cursor of the next page (null on the
 *    last). A cursor is opaque: the service makes it and reads it back; a caller only passes it on.
 * 3. A cursor the service did not make (or cannot read any more) is `VALIDATION_FAILED` naming `cursor`.
 * An operation row marks itself `paged: true` (operations.ts): the client's method then iterates every page
 * (src/server/client/pages.ts) and the sandbox answers with the page `pageOf` makes (src/sandbox/core/pages.ts).
 */
import * as z from 'zod/mini';

/** Items per page: the default, and the most one page holds. */
export const PAGE_LIMIT = { default: 100, max: 500 } as const;
/** The longest cursor a caller may send back. */
export const MAX_CURSOR_LENGTH = 512;

/** The query fields of a page request, spread into a list operation's query object. */
export const pageQueryShape = () => {
  const limit = `must be a whole number from 1 to ${PAGE_LIMIT.max}`;
  return {
    /** The `next_cursor` of the page before; absent: the first page. */
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_CURSOR_LENGTH))),
    /** Items per page. */
    limit: z.optional(z.int({ error: limit }).check(z.gte(1, limit), z.lte(PAGE_LIMIT.max, limit))),
  };
};

/** A page of `item`s: `{ data, next_cursor }` (null: the last page). Loose, like every response. */
export const pageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({ data: z.array(item), next_cursor: z.nullable(z.string()) });

/** A page as the client yields it. */
export interface Page<T> {
  data: T[];
  /** Pass it as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

/** What every list call takes besides its filters. */
export interface PageOptions {
  /** Start after this page (a `next_cursor`). @example cursor: page.next_cursor */
  cursor?: string;
  /** Items per request, 1–500 (default 100); the client still iterates every page. @example limit: 500 */
  limit?: number;
}
