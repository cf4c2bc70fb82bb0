// @ts-check
// Trunk's v1 API (POST /v1/getSubmittedPullRequest, POST /v1/getQueue, and over the queue's past
// POST /v1/listPullRequests and GET /v1/getMergeQueueMetrics: trunk-v1-history.mjs), as its
// OpenAPI document (trunk-openapi-v1.json) and Trunk's servers have it: the x-api-token check, the
// request rules, plain-text 400/401/404 bodies, and the answers of the scenario's world. It serves
// only the scenario's repository and branch, as Trunk serves only what it knows.
import { playStep, sendHalf } from './steps.mjs';
import { SIM_BRANCH, SIM_PR, SIM_REPO } from './scenarios.mjs';
import { historyV1Body } from './trunk-history-bodies.mjs';
import { worldMetrics } from './trunk-metrics.mjs';
import { listProblem, listPullRequestsV1, metricsProblem } from './trunk-v1-history.mjs';

/** @typedef {'getSubmittedPullRequest' | 'getQueue' | 'listPullRequests' | 'getMergeQueueMetrics'} V1Endpoint */
/** @typedef {import('./steps.mjs').RequestRecord} RequestRecord */

/** @type {V1Endpoint[]} */
export const V1_ENDPOINTS = ['getSubmittedPullRequest', 'getQueue', 'listPullRequests', 'getMergeQueueMetrics'];
const PATHS = /** @type {Record<string, V1Endpoint>} */ (
  Object.fromEntries(V1_ENDPOINTS.map((endpoint) => [`/v1/${endpoint}`, endpoint]))
);
const PLAIN = { 'content-type': 'text/plain; charset=utf-8' };
const PROMETHEUS = { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' };

/**
 * @param {object} setup
 * @param {string} setup.token  the API token it accepts (x-api-token)
 * @param {{ perSecond: number, retryAfter?: string }} [setup.rateLimit]  a limit on all its requests
 * @param {ReturnType<typeof import('./rate-limit.mjs').metricsLimiter>} [setup.metricsLimit]  the
 *   metrics' own limit, which v2's metrics share
 * @param {import('./trunk-world.mjs').TrunkWorld} setup.world
 * @param {(endpoint: V1Endpoint) => import('./steps.mjs').Step | undefined} setup.take  the scripted step, if any
 */
export function trunkV1({ token, rateLimit, metricsLimit, world, take }) {
  let windowStart = 0;
  let windowCount = 0;
  let throttled = 0;

  /** @returns {boolean} true when this request is over the per-second limit */
  function overLimit() {
    if (!rateLimit) return false;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount++;
    return windowCount > rateLimit.perSecond;
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {RequestRecord} record
   * @param {string} text  the request body
   */
  async function handle(req, res, record, text) {
    const { pathname, searchParams } = new URL(record.path, 'http://127.0.0.1');
    const endpoint = PATHS[pathname];
    if (endpoint) record.endpoint = endpoint;
    /** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
    const send = (status, body, headers = {}) => {
      record.status = status;
      const json = typeof body !== 'string';
      res.writeHead(status, { ...(json ? { 'content-type': 'application/json' } : PLAIN), ...headers });
      res.end(json ? JSON.stringify(body) : body);
    };

    const metrics = endpoint === 'getMergeQueueMetrics';
    if (!endpoint || req.method !== (metrics ? 'GET' : 'POST')) return send(404, 'Not Found');
    if (overLimit() || (metrics && metricsLimit && !metricsLimit.admit('organization'))) {
      throttled++;
      const retryAfter = rateLimit?.retryAfter;
      return send(429, '', retryAfter ? { 'retry-after': retryAfter } : {});
    }
    if (req.headers['x-api-token'] !== token) return send(401, 'Unauthorized');
    if (metrics) {
      const problem = metricsProblem(searchParams);
      if (problem) return send(problem.status, problem.text);
      const step = take(endpoint);
      if (await playStep(step, req, res, record, send)) return;
      return send(200, step?.body ?? worldMetrics(world.snapshot(), { everyBranch: true }), {
        ...PROMETHEUS,
        ...step?.headers,
      });
    }
    try {
      record.body = JSON.parse(text);
    } catch {
      return send(400, 'Invalid JSON body');
    }
    const problem =
      requestProblem(endpoint, record.body) ??
      (endpoint === 'listPullRequests' ? listProblem(/** @type {object} */ (record.body)) : undefined);
    if (problem) return send(400, problem);

    const step = take(endpoint);
    if (await playStep(step, req, res, record, send)) return;
    if (endpoint === 'listPullRequests') {
      const served = servesScenario(record.body) && world.scenario.queue !== null;
      const body =
        step?.body ?? (served ? listPullRequestsV1(/** @type {object} */ (record.body), world.snapshot()) : undefined);
      if (body === null) return send(400, 'cursor is not valid for this request');
      if (body === undefined) return send(404, 'Merge queue not found');
      if (step?.truncate) return sendHalf(req, res, record, body);
      return send(200, body, step?.headers);
    }

    // Trunk knows only the scenario's repository, branch and PR, and the PRs its history
    // remembers: any other number is one never submitted (404), and another repository or branch
    // has no queue (404) and no PRs in it.
    const asked = Number(/** @type {{ pr?: { number?: number } }} */ (record.body).pr?.number);
    const otherPr = endpoint === 'getSubmittedPullRequest' && asked !== (world.scenario.pr?.prNumber ?? SIM_PR);
    const served = servesScenario(record.body);
    const found = served && otherPr ? world.history.byNumber.get(asked) : undefined;
    const remembered = found?.baseBranch === SIM_BRANCH ? found : undefined;
    const body =
      step?.body ??
      (!served
        ? null
        : endpoint === 'getQueue'
          ? world.queueNow()
          : remembered
            ? historyV1Body(remembered)
            : otherPr
              ? null
              : world.prAt(world.prCalls));
    // Each answered request for the scenario's PR (or one unknown) moves its state sequence one
    // step on; a remembered PR's answer is not a poll of it.
    if (endpoint === 'getSubmittedPullRequest' && !remembered) world.prCalls++;
    if (body === null) {
      return send(404, endpoint === 'getQueue' ? 'Merge queue not found' : 'Pull request not found');
    }
    if (step?.truncate) return sendHalf(req, res, record, body);
    send(200, body, step?.headers);
  }

  return { handle, throttled: () => throttled };
}

