// @ts-check
// GitHub's REST API, the endpoints the action's deploy gate calls:
// `GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls` (Octokit's
// repos.listPullRequestsAssociatedWithCommit), `GET /repos/{owner}/{repo}/compare/{basehead}`
// (repos.compareCommitsWithBasehead, over the scenario's commit graph, github-graph.mjs, paged),
// `GET /repos/{owner}/{repo}/pulls` (pulls.list: the scenario's PRs, filtered and sorted as
// GitHub does, paged), and the workflow's runs: `GET /repos/{owner}/{repo}/actions/runs/{run_id}`
// (actions.getWorkflowRun; a run the scenario does not list is this run, in progress),
// `GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs` (actions.listWorkflowRuns:
// the scenario's runs, newest first, filtered by branch, event and status, paged), a run's jobs
// (actions.listJobsForWorkflowRun) and a job's check-run annotations (checks.listAnnotations),
// at the simulator's root as on api.github.com and
// under /api/v3 as on GitHub Enterprise Server. It takes only the GitHub token (Authorization:
// token … or Bearer …; never a Trunk credential), serves only the simulator's repository, knows
// a few commits, and answers from a named GitHub scenario: the PRs behind a commit, or a fault
// as GitHub sends it (github-scenarios.mjs). The bodies are github-bodies.mjs.
import { STATUS_CODES } from 'node:http';
import { commitBody, comparisonBody, githubError, pullRequestSimple } from './github-bodies.mjs';
import { commitOf, compareIn, graphOf, pullsOf } from './github-graph.mjs';
import { checkRunAnnotations, runJobs } from './github-jobs.mjs';
import { oneRun, runById, runsOf, workflowOf, workflowRuns } from './github-runs.mjs';
import { GITHUB_SCENARIOS, SIM_DIRECT_SHA, SIM_MERGE_SHA } from './github-scenarios.mjs';
import { SIM_REPO, SIM_SHA } from './scenarios.mjs';
import { playStep, sendHalf } from './steps.mjs';

export {
  GITHUB_SCENARIOS,
  githubFaults,
  SIM_DIRECT_SHA,
  SIM_GITHUB_TOKEN,
  SIM_MERGE_SHA,
} from './github-scenarios.mjs';
export { SIM_WORKFLOW_ID } from './github-runs.mjs';

/** @typedef {import('./github-scenarios.mjs').GitHubScenario} GitHubScenario */
/** @typedef {import('./steps.mjs').Step} Step */
/**
 * @typedef {'github.commitPulls' | 'github.compare' | 'github.pulls' | 'github.run' | 'github.workflowRuns'
 *   | 'github.jobs' | 'github.annotations'} GitHubEndpoint
 */

/** @type {GitHubEndpoint[]} */
export const GITHUB_ENDPOINTS = [
  'github.commitPulls',
  'github.compare',
  'github.pulls',
  'github.run',
  'github.workflowRuns',
  'github.jobs',
  'github.annotations',
];
/** Each endpoint's path: the owner and repository, then what the endpoint names. */
const ROUTES = /** @type {Array<[GitHubEndpoint, RegExp]>} */ ([
  ['github.commitPulls', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/commits\/(.+)\/pulls$/],
  ['github.compare', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/compare\/(.+)$/],
  ['github.pulls', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/pulls()$/],
  ['github.run', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)$/],
  ['github.workflowRuns', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/actions\/workflows\/([^/]+)\/runs$/],
  ['github.jobs', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)\/jobs$/],
  ['github.annotations', /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/check-runs\/(\d+)\/annotations$/],
]);
/** Without paging, GitHub lists the newest this many commits of a comparison. */
const COMPARE_UNPAGED = 250;

/**
 * @param {object} setup
 * @param {string} setup.token  the GitHub token it accepts
 * @param {string} setup.scenario  a key of GITHUB_SCENARIOS
 * @param {boolean} setup.tls  whether the simulator serves https (for the URLs in Link headers)
 * @param {(endpoint: GitHubEndpoint) => Step | undefined} setup.take  the scripted step, if any
 * @param {(endpoint: GitHubEndpoint, steps: Step[]) => void} setup.reset  replaces what is scripted
 */
