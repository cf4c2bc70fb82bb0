// GitHub's paged reads, asked of the simulator's GitHub with a virtual clock: the compare read from
// its last page back as far as the walk needs, the workflow's runs newest first, the PRs merged
// into a branch back to a time; each stops at a page it has already read, at its page limit, at
// the run's request budget and at its deadline, and rides out a 429 or a 5xx mid-list. The lines
// a user reads are asserted by whole runs (run/deploy-range.test.ts).
import { describe, expect, it } from '@jest/globals';
import { pullRequestSimple } from '../../simulator/github-bodies.mjs';
import { workflowRunBody } from '../../simulator/github-runs.mjs';
import { GITHUB_SCENARIOS, githubFaults, SIM_BASE_SHA, SIM_WORKFLOW_ID } from '../../simulator/server.mjs';
import { gitHubClient, RequestsSpent, type GitHubSettings } from '../../src/github/client.js';
import { listMergedInto } from '../../src/github/commit-pulls.js';
import { compareCommits } from '../../src/github/compare.js';
import { eachWorkflowRun, getWorkflowRun, type WorkflowRun } from '../../src/github/workflow-runs.js';
import { GitHubError } from '../../src/shared/errors.js';
import { rejection } from '../helpers/rejection.js';
import { simGitHubSettings } from '../helpers/github-settings.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('github/paged-reads', () => {
  const sim = useSimulator();
  const signal = () => new AbortController().signal;

  async function client(overrides: Partial<GitHubSettings> = {}) {
    const clock = new VirtualClock();
    return gitHubClient(simGitHubSettings(sim, { deadlineMs: clock.now() + 600_000, ...overrides }, clock));
  }

  const pages = (endpoint: string) =>
    sim.requests
      .filter((r) => r.endpoint === endpoint)
      .map((r) => new URL(r.path, 'http://x').searchParams.get('page'));

  describe("GitHub's compare, paged", () => {
    const tip = () => sim.gitHubScenario().sha;

    it('one page when the range fits it: page 1 of 100, no more', async () => {
      sim.useGitHubScenario('twenty-prs');
      const comparison = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      expect([comparison.status, comparison.totalCommits, comparison.commits.length]).toEqual(['ahead', 20, 20]);
      expect(comparison.cutShort).toBeUndefined();
      expect(sim.requests.map((r) => new URL(r.path, 'http://x').search)).toEqual(['?per_page=100&page=1']);
    });

    it('a 101-commit rebase merge: page 1, then the last page (the newest), the commits in order', async () => {
      sim.useGitHubScenario('rebase-101');
      const comparison = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      expect(pages('github.compare')).toEqual(['1', '2']);
      expect(comparison.commits).toHaveLength(101);
      expect(comparison.commits.at(-1)?.sha).toBe(tip());
      expect(comparison.commits[0]?.date).toMatch(/Z$/);
    });

    it('300 commits of sixty merges: the pages from the newest back, as far as the first parents go', async () => {
      sim.useGitHubScenario('sixty-prs');
      const comparison = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      expect(pages('github.compare')).toEqual(['1', '3', '2']);
      expect([comparison.totalCommits, comparison.commits.length, comparison.cutShort]).toEqual([300, 300, undefined]);
    });

    it.each([
      ['a 503', githubFaults.serverError(503)],
      ['a 429 with Retry-After', githubFaults.secondaryLimit(429, 1)],
    ])('%s on the last page is retried, and the range read whole', async (_, fault) => {
      sim.useGitHubScenario('rebase-101');
      sim.script('github.compare', [{ times: 1 }, fault]);
      const comparison = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      expect(pages('github.compare')).toEqual(['1', '2', '2']);
      expect([comparison.commits.length, comparison.cutShort]).toEqual([101, undefined]);
    });

    it('a server that answers every page with the same commits: two pages, then cut short, saying so', async () => {
      sim.useGitHubScenario('sixty-prs');
      const first = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      sim.requests.length = 0;
      // Every page after the first answers as page 3 did.
      const page3 = { status: 'ahead', total_commits: 300, commits: first.commits.slice(200).map(asBody) };
      sim.script('github.compare', [{ times: 1 }, { body: page3, times: Infinity }]);
      const comparison = await compareCommits(await client(), SIM_BASE_SHA, tip(), signal());
      expect(pages('github.compare')).toEqual(['1', '3', '2']);
      expect(comparison.cutShort).toBe(
        "GitHub's comparison named a page it had already sent as the next one, after 2 pages; the read stopped there rather than loop",
      );
    });

    it("the run's request budget spent mid-range: cut short, saying so", async () => {
      sim.useGitHubScenario('sixty-prs');
      const comparison = await compareCommits(await client({ maxRequests: 2 }), SIM_BASE_SHA, tip(), signal());
      expect(pages('github.compare')).toEqual(['1', '3']);
      expect(comparison.cutShort).toBe(
        "GitHub's comparison was cut short after 1 page: this step had made all the requests it may make",
      );
    });

    it('the budget spent before the first page: the read is not asked, and says why', async () => {
      sim.useGitHubScenario('twenty-prs');
      const error = await rejection(compareCommits(await client({ maxRequests: 0 }), SIM_BASE_SHA, tip(), signal()));
      expect(error).toBeInstanceOf(RequestsSpent);
      expect((error as Error).message).toMatch(/not asked: this step had made the 0 requests to GitHub it may make/);
      expect(sim.requests).toEqual([]);
    });
  });

  /** A commit of a comparison as GitHub's body has it: what the reader reads. */
  function asBody(commit: { sha: string; parents: string[] }) {
    return {
      sha: commit.sha,
      parents: commit.parents.map((sha) => ({ sha })),
      commit: { committer: { date: '2026-11-25T10:00:00Z' } },
    };
  }

  describe("the workflow's runs", () => {
    const run = (id: number, headSha: string, conclusion: 'success' | 'failure' = 'success') =>
      workflowRunBody({ id, number: id % 1000, headSha, conclusion, createdAt: '2026-11-25T10:00:00Z' });

    it('one run by its id: this run, with its workflow', async () => {
      const got = await getWorkflowRun(await client(), 9_000_001, signal());
      expect(got).toMatchObject({ id: 9_000_001, workflowId: SIM_WORKFLOW_ID, event: 'push', status: 'in_progress' });
      expect(sim.requests.map((r) => r.path)).toEqual([
        '/repos/octo-org/octo-repo/actions/runs/9000001?exclude_pull_requests=true',
      ]);
    });

    it('newest first, filtered as GitHub filters them, one run left out, until the visitor has enough', async () => {
      sim.useGitHubScenario('held-direct');
      const seen: WorkflowRun[] = [];
      const filter = { branch: 'main', status: 'success', excludeRunId: 8_000_099 };
      const end = await eachWorkflowRun(await client(), SIM_WORKFLOW_ID, filter, signal(), (found) => {
        seen.push(found);
        return true;
      });
      expect(end).toEqual({ how: 'last', pages: 1 });
      expect(seen.map((found) => [found.runNumber, found.conclusion, found.headSha])).toEqual([
        [41, 'success', SIM_BASE_SHA],
      ]);
      expect(sim.requests.at(-1)?.path).toBe(
        `/repos/octo-org/octo-repo/actions/workflows/${SIM_WORKFLOW_ID}/runs?branch=main&status=success&exclude_pull_requests=true&per_page=20&page=1`,
      );
    });

    it('pages by total_count, and stops when the visitor has enough', async () => {
      const all = Array.from({ length: 45 }, (_, i) => run(8_100_000 + i, SIM_BASE_SHA));
      sim.script('github.workflowRuns', [
        { body: { total_count: 45, workflow_runs: all.slice(0, 20) } },
        { body: { total_count: 45, workflow_runs: all.slice(20, 40) } },
        { body: { total_count: 45, workflow_runs: all.slice(40) } },
      ]);
      let visited = 0;
      const end = await eachWorkflowRun(await client(), SIM_WORKFLOW_ID, {}, signal(), () => ++visited < 25);
      expect([end, visited, pages('github.workflowRuns')]).toEqual([{ how: 'enough', pages: 2 }, 25, ['1', '2']]);
    });

    it('a server that answers every page with the same runs: two requests, repeated', async () => {
      sim.script('github.workflowRuns', [
        { body: { total_count: 1000, workflow_runs: [run(8_200_001, SIM_BASE_SHA)] }, times: Infinity },
      ]);
      const end = await eachWorkflowRun(await client(), SIM_WORKFLOW_ID, {}, signal(), () => true);
      expect(end).toEqual({ how: 'repeated', pages: 2 });
      expect(pages('github.workflowRuns')).toEqual(['1', '2']);
    });

    it('a list that goes on: stopped at the page limit', async () => {
      let id = 8_300_000;
      sim.script(
        'github.workflowRuns',
        Array.from({ length: 10 }, () => ({ body: { total_count: 1000, workflow_runs: [run(++id, SIM_BASE_SHA)] } })),
      );
      const end = await eachWorkflowRun(await client(), SIM_WORKFLOW_ID, {}, signal(), () => true);
      expect(end).toEqual({ how: 'page-limit', pages: 5 });
    });

    it.each([
      ['a 502', githubFaults.serverError(502)],
      ['a 429 with Retry-After', githubFaults.secondaryLimit(429, 1)],
    ])('%s mid-list is retried', async (_, fault) => {
      const all = Array.from({ length: 25 }, (_, i) => run(8_400_000 + i, SIM_BASE_SHA));
      sim.script('github.workflowRuns', [
        { body: { total_count: 25, workflow_runs: all.slice(0, 20) } },
        fault,
        { body: { total_count: 25, workflow_runs: all.slice(20) } },
      ]);
      let visited = 0;
      const end = await eachWorkflowRun(await client(), SIM_WORKFLOW_ID, {}, signal(), () => (visited++, true));
      expect([end, visited]).toEqual([{ how: 'last', pages: 2 }, 25]);
    });

    it('a token without actions: read: a GitHubError naming the permission', async () => {
      sim.script('github.run', [githubFaults.notAccessible(403)]);
      const error = await rejection(getWorkflowRun(await client(), 9_000_001, signal()));
      expect(error).toBeInstanceOf(GitHubError);
      expect((error as Error).message).toBe(
        "GitHub API (which workflow run 9000001 is): HTTP 403 (Resource not accessible by integration): github-token may not read this repository's workflow runs; give the job permissions: actions: read",
      );
    });
  });

  describe('the PRs merged into a branch', () => {
    it('the closed PRs into the branch, recently updated first; only the merged kept', async () => {
      sim.useGitHubScenario('sixty-prs');
      const { prs, end } = await listMergedInto(await client(), 'main', undefined, signal());
      expect(end).toEqual({ how: 'last', pages: 1 });
      expect(prs).toHaveLength(60);
      expect(prs.every((pr) => pr.mergedAt !== undefined && pr.baseRef === 'main')).toBe(true);
      expect(sim.requests.at(-1)?.path).toBe(
        '/repos/octo-org/octo-repo/pulls?state=closed&base=main&sort=updated&direction=desc&per_page=100&page=1',
      );
    });

    it('stops at a page whose last PR was updated before the time given', async () => {
      const older = GITHUB_SCENARIOS.merged?.prs[0];
      if (!older) throw new Error('no PR');
      const page = Array.from({ length: 100 }, (_, i) =>
        pullRequestSimple({ ...older, number: 3000 + i, updatedAt: '2026-01-01T00:00:00Z' }),
      );
      sim.script('github.pulls', [{ body: page, times: Infinity }]);
      const { end } = await listMergedInto(await client(), 'main', Date.parse('2026-06-01T00:00:00Z'), signal());
      expect(end).toEqual({ how: 'enough', pages: 1 });
    });

    it('a server that answers every page with the same full page: two requests, repeated', async () => {
      const pr = GITHUB_SCENARIOS.merged?.prs[0];
      if (!pr) throw new Error('no PR');
      const page = Array.from({ length: 100 }, (_, i) => pullRequestSimple({ ...pr, number: 3000 + i }));
      sim.script('github.pulls', [{ body: page, times: Infinity }]);
      const { end } = await listMergedInto(await client(), 'main', undefined, signal());
      expect(end).toEqual({ how: 'repeated', pages: 2 });
    });
  });

  describe('the deadline', () => {
    it('a read asked after it: not asked, and says why', async () => {
      const clock = new VirtualClock();
      const late = await client({ clock, deadlineMs: clock.now() - 1 });
      const error = await rejection(getWorkflowRun(late, 9_000_001, signal()));
      expect(error).toBeInstanceOf(RequestsSpent);
      expect((error as Error).message).toBe(
        "GitHub API (which workflow run 9000001 is): not asked: the step's deadline (wait-timeout-seconds) had come",
      );
      expect(sim.requests).toEqual([]);
    });
  });
});
