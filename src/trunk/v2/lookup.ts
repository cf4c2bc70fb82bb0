// v2's reads of PRs the source has no id for yet, and of one it has: a lookup by number (50 to a
// call, every page of it, ending at a repeated cursor or its page limit), and a read by id, as a
// wait polls. Both keep where the PR's text is in the body, for pr-json.
import { ApiError } from '../../shared/errors.js';
import { pagingWords } from '../../core/words/paging.js';
import { readPages, readWhole } from '../../shared/paging.js';
import { errorCode, type Throttle, type V2Api } from './api.js';
import { HISTORY_BATCH } from './history.js';
import { pullRequestListSchema, pullRequestSchema, type PullRequest } from './schemas.js';

/** The PR as last read: the validated object, and where its text is, for pr-json. */
export interface PrRead {
  pr?: PullRequest;
  text: string;
  path: ReadonlyArray<string | number>;
}

/** A PR Trunk did not list. */
export const NOT_READ: PrRead = { text: '', path: [] };

/** 50 PRs fill a page of 50; more pages than this is a lookup that does not end. */
const LOOKUP_PAGES = 5;

/**
 * Up to 50 PRs by number in one lookup, every page of it (Trunk pages the answer like any list,
 * 25 rows by default: the page asked for holds them all, and a next page is read if one is
 * named); a PR Trunk has not indexed is absent from the map.
 */
export async function lookUpPrs(
  api: V2Api,
  repositoryId: string,
  numbers: readonly number[],
  signal: AbortSignal,
  throttle?: Throttle,
): Promise<Map<number, PrRead>> {
  const route = '/v2/pull-requests';
  const found = new Map<number, PrRead>();
  const read = async (cursor: string | undefined) => {
    const query = new URLSearchParams({ repositoryId, number: numbers.join(',') });
    // One number keeps the query Trunk's reads of one PR have always sent.
    if (numbers.length > 1) query.set('limit', String(HISTORY_BATCH));
    if (cursor) query.set('cursor', cursor);
    // A PR Trunk has not indexed is absent from a 200; a 404 here is no answer about the PR.
    const response = await api.get({ route, path: `${route}?${query}`, throttle }, signal);
    const page = api.validate(route, response, pullRequestListSchema);
    page.data.forEach((pr, index) => {
      if (!numbers.includes(pr.number) || found.has(pr.number)) return;
      found.set(pr.number, { pr, text: response.body, path: ['data', index] });
    });
    const next = typeof page.nextCursor === 'string' && page.nextCursor ? page.nextCursor : undefined;
    return { items: page.data, next };
  };
  const end = await readPages(read, { maxPages: LOOKUP_PAGES }, () => found.size < numbers.length);
  if (!readWhole(end))
    throw new ApiError(`v2 ${route}`, pagingWords("Trunk's lookup of pull requests", end, LOOKUP_PAGES));
  return found;
}

/** One PR by its id; gone since it was found (Trunk's own code says so), it is no longer in the queue. */
export async function readPrById(api: V2Api, id: string, signal: AbortSignal): Promise<PrRead> {
  const route = '/v2/pull-requests/{id}';
  const response = await api.get({ route, path: `/v2/pull-requests/${encodeURIComponent(id)}` }, signal);
  if (response.status === 404 && errorCode(response) === 'PR_NOT_FOUND') return NOT_READ;
  return { pr: api.validate(route, response, pullRequestSchema), text: response.body, path: [] };
}
