/**
 * A list call's answer (src/protocol/pages.ts): iterating it yields every item of every page, fetching one page at a
 * time as the loop gets there, so memory holds one page whatever the list's length; `pages()` yields the pages
 * themselves (with each one's `next_cursor`, to keep as a checkpoint). Nothing is fetched before the loop starts,
 * and each loop starts again from the first page (or the `cursor` the call was given). A call that fails (bad
 * options, an error answer) rejects the loop's `next()`; leaving the loop early fetches no further page.
 */
import type { Page } from '../../protocol/pages.js';

export type { Page, PageOptions } from '../../protocol/pages.js';

export interface PagedList<T> extends AsyncIterable<T> {
  /**
   * Each page in turn, `{ data, next_cursor }`.
   * @example for await (const page of client.listEvents({ since }).pages()) save(page.next_cursor);
   */
  pages(): AsyncIterableIterator<Page<T>>;
}

/** The list whose page after `cursor` (undefined: the first) `fetch` answers. */
export function pagedList<T>(fetch: (cursor: string | undefined) => Promise<Page<T>>, first?: string): PagedList<T> {
  async function* pages(): AsyncIterableIterator<Page<T>> {
    let cursor = first;
    for (;;) {
      const page = await fetch(cursor);
      yield page;
      if (page.next_cursor === null || page.next_cursor === cursor) return;
      cursor = page.next_cursor;
    }
  }
  async function* items(): AsyncIterableIterator<T> {
    for await (const page of pages()) yield* page.data;
  }
  return { pages, [Symbol.asyncIterator]: items };
}
