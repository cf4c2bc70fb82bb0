// The v2 story read directly against the simulator: which parts each state asks for (each one
// costs a request on a key's shared 5-a-second budget), what each part keeps of Trunk's answer,
// and what a part that cannot be read does in each mode.
import { describe, expect, it } from '@jest/globals';
import { SIM_PR_ID } from '../../../simulator/scenarios.mjs';
import { ApiError } from '../../../src/shared/errors.js';
import { V2Api } from '../../../src/trunk/v2/api.js';
import { readStory, type StoryMode } from '../../../src/trunk/v2/story.js';
import { useSimulator } from '../../helpers/simulator.js';
import { requestContext } from '../../helpers/request-context.js';

describe('trunk/v2/story', () => {
  const sim = useSimulator();
  const CHECK_URL = 'https://github.com/octo-org/octo-repo/actions/runs/4242/job/8484';

  function api(): V2Api {
    const context = requestContext();
    return new V2Api(context, sim.url, sim.apiKey);
  }

  const story = (state: string, options: { mode?: StoryMode; throttled?: boolean; prId?: string } = {}) =>
    readStory(api(), 'prId' in options ? options.prId : SIM_PR_ID, state, new AbortController().signal, {
      mode: options.mode ?? 'best-effort',
      throttled: options.throttled ?? false,
    });

  const reads = () => ({
    exit: sim.count('v2.history'),
    testRun: sim.count('v2.verificationRuns'),
    estimate: sim.count('v2.estimate'),
  });

  describe('the parts each state asks for', () => {
    it.each([
      ['not_ready', { exit: 0, testRun: 0, estimate: 0 }],
      ['merged', { exit: 0, testRun: 0, estimate: 0 }],
      ['pending', { exit: 0, testRun: 0, estimate: 1 }],
      ['testing', { exit: 0, testRun: 1, estimate: 1 }],
      ['pending_failure', { exit: 1, testRun: 1, estimate: 1 }],
      ['failed', { exit: 1, testRun: 1, estimate: 0 }],
      ['cancelled', { exit: 1, testRun: 0, estimate: 0 }],
    ])('%s', async (state, expected) => {
      await story(state);
      expect(reads()).toEqual(expected);
    });

    it('a PR without an id has no story, and costs no request', async () => {
      expect(await story('failed', { prId: undefined })).toEqual({ leftOut: [] });
      expect(reads()).toEqual({ exit: 0, testRun: 0, estimate: 0 });
    });
  });

  describe('what each part keeps', () => {
    it('a failed PR: why it left, with the failing check, and its test run', async () => {
      await sim.restart({ scenario: 'failed' });
      const told = await story('failed');
      expect(told.exit).toEqual({
        reason: 'test_run_required_status_failed',
        actor: undefined,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        failingChecks: [{ name: 'ci/test', url: CHECK_URL, conclusion: 'failure' }],
        message: undefined,
        conflict: undefined,
      });
      // The test branch's PR is the run's page when there is one.
      expect(told.testRun).toEqual({ url: 'https://github.com/octo-org/octo-repo/pull/9001', status: 'failed' });
      expect(told.leftOut).toEqual([]);
    });

    it('a cancelled PR: who took it out, and no checks', async () => {
      await sim.restart({ scenario: 'cancelled' });
      expect((await story('cancelled')).exit).toMatchObject({
        reason: 'user_requested',
        actor: 'alice',
        failingChecks: [],
      });
    });

    it("the newest transition's conflict, its failed checks before a pending failure's; no reason is none", async () => {
      sim.script('v2.history', [
        {
          body: {
            data: [
              {
                changedAt: '2026-11-20T11:48:00Z',
                reason: null,
                pendingFailure: { failureCausingChecks: [{ name: 'lint', conclusion: 'TIMED_OUT' }] },
                failed: {
                  failureCausingChecks: [],
                  conflictCulprit: { kind: 'queuePullRequest', number: 1840, url: 'https://x.test/pull/1840' },
                },
              },
            ],
          },
        },
      ]);
      expect((await story('cancelled')).exit).toEqual({
        reason: undefined,
        actor: undefined,
        at: '2026-11-20T11:48:00Z',
        failingChecks: [],
        message: undefined,
        conflict: { kind: 'queue_pull_request', number: 1840, url: 'https://x.test/pull/1840' },
      });
      expect(sim.requests.find((r) => r.endpoint === 'v2.history')?.path).toMatch(/[?&]direction=newest&limit=1$/);
    });

    it('checks of a PR held as failing come from its pendingFailure transition', async () => {
      sim.script('v2.history', [
        {
          body: {
            data: [
              {
                reason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
                pendingFailure: { failureCausingChecks: [{ name: 'lint', url: null, conclusion: 'TIMED_OUT' }] },
              },
            ],
          },
        },
      ]);
      expect((await story('cancelled')).exit?.failingChecks).toEqual([
        { name: 'lint', url: null, conclusion: 'timed_out' },
      ]);
    });

    it('an empty history or no run yet leaves that part undefined, not failed', async () => {
      sim.script('v2.history', [{ body: { data: [] } }]);
      sim.script('v2.verificationRuns', [{ body: { data: [] } }]);
      const told = await story('failed');
      expect(told).toEqual({ leftOut: [], exit: undefined, testRun: undefined });
    });

    it('an estimate to merge has a time; a queue without estimates says so', async () => {
      const available = await story('pending');
      expect(available.estimate).toEqual({
        status: 'available',
        mergeAtMs: expect.any(Number),
        computedAtMs: expect.any(Number),
        reason: undefined,
      });
      await sim.restart({ scenario: 'no-estimates' });
      expect((await story('pending')).estimate).toEqual({ status: 'not_enabled' });
    });

    it.each([
      [
        'an estimate of when a failure resolves is no merge time',
        { status: 'available', kind: 'pendingFailureResolution', estimatedAt: '2026-11-20T12:30:00Z' },
        { status: 'available', mergeAtMs: undefined },
      ],
      [
        "unavailable keeps Trunk's reason",
        { status: 'unavailable', reason: 'The queue is paused.', estimatedAt: '2026-11-20T12:30:00Z' },
        { status: 'unavailable', mergeAtMs: undefined, reason: 'The queue is paused.' },
      ],
      [
        'a reason is only kept when unavailable',
        { status: 'available', kind: 'merge', estimatedAt: '2026-11-20T12:30:00Z', reason: 'ignored' },
        { status: 'available', mergeAtMs: Date.parse('2026-11-20T12:30:00Z'), reason: undefined },
      ],
    ])('%s', async (_what, body, expected) => {
      sim.script('v2.estimate', [{ body }]);
      expect((await story('pending')).estimate).toMatchObject(expected);
    });
  });

  describe('a part that cannot be read', () => {
    it('best-effort: left out with the reason, the other parts still told', async () => {
      sim.script('v2.verificationRuns', [{ status: 500, times: 2 }]);
      const told = await story('testing');
      expect(told.testRun).toBeUndefined();
      expect(told.estimate).toMatchObject({ status: 'available' });
      expect(told.leftOut).toEqual([expect.stringMatching(/^The story leaves out its test run: .*HTTP 500.*\.$/)]);
    });

    it('best-effort: a throttled part says Trunk throttled it', async () => {
      sim.script('v2.estimate', [{ status: 429, times: 2 }]);
      expect((await story('pending')).leftOut).toEqual([
        'The story leaves out its merge estimate: Trunk throttled the read (5 requests a second per key).',
      ]);
    });

    it('strict: the read fails', async () => {
      sim.script('v2.verificationRuns', [{ status: 500, times: 2 }]);
      await expect(story('testing', { mode: 'strict' })).rejects.toBeInstanceOf(ApiError);
    });

    it("best-effort, when the read's own lookups were throttled: every part left out, none read, said once", async () => {
      const told = await story('pending_failure', { throttled: true });
      expect(told.leftOut).toHaveLength(1);
      expect(told.leftOut[0]).toMatch(
        /^The story leaves out why it left the queue, its test run and its merge estimate: Trunk throttled this read's own lookups/,
      );
      expect(reads()).toEqual({ exit: 0, testRun: 0, estimate: 0 });
    });

    it('strict, when throttled: the parts are still read', async () => {
      const told = await story('testing', { mode: 'strict', throttled: true });
      expect(told.leftOut).toEqual([]);
      expect(reads()).toEqual({ exit: 0, testRun: 1, estimate: 1 });
    });
  });
});
