// Rule 5 wired, called directly with the simulator and in-memory tools: GitHub asked before any
// Trunk request; an open PR on its own branch makes a PR run of the same inputs; anything else the
// commit's verdict, with the queue still read; the run's wait-timeout the deadline GitHub's retries
// keep to, and with wait-for the wait's. The situations are whole runs in run/deploy-gate.test.ts.
import { describe, expect, it } from '@jest/globals';
import { SIM_BASE_SHA, SIM_DIRECT_SHA, SIM_MERGE_SHA, SIM_REPO, SIM_SHA } from '../../simulator/server.mjs';
import type { CommitInputs } from '../../src/runner/inputs.js';
import { findCommitPr } from '../../src/runs/commit.js';
import { GitHubError } from '../../src/shared/errors.js';
import { plainWords } from '../../src/shared/format.js';
import { recorder } from '../helpers/log-recorder.js';
import { rejection } from '../helpers/rejection.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { createRedactor } from '../../src/shared/redact.js';

describe('runs/commit', () => {
  const sim = useSimulator();

  function tools() {
    const log = recorder();
    const clock = new VirtualClock();
    return {
      lines: log.lines,
      clock,
      run: { log, clock, random: () => 0, cancel: new AbortController().signal, redactor: createRedactor([]) },
    };
  }

  function inputs(sha: string, overrides: Partial<CommitInputs> = {}): CommitInputs {
    return {
      scope: 'commit',
      lookup: { sha, branchInput: '', fallbackBranch: 'main', commitBranch: 'main', queueBranch: 'main' },
      base: { kind: 'none' },
      githubApiUrl: sim.url,
      githubToken: sim.githubToken,
      apiToken: sim.token,
      apiKey: '',
      apiUrl: sim.url,
      repoHost: SIM_REPO.host,
      owner: SIM_REPO.owner,
      name: SIM_REPO.name,
      failIfNotReady: false,
      waitFor: [],
      waitTimeoutMs: 3_600_000,
      pollIntervalMs: 15_000,
      requestTimeoutMs: 10_000,
      retries: 3,
      summary: true,
      settleMs: 0,
      ...overrides,
    };
  }

  const asked = () => sim.requests.map((request) => request.endpoint);

  describe("the PR's own run", () => {
    it('an open PR whose head is the commit, on a run on its own branch: a PR run of the same inputs, once Trunk says no queue merges into that branch', async () => {
      sim.useGitHubScenario('open');
      const { run } = tools();
      const own = inputs(SIM_SHA, { failIfNotReady: true, waitFor: ['merged'] });
      const found = await findCommitPr({ ...own, lookup: { ...own.lookup, runBranch: 'docs-update' } }, run);
      expect(found).toMatchObject({
        scope: 'pr',
        pr: 1842,
        foundBy: 'commit',
        commitSha: SIM_SHA,
        eventHeadSha: SIM_SHA,
        targetBranch: 'main',
        failIfNotReady: true,
        waitFor: ['merged'],
        apiUrl: sim.url,
      });
      for (const key of ['lookup', 'githubApiUrl', 'base', 'runId', 'settleMs', 'workflowRepo'])
        expect(found).not.toHaveProperty(key);
      expect(asked()).toEqual(['github.commitPulls', 'getQueue']);
      expect(sim.requests[1]?.body).toMatchObject({ targetBranch: 'docs-update' });
    });

    it('never on a branch a queue merges into, though the default branch is another: a push to main heading a PR into develop', async () => {
      // The repository's default branch is develop; main has a queue of its own (the simulator's).
      sim.useGitHubScenario('promotion-pr');
      const { lines, run } = tools();
      const commit = inputs(sim.gitHubScenario().sha, { failIfNotReady: true });
      const lookup = { ...commit.lookup, runBranch: 'main', queueBranch: 'develop', fallbackBranch: 'develop' };
      const found = await findCommitPr({ ...commit, lookup }, run);
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      expect(lines.map(plainWords)).toContain(
        "Trunk has a merge queue for main: this push is a commit reaching that queue's branch, judged as one, not the run of the PR it heads.",
      );
      expect(found.outputs.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'not_merge_commit,not_submitted',
      });
    });

    it('a read of that queue that fails reaches no verdict: the step fails, saying why', async () => {
      sim.useGitHubScenario('open');
      sim.script('getQueue', [{ status: 500, body: 'boom', times: Infinity }]);
      const { run } = tools();
      const own = inputs(SIM_SHA, { retries: 0 });
      const failure = await rejection(
        findCommitPr({ ...own, lookup: { ...own.lookup, runBranch: 'docs-update' } }, run),
      );
      expect(failure).toBeInstanceOf(Error);
      expect(plainWords((failure as Error).message)).toMatch(
        /^Trunk could not say whether a merge queue merges into docs-update \(.*HTTP 500.*\), so whether this push is a commit reaching that branch or the run of the PR it heads is unknown; re-run the job\.$/,
      );
    });
  });

  describe("this workflow's runs", () => {
    it('are read where the workflow is (GITHUB_REPOSITORY), not in the repository repo names', async () => {
      sim.useScenario('merged');
      const { run } = tools();
      const elsewhere = inputs(SIM_MERGE_SHA, {
        base: { kind: 'last-success', newBranch: false },
        runId: 9_000_001,
        workflowRepo: { owner: 'octo-org', name: 'deploys' },
      });
      await findCommitPr(elsewhere, run);
      const runReads = sim.requests.filter((request) => request.endpoint === 'github.run');
      expect(runReads.map((request) => request.path)).toEqual([
        '/repos/octo-org/deploys/actions/runs/9000001?exclude_pull_requests=true',
      ]);
    });
  });

  describe('a promotion PR', () => {
    it('GitHub lists it for a commit pushed straight to main: named in the log, and not the PR that brought it in', async () => {
      sim.useGitHubScenario('promotion-pr');
      const promoted = sim.gitHubScenario().sha;
      const { lines, run } = tools();
      const found = await findCommitPr(inputs(promoted), run);
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      expect(lines.map(plainWords)).toContain(
        `GitHub lists #1860 (main → release, open) for commit ${promoted.slice(0, 7)}, but none as the pull request that brought it in.`,
      );
      expect(found.outputs.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'no_pull_request' });
    });
  });

  describe("the commit's verdict", () => {
    it('a merged PR is not a PR run: GitHub is asked first (the compare with the tip), then Trunk', async () => {
      sim.useScenario('merged');
      const { run } = tools();
      const found = await findCommitPr(inputs(SIM_MERGE_SHA, { base: { kind: 'sha', sha: SIM_BASE_SHA } }), run);
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      const endpoints = asked();
      expect(endpoints.slice(0, 2).sort()).toEqual(['github.commitPulls', 'github.compare']);
      expect(endpoints.slice(2).sort()).toEqual(['getQueue', 'getSubmittedPullRequest']);
      expect(found.outputs.outputs).toMatchObject({ pr: '1842', ready: 'true', 'commits-checked': '1' });
    });

    it('of several GitHub lists, the others are named in the log', async () => {
      sim.useGitHubScenario('several');
      const { lines, run } = tools();
      const found = await findCommitPr(inputs(SIM_SHA), run);
      expect(found).toMatchObject({ outputs: { outputs: { pr: '1842' } } });
      expect(lines.filter((line) => line.includes('#18')).slice(0, 2)).toEqual([
        expect.stringMatching(/ PR #1842, /),
        expect.stringMatching(/ #1838 .* #1842 /),
      ]);
    });

    it("no PR: not ready, the queue of the commit's branch read after GitHub, no PR read", async () => {
      sim.useGitHubScenario('direct-push');
      const { run } = tools();
      const found = await findCommitPr(inputs(SIM_DIRECT_SHA), run);
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      expect(asked()).toEqual(['github.commitPulls', 'getQueue']);
      expect(found.report.failures).toEqual([]);
      expect(found.outputs.outputs).toMatchObject({
        state: 'no_pull_request',
        ready: 'false',
        'not-ready-reasons': 'no_pull_request',
        'commit-sha': SIM_DIRECT_SHA,
        'queue-state': 'running',
        'commits-checked': '1',
        'commits-not-from-queue': SIM_DIRECT_SHA,
      });
    });

    it('a queue that cannot be read: a warning, never a failure (the verdict does not need it), and the outputs still say no PR', async () => {
      sim.useGitHubScenario('direct-push');
      const { lines, run } = tools();
      const commit = inputs(SIM_DIRECT_SHA, { failIfNotReady: true });
      const found = await findCommitPr({ ...commit, lookup: { ...commit.lookup, commitBranch: 'develop' } }, run);
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      expect(found.report.failures).toEqual([expect.stringMatching(/\(no_pull_request\)\. Every deploy holds until/)]);
      expect(found.report.warnings).toEqual([
        expect.stringMatching(/^The queue could not be read for the summary: Trunk API getQueue: /),
      ]);
      expect(found.outputs.outputs).toMatchObject({ state: 'no_pull_request', ready: 'false', 'queue-state': '' });
      // An expected failure leaves no stack trace in the debug log.
      expect(lines.filter((line) => line.startsWith('debug: ') && /\n\s+at /.test(line))).toEqual([]);
    });

    it('with wait-for, the wait replaces the settle: its deadline is wait-timeout-seconds, and running out is a time-out', async () => {
      sim.useScenario('testing');
      const { run } = tools();
      const found = await findCommitPr(
        inputs(SIM_MERGE_SHA, { waitFor: ['merged'], waitTimeoutMs: 60_000, pollIntervalMs: 10_000, settleMs: 5_000 }),
        run,
      );
      if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
      expect(found.outputs.outputs).toMatchObject({ 'timed-out': 'true', 'waited-seconds': '60', ready: 'false' });
      expect(found.report.failures[0]).toMatch(/^Timed out after 1 min waiting for PR #1842 to reach merged\.$/);
    });
  });

  describe("GitHub's failures", () => {
    it('throw, before any Trunk request', async () => {
      sim.useGitHubScenario('bad-credentials');
      expect(await rejection(findCommitPr(inputs(SIM_MERGE_SHA), tools().run))).toBeInstanceOf(GitHubError);
      expect(asked()).toEqual(['github.commitPulls']);
    });

    it("wait-timeout-seconds is the deadline GitHub's retries keep to", async () => {
      sim.useGitHubScenario('server-errors');
      const { clock, run } = tools();
      const error = await rejection(findCommitPr(inputs(SIM_MERGE_SHA, { waitTimeoutMs: 1_500 }), run));
      expect(error).toBeInstanceOf(GitHubError);
      // The first back-off (1 s) fits; the second (2 s) would end past it.
      expect([asked(), clock.sleeps]).toEqual([['github.commitPulls', 'github.commitPulls'], [1000]]);
    });
  });
});
