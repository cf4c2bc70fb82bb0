// The simulator's GitHub endpoints the gate and the alert added, held to GitHub's own OpenAPI
// description (the operations and their schemas, copied beside it from npm @octokit/openapi): this
// workflow's runs (one by id, and a workflow's list, newest first, filtered and paged as GitHub
// does), a run's jobs and a job's check-run annotations (where a run's verdict is left), the PRs of
// the repository (pulls/list: state, base, sort, direction, paged) and the compare, paged (its
// fields as the action reads them).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import {
  GITHUB_SCENARIOS,
  githubFaults,
  SIM_BASE_SHA,
  SIM_DIRECT_SHA,
  SIM_GITHUB_TOKEN,
  SIM_MERGE_SHA,
  SIM_WORKFLOW_ID,
} from '../../simulator/server.mjs';
import { recordNote, reportRun } from '../../simulator/github-alerts.mjs';
import { useSimulator } from '../helpers/simulator.js';

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(new URL('../../simulator/github-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, { get: { operationId: string; responses: Record<string, { content: Json }> } }>;
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'github');
/** The 200 answer's schema of the operation at `path`. */
function answerOf(path: string): ValidateFunction {
  const schema = (doc.paths[path]?.get.responses['200']?.content['application/json'] as { schema: Json }).schema;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', '"github#/')) as Json);
}
const problems = (validate: ValidateFunction, body: unknown) =>
  validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);

const RUN = '/repos/{owner}/{repo}/actions/runs/{run_id}';
const RUNS = '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs';
const PULLS = '/repos/{owner}/{repo}/pulls';
const COMPARE = '/repos/{owner}/{repo}/compare/{basehead}';
const JOBS = '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs';
const ANNOTATIONS = '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations';

const sim = useSimulator({}, 'all');
beforeEach(() => {
  sim.useGitHubScenario('merged');
  sim.requests.length = 0;
});

async function get(path: string) {
  const response = await fetch(`${sim.url}${path}`, { headers: { authorization: `token ${SIM_GITHUB_TOKEN}` } });
  return { status: response.status, link: response.headers.get('link'), body: (await response.json()) as unknown };
}
const repo = '/repos/octo-org/octo-repo';

describe("GitHub's description of the operations", () => {
  it.each([
    [RUN, 'actions/get-workflow-run'],
    [RUNS, 'actions/list-workflow-runs'],
    [PULLS, 'pulls/list'],
    [COMPARE, 'repos/compare-commits-with-basehead'],
    [JOBS, 'actions/list-jobs-for-workflow-run'],
    [ANNOTATIONS, 'checks/list-annotations'],
  ])('%s is %s', (path, operationId) => {
    expect(doc.paths[path]?.get.operationId).toBe(operationId);
  });
});

