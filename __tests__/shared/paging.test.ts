// The one paging loop: every way a read ends, each asserted where it is decided. The reads here
// are functions over a list of pages; the loop against servers that repeat their cursors, and
// with 429 and 5xx mid-list, is tested with each read (trunk/, github/).
import { describe, expect, it } from '@jest/globals';
import { readPages, readWhole, type Page } from '../../src/shared/paging.js';

/** A server's pages: page n (1-based) holds these items and names this next cursor. */
function server(pages: Array<Page<number, string>>) {
  const asked: Array<number | undefined> = [];
  const read = async (cursor: number | undefined) => {
    asked.push(cursor);
    const page = pages[(cursor ?? 1) - 1];
    if (!page) throw new Error(`no page ${cursor}`);
    return page;
  };
  return { read, asked };
}

const collect = () => {
  const items: string[] = [];
  return { items, take: (page: readonly string[]) => (items.push(...page), true) };
};

describe('readPages', () => {
  it('reads to the last page, each cursor from the page before', async () => {
    const { read, asked } = server([{ items: ['a'], next: 2 }, { items: ['b'], next: 3 }, { items: ['c'] }]);
    const { items, take } = collect();
    const end = await readPages(read, { maxPages: 10 }, take);
    expect(end).toEqual({ how: 'last', pages: 3 });
    expect(items).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual([undefined, 2, 3]);
    expect(readWhole(end)).toBe(true);
  });

  it('stops when the caller has enough, without reading further', async () => {
    const { read, asked } = server([{ items: ['a'], next: 2 }, { items: ['b'], next: 3 }, { items: ['c'] }]);
    const end = await readPages(read, { maxPages: 10 }, (_, page) => page < 2);
    expect(end).toEqual({ how: 'enough', pages: 2 });
    expect(asked).toEqual([undefined, 2]);
    expect(readWhole(end)).toBe(true);
  });

  it('a server that names the same next cursor forever: two requests, then repeated', async () => {
    let requests = 0;
    const end = await readPages(
      async () => {
        requests++;
        return { items: ['x'], next: 'again' };
      },
      { maxPages: 1_000_000 },
      () => true,
    );
    expect(end).toEqual({ how: 'repeated', pages: 2 });
    expect(requests).toBe(2);
    expect(readWhole(end)).toBe(false);
  });

  it('a cursor that comes back after others is repeated too, and the first page counts as seen', async () => {
    const { read } = server([
      { items: [], next: 2 },
      { items: [], next: 3 },
      { items: [], next: 2 },
    ]);
    expect(await readPages(read, { maxPages: 10 }, () => true)).toEqual({ how: 'repeated', pages: 3 });
    const back = server([
      { items: [], next: 2 },
      { items: [], next: 1 },
    ]);
    expect(await readPages(back.read, { maxPages: 10, first: 1 }, () => true)).toEqual({ how: 'repeated', pages: 2 });
  });

  it('cursors compare by the key given: two objects naming one page are one cursor', async () => {
    const end = await readPages(
      async (_cursor: { page: number } | undefined) => ({ items: [], next: { page: 5 } }),
      { maxPages: 10, key: (cursor) => String(cursor.page) },
      () => true,
    );
    expect(end).toEqual({ how: 'repeated', pages: 2 });
  });

  it('a list that never ends, with new cursors each time: the page limit', async () => {
    let n = 0;
    const end = await readPages(
      async () => ({ items: [n], next: ++n }),
      { maxPages: 7 },
      () => true,
    );
    expect(end).toEqual({ how: 'page-limit', pages: 7 });
  });

  it.each(['budget', 'deadline'] as const)('the %s, asked before every page, stops the next one', async (why) => {
    const { read, asked } = server([{ items: ['a'], next: 2 }, { items: ['b'], next: 3 }, { items: ['c'] }]);
    let allowed = 2;
    const end = await readPages(read, { maxPages: 10, spent: () => (allowed-- > 0 ? undefined : why) }, () => true);
    expect(end).toEqual({ how: why, pages: 2 });
    expect(asked).toEqual([undefined, 2]);
  });

  it('a read that throws is not caught: its caller decides what a failed page means', async () => {
    await expect(
      readPages(
        async () => {
          throw new Error('HTTP 503');
        },
        { maxPages: 3 },
        () => true,
      ),
    ).rejects.toThrow('HTTP 503');
  });
});

describe('readPages, a list paged by number', () => {
  it('a server that answers every page number with the same page has repeated one', async () => {
    let requests = 0;
    const end = await readPages(
      async (page: number | undefined) => {
        requests++;
        return { items: [{ id: 7 }], next: (page ?? 1) + 1 };
      },
      { maxPages: 100, first: 1, contentKey: (items) => items[0] && String(items[0].id) },
      () => true,
    );
    expect(end).toEqual({ how: 'repeated', pages: 2 });
    expect(requests).toBe(2);
  });

  it('empty pages have no identity, and do not count as repeats', async () => {
    const { read } = server([{ items: [], next: 2 }, { items: [], next: 3 }, { items: [] }]);
    const end = await readPages(read, { maxPages: 10, contentKey: (items) => items[0] }, () => true);
    expect(end).toEqual({ how: 'last', pages: 3 });
  });
});
