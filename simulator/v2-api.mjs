// @ts-check
// Trunk's v2 reads: which route a request is, the checks Trunk's document puts on its parameters
// (400 VALIDATION_FAILED), and what each answers for the world as it is, its 404s in Trunk's error
// envelope. The key check, the rate limit, scripts and state sequences are the server's, shared
// with v1 (server.mjs).
import {
  estimateBody,
  historyTransitions,
  mergeQueueBody,
  orderBody,
  pullRequestBody,
  repositoryBody,
  verificationRuns,
} from './v2-bodies.mjs';
import { SIM_BRANCH, SIM_PR, SIM_PR_ID, SIM_QUEUE_ID, SIM_REPO, SIM_REPO_ID } from './scenarios.mjs';

/**
 * @typedef {'v2.repositories' | 'v2.mergeQueues' | 'v2.order' | 'v2.pullRequests' | 'v2.pullRequest'
 *   | 'v2.history' | 'v2.verificationRuns' | 'v2.estimate'} V2Route
 */
/** @typedef {import('./v2-bodies.mjs').World} World */
/** @typedef {{ status: number, body: unknown, readsPr?: boolean }} Answer */

/** @type {Array<[RegExp, V2Route]>} */
const ROUTES = [
  [/^\/v2\/repositories$/, 'v2.repositories'],
  [/^\/v2\/merge-queues$/, 'v2.mergeQueues'],
  [/^\/v2\/merge-queues\/([^/]+)\/order$/, 'v2.order'],
  [/^\/v2\/pull-requests$/, 'v2.pullRequests'],
  [/^\/v2\/pull-requests\/([^/]+)$/, 'v2.pullRequest'],
  [/^\/v2\/pull-requests\/([^/]+)\/queue-entry-history$/, 'v2.history'],
  [/^\/v2\/pull-requests\/([^/]+)\/verification-runs$/, 'v2.verificationRuns'],
  [/^\/v2\/pull-requests\/([^/]+)\/queue-entry-estimate$/, 'v2.estimate'],
];
/** @type {V2Route[]} */
export const V2_ROUTES = ROUTES.map(([, route]) => route);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RUN_STATUSES = new Set(['inProgress', 'failed', 'cancelled', 'succeeded']);

/** Trunk's error envelope, for answers and for scripts. @param {string} code @param {string} message */
export function v2Error(code, message) {
  return { error: { code, message } };
}

/** @param {number} status @param {string} code @param {string} message @returns {Answer} */
const fail = (status, code, message) => ({ status, body: v2Error(code, message) });

/**
 * The v2 route a request names, with the id in its path; undefined for any other.
 * @param {string | undefined} method
 * @param {string} pathname
 * @returns {{ route: V2Route, id: string } | undefined}
 */
export function matchV2(method, pathname) {
  if (method !== 'GET') return undefined;
  for (const [pattern, route] of ROUTES) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    try {
      return { route, id: decodeURIComponent(found[1] ?? '') };
    } catch {
      return { route, id: '' }; // a malformed escape: not a UUID, so a 400
    }
  }
  return undefined;
}

/**
 * The answer of a v2 read for the world as it is.
 * @param {V2Route} route
 * @param {string} id  the id in the path, if the route has one
 * @param {URLSearchParams} query
 * @param {World} world
 * @returns {Answer}
 */
export function v2Answer(route, id, query, world) {
  if (/^v2\.(pullRequest|history|verificationRuns|estimate)$/.test(route)) {
    if (!UUID.test(id)) return fail(400, 'VALIDATION_FAILED', 'id must be a UUID');
    if (id.toLowerCase() !== SIM_PR_ID) return fail(404, 'PR_NOT_FOUND', 'Pull request not found');
  }
  switch (route) {
    case 'v2.repositories': {
      const url = query.get('providerUrl');
      if (!url) return fail(400, 'VALIDATION_FAILED', 'providerUrl is required');
      // An unparseable URL and another organization's repository answer alike, as Trunk does.
      if (!servesRepository(url)) return fail(404, 'PROVIDER_URL_NOT_FOUND', 'No repository found for providerUrl');
      return page([repositoryBody()], query);
    }
    case 'v2.mergeQueues': {
      const repositoryId = query.get('repositoryId');
      const branch = query.get('targetBranch');
      if (repositoryId !== null && !UUID.test(repositoryId)) {
        return fail(400, 'VALIDATION_FAILED', 'repositoryId must be a UUID');
      }
      if (branch !== null && (branch === '' || repositoryId === null)) {
        return fail(400, 'VALIDATION_FAILED', 'targetBranch needs repositoryId');
      }
      // No queue for the branch is an empty list, not a 404.
      const serves =
        world.queue !== null &&
        (repositoryId === null || repositoryId.toLowerCase() === SIM_REPO_ID) &&
        (branch === null || branch === SIM_BRANCH);
      return page(serves && world.queue ? [mergeQueueBody(world.queue, world.baseUrl)] : [], query);
    }
    case 'v2.order':
      if (id !== SIM_QUEUE_ID || !world.queue) return fail(404, 'MERGE_QUEUE_NOT_FOUND', 'Merge queue not found');
      return { status: 200, body: orderBody(world.queue, world.scenario) };
    case 'v2.pullRequests':
      return lookUp(query, world);
    case 'v2.pullRequest':
      return { status: 200, body: pullRequestBody(world), readsPr: true };
    case 'v2.history': {
      const direction = query.get('direction') ?? 'oldest';
      if (direction !== 'oldest' && direction !== 'newest') {
        return fail(400, 'VALIDATION_FAILED', 'direction must be oldest or newest');
      }
      const transitions = historyTransitions(world);
      return page(direction === 'newest' ? transitions.reverse() : transitions, query);
    }
    case 'v2.verificationRuns': {
      const status = query.get('status');
      if (status !== null && !RUN_STATUSES.has(status)) {
        return fail(400, 'VALIDATION_FAILED', 'status must be one of inProgress, failed, cancelled, succeeded');
      }
      return page(
        verificationRuns(world).filter((run) => status === null || run.status === status),
        query,
      );
    }
    case 'v2.estimate': {
      const estimate = estimateBody(world);
      if (!estimate) return fail(404, 'ESTIMATE_NOT_ENABLED', 'Merge estimates are not enabled for this queue');
      return { status: 200, body: estimate };
    }
  }
  return fail(404, 'NOT_FOUND', 'Not found');
}