export function github({ token, scenario: initial, tls, take, reset }) {
  /** @type {GitHubScenario} */
  let scenario = /** @type {GitHubScenario} */ (GITHUB_SCENARIOS.merged);
  let requestIds = 0;
  let used = 0;
  const resetAt = Math.ceil(Date.now() / 1000) + 3600;

  /** Serve this GitHub scenario from its start, with its faults. @param {string} name */
  function use(name) {
    const found = GITHUB_SCENARIOS[name];
    if (!found) throw new Error(`unknown GitHub scenario ${name}; known: ${Object.keys(GITHUB_SCENARIOS).join(', ')}`);
    scenario = found;
    reset('github.commitPulls', found.faults?.(Date.now()) ?? []);
    reset('github.compare', found.compareFaults?.(Date.now()) ?? []);
    reset('github.pulls', []);
    reset('github.run', found.runFaults?.(Date.now()) ?? []);
    reset('github.workflowRuns', []);
    reset('github.jobs', found.jobFaults?.(Date.now()) ?? []);
    reset('github.annotations', found.annotationFaults?.(Date.now()) ?? []);
    return found;
  }
  use(initial);

  /**
   * The workflow's runs, newest first, instead of the scenario's, until the next `use`: what the
   * demo's runs of use 3 leave for each other. @param {import('./github-runs.mjs').SimRun[]} runs
   */
  function setRuns(runs) {
    scenario = { ...scenario, runs };
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('./steps.mjs').RequestRecord} record
   */
  async function handle(req, res, record) {
    // What GitHub puts on every answer: a request id, the version, and the primary limit's state.
    const common = {
      'x-github-request-id': `SIM0:${(++requestIds).toString(16).toUpperCase().padStart(6, '0')}`,
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(5000 - used, 0)),
      'x-ratelimit-used': String(used),
      'x-ratelimit-reset': String(resetAt),
      'x-ratelimit-resource': 'core',
    };
    /** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
    const send = (status, body, headers = {}) => {
      record.status = status;
      const json = typeof body !== 'string';
      const type = json ? { 'content-type': 'application/json; charset=utf-8' } : {};
      res.writeHead(status, { ...type, ...common, ...headers });
      res.end(json ? JSON.stringify(body) : body);
    };

    const url = new URL(record.path, 'http://127.0.0.1');
    const route = ROUTES.map(([name, pattern]) => /** @type {const} */ ([name, pattern.exec(url.pathname)])).find(
      ([, found]) => found,
    );
    const notFound = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };
    if (!route || (req.method !== 'GET' && req.method !== 'HEAD')) return send(404, notFound);
    const [endpoint, match] = route;
    record.endpoint = endpoint;
    const authorization = req.headers.authorization;
    if (!authorization) return send(401, githubError(401, 'Requires authentication'));
    const sent = /^(?:token|bearer) +(\S+) *$/i.exec(authorization)?.[1];
    if (sent !== token) return send(401, githubError(401, 'Bad credentials'));
    used++;
    common['x-ratelimit-remaining'] = String(Math.max(5000 - used, 0));
    common['x-ratelimit-used'] = String(used);

    const step = take(endpoint);
    const api = {
      headers: common,
      body: (/** @type {number} */ status) => githubError(status, STATUS_CODES[status] ?? ''),
    };
    if (await playStep(step, req, res, record, send, api)) return;
    if (step?.body !== undefined) return send(200, step.body, step.headers);

    const [owner, repo, named] = (match ?? []).slice(1).map((part) => safeDecode(part ?? ''));
    // GitHub answers a repository the token cannot see as one that does not exist.
    if (owner?.toLowerCase() !== SIM_REPO.owner.toLowerCase() || repo?.toLowerCase() !== SIM_REPO.name.toLowerCase()) {
      return send(404, githubError(404, 'Not Found'));
    }
    // The next page's address is the simulator's, as GitHub's is its own: a client follows it.
    const here = new URL(record.path, `${tls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`);
    const graph = graphOf(scenario, scenario.commits === 'none' ? [] : knownCommits(scenario));
    if (endpoint === 'github.compare') return compare(graph, String(named), here, send, step);
    if (endpoint === 'github.pulls') return pullsList(allPrs(scenario), here, send, step);
    if (endpoint === 'github.run') return oneRun(scenario, Number(named), send, step);
    if (endpoint === 'github.workflowRuns') return workflowRuns(scenario, String(named), here, send, step, page);
    if (endpoint === 'github.jobs') {
      return runJobs(runById(scenario, Number(named)), workflowOf(scenario).name, here, send, step, page);
    }
    if (endpoint === 'github.annotations') {
      return checkRunAnnotations(runsOf(scenario), Number(named), here, send, step, page);
    }
    const listed = scenario.commits === 'none' ? undefined : pullsOf(graph, scenario, String(named).toLowerCase());
    if (!listed) {
      const status = scenario.unknownCommit ?? 422;
      return send(status, githubError(status, `No commit found for SHA: ${named}`), step?.headers);
    }
    const { items, link } = page(listed.map(pullRequestSimple), here);
    if (step?.truncate) return sendHalf(req, res, record, items, common);
    send(200, items, { ...(link ? { link } : {}), ...step?.headers });
  }

  return { handle, use, setRuns, scenario: () => scenario };
}

