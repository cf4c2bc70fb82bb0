// The one loop every paged read goes through: Trunk's lists and histories (a cursor in each page)
// and GitHub's lists (a page number, or a Link to the next). A server decides when a list ends, and
// one that repeats a cursor, or never stops, must cost a few requests and a line saying so, never
// a hang. So the loop ends at the last page, when its caller has read enough, at a cursor (or page)
// it has already read, at its page limit, and, asked before every page, at the request budget or
// the deadline. Pure: the reads and the budget are the caller's; a read that throws is not caught.

/** Why a read stopped before the last page. */
type PagingStop = 'repeated' | 'page-limit' | 'budget' | 'deadline';

export interface PagingEnd {
  /** `last`: the list ended; `enough`: the caller had what it needed; else why it stopped. */
  how: 'last' | 'enough' | PagingStop;
  /** Pages read. */
  pages: number;
}

/** One page: its items, and the cursor of the next page (none: the last). */
export interface Page<C, T> {
  items: readonly T[];
  next?: C;
}

export interface PagingLimits<C, T = unknown> {
  /** At most this many pages are read. */
  maxPages: number;
  /** The first page's cursor; undefined: the list's start. */
  first?: C;
  /** How cursors compare (default: as strings): one already read ends the loop. */
  key?: (cursor: C) => string;
  /**
   * A page's identity by what it holds (its first item's id), for lists paged by number: a server
   * that answers every page number with the same page has repeated one. Undefined: no identity.
   */
  contentKey?: (items: readonly T[]) => string | undefined;
  /** Asked before each page: whether the request budget or the deadline forbids another request. */
  spent?: () => 'budget' | 'deadline' | undefined;
}

/**
 * Reads pages in turn, giving each page's items to `take` (which answers `false` once it has
 * enough), until one of the ends above.
 */
export async function readPages<C, T>(
  read: (cursor: C | undefined) => Promise<Page<C, T>>,
  limits: PagingLimits<C, T>,
  take: (items: readonly T[], page: number) => boolean | Promise<boolean>,
): Promise<PagingEnd> {
  const key = limits.key ?? String;
  const seen = new Set<string>();
  const held = new Set<string>();
  let cursor = limits.first;
  for (let pages = 0; ;) {
    if (pages >= limits.maxPages) return { how: 'page-limit', pages };
    const spent = limits.spent?.();
    if (spent) return { how: spent, pages };
    if (cursor !== undefined) seen.add(key(cursor));
    const page = await read(cursor);
    pages++;
    const content = limits.contentKey?.(page.items);
    if (content !== undefined) {
      if (held.has(content)) return { how: 'repeated', pages };
      held.add(content);
    }
    if (!(await take(page.items, pages))) return { how: 'enough', pages };
    if (page.next === undefined) return { how: 'last', pages };
    if (seen.has(key(page.next))) return { how: 'repeated', pages };
    cursor = page.next;
  }
}

/** Whether the read came to the list's end, or its caller had enough: nothing it needed was left unread. */
export function readWhole(end: PagingEnd): boolean {
  return end.how === 'last' || end.how === 'enough';
}
