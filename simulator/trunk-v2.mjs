// @ts-check
// Trunk's v2 API: the reads the action makes, as Trunk's OpenAPI document
// (trunk-openapi-v2.json) and docs.trunk.io have them. The Bearer key check, Trunk's limits
// (rate-limit.mjs: 5/s per key on /v2/pull-requests*, the organization's, the metrics'), the
// checks on parameters (400 VALIDATION_FAILED), the error envelope with an X-Request-Id on every
// answer, and what each read answers for the world as it is (trunk-world.mjs, shared with v1; the
// bodies are trunk-v2-bodies.mjs and trunk-v2-story.mjs, the PRs other than the scenario's and
// the history reads trunk-v2-history.mjs, the queue's past trunk-v2-queue-reads.mjs and
// trunk-metrics.mjs).
import { playStep, sendHalf } from './steps.mjs';
import { v2Limits } from './rate-limit.mjs';
import { knownByNumber, knownPr } from './trunk-known.mjs';
import { worldMetrics } from './trunk-metrics.mjs';
import { mergeQueueBody, orderBody, pullRequestBody, repositoryBody } from './trunk-v2-bodies.mjs';
import { directionOf, historyBatch, knownPrAnswer } from './trunk-v2-history.mjs';
import { fail, page, v2Error } from './trunk-v2-pages.mjs';
import { listPullRequests, listTestingResults } from './trunk-v2-queue-reads.mjs';
import { estimateBody, historyTransitions, verificationRuns } from './trunk-v2-story.mjs';
import { SIM_BRANCH, SIM_PR, SIM_PR_ID, SIM_QUEUE_ID, SIM_REPO, SIM_REPO_ID } from './scenarios.mjs';

/**
 * @typedef {'v2.repositories' | 'v2.mergeQueues' | 'v2.order' | 'v2.pullRequests' | 'v2.pullRequest'
 *   | 'v2.history' | 'v2.verificationRuns' | 'v2.estimate' | 'v2.historyBatch' | 'v2.queuePullRequests'
 *   | 'v2.testingResults' | 'v2.metrics'} V2Route
 */