/**
 * The commits GitHub knows beyond the scenario's history, each listing the scenario's PRs: the
 * simulator's own and its PRs' heads and merges.
 * @param {GitHubScenario} scenario
 */
function knownCommits(scenario) {
  const known = [SIM_SHA, SIM_MERGE_SHA, SIM_DIRECT_SHA];
  for (const pr of scenario.prs) known.push(pr.headSha, ...(pr.mergeCommitSha ? [pr.mergeCommitSha] : []));
  return known;
}

/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the commits reachable from head and not
 * from base, oldest first; without paging the newest 250, with per_page/page a page and a Link.
 * @param {import('./github-graph.mjs').Graph} graph @param {string} basehead @param {URL} url
 * @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send
 * @param {Step | undefined} step
 */
function compare(graph, basehead, url, send, step) {
  const [base = '', head = ''] = basehead.toLowerCase().split('...');
  if (!graph.has(base) || !graph.has(head)) return send(404, githubError(404, 'Not Found'), step?.headers);
  const { status, ahead, behindBy, mergeBase } = compareIn(graph, base, head);
  const paged = url.searchParams.has('per_page') || url.searchParams.has('page');
  const listed = paged ? page(ahead, url) : { items: ahead.slice(-COMPARE_UNPAGED), link: undefined };
  const body = comparisonBody({
    basehead,
    base: commitBody(commitOf(graph, base)),
    mergeBase: commitBody(commitOf(graph, mergeBase)),
    status: /** @type {'ahead' | 'behind' | 'diverged' | 'identical'} */ (status),
    aheadBy: ahead.length,
    behindBy,
    commits: listed.items.map((sha) => commitBody(commitOf(graph, String(sha)))),
  });
  send(200, body, { ...(listed.link ? { link: listed.link } : {}), ...step?.headers });
}

/**
 * Every PR the scenario knows: those it lists for any commit, and those of its history's commits.
 * @param {GitHubScenario} scenario
 */
function allPrs(scenario) {
  /** @type {Map<number, import('./github-bodies.mjs').GitHubPr>} */
  const prs = new Map();
  for (const pr of [...scenario.prs, ...(scenario.history ?? []).flatMap((commit) => commit.prs ?? [])]) {
    if (!prs.has(pr.number)) prs.set(pr.number, pr);
  }
  return [...prs.values()];
}

/**
 * `GET /repos/{owner}/{repo}/pulls`: `state` (default open), `base`, `sort` (created or updated;
 * default created) and `direction` (default desc for created, asc otherwise), paged.
 * @param {import('./github-bodies.mjs').GitHubPr[]} prs @param {URL} url
 * @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send
 * @param {Step | undefined} step
 */
function pullsList(prs, url, send, step) {
  const state = url.searchParams.get('state') ?? 'open';
  const base = url.searchParams.get('base');
  const sort = url.searchParams.get('sort') === 'updated' ? 'updated' : 'created';
  const direction = url.searchParams.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
  const key = (/** @type {import('./github-bodies.mjs').GitHubPr} */ pr) =>
    sort === 'updated' ? pr.updatedAt : pr.createdAt;
  const listed = prs
    .filter((pr) => state === 'all' || pr.state === state)
    .filter((pr) => !base || pr.baseRef === base)
    .sort((a, b) => (direction === 'asc' ? 1 : -1) * key(a).localeCompare(key(b)));
  const { items, link } = page(listed.map(pullRequestSimple), url);
  send(200, items, { ...(link ? { link } : {}), ...step?.headers });
}

/**
 * One page, as GitHub pages lists: `per_page` (default 30, at most 100) and `page` (from 1), a
 * Link header naming the next and last pages when there are more.
 * @param {unknown[]} all @param {URL} url
 */
function page(all, url) {
  const perPage = Math.min(Math.max(Number.parseInt(url.searchParams.get('per_page') ?? '', 10) || 30, 1), 100);
  const number = Math.max(Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1, 1);
  const items = all.slice((number - 1) * perPage, number * perPage);
  const last = Math.max(Math.ceil(all.length / perPage), 1);
  if (number >= last) return { items, link: undefined };
  /** @param {number} n @param {string} rel */
  const at = (n, rel) => {
    const next = new URL(url);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(n));
    return `<${next.href}>; rel="${rel}"`;
  };
  return { items, link: `${at(number + 1, 'next')}, ${at(last, 'last')}` };
}

/** @param {string} text */
function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
