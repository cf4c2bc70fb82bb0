// Rule 5 wired, called directly with the simulator and in-memory tools: GitHub asked once, before
// any Trunk request; a PR found makes a PR run of the same inputs; none, a report on the commit
// with the queue still read; the run's wait-timeout the deadline GitHub's retries keep to. The
// sentences are asserted by whole runs (run/deploy-gate.test.ts).
import { describe, expect, it } from '@jest/globals';
import { SIM_DIRECT_SHA, SIM_MERGE_SHA, SIM_REPO, SIM_SHA } from '../../simulator/server.mjs';
import type { CommitInputs } from '../../src/runner/inputs.js';
import { findCommitPr } from '../../src/runs/commit.js';
import { GitHubError } from '../../src/shared/errors.js';
import { recorder } from '../helpers/log-recorder.js';
import { rejection } from '../helpers/rejection.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const sim = useSimulator();

function tools() {
  const log = recorder();
  const clock = new VirtualClock();
  return { lines: log.lines, clock, run: { log, clock, random: () => 0, cancel: new AbortController().signal } };
}

function inputs(sha: string, overrides: Partial<CommitInputs> = {}): CommitInputs {
  return {
    scope: 'commit',
    lookup: { sha, branchInput: '', fallbackBranch: 'main' },
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

describe('a PR found', () => {
  it('is a PR run of the same inputs, found by commit; GitHub alone was asked', async () => {
    const { run } = tools();
    const found = await findCommitPr(inputs(SIM_MERGE_SHA, { failIfNotReady: true, waitFor: ['merged'] }), run);
    expect(found).toMatchObject({
      scope: 'pr',
      pr: 1842,
      foundBy: 'commit',
      commitSha: SIM_MERGE_SHA,
      targetBranch: 'main',
      failIfNotReady: true,
      waitFor: ['merged'],
      apiUrl: sim.url,
    });
    expect(found).not.toHaveProperty('lookup');
    expect(found).not.toHaveProperty('githubApiUrl');
    expect(asked()).toEqual(['github.commitPulls']);
  });

  it('of several GitHub lists, the others are named in the log', async () => {
    sim.useGitHubScenario('several');
    const { lines, run } = tools();
    expect(await findCommitPr(inputs(SIM_SHA), run)).toMatchObject({ pr: 1842 });
    expect(lines).toEqual([expect.stringMatching(/ PR #1842, /), expect.stringMatching(/ #1838 .* #1842 /)]);
  });
});

describe('no PR found', () => {
  it('a report on the commit: not ready, the queue of the fallback branch read after GitHub', async () => {
    sim.useGitHubScenario('direct-push');
    const { run } = tools();
    const found = await findCommitPr(inputs(SIM_DIRECT_SHA), run);
    if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
    expect(asked()).toEqual(['github.commitPulls', 'getQueue']);
    expect(found.report.failures).toEqual([]);
    expect(found.outputs.outputs).toMatchObject({
      state: 'no_pull_request',
      ready: 'false',
      'commit-sha': SIM_DIRECT_SHA,
      'queue-state': 'running',
    });
  });

  it('a queue that cannot be read: its failure after the no-PR one, and the outputs still say no PR', async () => {
    sim.useGitHubScenario('direct-push');
    const { lines, run } = tools();
    const commit = inputs(SIM_DIRECT_SHA, { failIfNotReady: true });
    const found = await findCommitPr({ ...commit, lookup: { ...commit.lookup, fallbackBranch: 'develop' } }, run);
    if ('scope' in found) throw new Error(`a PR run for #${found.pr}`);
    expect(found.report.failures).toEqual([
      expect.stringMatching(/\(no_pull_request\)\.$/),
      expect.stringMatching(/^Trunk API getQueue: /),
    ]);
    expect(found.outputs.outputs).toMatchObject({ state: 'no_pull_request', 'queue-state': '' });
    expect(lines.filter((line) => line.startsWith('debug: '))).toEqual([]);
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
