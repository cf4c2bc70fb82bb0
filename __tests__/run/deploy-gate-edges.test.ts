// The deploy gate's edges, whole runs in-process against the simulator: a PR's own run on its own
// branch, the inputs a gate refuses before any request, and GitHub's faults, each line saying
// that GitHub answered and what to fix.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { githubFaults, SIM_BASE_SHA, SIM_SHA } from '../../simulator/server.mjs';
import { gateRun, pushEvent, requestsDuring } from '../helpers/gate-run.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/deploy-gate-edges', () => {
  const sim = useSimulator({}, 'all');
  beforeEach(() => {
    sim.useScenario('merged');
    sim.useGitHubScenario('merged');
  });

  const push = (inputs: Record<string, string> = {}) => gateRun(sim, inputs);
  const credentials = { v2: () => ({ 'api-key': sim.apiKey }) };

  /** Serve these scenarios: Trunk's, and GitHub's for the push. */
  function use(trunk: string, github = 'merged') {
    sim.useScenario(trunk);
    sim.useGitHubScenario(github);
  }

  describe("a PR's own run is still the PR's", () => {
    it('an open PR whose head is the commit, on a push to its own branch: the PR verdict, as before', async () => {
      use('testing', 'open');
      const { result, of } = await requestsDuring(sim, () =>
        runInProcess({
          eventName: 'push',
          event: { ...pushEvent(SIM_SHA, SIM_BASE_SHA), ref: 'refs/heads/docs-update' },
          inputs: { ...credentials.v2(), 'api-url': sim.url, 'github-token': sim.githubToken },
          env: { GITHUB_API_URL: sim.url, GITHUB_SHA: SIM_SHA, GITHUB_REF: 'refs/heads/docs-update' },
        }),
      );
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'pr-found-by': 'commit',
        state: 'testing',
        ready: 'true',
        stale: 'false',
      });
      expect(result.outputs['commits-checked']).toBe('');
      expect(of('v2.historyBatch')).toBe(0);
    });
  });

  describe('inputs', () => {
    it.each([
      ['base-sha', 'abc1234', /^Input 'base-sha' must be last-success, push, none, or a full commit SHA/],
      ['settle-seconds', '-1', /^Input 'settle-seconds' must be a number of seconds of at least 0, got "-1"$/],
    ])('a bad %s fails before any request', async (name, value, message) => {
      const before = sim.requests.length;
      const result = await push({ [name]: value });
      expect(result.error).toMatch(message);
      expect(sim.requests.length).toBe(before);
    });

    it.each(['base-sha', 'settle-seconds'])(
      '%s with scope: queue fails before any request, naming it and scope',
      async (name) => {
        const result = await push({ scope: 'queue', [name]: name === 'base-sha' ? SIM_BASE_SHA : '30' });
        expect(result.error).toMatch(
          new RegExp(`^Input '${name}' belongs to a commit's verdict .* but scope is queue`),
        );
      },
    );
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
      use('merged', scenario);
      const result = await push();
      expect(result.code).toBe(1);
      expect(result.error).toMatch(message);
      expect(result.error).not.toMatch(/Trunk/);
      expect(result.log).not.toContain(sim.githubToken);
    });

    it.each(['secondary-limit-429', 'secondary-limit-403', 'server-errors', 'primary-limit'])(
      "%s: retried on the run's clock, then the PR is found",
      async (scenario) => {
        use('merged', scenario);
        const result = await push();
        expect(result.error).toBeUndefined();
        expect(result.outputs.pr).toBe('1842');
        expect(result.lines.some((line) => /^GitHub: HTTP \d+.*; retry 1 of 3 in/.test(line))).toBe(true);
      },
    );

    it('a compare that fails after its retries: the range is unchecked, and the gate holds, naming base-sha', async () => {
      use('merged');
      sim.script('github.compare', [
        githubFaults.serverError(502),
        { ...githubFaults.serverError(503), times: Infinity },
      ]);
      const result = await push({ retries: '1' });
      expect(result.outputs['not-ready-reasons']).toBe('commit_range_unchecked');
      // The heading says why, once; the range's line says what was checked.
      expect(result.summary).toMatch(
        /^<h2>❌ .*the commits before it could not be checked: the commits since base-sha [0-9a-f]{7} could not be read: GitHub API \(which commits lie between base-sha and the commit\): HTTP 503/,
      );
      expect(result.summary).toContain('Only the tip was checked.');
    });

    it('a rate limit that resets beyond what the step waits: one line, at once', async () => {
      use('merged');
      sim.script('github.commitPulls', [githubFaults.primaryLimit(Math.floor(Date.now() / 1000) + 3600)]);
      const result = await push();
      expect(result.error).toMatch(
        /HTTP 403, rate limited \(API rate limit exceeded.*\) until \d{4}-\d\d-\d\dT[\d:]+Z, beyond what this step waits/,
      );
    });

    it('an empty github-token on a push names it', async () => {
      const result = await push({ 'github-token': '' });
      expect(result.error).toMatch(/^Input 'github-token' is empty, and this event names no pull request/);
    });

    it('a push that deleted its branch has no commit: one line, no request', async () => {
      const before = sim.requests.length;
      const result = await runInProcess({
        eventName: 'push',
        event: pushEvent('0'.repeat(40), SIM_BASE_SHA, { deleted: true, ref: 'refs/heads/topic' }),
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken },
        env: { GITHUB_API_URL: sim.url, GITHUB_REF: 'refs/heads/topic' },
      });
      expect(result.error).toMatch(/^This push deleted refs\/heads\/topic, so it has no commit/);
      expect(sim.requests.length).toBe(before);
    });
  });
});
