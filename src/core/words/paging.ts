// A paged read that stopped before the list's end, in words: which list, after how many pages, and
// what stopped it. Pure; the reads themselves are in src/shared/paging.ts and their callers.
import type { PagingEnd } from '../../shared/paging.js';
import { plural } from '../../shared/format.js';

/**
 * "Trunk's batch history sent a page it had already sent, after 3 pages", "GitHub's list of
 * workflow runs was cut short at its limit of 5 pages": a clause, without a closing stop. `list`
 * names the list with its owner; `limit` is the page limit the read had.
 */
export function pagingWords(list: string, end: PagingEnd, limit: number): string {
  const after = `after ${plural(end.pages, 'page')}`;
  switch (end.how) {
    case 'repeated':
      return `${list} named a page it had already sent as the next one, ${after}; the read stopped there rather than loop`;
    case 'page-limit':
      return `${list} was cut short at its limit of ${plural(limit, 'page')}`;
    case 'budget':
      return `${list} was cut short ${after}: this step had made all the requests it may make`;
    case 'deadline':
      return `${list} was cut short ${after}: the step's deadline came first`;
    default:
      return `${list} was read whole`;
  }
}
