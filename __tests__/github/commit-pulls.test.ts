// GitHub's answer to "which pull requests brought this commit in?", asked of the simulator's GitHub
// with a virtual clock: the list as GitHub orders it, which answers are retried and how long the run
// waits before each, which are final, and that no wait reaches past the run's deadline. The lines a
// user reads for each fault are asserted by whole runs (run/deploy-gate.test.ts).
import { describe, expect, it } from '@jest/globals';
import { githubFaults, SIM_DIRECT_SHA, SIM_MERGE_SHA, SIM_SHA } from '../../simulator/server.mjs';
import { gitHubClient, type GitHubSettings } from '../../src/github/client.js';
import { listCommitPulls } from '../../src/github/commit-pulls.js';
import { CancelledError, GitHubError } from '../../src/shared/errors.js';
import { rejection } from '../helpers/rejection.js';
import { simGitHubSettings } from '../helpers/github-settings.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { createRedactor } from '../../src/shared/redact.js';

describe('github/commit-pulls', () => {
  const sim = useSimulator();

  /** The module with the simulator's GitHub, a virtual clock, no jitter, and a deadline this far off. */
  function setup(overrides: Partial<GitHubSettings> = {}, deadlineInMs = 60_000) {
    const clock = new VirtualClock();
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const settings = simGitHubSettings(sim, { deadlineMs: clock.now() + deadlineInMs, log, ...overrides }, clock);
    const list = async (sha = SIM_MERGE_SHA, signal = new AbortController().signal) =>
      listCommitPulls(await gitHubClient(settings), sha, signal);
    return { clock, lines, list };
  }

  /** What the list failed with, as a GitHubError (a test fails on anything else). */
  async function gitHubError(promise: Promise<unknown>): Promise<GitHubError> {
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(GitHubError);
    return error as GitHubError;
  }

  const asked = () => sim.count('github.commitPulls');

  describe('the list', () => {
    it("is GitHub's, in its order, each PR's facts as the rule needs them", async () => {
      sim.useGitHubScenario('several');
      const prs = await setup().list(SIM_SHA);
      expect(prs.map((pr) => [pr.number, pr.open, pr.mergedAt !== undefined])).toEqual([
        [1838, false, true],
        [1845, true, false],
        [1842, false, true],
      ]);
      expect(prs[2]).toEqual({
        number: 1842,
        open: false,
        mergedAt: expect.stringMatching(/Z$/),
        mergeCommitSha: SIM_MERGE_SHA,
        headSha: SIM_SHA,
        headRef: 'docs-update',
        headInRepository: true,
        baseRef: 'main',
        updatedAt: expect.stringMatching(/Z$/),
      });
      expect(sim.requests.at(-1)?.path).toBe(`/repos/octo-org/octo-repo/commits/${SIM_SHA}/pulls?per_page=100`);
    });

    it('a commit no PR brought in: an empty list, asked once', async () => {
      sim.useGitHubScenario('direct-push');
      expect(await setup().list(SIM_DIRECT_SHA)).toEqual([]);
      expect(asked()).toBe(1);
    });

    it('under /api/v3, as on GitHub Enterprise Server', async () => {
      expect(await setup({ apiUrl: `${sim.url}/api/v3` }).list()).toMatchObject([{ number: 1842 }]);
      expect(sim.requests.at(-1)?.path).toMatch(/^\/api\/v3\/repos\//);
    });

    it('is read with the credentials cut out of every string and key; an error message quoted without them', async () => {
      const token = 'ghs_Tq2Wm9Xp4Lz8Nb3Vc7HdQa1Sw2Ed3Rf4Tg5';
      const piece = token.slice(4, 30);
      sim.script('github.commitPulls', [
        { status: 500, body: { message: `x${' '.repeat(190)}${piece}` } },
        {
          body: [
            {
              number: 1842,
              state: 'closed',
              merged_at: '2026-11-20T11:00:00Z',
              merge_commit_sha: SIM_MERGE_SHA,
              head: { sha: SIM_SHA, ref: `fix-${token.toUpperCase()}`, repo: { full_name: 'o/r' } },
              base: { ref: [...piece].join('\u200b'), repo: { full_name: 'o/r' } },
              [token]: Buffer.from(`token ${token}`).toString('base64'),
            },
          ],
        },
      ]);
      const { lines, list } = setup({ redactor: createRedactor([token]) });
      expect(await list()).toMatchObject([{ number: 1842, headRef: 'fix-***', baseRef: '***' }]);
      // Clipped to 200 characters after it was redacted: no piece of the token survives the cut.
      expect(lines).toEqual([expect.stringMatching(/^GitHub: HTTP 500 \(x +\*\*\*\); retry 1 of 3 in 1 s$/)]);
    });

    it('a list it cannot read is final, not retried', async () => {
      sim.script('github.commitPulls', [{ body: [{ number: 'one' }] }]);
      const { clock, list } = setup();
      expect(await gitHubError(list())).toMatchObject({ transient: false });
      expect([asked(), clock.sleeps]).toEqual([1, []]);
    });
  });

  describe("retried on the run's clock", () => {
    it('5xx answers: each retried after the back-off, then the list', async () => {
      sim.useGitHubScenario('server-errors');
      const { clock, lines, list } = setup();
      expect(await list()).toMatchObject([{ number: 1842 }]);
      expect([asked(), clock.sleeps]).toEqual([3, [1000, 2000]]);
      expect(lines).toEqual([
        expect.stringMatching(/^GitHub: HTTP 502; retry 1 of 3 in 1 s$/),
        expect.stringMatching(/^GitHub: HTTP 503 \(.*\); retry 2 of 3 in 2 s$/),
      ]);
    });

    it.each([403, 429] as const)('a %d secondary limit: waits its Retry-After, not the back-off', async (status) => {
      sim.script('github.commitPulls', [githubFaults.secondaryLimit(status, 5)]);
      const { clock, list } = setup();
      expect(await list()).toMatchObject([{ number: 1842 }]);
      expect(clock.sleeps).toEqual([5000]);
    });

    it('a primary limit that resets within the cap: waits until the reset', async () => {
      const { clock, list } = setup();
      const start = clock.now();
      const resetAt = Math.ceil(start / 1000) + 20;
      sim.script('github.commitPulls', [githubFaults.primaryLimit(resetAt)]);
      expect(await list()).toMatchObject([{ number: 1842 }]);
      expect(clock.sleeps).toEqual([resetAt * 1000 - start]);
    });

    it('retries spent: a transient GitHubError after retries + 1 attempts', async () => {
      sim.script('github.commitPulls', [{ ...githubFaults.serverError(500), times: Infinity }]);
      const { clock, list } = setup({ retries: 2 });
      const error = await gitHubError(list());
      expect(error).toMatchObject({ transient: true, message: expect.stringMatching(/\(after 3 attempts\)$/) });
      expect([asked(), clock.sleeps]).toEqual([3, [1000, 2000]]);
    });
  });

  describe('final answers: one request, no wait', () => {
    it.each([
      ['bad-credentials', 401],
      ['no-permission', 403],
      ['no-permission-404', 404],
      ['commit-not-found', 404],
      ['unknown-commit', 422],
    ])('%s (HTTP %d)', async (scenario, status) => {
      sim.useGitHubScenario(scenario);
      const { clock, list } = setup();
      const error = await gitHubError(list());
      expect(error).toMatchObject({ transient: false, message: expect.stringContaining(`: HTTP ${status} (`) });
      expect([asked(), clock.sleeps]).toEqual([1, []]);
    });

    it('a rate limit that resets beyond the cap: at once, transient', async () => {
      const { clock, list } = setup();
      sim.script('github.commitPulls', [githubFaults.primaryLimit(Math.ceil(clock.now() / 1000) + 3600)]);
      expect(await gitHubError(list())).toMatchObject({ transient: true });
      expect([asked(), clock.sleeps]).toEqual([1, []]);
    });
  });

  describe("the run's deadline and its cancel", () => {
    it('a back-off that would end past the deadline is not waited', async () => {
      sim.useGitHubScenario('server-errors');
      const { clock, list } = setup({}, 500);
      const error = await gitHubError(list());
      expect(error).toMatchObject({ transient: true, message: expect.stringMatching(/past the step's deadline$/) });
      expect([asked(), clock.sleeps]).toEqual([1, []]);
    });

    it("a Retry-After past the deadline is not waited, though it is within the policy's cap", async () => {
      sim.script('github.commitPulls', [githubFaults.secondaryLimit(429, 30)]);
      const { clock, list } = setup({}, 10_000);
      expect(await gitHubError(list())).toMatchObject({ transient: true });
      expect([asked(), clock.sleeps]).toEqual([1, []]);
    });

    it('a signal already aborted: nothing is asked', async () => {
      const cancel = new AbortController();
      cancel.abort('SIGTERM');
      expect(await rejection(setup().list(SIM_MERGE_SHA, cancel.signal))).toBeInstanceOf(CancelledError);
      expect(asked()).toBe(0);
    });

    it('a cancel during the back-off ends the wait for the retry', async () => {
      sim.useGitHubScenario('server-errors');
      const cancel = new AbortController();
      const { list } = setup({ log: () => cancel.abort('SIGTERM') });
      expect(await rejection(list(SIM_MERGE_SHA, cancel.signal))).toBeInstanceOf(CancelledError);
      expect(asked()).toBe(1);
    });
  });
});
