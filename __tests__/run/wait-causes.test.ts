// Why a wait ended, through run() against the simulator on a virtual clock: the request layer
// records what the request in flight was doing when the deadline came, and the one error line
// names that cause. The sentences themselves are decided and asserted in core/wait-cause.test.ts;
// here, that each cause reaches them.
import { describe, expect, it } from '@jest/globals';
import { runInProcess, type InProcessOptions, type InProcessResult } from '../helpers/in-process.js';
import { expectFailure, until, useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('run/wait-causes', () => {
  const sim = useSimulator();
  const START = Date.parse('2026-11-25T12:00:00Z');
  const WAIT = { 'wait-for': 'merged', 'wait-timeout-seconds': '60', 'poll-interval-seconds': '10' };

  function run(inputs: Record<string, string> = {}, options: InProcessOptions = {}): Promise<InProcessResult> {
    return runInProcess({
      clock: new VirtualClock(START),
      ...options,
      inputs: { 'api-token': sim.token, 'api-url': sim.url, ...WAIT, ...inputs },
    });
  }

  describe('throttled past the deadline: the 429 and its Retry-After, not the network', () => {
    it.each([
      ['60 (seconds)', '60', /Retry-After until 12:01:\d\d UTC, beyond the deadline/],
      [
        'an HTTP date in 2099',
        'Thu, 01 Jan 2099 00:00:00 GMT',
        /Retry-After until 2099-01-01 00:00:00 UTC, beyond the deadline/,
      ],
      ['999999 (seconds)', '999999', /Retry-After until 2026-12-07 01:\d\d:\d\d UTC, beyond the deadline/],
    ])('Retry-After: %s', async (_, retryAfter, until) => {
      sim.script('getSubmittedPullRequest', [
        { delayMs: 0 },
        { status: 429, headers: { 'retry-after': retryAfter }, times: Infinity },
      ]);
      const result = await run();
      expectFailure(
        result,
        /^Timed out after 1 min waiting for PR #1842 to reach merged; it is being tested \(testing\), ready: Trunk throttled it \(HTTP 429 to getSubmittedPullRequest, /,
      );
      expect(result.error).toMatch(until);
      expect(result.error).not.toMatch(/did not answer|api-url|request-timeout/);
      expect(result.outputs).toMatchObject({ 'timed-out': 'true', 'waited-seconds': '60', state: 'testing' });
    });

    it('through the v2 API, whose throttled polls wait patiently: the same cause', async () => {
      sim.script('v2.pullRequest', [{ status: 429, headers: { 'retry-after': '999999' }, times: Infinity }]);
      const result = await runInProcess({
        clock: new VirtualClock(START),
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, ...WAIT },
      });
      expectFailure(
        result,
        /: Trunk throttled it \(HTTP 429 to v2 \/v2\/pull-requests\/{id}, Retry-After until 2026-12-07 /,
      );
      expect(result.outputs).toMatchObject({ 'timed-out': 'true', state: 'testing' });
    });
  });

  describe('a request still waiting at the deadline', () => {
    it('after answers: Trunk answered slowly, naming the request', async () => {
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { hang: true, times: Infinity }]);
      const clock = new VirtualClock(START);
      const running = run({ 'request-timeout-seconds': '600' }, { clock });
      await until(() => sim.count('getSubmittedPullRequest') === 2, 'the first poll sent');
      clock.advance(60_000);
      expectFailure(
        await running,
        /^Timed out after 1 min waiting for PR #1842 to reach merged; it is being tested \(testing\), ready: Trunk answered slowly: getSubmittedPullRequest, sent 50 s before the deadline, still had no answer; check request-timeout-seconds against wait-timeout-seconds\.$/,
      );
    });
  });

  describe('the deadline between attempts', () => {
    it('request timeouts on every attempt: never reached, the timeout named', async () => {
      for (const endpoint of ['getSubmittedPullRequest', 'getQueue'] as const) {
        sim.script(endpoint, [{ hang: true, times: Infinity }]);
      }
      const result = await run({ 'request-timeout-seconds': '0.05', retries: '0' });
      expectFailure(
        result,
        /^Timed out after 1 min waiting for PR #1842 to reach merged: Trunk was never reached\. The last of \d+ attempts failed: Trunk API \w+: no answer from 127\.0\.0\.1:\d+ within 0\.05 s: Trunk was slow, or unreachable; re-run, and check request-timeout-seconds and api-url\.$/,
      );
    });
  });
});