/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {import('./trunk-v2-pages.mjs').Answer} Answer */
/** @typedef {import('./trunk-v2-bodies.mjs').Json} Json */

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
  [/^\/v2\/queue-entry-history$/, 'v2.historyBatch'],
  [/^\/v2\/merge-queues\/([^/]+)\/pull-requests$/, 'v2.queuePullRequests'],
  [/^\/v2\/merge-queues\/([^/]+)\/testing-results$/, 'v2.testingResults'],
  [/^\/v2\/merge-queues\/([^/]+)\/metrics$/, 'v2.metrics'],
];
/** The reads of one queue, which answer 404 MERGE_QUEUE_NOT_FOUND for any other. */
const QUEUE_ROUTES = new Set(['v2.order', 'v2.queuePullRequests', 'v2.testingResults', 'v2.metrics']);
/** Prometheus' text format, as Trunk labels it. */
const PROMETHEUS = { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' };
/** @type {V2Route[]} */
export const V2_ROUTES = ROUTES.map(([, route]) => route);

const PLAIN = { 'content-type': 'text/plain; charset=utf-8' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RUN_STATUSES = new Set(['inProgress', 'failed', 'cancelled', 'succeeded']);

export { v2Error };

/**
 * @param {object} setup
 * @param {string[]} setup.apiKeys  the API keys it accepts (Authorization: Bearer)
 * @param {{ perSecondPerKey: number, body?: 'envelope' | 'empty', now?: () => number }} [setup.rateLimit]
 *   Trunk's limit on GET /v2/pull-requests*, per key, over any one second
 * @param {import('./rate-limit.mjs').OrgRateLimit} [setup.orgRateLimit]  the organization's limits
 * @param {ReturnType<typeof import('./rate-limit.mjs').metricsLimiter>} [setup.metricsLimit]  the
 *   metrics' own limit, which v1's metrics share
 * @param {boolean} setup.tls  whether the simulator serves https (for the URLs in its bodies)
 * @param {import('./trunk-world.mjs').TrunkWorld} setup.world
 * @param {(route: V2Route) => import('./steps.mjs').Step | undefined} setup.take  the scripted step, if any
 */
export function trunkV2({ apiKeys, rateLimit, orgRateLimit, metricsLimit, tls, world, take }) {
  const overLimit = v2Limits(rateLimit, orgRateLimit, metricsLimit);
  let throttled = 0;
  let requestIds = 0;

  /**
   * A v2 read: the route, Trunk's limits, the key, then a scripted step or the world's answer.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('./steps.mjs').RequestRecord} record
   */
  async function handle(req, res, record) {
    const requestId = { 'x-request-id': `req-${++requestIds}` };
    /** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
    const send = (status, body, headers = {}) => {
      record.status = status;
      const json = typeof body !== 'string';
      const type = json ? { 'content-type': 'application/json' } : body === '' ? {} : PLAIN;
      res.writeHead(status, { ...type, ...requestId, ...headers });
      res.end(json ? JSON.stringify(body) : body);
    };

    const url = new URL(record.path, 'http://127.0.0.1');
    const match = matchV2(req.method, url.pathname);
    // A Trunk from before the metrics routes knows no such path.
    const absent = match?.route === 'v2.metrics' && world.scenario.noMetrics === true;
    if (match) record.endpoint = match.route;
    if (!match || absent) return send(404, v2Error('NOT_FOUND', `No route for ${req.method} ${url.pathname}`));
    const authorization = req.headers.authorization;
    const key = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    // The limits are counted before the key is checked, per credential as sent.
    const over = overLimit(url.pathname, match.route === 'v2.metrics', key ?? authorization ?? '');
    if (over) {
      throttled++;
      return send(429, over.empty ? '' : v2Error('RATE_LIMIT_EXCEEDED', over.message));
    }
    if (!authorization) {
      return send(401, v2Error('AUTHENTICATION_REQUIRED', 'Send an API key as Authorization: Bearer <key>'));
    }
    if (!key || !apiKeys.includes(key)) return send(401, v2Error('INVALID_TOKEN', 'The API key is not valid'));

    const step = take(match.route);
    if (await playStep(step, req, res, record, send, { headers: requestId })) return;

    // A GET of the PR is a poll, as getSubmittedPullRequest is: it answers the sequence's next
    // state. Every other read sees the last one answered; the lookup by number, when nothing has
    // read the PR yet, is its first answer.
    const polled = match.route === 'v2.pullRequest' && match.id.toLowerCase() === SIM_PR_ID;
    const pr = polled ? world.prAt(world.prCalls) : world.lastPr();
    const baseUrl = `${tls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`;
    const answer = v2Answer(match.route, match.id, url.searchParams, world.snapshot(pr, baseUrl));
    if (polled || (answer.readsPr && world.prCalls === 0)) world.prCalls++;
    if (step?.body !== undefined) return send(200, step.body, step.headers);
    if (step?.truncate && answer.status === 200) return sendHalf(req, res, record, answer.body, requestId);
    send(answer.status, answer.body, { ...answer.headers, ...step?.headers });
  }

  return { handle, throttled: () => throttled };
}

/**
 * The v2 route a request names, with the id in its path; undefined for any other.
 * @param {string | undefined} method
 * @param {string} pathname
 * @returns {{ route: V2Route, id: string } | undefined}
 */
function matchV2(method, pathname) {
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
function v2Answer(route, id, query, world) {
  if (QUEUE_ROUTES.has(route) && (id !== SIM_QUEUE_ID || !world.queue)) {
    return fail(404, 'MERGE_QUEUE_NOT_FOUND', 'Merge queue not found');
  }
  if (/^v2\.(pullRequest|history|verificationRuns|estimate)$/.test(route)) {
    if (!UUID.test(id)) return fail(400, 'VALIDATION_FAILED', 'id must be a UUID');
    if (id.toLowerCase() !== SIM_PR_ID) {
      const known = knownPr(world, id);
      return known ? knownPrAnswer(route, known, query) : fail(404, 'PR_NOT_FOUND', 'Pull request not found');
    }
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
      return page(
        serves && world.queue ? [mergeQueueBody(world.queue, world.baseUrl, world.history.createdAt)] : [],
        query,
      );
    }
    case 'v2.order':
      return { status: 200, body: orderBody(/** @type {Json} */ (world.queue), world.scenario) };
    case 'v2.queuePullRequests':
      return listPullRequests(query, world);
    case 'v2.testingResults':
      return listTestingResults(query, world);
    case 'v2.metrics':
      return { status: 200, body: worldMetrics(world, { everyBranch: false }), headers: PROMETHEUS };
    case 'v2.pullRequests':
      return lookUp(query, world);
    case 'v2.pullRequest':
      return { status: 200, body: pullRequestBody(world), readsPr: true };
    case 'v2.historyBatch':
      return historyBatch(query, world);
    case 'v2.history': {
      const direction = directionOf(query);
      if (typeof direction !== 'string') return direction;
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
 * Trunk knows the scenario's PR, the other PRs in its queue (from their entries, for a report on
 * the queue, which asks for their ages) and the PRs its history remembers; no other PR.
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
  const others =
    numbers && repositoryId.toLowerCase() === SIM_REPO_ID
      ? knownByNumber(world, numbers).map((known) => known.pullRequest(numbers?.length === 1))
      : [];
  const answer = page([...(found ? [pr] : []), ...others], query);
  return { ...answer, readsPr: found && pr.number === SIM_PR };
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
