// The simulator's GitHub endpoints the gate added, held to GitHub's own OpenAPI description (the
// operations and their schemas, copied beside it from npm @octokit/openapi): this workflow's runs
// (one by id, and a workflow's list, newest first, filtered and paged as GitHub does), the PRs of
// the repository (pulls/list: state, base, sort, direction, paged) and the compare, paged (its
// fields as the action reads them).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import {
  GITHUB_SCENARIOS,
  SIM_BASE_SHA,
  SIM_DIRECT_SHA,
  SIM_GITHUB_TOKEN,
  SIM_MERGE_SHA,
  SIM_WORKFLOW_ID,
} from '../../simulator/server.mjs';
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