/**
 * The request-body rules of Trunk's OpenAPI document, answered as Trunk does: 400, plain text.
 * @param {V1Endpoint} endpoint
 * @param {unknown} body
 */
function requestProblem(endpoint, body) {
  /** @param {unknown} value @param {string} key @returns {unknown} */
  const at = (value, key) =>
    value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[key] : undefined;
  const repo = at(body, 'repo');
  if (!repo || typeof repo !== 'object') return 'repo is required';
  for (const key of ['host', 'owner', 'name']) {
    const value = at(repo, key);
    if (typeof value !== 'string' || value === '') return `repo.${key} is required`;
  }
  const branch = at(body, 'targetBranch');
  if (typeof branch !== 'string' || branch === '') return 'targetBranch is required';
  if (endpoint === 'getSubmittedPullRequest') {
    const n = at(at(body, 'pr'), 'number');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 4294967295) {
      return 'pr.number must be an integer from 0 to 4294967295';
    }
  }
  return undefined;
}

/**
 * Whether a request asks about the scenario's repository (host, owner and name in any case, as
 * GitHub's are) and branch.
 * @param {unknown} body
 */
function servesScenario(body) {
  const { repo, targetBranch } = /** @type {{ repo: Record<string, string>, targetBranch: string }} */ (body);
  return (
    String(repo.host).toLowerCase() === SIM_REPO.host &&
    String(repo.owner).toLowerCase() === SIM_REPO.owner.toLowerCase() &&
    String(repo.name).toLowerCase() === SIM_REPO.name.toLowerCase() &&
    targetBranch === SIM_BRANCH
  );
}
