// The queue's past for a window report, from v1 (api-token alone): the last hour from Trunk's
// metrics (`GET /v1/getMergeQueueMetrics`, Prometheus text, every branch of the repository), and
// for a longer window only how many PRs merged in it (`POST /v1/listPullRequests` with `since`):
// its rows have no entry time, so no time in queue. v1 has no window before to compare with.
import * as z from 'zod/mini';
import type { WindowAnswer, WindowRequest } from '../../core/history.js';
import { sendWithRetries, type RequestContext, type RequestSpec } from '../../http/request.js';
import type { RawResponse } from '../../http/transport.js';
import { pagingWords } from '../../core/words/paging.js';
import { ApiError } from '../../shared/errors.js';
import { readPages, readWhole } from '../../shared/paging.js';
import { hourMetrics } from '../hour-metrics.js';
import { parsePrometheusText } from '../prometheus.js';
import { RequestBudget } from '../request-budget.js';
import { answerOf, detail, validate } from '../response.js';
import { maybe, openEnum, prNumber } from '../validate.js';
import { V1 } from './dialect.js';
import type { V1Target } from './source.js';

const HOUR_MS = 3_600_000;
/** v1's largest page. */
const TAKE = 100;
/** 45 days of a busy queue's merges fit in far fewer; the request budget stops the read sooner. */
const MERGED_PAGES = 200;

const listSchema = z.looseObject({
  pullRequests: z.array(z.looseObject({ prNumber, state: maybe(openEnum) })),
  nextCursor: maybe(z.string()),
});

interface Place {
  context: RequestContext;
  target: V1Target;
  budget: RequestBudget;
}

/** A window of one hour reads the metrics; a longer one, the merged PRs. */
export async function readV1Window(
  context: RequestContext,
  target: V1Target,
  request: WindowRequest,
  signal: AbortSignal,
): Promise<WindowAnswer> {
  const place = { context, target, budget: new RequestBudget(context.clock, request, signal) };
  const { fromMs, toMs } = request.current;
  return toMs - fromMs === HOUR_MS ? lastHour(place) : mergedSince(place, fromMs);
}

async function lastHour(place: Place): Promise<WindowAnswer> {
  const { host, owner, name, apiUrl, targetBranch } = place.target;
  const endpoint = 'getMergeQueueMetrics';
  const url = new URL(`${apiUrl}/v1/${endpoint}?${new URLSearchParams({ repo: `${owner}/${name}`, repoHost: host })}`);
  const requests = () => place.budget.made;
  try {
    // Every other read asks for JSON; this endpoint serves Prometheus text.
    const response = await send(place, { endpoint, method: 'GET', url, headers: { accept: 'text/plain' } });
    // An older Trunk has no metrics: a notice, not a failure.
    if (response.status === 404) return { kind: 'metrics', missing: true, failures: [], requests: requests() };
    const metrics = hourMetrics(parsePrometheusText(response.body).samples, targetBranch);
    return { kind: 'metrics', metrics, failures: [], requests: requests() };
  } catch (error) {
    const outcome = place.budget.outcome(error);
    const message = outcome === 'stopped' ? `not read within ${place.budget.spentOn()}` : outcome.message;
    return { kind: 'metrics', failures: [{ read: 'metrics', message }], requests: requests() };
  }
}

/**
 * The PRs merged since the window's start, every page. The list is ordered by entry, not by when
 * a PR merged, so a list cut short counts no span at all: it leaves the count empty.
 */
async function mergedSince(place: Place, fromMs: number): Promise<WindowAnswer> {
  // A PR can move down a page while the list is read, as others enter: counted once.
  const merged = new Set<number>();
  try {
    const read = async (cursor: string | undefined) => {
      const page = await mergedPage(place, fromMs, cursor);
      return { items: page.pullRequests, next: page.nextCursor || undefined };
    };
    const end = await readPages(read, { maxPages: MERGED_PAGES }, (prs) => {
      for (const pr of prs) if (pr.state === undefined || pr.state === 'merged') merged.add(pr.prNumber);
      return true;
    });
    if (!readWhole(end)) {
      const message = pagingWords("Trunk's list of merged PRs (listPullRequests)", end, MERGED_PAGES);
      return { kind: 'counts', failures: [{ read: 'merged', message }], requests: place.budget.made };
    }
    return { kind: 'counts', merged: merged.size, failures: [], requests: place.budget.made };
  } catch (error) {
    const outcome = place.budget.outcome(error);
    const message =
      outcome === 'stopped'
        ? `the list of merged PRs was cut short by ${place.budget.spentOn()} after ${merged.size} of them`
        : outcome.message;
    return { kind: 'counts', failures: [{ read: 'merged', message }], requests: place.budget.made };
  }
}

/** One page of the PRs now merged that concluded since `fromMs`; the first without a cursor. */
async function mergedPage(place: Place, fromMs: number, cursor: string | undefined) {
  const { host, owner, name, apiUrl, targetBranch } = place.target;
  const endpoint = 'listPullRequests';
  const since = new Date(fromMs).toISOString();
  const payload = { repo: { host, owner, name }, targetBranch, state: 'merged', since, take: TAKE };
  const response = await send(place, {
    endpoint,
    method: 'POST',
    url: new URL(`${apiUrl}/v1/${endpoint}`),
    headers: {},
    payload: cursor ? { ...payload, cursor } : payload,
  });
  if (response.status === 404) {
    const where = `${owner}/${name} on branch "${targetBranch}"`;
    throw new ApiError(endpoint, `there is no merge queue for ${where} (HTTP 404${detail(response)})`);
  }
  return validate(endpoint, response, listSchema, V1);
}

/** One v1 request within the budget, with the token; a 200 or a 404 comes back. */
async function send(place: Place, spec: Omit<RequestSpec, 'describe'>): Promise<RawResponse> {
  const { budget, context, target } = place;
  const response = await sendWithRetries(
    context,
    {
      ...spec,
      headers: {
        ...spec.headers,
        'x-api-token': target.token,
        ...(spec.payload ? { 'content-type': 'application/json' } : {}),
      },
      describe: V1.describe,
      admit: budget.admit,
    },
    budget.signal,
  );
  return answerOf(spec.endpoint, response, V1);
}