/**
 * `GET /v2/pull-requests?repositoryId=&number=`: a PR Trunk has not indexed is absent, not a 404.
 * Trunk knows the scenario's PR and the other PRs in its queue (from their entries, for a report
 * on the queue, which asks for their ages); no other PR.
 * @param {URLSearchParams} query
 * @param {World} world
 * @returns {Answer}
 */
function lookUp(query, world) {
  const repositoryId = query.get('repositoryId');
  if (!repositoryId || !UUID.test(repositoryId)) return fail(400, 'VALIDATION_FAILED', 'repositoryId must be a UUID');
  const number = query.get('number');
  /** @type {number[] | undefined} */
  let numbers;
  if (number !== null) {
    const parts = number.split(',').map((part) => part.trim());
    if (parts.length > 50 || parts.some((part) => !/^[1-9]\d{0,9}$/.test(part))) {
      return fail(400, 'VALIDATION_FAILED', 'number must be one pull request number, or up to 50 separated by commas');
    }
    numbers = parts.map(Number);
  }
  const pr = pullRequestBody(world, { oneNumber: numbers?.length === 1 });
  const found =
    repositoryId.toLowerCase() === SIM_REPO_ID &&
    (numbers === undefined || numbers.includes(pr.number)) &&
    (query.get('branch') ?? pr.branch) === pr.branch &&
    (query.get('baseBranch') ?? pr.baseBranch) === pr.baseBranch;
  const others = numbers && repositoryId.toLowerCase() === SIM_REPO_ID ? queuedPullRequests(world, numbers) : [];
  const answer = page([...(found ? [pr] : []), ...others], query);
  return { ...answer, readsPr: found && pr.number === SIM_PR };
}

/** What the queue's other PRs are beyond their entries: submitted, and ready. */
const QUEUED = {
  isCurrentlySubmittedToQueue: true,
  readiness: { requiresImpactedTargets: false, doesBaseBranchMatch: true, gitHubMergeability: 'mergeable' },
};

/**
 * The other PRs in the queue among `numbers`, each made from its entry in v1's queue (its state,
 * since when, priority, author), in this queue.
 * @param {World} world
 * @param {number[]} numbers
 */
function queuedPullRequests(world, numbers) {
  const entries = /** @type {Array<Record<string, unknown>>} */ (world.queue?.enqueuedPullRequests ?? []);
  const scenario = { ...world.scenario, pr: null, story: {} };
  return entries
    .filter((entry) => Number(entry.prNumber) !== SIM_PR && numbers.includes(Number(entry.prNumber)))
    .map((entry) => pullRequestBody({ ...world, scenario, pr: { ...QUEUED, ...entry } }, { oneNumber: false }));
}

/**
 * Whether a provider URL names the scenario's repository: `.git` and trailing slashes dropped,
 * letters in any case, as GitHub's names are.
 * @param {string} text
 */
function servesRepository(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\.git$/i, '');
  return (
    /^https?:$/.test(url.protocol) &&
    url.host.toLowerCase() === SIM_REPO.host &&
    path.toLowerCase() === `/${SIM_REPO.owner}/${SIM_REPO.name}`.toLowerCase()
  );
}

/**
 * One page of a list, as Trunk pages them: `limit` 1–100 (default 25), an opaque cursor passed
 * back verbatim, `total` when asked for.
 * @param {unknown[]} items
 * @param {URLSearchParams} query
 * @returns {Answer}
 */
function page(items, query) {
  const limitText = query.get('limit') ?? '25';
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) {
    return fail(400, 'VALIDATION_FAILED', 'limit must be an integer from 1 to 100');
  }
  const cursor = query.get('cursor');
  let start = 0;
  if (cursor !== null) {
    const decoded = /^at:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!decoded) return fail(400, 'INVALID_CURSOR', 'cursor is not valid');
    start = Number(decoded[1]);
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  return {
    status: 200,
    body: {
      data,
      nextCursor: hasMore ? Buffer.from(`at:${start + limit}`).toString('base64url') : null,
      hasMore,
      ...(query.get('includeTotal') === 'true' ? { total: items.length } : {}),
    },
  };
}
