// @ts-check
// GitHub's REST API, the one endpoint the action's deploy gate calls:
// `GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls` (Octokit's
// repos.listPullRequestsAssociatedWithCommit), at the simulator's root as on api.github.com and
// under /api/v3 as on GitHub Enterprise Server. It takes only the GitHub token (Authorization:
// token … or Bearer …; never a Trunk credential), serves only the simulator's repository, knows
// a few commits, and answers from a named GitHub scenario: the PRs behind a commit, or a fault
// as GitHub sends it (github-scenarios.mjs). The bodies are github-bodies.mjs.
import { STATUS_CODES } from 'node:http';
import { githubError, pullRequestSimple } from './github-bodies.mjs';
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

/** @typedef {import('./github-scenarios.mjs').GitHubScenario} GitHubScenario */
/** @typedef {import('./steps.mjs').Step} Step */
/** @typedef {'github.commitPulls'} GitHubEndpoint */

/** @type {GitHubEndpoint[]} */
export const GITHUB_ENDPOINTS = ['github.commitPulls'];
const COMMIT_PULLS = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/commits\/(.+)\/pulls$/;

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
    return found;
  }
  use(initial);

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
    const match = COMMIT_PULLS.exec(url.pathname);
    const notFound = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return send(404, notFound);
    record.endpoint = 'github.commitPulls';
    const authorization = req.headers.authorization;
    if (!authorization) return send(401, githubError(401, 'Requires authentication'));
    const sent = /^(?:token|bearer) +(\S+) *$/i.exec(authorization)?.[1];
    if (sent !== token) return send(401, githubError(401, 'Bad credentials'));
    used++;
    common['x-ratelimit-remaining'] = String(Math.max(5000 - used, 0));
    common['x-ratelimit-used'] = String(used);

    const step = take('github.commitPulls');
    const api = {
      headers: common,
      body: (/** @type {number} */ status) => githubError(status, STATUS_CODES[status] ?? ''),
    };
    if (await playStep(step, req, res, record, send, api)) return;
    if (step?.body !== undefined) return send(200, step.body, step.headers);

    const [owner, repo, sha] = match.slice(1).map((part) => safeDecode(part ?? ''));
    // GitHub answers a repository the token cannot see as one that does not exist.
    if (owner?.toLowerCase() !== SIM_REPO.owner.toLowerCase() || repo?.toLowerCase() !== SIM_REPO.name.toLowerCase()) {
      return send(404, githubError(404, 'Not Found'));
    }
    if (!knows(scenario, String(sha))) {
      const status = scenario.unknownCommit ?? 422;
      return send(status, githubError(status, `No commit found for SHA: ${sha}`), step?.headers);
    }
    // The next page's address is the simulator's, as GitHub's is its own: a client follows it.
    const base = `${tls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`;
    const { items, link } = page(scenario.prs.map(pullRequestSimple), new URL(record.path, base));
    if (step?.truncate) return sendHalf(req, res, record, items, common);
    send(200, items, { ...(link ? { link } : {}), ...step?.headers });
  }

  return { handle, use, scenario: () => scenario };
}

/**
 * Whether GitHub knows the commit: the simulator's own, the scenario's and its PRs' (any case).
 * @param {GitHubScenario} scenario @param {string} sha
 */
function knows(scenario, sha) {
  if (scenario.commits === 'none') return false;
  const known = [SIM_SHA, SIM_MERGE_SHA, SIM_DIRECT_SHA, scenario.sha];
  for (const pr of scenario.prs) known.push(pr.headSha, ...(pr.mergeCommitSha ? [pr.mergeCommitSha] : []));
  return known.includes(sha.toLowerCase());
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
