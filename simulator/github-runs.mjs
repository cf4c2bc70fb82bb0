// @ts-check
// The simulator's workflow (the deploy workflow, `.github/workflows/deploy.yml`, unless the scenario
// names another, such as use 3's report) and its runs, as GitHub Actions' REST API answers them:
// `GET /repos/{owner}/{repo}/actions/runs/{run_id}` (a run the scenario lists, else this run, in
// progress) and `GET /repos/{owner}/{repo}/actions/workflows/{id}/runs` (newest first, filtered by
// branch, event and status, paged), each run a "workflow-run" as GitHub's OpenAPI description has
// it (github-openapi.json). A run's jobs and their annotations are github-jobs.mjs's.
import { githubError, repositoryBody, shaOf, userBody } from './github-bodies.mjs';
import { SIM_BASE_SHA } from './github-graph.mjs';
import { minutesAgo, SIM_BRANCH, SIM_REPO } from './scenarios.mjs';

/** @typedef {import('./github-scenarios.mjs').GitHubScenario} GitHubScenario */
/** @typedef {import('./steps.mjs').Step} Step */

const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.name}`;
const REPO_API = `https://api.github.com/repos/${FULL_NAME}`;
const WEB = `https://${SIM_REPO.host}`;

/** The id of the simulator's workflow (by default the deploy workflow, `.github/workflows/deploy.yml`). */
export const SIM_WORKFLOW_ID = 161335;

/**
 * A workflow as its runs name it.
 * @typedef {{ name: string, path: string }} SimWorkflow
 */
/** @type {SimWorkflow} */
const DEPLOY = { name: 'Deploy', path: '.github/workflows/deploy.yml' };

/** The workflow a scenario's runs are of. @param {GitHubScenario} scenario @returns {SimWorkflow} */
export function workflowOf(scenario) {
  return scenario.workflow ?? DEPLOY;
}

/**
 * A run of the simulator's deploy workflow, as a scenario says it.
 * @typedef {object} SimRun
 * @property {number} id
 * @property {number} number  the run's number in its workflow
 * @property {string} headSha
 * @property {string} [branch]  head_branch (default: the simulator's branch)
 * @property {string} [event]  default push
 * @property {'queued' | 'in_progress' | 'completed'} [status]  default completed
 * @property {'success' | 'failure' | 'cancelled' | null} conclusion
 * @property {string} [title]  display_title (default: the head commit's message)
 * @property {string} createdAt
 * @property {number} [attempt]  run_attempt (default 1): a re-run is the same run, its attempt higher
 * @property {import('./github-jobs.mjs').SimJob[]} [jobs]  its jobs (default: one, as the run ended)
 */

/** A minimal repository ("minimal-repository"), as a workflow run names its repositories. */
function minimalRepositoryBody() {
  const { created_at: _c, updated_at: _u, pushed_at: _p, ...repository } = repositoryBody();
  return repository;
}

/**
 * A workflow run ("workflow-run"), as `GET /repos/{owner}/{repo}/actions/runs/{run_id}` and the
 * workflow's list of runs answer it.
 * @param {SimRun} run @param {SimWorkflow} [workflow]
 */
