// The two lists the window report reads for each day of a queue's past: the PRs whose entry
// concluded that day (`GET /v2/merge-queues/{id}/pull-requests?concludedAfter&concludedBefore`,
// most recently enqueued first) and the stretches of testing that ended that day (`GET
// /v2/merge-queues/{id}/testing-results?since&until`, newest first), every page of each, in the
// neutral types. Only the fields the report uses are declared and checked.
import * as z from 'zod/mini';
import type { Span, TestingStretch } from '../../core/history.js';
import { pagingWords } from '../../core/words/paging.js';
import { ApiError } from '../../shared/errors.js';
import { readPages, readWhole } from '../../shared/paging.js';
import { parseTimestamp } from '../../shared/time.js';
import { exactNumber, maybe, prNumber } from '../validate.js';
import type { V2Reader } from './api.js';
import { when, type PrRef } from './history.js';
import { snakeCase } from './spellings.js';

/** Trunk's largest page. */
const PAGE = 100;
/**
 * One day's list is a page or a few (a busy queue ends some 300 trips a day); past this many it is
 * not ending. The request budget and the deadline stop the whole window read sooner.
 */
const DAY_PAGES = 50;

const page = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({ data: z.array(item), nextCursor: maybe(z.string()) });

const prPage = page(z.looseObject({ id: z.string(), number: prNumber }));

const testingPage = page(
  z.looseObject({
    pullRequestNumber: prNumber,
    endedAt: when,
    testingDurationMs: exactNumber,
    // Absent when Trunk has no classification; an open set otherwise.
    outcome: maybe(z.string()),
    isBisection: z.boolean(),
  }),
);

type TestingRow = z.infer<typeof testingPage>['data'][number];

/** A list's place in the queue: which queue, and the reader its requests go through. */
export interface ListPlace {
  reader: V2Reader;
  queueId: string;
  signal: AbortSignal;
}

// Milliseconds kept: a slice ends at the run's start, which is not on a second.
const instant = (ms: number): string => new Date(ms).toISOString();

/** The PRs whose entry reached merged, failed or cancelled within the span (both ends included). */
export async function concludedPrs(place: ListPlace, span: Span): Promise<PrRef[]> {
  const query = { concludedAfter: instant(span.fromMs), concludedBefore: instant(span.toMs) };
  const rows = await everyPage(place, 'pull-requests', query, prPage);
  return rows.map((row) => ({ id: row.id, number: row.number }));
}

/** The stretches of testing that ended within the span, `until` always set: an open one moves. */
export async function testingStretches(place: ListPlace, span: Span): Promise<TestingStretch[]> {
  const query = { since: instant(span.fromMs), until: instant(span.toMs) };
  const rows = await everyPage(place, 'testing-results', query, testingPage);
  return rows.map(stretchOf);
}

function stretchOf(row: TestingRow): TestingStretch {
  return {
    prNumber: row.pullRequestNumber,
    endedAtMs: parseTimestamp(row.endedAt) as number,
    durationMs: row.testingDurationMs,
    outcome: row.outcome ? snakeCase(row.outcome) : undefined,
    isBisection: row.isBisection,
  };
}

/**
 * Every page of one of the queue's lists, in turn: each cursor comes with the page before it. A
 * list that does not end (a cursor sent twice, more pages than a day fills) is a failed read.
 */
async function everyPage<T>(
  place: ListPlace,
  list: 'pull-requests' | 'testing-results',
  filter: Record<string, string>,
  schema: z.ZodMiniType<{ data: T[]; nextCursor?: string | null }>,
): Promise<T[]> {
  const route = `/v2/merge-queues/{id}/${list}`;
  const path = `/v2/merge-queues/${encodeURIComponent(place.queueId)}/${list}`;
  const rows: T[] = [];
  const readPage = async (cursor: string | undefined) => {
    const query = new URLSearchParams({ ...filter, limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    const response = await place.reader.get({ route, path: `${path}?${query}` }, place.signal);
    const answer = place.reader.validate(route, response, schema);
    return { items: answer.data, next: answer.nextCursor || undefined };
  };
  const end = await readPages(readPage, { maxPages: DAY_PAGES }, (items) => {
    rows.push(...items);
    return true;
  });
  if (!readWhole(end)) throw new ApiError(`v2 ${route}`, pagingWords(`Trunk's list ${list}`, end, DAY_PAGES));
  return rows;
}
