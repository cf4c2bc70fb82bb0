// A run that reached no verdict, in every scope: `ready` is `false` with `not_checked`, never
// empty, so that a workflow's `if: steps.mq.outputs.ready == 'false'` catches a gate or an alert
// that could not look (a refused key, Trunk unreachable, GitHub refusing, cancellation). And a
// read the verdict does not need never fails the step: the queue's order in a commit run.
import { describe, expect, it } from '@jest/globals';
import { SIM_BASE_SHA, SIM_MERGE_SHA } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { until, useSimulator } from '../helpers/simulator.js';

describe('run/not-checked', () => {
  const sim = useSimulator({ scenario: 'merged' });
  const NOT_CHECKED = { ready: 'false', 'not-ready-reasons': 'not_checked' };

  /** A push to main of the GitHub scenario's commit: a commit run. */
  function push(inputs: Record<string, string> = {}, options: InProcessOptions = {}) {
    return runInProcess({
      eventName: 'push',
      event: {
        ref: 'refs/heads/main',
        before: SIM_BASE_SHA,
        after: SIM_MERGE_SHA,
        repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
      },
      ...options,
      inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken, ...inputs },
      env: {
        GITHUB_API_URL: sim.url,
        GITHUB_SHA: SIM_MERGE_SHA,
        GITHUB_REF: 'refs/heads/main',
        GITHUB_RUN_ID: '9000001',
      },
    });
  }

  describe('no verdict: ready false, not_checked', () => {
    it('a PR run whose key Trunk refuses', async () => {
      const result = await runInProcess({ inputs: { 'api-key': 'trunk_v2_not_the_key_00000', 'api-url': sim.url } });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });

    it('a PR run whose Trunk cannot be reached', async () => {
      sim.script('getSubmittedPullRequest', [{ reset: true, times: Infinity }]);
      const result = await runInProcess({ inputs: { 'api-token': sim.token, 'api-url': sim.url, retries: '0' } });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });

    it('a report on the queue whose read fails', async () => {
      sim.script('getQueue', [{ status: 503, times: Infinity }]);
      const result = await runInProcess({
        eventName: 'schedule',
        event: { repository: { default_branch: 'main' } },
        inputs: { 'api-token': sim.token, 'api-url': sim.url, scope: 'queue', retries: '0' },
      });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });

    it('a commit run whose GitHub token is refused', async () => {
      sim.useGitHubScenario('bad-credentials');
      const result = await push();
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });

    it('a commit run whose Trunk fails after GitHub answered', async () => {
      sim.script('v2.repositories', [
        { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'no' } }, times: Infinity },
      ]);
      const result = await push();
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ ...NOT_CHECKED, 'commit-sha': SIM_MERGE_SHA });
    });

    it('a bad input: the step could not look either', async () => {
      const result = await runInProcess({ inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, pr: 'abc' } });
      expect(result.error).toMatch(/^Input 'pr' /);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });

    it('a commit run cancelled while Trunk is asked', async () => {
      sim.script('v2.repositories', [{ hang: true }]);
      let cancel: ((reason: string) => void) | undefined;
      const running = push({}, { onCancel: (listener) => (cancel = listener) });
      await until(() => sim.count('v2.repositories') > 0, 'the Trunk read');
      cancel?.('the job was cancelled: SIGTERM');
      const result = await running;
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject(NOT_CHECKED);
    });
  });

  describe('a read the verdict does not need never fails the step', () => {
    it("a commit run whose queue's order cannot be read: ready true, exit 0, one warning", async () => {
      sim.script('v2.order', [{ status: 500, times: Infinity }]);
      const result = await push({ 'fail-if-not-ready': 'true', retries: '0' });
      expect(result.error).toBeUndefined();
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ ready: 'true', 'not-ready-reasons': '', 'queue-state': '' });
      expect(result.lines.filter((line) => line.startsWith('::warning::'))).toEqual([
        expect.stringMatching(
          /^::warning::The queue could not be read for the summary: Trunk API v2 \/v2\/merge-queues\/\{id\}\/order: HTTP 500/,
        ),
      ]);
    });
  });
});
