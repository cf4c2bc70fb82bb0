// Whole queue-entry timelines of many PRs, from v2's batch history read (`GET
// /v2/queue-entry-history`, up to 50 PRs a call, on the organization's limit rather than the key's
// 5 a second), turned into the neutral timeline: states in the contract's words, reasons in
// snake_case. The commit verdict reads who merged a PR from it; the window report, the trips.
import * as z from 'zod/mini';
import type { PrTimeline, Transition } from '../../core/history.js';
import type { FailingCheck } from '../../core/model.js';
import { pagingWords } from '../../core/words/paging.js';
import { ApiError } from '../../shared/errors.js';
import { readPages, readWhole } from '../../shared/paging.js';
import { parseTimestamp } from '../../shared/time.js';
import { maybe, shown } from '../validate.js';
import type { V2Reader } from './api.js';
import { ENTRY_STATES, snakeCase, toV1 } from './spellings.js';

/** Trunk's batch read takes at most this many ids. */
export const HISTORY_BATCH = 50;
/** 50 PRs' timelines fit a page or two; a list that goes on past this is not ending. */
const HISTORY_PAGES = 20;

/** An ISO 8601 time, as Trunk writes its instants. */
export const when = z
  .string()
  .check(z.refine((value) => parseTimestamp(value) !== undefined, 'is not an ISO 8601 time'));

const failingCheck = z.looseObject({ name: z.string(), url: maybe(z.string()), conclusion: maybe(z.string()) });

const transitionSchema = z.looseObject({
  state: z.string(),
  changedAt: when,
  reason: maybe(z.string()),
  actor: shown(z.looseObject({ gitHubLogin: shown(z.string()) })),
  failed: maybe(z.looseObject({ failureCausingChecks: z.array(failingCheck) })),
});

const batchSchema = z.looseObject({
  data: z.array(z.looseObject({ pullRequestId: z.string(), transitions: z.array(transitionSchema) })),
  nextCursor: maybe(z.string()),
});

type V2Transition = z.infer<typeof transitionSchema>;

/** A PR as the batch read asks for it: by its id, answered by its number. */
export interface PrRef {
  id: string;
  number: number;
}

/**
 * The timelines of up to 50 PRs, in one call (a PR never enqueued has an empty one), every page of
 * it; a history that does not end (a cursor sent twice, more pages than 50 PRs fill) is a failed read.
 */
export async function readTimelines(api: V2Reader, prs: readonly PrRef[], signal: AbortSignal): Promise<PrTimeline[]> {
  const route = '/v2/queue-entry-history';
  // Trunk lowercases the ids it answers with.
  const numbers = new Map(prs.map((pr) => [pr.id.toLowerCase(), pr.number]));
  const timelines: PrTimeline[] = [];
  const readPage = async (cursor: string | undefined) => {
    const query = new URLSearchParams({ pullRequestIds: [...numbers.keys()].join(','), limit: String(HISTORY_BATCH) });
    if (cursor) query.set('cursor', cursor);
    const response = await api.get({ route, path: `${route}?${query}` }, signal);
    const page = api.validate(route, response, batchSchema);
    return { items: page.data, next: page.nextCursor || undefined };
  };
  // Each request is cut at the run's deadline by the signal; no page is asked after it. Its budget is
  // the page limit: 20 pages of 50 PRs' transitions for each 50 PRs a range brings.
  const spent = () => (signal.aborted ? ('deadline' as const) : undefined);
  const end = await readPages(readPage, { maxPages: HISTORY_PAGES, spent }, (groups) => {
    for (const group of groups) {
      const number = numbers.get(group.pullRequestId.toLowerCase());
      if (number !== undefined) timelines.push({ number, transitions: group.transitions.map(transitionOf) });
    }
    return true;
  });
  if (!readWhole(end)) throw new ApiError(`v2 ${route}`, pagingWords(`Trunk's batch history`, end, HISTORY_PAGES));
  return timelines;
}

function transitionOf(transition: V2Transition): Transition {
  const checks = transition.failed?.failureCausingChecks ?? [];
  return {
    state: toV1(ENTRY_STATES, transition.state),
    atMs: parseTimestamp(transition.changedAt) as number,
    reason: transition.reason ? snakeCase(transition.reason) : undefined,
    actor: transition.actor?.gitHubLogin,
    failingChecks: checks.map((check): FailingCheck => ({
      name: check.name,
      url: check.url ?? null,
      conclusion: check.conclusion ? snakeCase(check.conclusion) : null,
    })),
  };
}
