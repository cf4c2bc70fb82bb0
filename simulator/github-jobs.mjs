// @ts-check
// The jobs of a workflow run and the annotations of their check runs, as GitHub's REST API answers
// them: `GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs` (actions/list-jobs-for-workflow-run:
// `filter` latest or all, paged, with total_count) and
// `GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations` (checks/list-annotations: a
// job's id is its check run's; paged, with a Link header), each body a "job" or a
// "check-annotation" as GitHub's OpenAPI description has it (github-openapi.json). What a step
// writes as `::notice title=…::…` is such an annotation of its job: level notice, no file.
import { githubError } from './github-bodies.mjs';
import { SIM_BRANCH, SIM_REPO } from './scenarios.mjs';

/** @typedef {import('./github-runs.mjs').SimRun} SimRun */
/** @typedef {import('./steps.mjs').Step} Step */
/** @typedef {(status: number, body: unknown, headers?: Record<string, string>) => void} Send */
/** @typedef {(all: unknown[], url: URL) => { items: unknown[], link?: string }} Pager */

const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.name}`;
const REPO_API = `https://api.github.com/repos/${FULL_NAME}`;
const WEB = `https://${SIM_REPO.host}`;

/**
 * An annotation of a job, as a step's workflow command leaves it.
 * @typedef {object} SimAnnotation
 * @property {'notice' | 'warning' | 'failure'} [level]  default notice
 * @property {string | null} [title]
 * @property {string} message
 */

/**
 * A job of a run, as a scenario says it.
 * @typedef {object} SimJob
 * @property {number} id  the job's id, which is its check run's
 * @property {string} name  as GitHub names it: the job's `name:`, else its id in the workflow
 * @property {'queued' | 'in_progress' | 'completed'} [status]  default completed
 * @property {'success' | 'failure' | 'cancelled' | 'skipped' | null} conclusion
 * @property {number} [attempt]  the run's attempt it belongs to (default 1)
 * @property {SimAnnotation[]} [annotations]
 */

/**
 * A run's jobs: the scenario's, else one job named after the workflow's own, as it ended.
 * @param {SimRun} run @returns {SimJob[]}
 */
function jobsOf(run) {
  if (run.jobs) return run.jobs;
  const status = run.status ?? 'completed';
  return [{ id: run.id * 10 + 1, name: 'deploy', status, conclusion: status === 'completed' ? run.conclusion : null }];
}

/**
 * A job ("job"), as the list of a run's jobs answers it.
 * @param {SimRun} run @param {SimJob} job @param {string} workflowName
 */
function jobBody(run, job, workflowName) {
  const completed = (job.status ?? 'completed') === 'completed';
  const steps = [
    { name: 'Set up job', number: 1 },
    { name: 'Run merge-queue-status', number: 2 },
  ].map((step) => ({
    ...step,
    status: job.status ?? 'completed',
    conclusion: completed ? job.conclusion : null,
    started_at: run.createdAt,
    completed_at: completed ? run.createdAt : null,
  }));
  return {
    id: job.id,
    run_id: run.id,
    run_url: `${REPO_API}/actions/runs/${run.id}`,
    run_attempt: job.attempt ?? 1,
    node_id: Buffer.from(`CR_${job.id}`).toString('base64url'),
    head_sha: run.headSha,
    url: `${REPO_API}/actions/jobs/${job.id}`,
    html_url: `${WEB}/${FULL_NAME}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status ?? 'completed',
    conclusion: job.conclusion,
    created_at: run.createdAt,
    started_at: run.createdAt,
    completed_at: completed ? run.createdAt : null,
    name: job.name,
    steps: job.conclusion === 'skipped' ? [] : steps,
    check_run_url: `${REPO_API}/check-runs/${job.id}`,
    labels: ['ubuntu-latest'],
    runner_id: job.conclusion === 'skipped' ? null : 12,
    runner_name: job.conclusion === 'skipped' ? null : 'GitHub Actions 12',
    runner_group_id: job.conclusion === 'skipped' ? null : 2,
    runner_group_name: job.conclusion === 'skipped' ? null : 'GitHub Actions',
    workflow_name: workflowName,
    head_branch: run.branch ?? SIM_BRANCH,
  };
}

/**
 * An annotation ("check-annotation") a workflow command left: no file, so GitHub names `.github`.
 * @param {SimRun} run @param {SimAnnotation} annotation
 */
function annotationBody(run, annotation) {
  return {
    path: '.github',
    blob_href: `${WEB}/${FULL_NAME}/blob/${run.headSha}/.github`,
    start_line: 1,
    end_line: 1,
    start_column: null,
    end_column: null,
    annotation_level: annotation.level ?? 'notice',
    title: annotation.title ?? null,
    message: annotation.message,
    raw_details: null,
  };
}

/**
 * `GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs`: `filter=latest` (the default) the jobs
 * of the run's latest attempt, `all` every attempt's; paged, with total_count.
 * @param {SimRun | undefined} run @param {string} workflowName @param {URL} url @param {Send} send
 * @param {Step | undefined} step @param {Pager} page
 */
export function runJobs(run, workflowName, url, send, step, page) {
  if (!run) return send(404, githubError(404, 'Not Found'), step?.headers);
  const jobs = jobsOf(run);
  const latest = Math.max(...jobs.map((job) => job.attempt ?? 1));
  const listed = url.searchParams.get('filter') === 'all' ? jobs : jobs.filter((job) => (job.attempt ?? 1) === latest);
  const { items, link } = page(
    listed.map((job) => jobBody(run, job, workflowName)),
    url,
  );
  send(200, { total_count: listed.length, jobs: items }, { ...(link ? { link } : {}), ...step?.headers });
}

/**
 * `GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations`: the job's annotations, paged.
 * @param {SimRun[]} runs @param {number} checkRunId @param {URL} url @param {Send} send
 * @param {Step | undefined} step @param {Pager} page
 */
export function checkRunAnnotations(runs, checkRunId, url, send, step, page) {
  const run = runs.find((listed) => jobsOf(listed).some((job) => job.id === checkRunId));
  const job = run && jobsOf(run).find((listed) => listed.id === checkRunId);
  if (!run || !job) return send(404, githubError(404, 'Not Found'), step?.headers);
  const { items, link } = page(
    (job.annotations ?? []).map((annotation) => annotationBody(run, annotation)),
    url,
  );
  send(200, items, { ...(link ? { link } : {}), ...step?.headers });
}
