// The cursor pages every list call shares: the sandbox's page after a cursor (src/sandbox/core/pages.ts) and the
// client's iteration over every page (src/server/client/pages.ts), joined directly (one page a call).
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf, queryObject } from '../../src/sandbox/core/pages.js';
import { pagedList } from '../../src/server/client/pages.js';

const items = Array.from({ length: 25 }, (_, i) => ({ seq: i * 2, even: i % 2 === 0 }));
const position = (x: { seq: number }) => x.seq;

describe('cursor pages', () => {
  it('iterates every item once, in order, a page of `limit` per call, and stops after the last page', async () => {
    const cursors: Array<string | undefined> = [];
    const list = pagedList(async (cursor) => {
      cursors.push(cursor);
      return pageOf({ items, position, cursor, limit: 10 });
    });
    expect(cursors).toEqual([]); // nothing fetched before the loop starts
    const seen = [];
    for await (const item of list) seen.push(item.seq);
    expect(seen).toEqual(items.map(position));
    expect(cursors).toHaveLength(3);
    const pages = [];
    for await (const page of list.pages()) pages.push(page.data.length);
    expect(pages).toEqual([10, 10, 5]);
  });

  it('filters without an empty last page, and items added after a cursor are on the next page', async () => {
    const first = pageOf({ items, position, match: (x) => x.even, limit: 13 });
    expect(first.data).toHaveLength(13);
    expect(first.next_cursor).toBeNull();
    const growing = items.slice(0, 10);
    const page = pageOf({ items: growing, position, limit: 10 });
    expect(page.next_cursor).toBeNull();
    const cursor = encodeCursor(position(page.data.at(-1)!));
    growing.push({ seq: 100, even: true });
    expect(pageOf({ items: growing, position, cursor }).data).toEqual([{ seq: 100, even: true }]);
  });

  it('refuses a cursor it did not make, naming the field', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    for (const bad of ['x', 'not base64!', Buffer.from('v1.-3').toString('base64url')])
      expect(() => decodeCursor(bad)).toThrow(/cursor.*next_cursor unchanged/);
  });

  it('reads a query: arrays repeated, numbers as numbers, anything else left for the schema to name', () => {
    const q = new URLSearchParams('types=a&types=b&limit=5&since=2026-01-01&cursor=12');
    expect(queryObject(q, { arrays: ['types'], numbers: ['limit'] })).toEqual({
      types: ['a', 'b'],
      limit: 5,
      since: '2026-01-01',
      cursor: '12',
    });
    expect(queryObject(new URLSearchParams('limit=ten'), { numbers: ['limit'] })).toEqual({ limit: 'ten' });
  });
});
