// The range a deploy ships, whole runs in-process against the simulator: the gate remembers (the
// range starts where the last successful run of this workflow was, so a held commit holds every
// later deploy until a person accepts it by hand), it asks the queue of the branch the commit is
// on, and every read of that history ends, or holds the gate saying why. The requests each costs
// are counted for long ranges (300 commits from 60 PRs, a 101-commit rebase merge) in
// deploy-range.slow.test.ts.
import { describe, expect, it } from '@jest/globals';
import { workflowRunBody } from '../../simulator/github-runs.mjs';
import { githubFaults, SIM_BASE_SHA, SIM_DIRECT_SHA, SIM_MERGE_SHA, SIM_SHA } from '../../simulator/server.mjs';
import { gateRun, REPOSITORY } from '../helpers/gate-run.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/deploy-range', () => {
  const sim = useSimulator({ scenario: 'merged' });
  const repository = REPOSITORY;

  /** A run of the GitHub scenario's commit on main: a push from its before, unless another event is given. */
  const gate = (inputs: Record<string, string> = {}, options: Parameters<typeof gateRun>[2] = {}) =>
    gateRun(sim, inputs, options);

  const github = () => sim.requests.filter((request) => request.api === 'github');
  const count = (endpoint: string) => sim.requests.filter((request) => request.endpoint === endpoint).length;
  const pastRun = (id: number, headSha: string, over: Partial<Parameters<typeof workflowRunBody>[0]> = {}) =>
    workflowRunBody({
      id,
      number: id % 100,
      headSha,
      conclusion: 'success',
      createdAt: '2026-11-25T10:00:00Z',
      ...over,
    });

  describe('the gate remembers: a held commit holds every later deploy until a person accepts it', () => {
    it('the next queue merge after a held direct push: checked from the last successful run, so the held commit is checked again', async () => {
      sim.useGitHubScenario('held-direct');
      const result = await gate({ 'fail-if-not-ready': 'true' });
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'earlier_commit_not_from_queue',
        'commits-checked': '2',
        'commits-not-from-queue': SIM_DIRECT_SHA,
      });
      expect(result.error).toMatch(
        new RegExp(
          `\\(earlier_commit_not_from_queue\\)\\. Every deploy holds until a person accepts 7939282: after review, run this workflow by hand with base-sha ${SIM_DIRECT_SHA}\\.$`,
        ),
      );
      expect(result.summary).toContain(
        '2 commits checked: every commit after <code>0274af8</code>, which the last successful run of this workflow on main (run #41) checked',
      );
      // This run, then the workflow's successful runs on the branch.
      expect(
        github()
          .map((r) => r.endpoint)
          .filter((e) => e.startsWith('github.') && e !== 'github.commitPulls'),
      ).toEqual(['github.run', 'github.workflowRuns', 'github.compare']);
      expect(github().find((r) => r.endpoint === 'github.workflowRuns')?.path).toMatch(/\?branch=main&status=success&/);
    });

    it("base-sha: push checks only the push's own commits: the held commit slips through (why last-success is the default)", async () => {
      sim.useGitHubScenario('held-direct');
      const result = await gate({ 'base-sha': 'push' });
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
      expect(count('github.workflowRuns')).toBe(0);
    });

    it('the run by hand that accepts it: workflow_dispatch with base-sha the held commit passes, and becomes the next last success', async () => {
      sim.useGitHubScenario('held-direct');
      const result = await gate(
        { 'base-sha': SIM_DIRECT_SHA, 'fail-if-not-ready': 'true' },
        {
          eventName: 'workflow_dispatch',
          event: { ref: 'refs/heads/main', inputs: { 'base-sha': SIM_DIRECT_SHA }, repository },
        },
      );
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1', 'commit-sha': SIM_MERGE_SHA });
      expect(result.summary).toContain(`every commit after base-sha <code>${SIM_DIRECT_SHA.slice(0, 7)}</code>`);
      // The log keeps what the person accepted.
      expect(result.lines).toContain(
        `base-sha is ${SIM_DIRECT_SHA.slice(0, 7)}: it and every commit before it are taken as accepted, unchecked by this run; the commits after it, up to ${SIM_MERGE_SHA.slice(0, 7)}, are checked.`,
      );
    });

    it('a held tip: accepted only on a later commit the queue merged, and the line says so', async () => {
      sim.useGitHubScenario('direct-push');
      const result = await gate({ 'fail-if-not-ready': 'true' });
      expect(result.error).toMatch(
        new RegExp(
          `Every deploy holds until a person accepts 7939282: after review, run this workflow by hand with base-sha ${SIM_DIRECT_SHA}, on a commit the queue merges after it\\.$`,
        ),
      );
    });

    it("no earlier successful run (the first deploy): from the push's before, and the summary says so", async () => {
      sim.useGitHubScenario('direct-inside-push');
      sim.script('github.workflowRuns', [{ body: { total_count: 0, workflow_runs: [] } }]);
      const result = await gate();
      expect(result.outputs).toMatchObject({
        'commits-checked': '2',
        'not-ready-reasons': 'earlier_commit_not_from_queue',
      });
      expect(result.summary).toContain(
        '2 commits checked: every commit after the push&#39;s before, <code>0274af8</code> (this workflow has no earlier successful run on main)',
      );
    });

    it("no earlier successful run, but a failed one (a gate that held every run so far): held, not from the push's before", async () => {
      // held-direct: run #42 failed on the direct commit; with #41 gone, no run ever passed.
      sim.useGitHubScenario('held-direct');
      sim.script('github.workflowRuns', [{ body: { total_count: 0, workflow_runs: [] } }]);
      const result = await gate({ 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ ready: 'false', 'commits-checked': '1' });
      expect(result.outputs['not-ready-reasons'].split(',')).toContain('commit_range_unchecked');
      expect(result.error).toContain(
        'this workflow has never passed on main, and run #42 failed: whatever a failed run held would ship unchecked from here',
      );
    });

    it('no earlier successful run, and the list of failed ones cut short: held, never the first deploy', async () => {
      sim.script('github.workflowRuns', [
        { body: { total_count: 0, workflow_runs: [] } },
        // Pages that say more runs follow but hold none: the read ends at its page limit.
        { body: { total_count: 500, workflow_runs: [] }, times: Infinity },
      ]);
      const result = await gate(
        {},
        { eventName: 'workflow_dispatch', event: { ref: 'refs/heads/main', inputs: {}, repository } },
      );
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'commit_range_unchecked' });
    });

    it('no earlier successful run and no push: the tip alone, and the summary says so', async () => {
      sim.script('github.workflowRuns', [{ body: { total_count: 0, workflow_runs: [] } }]);
      const result = await gate(
        {},
        { eventName: 'workflow_dispatch', event: { ref: 'refs/heads/main', inputs: {}, repository } },
      );
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
      expect(result.summary).toContain(
        'Only this commit was checked: this workflow has no earlier successful run on main, and this run is no push with a commit before it.',
      );
    });

    it('the last successful run was on this very commit (a re-run): the tip alone, and no compare', async () => {
      sim.script('github.workflowRuns', [
        { body: { total_count: 1, workflow_runs: [pastRun(8_000_057, SIM_MERGE_SHA)] } },
      ]);
      const result = await gate();
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
      expect(count('github.compare')).toBe(0);
      expect(result.summary).toContain('the last successful run of this workflow on main (run #57) was on it too');
    });

    it('a newer successful run on a commit after this one is passed over, with a line; the one before is used', async () => {
      sim.useGitHubScenario('direct-inside-push');
      sim.script('github.workflowRuns', [
        { body: { total_count: 2, workflow_runs: [pastRun(8_000_058, SIM_SHA), pastRun(8_000_041, SIM_BASE_SHA)] } },
      ]);
      const result = await gate();
      expect(result.outputs['commits-checked']).toBe('2');
      expect(result.lines).toContain(
        `Passed over run #58 of this workflow, on ${SIM_SHA.slice(0, 7)}: GitHub compares it with ${SIM_MERGE_SHA.slice(0, 7)} as diverged.`,
      );
    });
  });

  describe('when the last success cannot be read, the gate holds, saying why', () => {
    it.each([
      [
        'no GITHUB_RUN_ID (not on a runner)',
        () => gate({}, { env: { GITHUB_RUN_ID: undefined } }),
        /GITHUB_RUN_ID is not set \(this is not a runner\), so the last successful run of this workflow cannot be found; set base-sha/,
      ],
      [
        'a token without actions: read',
        () => (sim.useGitHubScenario('no-actions-permission'), gate()),
        /github-token may not read this repository&#39;s workflow runs; give the job permissions: actions: read; fix that, or set base-sha/,
      ],
      [
        'the runs failing after their retries',
        () => (
          sim.script('github.workflowRuns', [{ ...githubFaults.serverError(503), times: Infinity }]),
          gate({ retries: '1' })
        ),
        /the last successful run of this workflow could not be found: GitHub API \(which runs of this workflow succeeded\): HTTP 503/,
      ],
      [
        'a branch rewritten since its one successful run (a force push)',
        () => (sim.useGitHubScenario('force-push'), gate()),
        /the one successful run of this workflow on main did not run on a commit in the first-parent history of f8a5db8 \(was the branch rewritten\?\); set base-sha/,
      ],
      [
        'a list of runs that repeats its page forever',
        () => (
          sim.script('github.workflowRuns', [
            { body: { total_count: 1000, workflow_runs: [pastRun(8_000_058, SIM_SHA)] }, times: Infinity },
          ]),
          gate()
        ),
        /GitHub&#39;s list of this workflow&#39;s runs named a page it had already sent as the next one, after 2 pages; the read stopped there rather than loop; set base-sha/,
      ],
    ])('%s: commit_range_unchecked', async (_, run, why) => {
      const result = await run();
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'commit_range_unchecked',
        'commits-checked': '1',
      });
      expect(result.summary).toMatch(why);
    });

    it('a repeated page costs two requests', async () => {
      sim.script('github.workflowRuns', [
        { body: { total_count: 1000, workflow_runs: [pastRun(8_000_058, SIM_SHA)] }, times: Infinity },
      ]);
      await gate();
      expect(count('github.workflowRuns')).toBe(2);
    });
  });

  describe('workflow_run: CI on the branch a queue merges into, then the deploy', () => {
    const workflowRun = (pullRequests: unknown[] = []) => ({
      eventName: 'workflow_run',
      event: {
        action: 'completed',
        workflow_run: {
          head_branch: 'main',
          head_sha: SIM_MERGE_SHA,
          conclusion: 'success',
          head_repository: { full_name: 'octo-org/octo-repo' },
          pull_requests: pullRequests,
        },
        repository,
      },
    });

    it('a commit run on its head SHA, even when it lists an open promotion PR (main → release)', async () => {
      const promotion = { number: 1860, head: { ref: 'main', sha: SIM_MERGE_SHA }, base: { ref: 'release' } };
      const result = await gate({ 'fail-if-not-ready': 'true' }, workflowRun([promotion]));
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'pr-found-by': 'commit',
        'commit-sha': SIM_MERGE_SHA,
        ready: 'true',
      });
    });

    it("the last success was a workflow_run of its own: its head is the branch's tip, so its title must name the commit it checked", async () => {
      sim.useGitHubScenario('direct-inside-push');
      const untitled = pastRun(8_000_070, SIM_BASE_SHA, { event: 'workflow_run', title: 'Deploy' });
      sim.script('github.workflowRuns', [{ body: { total_count: 1, workflow_runs: [untitled] } }]);
      const held = await gate({}, workflowRun());
      expect(held.outputs['not-ready-reasons']).toBe('commit_range_unchecked');
      expect(held.summary).toContain('run-name: Deploy ${{ github.event.workflow_run.head_sha }}');

      sim.requests.length = 0;
      const titled = pastRun(8_000_071, SIM_MERGE_SHA, { event: 'workflow_run', title: `Deploy ${SIM_BASE_SHA}` });
      sim.script('github.workflowRuns', [{ body: { total_count: 1, workflow_runs: [titled] } }]);
      const read = await gate({}, workflowRun());
      expect(read.outputs).toMatchObject({
        'commits-checked': '2',
        'not-ready-reasons': 'earlier_commit_not_from_queue',
      });
    });

    it('the last success was a run by hand on an older sha than its head: the commit its title names', async () => {
      // It ran on the tip (the merge) but checked the base; the direct commit between them was never checked.
      sim.useGitHubScenario('direct-inside-push');
      const byHand = pastRun(8_000_072, SIM_MERGE_SHA, { event: 'workflow_dispatch', title: `Deploy ${SIM_BASE_SHA}` });
      sim.script('github.workflowRuns', [{ body: { total_count: 1, workflow_runs: [byHand] } }]);
      const result = await gate();
      expect(result.outputs).toMatchObject({
        'commits-checked': '2',
        'not-ready-reasons': 'earlier_commit_not_from_queue',
      });
    });
  });

  describe('a tag push', () => {
    it('an annotated tag is peeled to the commit it names (head_commit), said so; the queue of base_ref is asked', async () => {
      const tagObject = 'a'.repeat(40);
      const result = await gate(
        { 'fail-if-not-ready': 'true' },
        {
          event: {
            ref: 'refs/tags/v1.2.0',
            base_ref: 'refs/heads/main',
            before: '0'.repeat(40),
            after: tagObject,
            head_commit: { id: SIM_MERGE_SHA },
            deleted: false,
            repository,
          },
          env: { GITHUB_REF: 'refs/tags/v1.2.0' },
        },
      );
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ 'commit-sha': SIM_MERGE_SHA, ready: 'true' });
      expect(result.lines).toContain(
        'Tag v1.2.0 is an annotated tag (object aaaaaaa): checking the commit it names, f8a5db8.',
      );
      // A tag is no branch: its deploys are this workflow's successful runs on any ref, the runs by
      // hand that accept what a tag's push held among them.
      const runs = github().find((r) => r.endpoint === 'github.workflowRuns')?.path ?? '';
      expect(runs).toMatch(/\?status=success&/);
      expect(runs).not.toMatch(/[?&](event|branch)=/);
    });
  });
});
