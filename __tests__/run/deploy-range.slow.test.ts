// What a long range a deploy ships costs, whole runs in-process against the simulator: the GitHub
// requests counted for 300 commits from 60 PRs and a 101-commit rebase merge, a 5xx on the last
// page of the compare, a failing list of merged PRs, a push past the 1,000 commits the compare
// reads, and the run's budget of 200 requests.
import { describe, expect, it } from '@jest/globals';
import { githubFaults } from '../../simulator/server.mjs';
import { gateRun } from '../helpers/gate-run.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({ scenario: 'merged' });

/** A run of the GitHub scenario's commit on main: a push from its before. */
const gate = (inputs: Record<string, string> = {}) => gateRun(sim, inputs);
const github = () => sim.requests.filter((request) => request.api === 'github');
const count = (endpoint: string) => sim.requests.filter((request) => request.endpoint === endpoint).length;

describe('what a long range costs', () => {
  it('300 commits from 60 PRs (merge commits): 7 GitHub requests', async () => {
    sim.useScenario('sixty-merged');
    sim.useGitHubScenario('sixty-prs');
    const result = await gate({ 'fail-if-not-ready': 'true' });
    expect(result.error).toBeUndefined();
    expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '60' });
    // This run, the runs, the compare's three pages, the tip's PRs, one list of merged PRs.
    expect(github().map((r) => r.endpoint)).toEqual([
      'github.run',
      'github.commitPulls',
      'github.workflowRuns',
      'github.compare',
      'github.compare',
      'github.compare',
      'github.pulls',
    ]);
  });

  it('a 101-commit rebase merge of one PR passes: two compare pages, each commit found', async () => {
    sim.useGitHubScenario('rebase-101');
    const result = await gate({ 'fail-if-not-ready': 'true' });
    expect(result.error).toBeUndefined();
    expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '101', 'commits-not-from-queue': '' });
    expect(count('github.compare')).toBe(2);
    expect(github().length).toBeLessThanOrEqual(110);
  });

  it('a 5xx on the last page of the compare is ridden out', async () => {
    sim.useGitHubScenario('rebase-101');
    sim.script('github.compare', [{ times: 1 }, githubFaults.serverError(502)]);
    const result = await gate();
    expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '101' });
  });

  it('a list of merged PRs that fails is only fewer matches: each commit is looked up instead', async () => {
    sim.useScenario('twenty-merged');
    sim.useGitHubScenario('twenty-prs');
    sim.script('github.pulls', [{ status: 422, body: { message: 'Validation Failed' } }]);
    const result = await gate();
    expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '20' });
    expect(count('github.commitPulls')).toBe(20);
  });

  it('a push of more than 1,000 commits: unchecked, and the gate holds', async () => {
    sim.useGitHubScenario('long-push');
    const result = await gate({ 'fail-if-not-ready': 'true', 'settle-seconds': '30' });
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'commit_range_unchecked' });
    // The verdict's sentence ends with the code; no one commit to accept, so no accept line.
    expect(result.error).toMatch(
      /^Commit [0-9a-f]{7} came through the merge queue \(PR #1842, .*more than 1,000 commits lie on the branch between base-sha [0-9a-f]{7} and [0-9a-f]{7}.*\(commit_range_unchecked\)\.$/,
    );
    expect(result.error).not.toMatch(/Not ready/);
    expect(result.summary).toMatch(/^<h2>❌ Commit [0-9a-f]{7} /);
  });

  it('more than the run may ask GitHub: the range is unchecked, saying so; the tip is still judged', async () => {
    sim.useGitHubScenario('direct-250');
    const result = await gate();
    expect(result.outputs).toMatchObject({ 'not-ready-reasons': 'commit_range_unchecked', 'commits-checked': '1' });
    expect(github().length).toBe(200);
    expect(result.summary).toMatch(
      /could not all be looked up: GitHub API \(which pull request brought the commit in\): not asked: this step had made the 200 requests to GitHub it may make in one run/,
    );
  });
});
