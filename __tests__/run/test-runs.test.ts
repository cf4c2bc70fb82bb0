// Trunk's own test runs, whole, in-process against the simulator: a single PR and a batch, in
// draft-PR mode (a draft PR from the test branch) and push mode (a push to it), and the CI run on
// the branch completing. The run is about every PR the branch names, asks GitHub nothing, and is
// turned red only by a PR that left the queue, with fail-if-not-ready.
import { describe, expect, it } from '@jest/globals';
import { draftPrRun, testBranchFor, testPushRun, testRunCompletedRun, type EventRun } from '../../simulator/events.mjs';
import { prBody } from '../../simulator/scenarios.mjs';
import { plainWords } from '../../src/shared/format.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { expectFailure, useSimulator } from '../helpers/simulator.js';

describe('run/test-runs', () => {
  const sim = useSimulator();
  const RUN_URL = 'https://github.com/octo-org/octo-repo/actions/runs/4242';

  type Api = 'v1' | 'v2';
  function run(event: EventRun, inputs: Record<string, string> = {}, api: Api = 'v2'): Promise<InProcessResult> {
    const credential: Record<string, string> = api === 'v1' ? { 'api-token': sim.token } : { 'api-key': sim.apiKey };
    return runInProcess({
      eventName: event.eventName,
      event: event.event,
      // A github-token, as the runner always gives one: a test run must still ask GitHub nothing.
      env: { ...event.env, GITHUB_RUN_ID: '4242', GITHUB_API_URL: sim.url },
      inputs: { ...credential, 'api-url': sim.url, 'github-token': sim.githubToken, ...inputs },
    });
  }

  const SINGLE = testBranchFor([1842]);
  const BATCH = testBranchFor([1842, 1843]);
  const warnings = (result: InProcessResult) => result.lines.filter((line) => line.startsWith('::warning::'));
  const gitHubRequests = () => sim.requests.filter((request) => request.api === 'github');

  describe.each<Api>(['v1', 'v2'])('one PR under test (%s)', (api) => {
    it.each<[string, EventRun]>([
      ['draft-PR mode: the draft PR opened from the test branch', draftPrRun(SINGLE)],
      ['push mode: the push to the test branch', testPushRun(SINGLE)],
      ['the CI run on the test branch completing (draft-PR mode)', testRunCompletedRun(SINGLE)],
      ['the CI run on the test branch completing (push mode)', testRunCompletedRun(SINGLE, { mode: 'push' })],
    ])('%s: the PR it tests, never the draft PR nor a commit', async (_, event) => {
      const result = await run(event, {}, api);
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'batch-prs': '1842',
        'merge-queue-run': 'true',
        'pr-found-by': 'merge-queue-run',
        state: 'testing',
        ready: 'true',
        'not-ready-reasons': '',
        stale: '',
        'commit-sha': '',
      });
      expect(gitHubRequests()).toEqual([]);
      expect(result.log).toContain(
        `This run is one of the merge queue's test runs, for PR #1842 (its branch ${SINGLE}).`,
      );
      expect(result.summary).toContain('This run is one of the merge queue’s test runs for it.');
    });
  });

  describe.each<Api>(['v1', 'v2'])('a batch under test (%s)', (api) => {
    it.each<[string, EventRun]>([
      ['draft-PR mode', draftPrRun(BATCH)],
      ['push mode', testPushRun(BATCH)],
      ['its CI run completing, draft-PR mode', testRunCompletedRun(BATCH)],
      ['its CI run completing, push mode', testRunCompletedRun(BATCH, { mode: 'push' })],
    ])('%s: every PR it tests, the first as pr, one summary row each', async (_, event) => {
      sim.useScenario('batch');
      const result = await run(event, { 'fail-if-not-ready': 'true' }, api);
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'batch-prs': '1842,1843',
        'merge-queue-run': 'true',
        state: 'testing',
        ready: 'true',
        'not-ready-reasons': '',
      });
      expect(gitHubRequests()).toEqual([]);
      expect(plainWords(result.log)).toContain(
        'The batch: #1842 being tested; #1843 being tested; all ready; the main queue is running.',
      );
      expect(result.summary).toMatch(
        /^<h2>✅ Ready: the 2 PRs of this batch are on their way \(#1842 being tested; #1843 being tested\)<\/h2>/,
      );
      expect(result.summary.match(/<tr><td>/g)?.length).toBeGreaterThanOrEqual(2);
      expect(result.summary).toContain('#1843 Fix the flaky upload test</a> by dev2');
      expect(result.summary).toContain(`on <code>${BATCH}</code>`);
    });

    it('reads the others in one batched read where the API has one (v2: one lookup by number)', async () => {
      sim.useScenario('batch');
      await run(draftPrRun(testBranchFor([1842, 1843, 1845])), {}, api);
      if (api === 'v2') {
        const lookups = sim.requests.filter((request) => request.endpoint === 'v2.pullRequests').map((r) => r.path);
        expect(lookups).toEqual([
          expect.stringMatching(/number=1842$/),
          expect.stringMatching(/number=1843%2C1845&limit=50$/),
        ]);
      } else {
        const asked = sim.requests.flatMap((request) =>
          request.endpoint === 'getSubmittedPullRequest'
            ? [(request.body as { pr: { number: number } }).pr.number]
            : [],
        );
        expect(asked.sort()).toEqual([1842, 1843, 1845]);
      }
    });
  });

  describe('a PR of the batch left the queue', () => {
    it('without fail-if-not-ready: the step passes, ready is false and the reasons name the PR', async () => {
      sim.useScenario('batch-left');
      const result = await run(draftPrRun(BATCH));
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'batch-prs': '1842,1843',
        state: 'testing',
        ready: 'false',
        // Trunk says nothing of a PR's mergeability once it left the queue: that is a reason too.
        'not-ready-reasons': '1843:state_cancelled,1843:mergeability_unspecified',
      });
      expect(result.summary).toMatch(
        /^<h2>❌ Not ready: PR #1843 of this batch left the queue \(#1843 out of the queue after it was cancelled\)<\/h2>/,
      );
    });

    it('with fail-if-not-ready: that, and only that, fails the test run', async () => {
      sim.useScenario('batch-left');
      const result = await run(testPushRun(BATCH), { 'fail-if-not-ready': 'true' }, 'v1');
      expectFailure(
        result,
        /^PR #1843 left the queue: it was cancelled from the queue; also, GitHub has not said whether it can merge \(state_cancelled, mergeability_unspecified\)\.$/,
      );
      expect(result.outputs['not-ready-reasons']).toBe('1843:state_cancelled,1843:mergeability_unspecified');
    });
  });

  describe('a test run is never turned red by anything else', () => {
    it('a PR of it not on its way but still in the queue: a warning, with fail-if-not-ready', async () => {
      sim.useScenario('batch');
      const stuck = prBody({
        prNumber: 1843,
        readiness: {
          hasImpactedTargets: true,
          requiresImpactedTargets: false,
          doesBaseBranchMatch: true,
          gitHubMergeability: 'not_mergeable',
        },
      });
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { body: stuck }]);
      const result = await run(draftPrRun(BATCH), { 'fail-if-not-ready': 'true' }, 'v1');
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': '1843:mergeability_not_mergeable' });
      expect(warnings(result)).toEqual([
        expect.stringMatching(
          /^::warning::Not failing the merge queue's test run for this \(only a PR it tests that left the queue does\): PR #1843 is not ready: GitHub says it cannot merge/,
        ),
      ]);
    });

    it('Trunk failing: a warning, and the step passes', async () => {
      sim.script('getQueue', [{ status: 500, body: 'boom', times: Infinity }]);
      const result = await run(draftPrRun(BATCH), { 'fail-if-not-ready': 'true', retries: '0' }, 'v1');
      expect(result.code).toBe(0);
      expect(warnings(result)).toEqual([
        expect.stringMatching(
          /^::warning::Not failing the merge queue's test run for this \(.*\): Trunk API getQueue: HTTP 500/,
        ),
      ]);
      // No verdict was reached: ready says so, as in every scope, though the step passes.
      expect(result.outputs).toMatchObject({
        pr: '1842',
        'batch-prs': '1842,1843',
        'merge-queue-run': 'true',
        ready: 'false',
        'not-ready-reasons': 'not_checked',
      });
    });

    it('no queue for the branch: a warning, ready false (not_checked), and the step passes', async () => {
      sim.useScenario('no-queue');
      const result = await run(testRunCompletedRun(SINGLE), { 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ pr: '1842', ready: 'false', 'not-ready-reasons': 'not_checked' });
      expect(warnings(result)).toEqual([expect.stringMatching(/^::warning::Not failing .*there is no merge queue/)]);
    });

    it("the others' read failing: a warning; the first PR's outputs stay, with no batch verdict (not_checked)", async () => {
      sim.useScenario('batch');
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 500, body: 'boom', times: Infinity }]);
      const result = await run(draftPrRun(BATCH), { 'fail-if-not-ready': 'true', retries: '0' }, 'v1');
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        pr: '1842',
        state: 'testing',
        ready: 'false',
        'not-ready-reasons': 'not_checked',
      });
      expect(warnings(result)).toEqual([
        expect.stringMatching(/^::warning::Not failing .*getSubmittedPullRequest: HTTP 500/),
      ]);
      // The summary is #1842's, and says at once that it is not the batch's.
      expect(result.summary).toMatch(
        /^<h2>.*<\/h2>\n<p>⚠️ Not failing the merge queue&#39;s test run for this .*HTTP 500/,
      );
    });

    it('inputs that fail (no credential at all): a warning, and the step passes', async () => {
      const result = await runInProcess({ ...draftPrRun(BATCH), inputs: { 'api-url': sim.url } });
      expect(result.code).toBe(0);
      expect(warnings(result)).toEqual([
        expect.stringMatching(
          /^::warning::Not failing the merge queue's test run for this .*'api-token' and 'api-key' are both empty/,
        ),
      ]);
      expect(sim.requests).toEqual([]);
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'not_checked' });
    });

    it('a wait that times out: a warning', async () => {
      const result = await run(testPushRun(SINGLE), { 'wait-for': 'merged', 'wait-timeout-seconds': '5' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ 'timed-out': 'true', ready: 'true' });
      expect(warnings(result)).toEqual([
        expect.stringMatching(/^::warning::Not failing .*Timed out after 5 s waiting for PR #1842/),
      ]);
    });
  });

  describe('a test branch that names no PR', () => {
    it.each<[string, EventRun]>([
      ['a push', testPushRun('trunk-merge/docs-preview')],
      ['a draft PR', draftPrRun('trunk-merge/pr-0/abc')],
      ['a CI run completing', testRunCompletedRun('trunk-merge/pr-1842')],
    ])('%s: one notice, no request, and the step passes with ready empty', async (_, event) => {
      const result = await run(event, { 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(sim.requests).toEqual([]);
      expect(result.lines.filter((line) => line.startsWith('::notice::'))).toEqual([
        expect.stringMatching(
          /^::notice::This run is on trunk-merge\/\S+, one of the merge queue's test branches, but its name lists no pull request the way Trunk writes it/,
        ),
      ]);
      expect(result.outputs).toMatchObject({
        'merge-queue-run': 'true',
        pr: '',
        'batch-prs': '',
        ready: '',
        state: '',
      });
      expect(result.summary).toMatch(/^<h2>ℹ️ Nothing to report for this merge-queue test run<\/h2>/);
    });

    it('scope: queue there is a report on the queue: one that could not look says so in ready', async () => {
      sim.script('getQueue', [{ status: 503, body: 'down', times: Infinity }]);
      const result = await run(testPushRun('trunk-merge/docs-preview'), { scope: 'queue', retries: '0' }, 'v1');
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'not_checked' });
    });
  });

  describe('markdown: when it was true, and the run that wrote it', () => {
    it('a batch, as of the run, linked', async () => {
      sim.useScenario('batch');
      const result = await run(draftPrRun(BATCH));
      expect(result.outputs.markdown).toMatch(
        new RegExp(
          `^<h2>✅ Ready: .*</h2>\\n<p><sub>As of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, by <a href="${RUN_URL}">this run</a>: every “ago” and “in …” in it counts from then\\.</sub></p>\\n`,
        ),
      );
      // Other PRs are code spans, never links or references.
      expect(result.outputs.markdown).toContain('<code>#1843</code>');
      expect(result.outputs.markdown).not.toMatch(/href="[^"]*\/pull\/\d+/);
    });
  });
});
