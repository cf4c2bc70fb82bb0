// v2's reads for a window report when things go wrong or run out: a read that fails after its
// retries leaves its own figures empty and the others read; the request cap and the deadline leave
// the newest days read in full, never a part of one counted; never more than 8 requests in flight.
import { describe, expect, it } from '@jest/globals';
import { CancelledError } from '../../src/shared/errors.js';
import { V2Api } from '../../src/trunk/v2/api.js';
import { V2Source } from '../../src/trunk/v2/source.js';
import { requestContext } from '../helpers/request-context.js';
import { until, useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import {
  DAY,
  HISTORY_ROUTES,
  historyOf,
  historyRequests,
  QUEUE,
  recordedTrips,
  tripsIn,
  windowOf,
  windowSource,
} from '../helpers/window-history.js';

describe('trunk/v2-window-limits', () => {
  const sim = useSimulator({ scenario: 'week' });
  const signal = () => new AbortController().signal;

  describe('faults', () => {
    it('a 503 that passes on retry costs one request and nothing else', async () => {
      sim.script('v2.queuePullRequests', [{ status: 503 }]);
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 2), signal()));
      expect(answer.failures).toEqual([]);
      expect(sim.count('v2.queuePullRequests')).toBe(5);
      expect(answer.requests).toBe(historyRequests(sim).length);
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', now - 2 * DAY, now).length);
    });

    it('testing results failing after their retries (503) leave the testing figures empty; the trips are still read', async () => {
      sim.script('v2.testingResults', [{ status: 503, times: Infinity }]);
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 7), signal()));
      expect(answer.failures).toEqual([
        { read: 'testing', message: expect.stringMatching(/testing-results.*HTTP 503/) },
      ]);
      // Each day's list was asked twice (one retry), and counted.
      expect(sim.count('v2.testingResults')).toBe(28);
      expect(answer.requests).toBe(historyRequests(sim).length);
      expect([answer.current.stretches, answer.before?.stretches]).toEqual([undefined, undefined]);
      expect(answer.current.covered).toEqual({ fromMs: now - 7 * DAY, toMs: now });
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', now - 7 * DAY, now).length);
    });

    it('timelines throttled (429, Retry-After) past their retries leave the trips empty; testing is still read', async () => {
      sim.script('v2.historyBatch', [{ status: 429, headers: { 'retry-after': '1' }, times: Infinity }]);
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 2), signal()));
      expect(answer.failures).toEqual([
        { read: 'trips', message: expect.stringMatching(/queue-entry-history.*HTTP 429/) },
      ]);
      expect([answer.current.timelines, answer.before?.timelines]).toEqual([undefined, undefined]);
      expect(answer.current.stretches?.length).toBeGreaterThan(40);
      expect((clock as VirtualClock).sleeps.every((ms) => ms >= 1000)).toBe(true);
    });

    it("a PR list that fails leaves that span's trips empty", async () => {
      sim.script('v2.queuePullRequests', [{ status: 500, times: Infinity }]);
      const { v2, clock } = windowSource(sim);
      const answer = historyOf(await v2.readWindow(windowOf(clock.now(), 1), signal()));
      expect(answer.failures).toEqual([{ read: 'trips', message: expect.stringMatching(/pull-requests.*HTTP 500/) }]);
      expect(answer.current.timelines).toBeUndefined();
      expect(sim.count('v2.historyBatch')).toBe(0);
      expect(answer.current.stretches).toBeDefined();
    });

    it('an answer that does not fit the API is a failure naming the field', async () => {
      sim.script('v2.testingResults', [
        { body: { data: [{ pullRequestNumber: 1, endedAt: 'yesterday', testingDurationMs: 0 }], nextCursor: null } },
      ]);
      const { v2, clock } = windowSource(sim);
      const answer = historyOf(await v2.readWindow(windowOf(clock.now(), 1 / 24, {}, true), signal()));
      expect(answer.failures).toEqual([
        { read: 'testing', message: expect.stringContaining('field "data[0].endedAt" is not an ISO 8601 time') },
      ]);
    });

    it("in the mixed mode, the history reads keep the context's retries, not the story's one", async () => {
      sim.script('v2.testingResults', [{ status: 503, times: 2 }]);
      const { v2, clock } = windowSource(sim, { retries: 3 }, true);
      const answer = historyOf(await v2.readWindow(windowOf(clock.now(), 1 / 24, {}, true), signal()));
      expect(answer.failures).toEqual([]);
      expect(sim.count('v2.testingResults')).toBe(3);
    });

    it('a key Trunk refuses leaves every figure empty with the reason, and the run goes on', async () => {
      const clock = new VirtualClock();
      const api = new V2Api(requestContext({ clock }), sim.url, 'trunk_v2_wrong');
      const v2 = new V2Source(api, { apiUrl: sim.url, ...QUEUE });
      const request = windowOf(clock.now(), 7);
      const answer = historyOf(await v2.readWindow(request, signal()));
      expect(answer).toEqual({
        kind: 'history',
        current: { covered: request.current },
        before: { covered: request.before },
        failures: [
          { read: 'trips', message: expect.stringContaining('the API key was refused (HTTP 401') },
          { read: 'testing', message: expect.stringContaining('the API key was refused (HTTP 401') },
        ],
        requests: 0,
      });
    });
  });

  describe('the cap, the deadline, and requests in flight', () => {
    it('a small cap: never more requests than it allows, and only the newest days read in full are covered', async () => {
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 7, { maxRequests: 20 }), signal()));
      expect(answer.requests).toBe(20);
      expect(historyRequests(sim)).toHaveLength(20);
      expect(answer.failures).toEqual([]);
      const { fromMs, toMs } = answer.current.covered;
      const days = (toMs - fromMs) / DAY;
      expect(toMs).toBe(now);
      expect(Number.isInteger(days) && days >= 1 && days < 7).toBe(true);
      // The window before is not reached: it covers nothing, and counts nothing.
      expect(answer.before).toEqual({
        timelines: [],
        stretches: [],
        covered: { fromMs: now - 7 * DAY, toMs: now - 7 * DAY },
      });
      // Exactly what ended in the covered days: nothing from the day cut short.
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', fromMs, toMs).length);
      expect(answer.current.stretches?.every((stretch) => stretch.endedAtMs > fromMs)).toBe(true);
    });

    it('the deadline (on the run clock) stops the reads: the newest days read in full are covered, no failure', async () => {
      // Timelines fail from the third call, and their retries wait past the deadline.
      sim.script('v2.historyBatch', [{ times: 2 }, { status: 503, times: Infinity }]);
      const { v2, clock } = windowSource(sim, { retries: 5 });
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 7, { deadlineMs: now + 2_500 }), signal()));
      // Stopped at the deadline, not after the retries' 31 s of waits (the virtual clock may overshoot
      // by a wait that began in the same turn).
      expect(clock.now()).toBeGreaterThanOrEqual(now + 2_500);
      expect(clock.now()).toBeLessThan(now + 5_000);
      expect(answer.failures).toEqual([]);
      const { fromMs, toMs } = answer.current.covered;
      const days = (toMs - fromMs) / DAY;
      expect(toMs).toBe(now);
      expect(Number.isInteger(days) && days >= 1 && days < 7).toBe(true);
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', fromMs, toMs).length);
      // Counted as sent: a request the deadline cut off on its way may never have reached Trunk.
      expect(answer.requests).toBeGreaterThanOrEqual(historyRequests(sim).length);
      expect(answer.requests).toBeLessThanOrEqual(historyRequests(sim).length + 8);
    });

    it('a deadline already passed reads nothing', async () => {
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const answer = historyOf(await v2.readWindow(windowOf(now, 7, { deadlineMs: now }), signal()));
      expect(answer.requests).toBe(0);
      expect(historyRequests(sim)).toHaveLength(0);
      expect(answer.current.covered).toEqual({ fromMs: now, toMs: now });
    });

    it('never more than 8 requests in flight; a cancelled job throws', async () => {
      for (const route of HISTORY_ROUTES) sim.script(route, [{ hang: true, times: Infinity }]);
      const { v2, clock } = windowSource(sim);
      const job = new AbortController();
      const reading = v2.readWindow(windowOf(clock.now(), 7), job.signal);
      await until(() => historyRequests(sim).length >= 8, 'eight requests');
      // Turns of the event loop for a ninth to arrive, were one sent: a slot is never freed here.
      for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(historyRequests(sim)).toHaveLength(8);
      job.abort();
      await expect(reading).rejects.toBeInstanceOf(CancelledError);
    });
  });
});