export function workflowRunBody(run, workflow = DEPLOY) {
  const api = `${REPO_API}/actions/runs/${run.id}`;
  const repository = minimalRepositoryBody();
  const message = run.title ?? `Commit ${run.headSha.slice(0, 7)}`;
  const person = { name: 'Mona Octocat', email: 'mona@users.noreply.github.com' };
  return {
    id: run.id,
    name: workflow.name,
    node_id: Buffer.from(`WFR_${run.id}`).toString('base64url'),
    head_branch: run.branch ?? SIM_BRANCH,
    head_sha: run.headSha,
    path: workflow.path,
    display_title: message,
    run_number: run.number,
    event: run.event ?? 'push',
    status: run.status ?? 'completed',
    conclusion: run.conclusion,
    workflow_id: SIM_WORKFLOW_ID,
    check_suite_id: 40_000_000 + run.id,
    check_suite_node_id: Buffer.from(`CS_${run.id}`).toString('base64url'),
    url: api,
    html_url: `${WEB}/${FULL_NAME}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.createdAt,
    updated_at: run.createdAt,
    actor: userBody('octocat'),
    triggering_actor: userBody('octocat'),
    run_attempt: run.attempt ?? 1,
    referenced_workflows: [],
    run_started_at: run.createdAt,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${REPO_API}/check-suites/${40_000_000 + run.id}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: (run.attempt ?? 1) > 1 ? `${api}/attempts/${(run.attempt ?? 1) - 1}` : null,
    workflow_url: `${REPO_API}/actions/workflows/${SIM_WORKFLOW_ID}`,
    head_commit: {
      id: run.headSha,
      tree_id: shaOf(`tree of ${run.headSha}`),
      message,
      timestamp: run.createdAt,
      author: person,
      committer: person,
    },
    repository,
    head_repository: repository,
  };
}

/** The scenario's runs of its workflow, newest first. @param {GitHubScenario} scenario */
export function runsOf(scenario) {
  return scenario.runs ?? defaultRuns(scenario);
}

/**
 * Without runs of its own, a scenario's deploy workflow last succeeded where the push started: at
 * its `before`, so that the range the gate checks is the push's, as it was before it remembered.
 * @param {GitHubScenario} scenario
 * @returns {SimRun[]}
 */
function defaultRuns(scenario) {
  const before = scenario.before ?? SIM_BASE_SHA;
  if (/^0+$/.test(before)) return [];
  return [{ id: 8_000_041, number: 41, headSha: before, conclusion: 'success', createdAt: minutesAgo(60) }];
}

/**
 * A run the scenario lists, else this run (any other id): number 99, in progress on the scenario's
 * commit, its one job (named as use 3's alert job) under way.
 * @param {GitHubScenario} scenario @param {number} id @returns {SimRun}
 */
export function runById(scenario, id) {
  return (
    runsOf(scenario).find((listed) => listed.id === id) ?? {
      id,
      number: 99,
      headSha: scenario.sha,
      status: 'in_progress',
      conclusion: null,
      createdAt: minutesAgo(0),
      jobs: [{ id: id * 10 + 1, name: 'alert', status: 'in_progress', conclusion: null }],
    }
  );
}

/**
 * `GET /repos/{owner}/{repo}/actions/runs/{run_id}`: a run the scenario lists, else this run.
 * @param {GitHubScenario} scenario @param {number} id
 * @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send
 * @param {Step | undefined} step
 */
export function oneRun(scenario, id, send, step) {
  send(200, workflowRunBody(runById(scenario, id), workflowOf(scenario)), step?.headers);
}

/**
 * `GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs`: newest first, `branch`,
 * `event` and `status` (a status or a conclusion) as GitHub filters them, paged, with total_count.
 * @param {GitHubScenario} scenario @param {string} workflow @param {URL} url
 * @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send
 * @param {Step | undefined} step
 * @param {(all: unknown[], url: URL) => { items: unknown[], link?: string }} page  GitHub's paging (./github.mjs)
 */
export function workflowRuns(scenario, workflow, url, send, step, page) {
  if (workflow !== String(SIM_WORKFLOW_ID) && workflow !== workflowOf(scenario).path.split('/').at(-1)) {
    return send(404, githubError(404, 'Not Found'), step?.headers);
  }
  const { branch, event, status } = Object.fromEntries(url.searchParams);
  const listed = runsOf(scenario)
    .filter((run) => !branch || (run.branch ?? SIM_BRANCH) === branch)
    .filter((run) => !event || (run.event ?? 'push') === event)
    .filter((run) => !status || (run.status ?? 'completed') === status || run.conclusion === status);
  const { items, link } = page(
    listed.map((run) => workflowRunBody(run, workflowOf(scenario))),
    url,
  );
  send(200, { total_count: listed.length, workflow_runs: items }, { ...(link ? { link } : {}), ...step?.headers });
}
