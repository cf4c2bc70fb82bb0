// @ts-check
// v1's reads over the queue's past: POST /v1/listPullRequests (the queue's PRs, most recently
// enqueued first; `state` is the current one, `since` keeps PRs that concluded since then, `take`
// up to 100, a uuid cursor) and GET /v1/getMergeQueueMetrics (the same Prometheus text as v2's,
// for every branch of the repository). Answers are v1's: plain-text errors, v1 spellings, rows
// without an entry time.
import { createHash } from 'node:crypto';
import { concludedWithin } from './history-derive.mjs';
import { SIM_REPO } from './scenarios.mjs';
import { queueTimelines } from './trunk-known.mjs';
import { ENTRY_STATES } from './trunk-v2-bodies.mjs';

/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {{ state?: unknown, since?: unknown, take?: unknown, cursor?: unknown }} ListRequest */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
/** A listed PR's fields, as v1's document lists them (no readiness, no entry time). */
const ROW = [
  ...['id', 'state', 'stateChangedAt', 'priorityValue', 'priorityName', 'usedDefaultPriorityName', 'skipTheLine'],
  ...['noBatch', 'prNumber', 'prTitle', 'prSha', 'prBaseBranch', 'prAuthor'],
];

/** What is wrong with a listPullRequests body beyond its repo and branch, in v1's words. @param {ListRequest} body */
export function listProblem({ state, since, take, cursor }) {
  if (state !== undefined && !(String(state) in ENTRY_STATES)) {
    return `state must be one of ${Object.keys(ENTRY_STATES).join(', ')}`;
  }
  if (since !== undefined && (typeof since !== 'string' || !DATE_TIME.test(since) || Number.isNaN(Date.parse(since)))) {
    return 'since must be an ISO 8601 date-time';
  }
  if (take !== undefined && (typeof take !== 'number' || !Number.isInteger(take) || take < 1 || take > 100)) {
    return 'take must be an integer from 1 to 100';
  }
  if (cursor !== undefined && (typeof cursor !== 'string' || !UUID.test(cursor))) return 'cursor must be a uuid';
  return undefined;
}

/**
 * `POST /v1/listPullRequests` for the queue (the body already checked): a page, and the cursor of
 * the next one, a uuid that names the filter it belongs to; null for a cursor from another.
 * @param {ListRequest} body
 * @param {World} world
 */
export function listPullRequestsV1({ state, since, take = 50, cursor }, world) {
  const filter = createHash('sha256')
    .update(`listPullRequests:${String(state)}:${String(since)}`)
    .digest('hex')
    .slice(0, 8);
  let offset = 0;
  if (typeof cursor === 'string') {
    const found = new RegExp(`^${filter}-0000-4000-8000-([0-9a-f]{12})$`, 'i').exec(cursor);
    if (!found) return null;
    offset = parseInt(String(found[1]), 16);
  }
  const sinceMs = typeof since === 'string' ? Date.parse(since) : undefined;
  const wanted = state === undefined ? undefined : ENTRY_STATES[/** @type {keyof typeof ENTRY_STATES} */ (state)];
  const rows = queueTimelines(world).filter(
    ({ transitions }) =>
      (wanted === undefined || transitions.at(-1)?.state === wanted) &&
      (sinceMs === undefined || concludedWithin(transitions, sinceMs, Infinity)),
  );
  const size = Number(take);
  const pullRequests = rows.slice(offset, offset + size).map(({ pr }) => {
    const v1 = pr.v1();
    return Object.fromEntries(ROW.filter((key) => key in v1).map((key) => [key, v1[key]]));
  });
  const next = offset + size < rows.length;
  return {
    pullRequests,
    ...(next ? { nextCursor: `${filter}-0000-4000-8000-${(offset + size).toString(16).padStart(12, '0')}` } : {}),
  };
}

/**
 * What is wrong with getMergeQueueMetrics' query, in v1's words, or whether it names another
 * repository (404) than the simulator's (in any case, as GitHub's names are).
 * @param {URLSearchParams} query
 * @returns {{ status: 400 | 404, text: string } | undefined}
 */
export function metricsProblem(query) {
  const repo = query.get('repo');
  if (!repo) return { status: 400, text: 'repo is required (owner/name)' };
  if (!/^[^/\s]+\/[^/\s]+$/.test(repo)) return { status: 400, text: 'repo must be owner/name' };
  const host = (query.get('repoHost') ?? 'github.com').toLowerCase();
  const mine = `${SIM_REPO.owner}/${SIM_REPO.name}`.toLowerCase();
  return repo.toLowerCase() === mine && host === SIM_REPO.host
    ? undefined
    : { status: 404, text: 'Repository not found' };
}