describe('the workflow runs', () => {
  it('a run by id: this run (any id the scenario does not list), in progress, of the deploy workflow', async () => {
    const answer = await get(`${repo}/actions/runs/9000001`);
    expect(answer.status).toBe(200);
    expect(problems(answerOf(RUN), answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({
      id: 9000001,
      workflow_id: SIM_WORKFLOW_ID,
      status: 'in_progress',
      conclusion: null,
    });
  });

  it.each(Object.keys(GITHUB_SCENARIOS))('the %s scenario: its runs fit the schema, newest first', async (name) => {
    sim.useGitHubScenario(name);
    const answer = await get(`${repo}/actions/workflows/${SIM_WORKFLOW_ID}/runs`);
    expect(answer.status).toBe(200);
    expect(problems(answerOf(RUNS), answer.body)).toEqual([]);
  });

  it('filtered by branch, event and status (a status or a conclusion), as GitHub filters them', async () => {
    sim.useGitHubScenario('held-direct');
    const runs = async (query: string) =>
      (
        (await get(`${repo}/actions/workflows/${SIM_WORKFLOW_ID}/runs?${query}`)).body as { workflow_runs: Json[] }
      ).workflow_runs.map((run) => [run.run_number, run.conclusion, run.head_sha]);
    expect(await runs('')).toEqual([
      [42, 'failure', SIM_DIRECT_SHA],
      [41, 'success', SIM_BASE_SHA],
    ]);
    expect(await runs('status=success&branch=main')).toEqual([[41, 'success', SIM_BASE_SHA]]);
    expect(await runs('status=completed')).toHaveLength(2);
    expect(await runs('branch=release')).toEqual([]);
    expect(await runs('event=workflow_dispatch')).toEqual([]);
  });

  it('by the workflow file name too; another workflow is 404', async () => {
    expect((await get(`${repo}/actions/workflows/deploy.yml/runs`)).status).toBe(200);
    expect((await get(`${repo}/actions/workflows/999/runs`)).status).toBe(404);
  });
});

describe("the repository's PRs", () => {
  it('closed PRs into main, most recently updated first, fit the schema; a Link names the next page', async () => {
    sim.useGitHubScenario('sixty-prs');
    const answer = await get(`${repo}/pulls?state=closed&base=main&sort=updated&direction=desc&per_page=10`);
    expect(problems(answerOf(PULLS), answer.body)).toEqual([]);
    const prs = answer.body as Array<{ number: number; updated_at: string; base: { ref: string } }>;
    expect(prs).toHaveLength(10);
    expect(prs.map((pr) => pr.updated_at)).toEqual([...prs.map((pr) => pr.updated_at)].sort().reverse());
    expect(answer.link).toMatch(/page=2>; rel="next"/);
  });

  it('state open by default; another base lists none', async () => {
    sim.useGitHubScenario('promotion-pr');
    expect(((await get(`${repo}/pulls`)).body as Json[]).map((pr) => pr.number)).toEqual([1860]);
    expect((await get(`${repo}/pulls?base=main`)).body).toEqual([]);
  });
});

describe('the compare, paged', () => {
  it('with per_page and page: the oldest first, a page at a time, with total_commits', async () => {
    sim.useGitHubScenario('rebase-101');
    const tip = GITHUB_SCENARIOS['rebase-101']?.sha;
    const first = await get(`${repo}/compare/${SIM_BASE_SHA}...${tip}?per_page=100&page=1`);
    const last = await get(`${repo}/compare/${SIM_BASE_SHA}...${tip}?per_page=100&page=2`);
    // Its schema ("commit-comparison") has a `nullable` without a `type`, which ajv will not compile:
    // the fields the action reads are checked here instead.
    const commits = (answer: { body: unknown }) => (answer.body as { commits: Array<{ sha: string }> }).commits;
    expect([commits(first).length, commits(last).length]).toEqual([100, 1]);
    expect(commits(last)[0]?.sha).toBe(tip);
    expect((first.body as { total_commits: number }).total_commits).toBe(101);
  });

  it('without paging: the newest 250 of a longer comparison', async () => {
    sim.useGitHubScenario('long-push');
    const answer = await get(`${repo}/compare/${SIM_BASE_SHA}...${SIM_MERGE_SHA}`);
    const body = answer.body as { total_commits: number; commits: Array<{ sha: string }> };
    expect([body.total_commits, body.commits.length, body.commits.at(-1)?.sha]).toEqual([1001, 250, SIM_MERGE_SHA]);
  });
});

describe("a run's jobs and their check runs' annotations (use 3's workflow)", () => {
  type Job = { id: number; name: string; conclusion: string | null; run_attempt: number };
  const jobsOf = async (runId: number, query = '') =>
    ((await get(`${repo}/actions/runs/${runId}/jobs${query}`)).body as { total_count: number; jobs: Job[] }).jobs;

  it('an hourly run: its alert job ran and left its verdict, the weekly one was skipped; both fit the schemas', async () => {
    sim.useGitHubScenario('alert-history');
    const answer = await get(`${repo}/actions/runs/8100096/jobs`);
    expect(problems(answerOf(JOBS), answer.body)).toEqual([]);
    const jobs = (answer.body as { total_count: number; jobs: Job[] }).jobs;
    expect(jobs.map((job) => [job.name, job.conclusion])).toEqual([
      ['alert', 'success'],
      ['weekly', 'skipped'],
    ]);
    const notes = await get(`${repo}/check-runs/${jobs[0]?.id}/annotations`);
    expect(problems(answerOf(ANNOTATIONS), notes.body)).toEqual([]);
    expect(notes.body).toEqual([
      expect.objectContaining({ annotation_level: 'notice', title: null, path: '.github' }),
      expect.objectContaining({
        title: 'merge-queue-status verdict',
        message: expect.stringMatching(
          /^Left for the next run of this job to compare: job=alert repo=octo-org\/octo-repo /,
        ),
      }),
    ]);
    expect((await get(`${repo}/check-runs/${jobs[1]?.id}/annotations`)).body).toEqual([]);
  });

  it('the run list names the workflow; this run (any id it does not list) has its one job under way', async () => {
    sim.useGitHubScenario('alert-history');
    const list = await get(`${repo}/actions/workflows/merge-queue-report.yml/runs`);
    const runs = (list.body as { workflow_runs: Array<{ name: string; run_number: number }> }).workflow_runs;
    expect(runs.map((run) => [run.name, run.run_number])).toEqual([
      ['Merge queue report', 98],
      ['Merge queue report', 97],
      ['Merge queue report', 96],
      ['Merge queue report', 95],
    ]);
    expect(await jobsOf(9000001)).toEqual([expect.objectContaining({ name: 'alert', conclusion: null })]);
  });

  it('filter=latest (the default) lists the latest attempt only, all every attempt; paged', async () => {
    const run = reportRun({ number: 90 });
    const first = { id: 1, name: 'alert', conclusion: 'failure' as const, attempt: 1 };
    sim.setWorkflowRuns([
      { ...run, attempt: 2, jobs: [first, { ...first, id: 2, conclusion: 'success', attempt: 2 }] },
    ]);
    expect((await jobsOf(run.id)).map((job) => [job.id, job.run_attempt])).toEqual([[2, 2]]);
    expect((await jobsOf(run.id, '?filter=all')).map((job) => job.id)).toEqual([1, 2]);
    const page = await get(`${repo}/actions/runs/${run.id}/jobs?filter=all&per_page=1`);
    expect(page.link).toMatch(/page=2>; rel="next"/);
    expect((page.body as { total_count: number }).total_count).toBe(2);
  });

  it('annotations paged as GitHub pages lists; a check run no job has is 404', async () => {
    const notes = Array.from({ length: 3 }, (_, i) => recordNote({ ready: i % 2 === 0 }));
    const run = reportRun({ number: 90, notes });
    sim.setWorkflowRuns([run]);
    const id = run.jobs?.[0]?.id;
    const page = await get(`${repo}/check-runs/${id}/annotations?per_page=2`);
    expect([(page.body as unknown[]).length, page.link]).toEqual([2, expect.stringMatching(/page=2>; rel="next"/)]);
    expect(((await get(`${repo}/check-runs/${id}/annotations?per_page=2&page=2`)).body as unknown[]).length).toBe(1);
    expect((await get(`${repo}/check-runs/123/annotations`)).status).toBe(404);
    // Set runs last until another scenario is chosen.
    sim.useGitHubScenario('alert-history');
    expect((await get(`${repo}/check-runs/${id}/annotations`)).status).toBe(404);
  });

  it('without checks: read, the annotations answer 403 as GitHub does; scripted faults play on each endpoint', async () => {
    sim.useGitHubScenario('alert-no-checks-permission');
    const refused = await get(`${repo}/check-runs/81000961/annotations`);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Resource not accessible by integration' } });
    sim.script('github.jobs', [githubFaults.serverError(503)]);
    expect((await get(`${repo}/actions/runs/8100096/jobs`)).status).toBe(503);
    expect((await get(`${repo}/actions/runs/8100096/jobs`)).status).toBe(200);
  });
});
