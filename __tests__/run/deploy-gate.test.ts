// The deploy gate, whole runs in-process: an event with no PR asks GitHub which PR brought the
// commit in (rule 5), once, then Trunk about that PR; a commit no PR brought in is an answer.
// Each GitHub fault ends in one line that says GitHub answered and what to fix.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { githubFaults, SIM_DIRECT_SHA, SIM_MERGE_SHA } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');
beforeEach(() => {
  sim.useScenario('merged');
  sim.useGitHubScenario('merged');
});

const pushEvent = (after: string, extra: Record<string, unknown> = {}) => ({
  ref: 'refs/heads/main',
  after,
  deleted: false,
  repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
  ...extra,
});

function push(after = SIM_MERGE_SHA, inputs: Record<string, string> = {}, options: InProcessOptions = {}) {
  return runInProcess({
    eventName: 'push',
    event: pushEvent(after),
    ...options,
    inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken, ...inputs },
    env: { GITHUB_API_URL: sim.url, GITHUB_SHA: after, GITHUB_REF: 'refs/heads/main', ...options.env },
  });
}

describe('a push to main', () => {
  it('finds the PR Trunk merged, asks GitHub once, and passes the gate', async () => {
    const before = sim.count('github.commitPulls');
    const result = await push(SIM_MERGE_SHA, { 'fail-if-not-ready': 'true' });
    expect(result.error).toBeUndefined();
    expect(result.outputs).toMatchObject({
      pr: '1842',
      state: 'merged',
      ready: 'true',
      'pr-found-by': 'commit',
      'commit-sha': SIM_MERGE_SHA,
    });
    expect(sim.count('github.commitPulls') - before).toBe(1);
    expect(result.lines).toContain(`Commit ${SIM_MERGE_SHA.slice(0, 7)} was brought in by PR #1842, into main.`);
    expect(sim.misdirected()).toEqual([]);
  });

  it('a direct push: no_pull_request, not ready, the queue still read, and the gate holds', async () => {
    sim.useGitHubScenario('direct-push');
    const result = await push(SIM_DIRECT_SHA, { 'fail-if-not-ready': 'true' });
    expect(result.code).toBe(1);
    expect(result.error).toBe(
      `Commit ${SIM_DIRECT_SHA.slice(0, 7)} on main came in through no pull request, so not through the merge queue (a direct push, or a PR merged around the queue that GitHub no longer lists): not ready (no_pull_request).`,
    );
    expect(result.outputs).toMatchObject({
      pr: '',
      state: 'no_pull_request',
      ready: 'false',
      'not-ready-reasons': 'no_pull_request',
      'commit-sha': SIM_DIRECT_SHA,
      'queue-state': 'running',
      'pr-found-by': '',
    });
    expect(result.outputs['queue-length']).toMatch(/^\d+$/);
    expect(result.summary).toMatch(/^<h2>❌ Not ready: Commit [0-9a-f]{7} on main came in through no pull request/);
  });

  it('a push that deleted its branch has no commit: one line, no request', async () => {
    const before = sim.requests.length;
    const result = await runInProcess({
      eventName: 'push',
      event: pushEvent('0'.repeat(40), { deleted: true, ref: 'refs/heads/topic' }),
      inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken },
      env: { GITHUB_API_URL: sim.url, GITHUB_REF: 'refs/heads/topic' },
    });
    expect(result.error).toMatch(/^This push deleted refs\/heads\/topic, so it has no commit/);
    expect(sim.requests.length).toBe(before);
  });

  it('a sha input that is not a full commit fails before any request, naming sha', async () => {
    const before = sim.requests.length;
    const result = await push(SIM_MERGE_SHA, { sha: 'abc1234' });
    expect(result.error).toMatch(
      /^Input 'sha' must be a full commit SHA \(40 or 64 hexadecimal characters\), got "abc1234"$/,
    );
    expect(sim.requests.length).toBe(before);
  });
});

describe("GitHub's faults: the line says GitHub answered, and what to fix", () => {
  it.each([
    [
      'bad-credentials',
      /^GitHub API \(which pull request brought the commit in\): HTTP 401 \(Bad credentials\): github-token was refused/,
    ],
    [
      'no-permission',
      /HTTP 403 \(Resource not accessible by integration\): github-token may not read .*permissions: contents: read and pull-requests: read$/,
    ],
    [
      'unknown-commit',
      /HTTP 422 \(No commit found for SHA: [0-9a-f]+\): commit [0-9a-f]{40} is not in octo-org\/octo-repo; check sha$/,
    ],
  ])('%s', async (scenario, message) => {
    sim.useGitHubScenario(scenario);
    const result = await push();
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
    expect(result.error).not.toMatch(/Trunk/);
    expect(result.log).not.toContain(sim.githubToken);
  });

  it.each(['secondary-limit-429', 'secondary-limit-403', 'server-errors', 'primary-limit'])(
    "%s: retried on the run's clock, then the PR is found",
    async (scenario) => {
      sim.useGitHubScenario(scenario);
      const result = await push();
      expect(result.error).toBeUndefined();
      expect(result.outputs.pr).toBe('1842');
      expect(result.lines.some((line) => /^GitHub: HTTP \d+.*; retry 1 of 3 in/.test(line))).toBe(true);
    },
  );

  it('a rate limit that resets beyond what the step waits: one line, at once', async () => {
    sim.script('github.commitPulls', [githubFaults.primaryLimit(Math.floor(Date.now() / 1000) + 3600)]);
    const result = await push();
    expect(result.error).toMatch(
      /HTTP 403, rate limited \(API rate limit exceeded.*\) until \d{4}-\d\d-\d\dT[\d:]+Z, beyond what this step waits/,
    );
  });

  it('an empty github-token on a push names it', async () => {
    const result = await push(SIM_MERGE_SHA, { 'github-token': '' });
    expect(result.error).toMatch(/^Input 'github-token' is empty, and this event names no pull request/);
  });
});
