// v2's reads for a window report, against the simulator's seeded histories: day slices of the
// queue's PRs by conclusion and of its testing results, newest first, each in pages of 100, then
// the named PRs' timelines 50 to a call. What it costs over the busy week: v2-window.slow.test.ts. Trips are checked
// against the simulator's own record of the history. Faults and limits: v2-window-limits.test.ts.
import { describe, expect, it } from '@jest/globals';
import type { HistoryRead, PrTimeline } from '../../src/core/history.js';
import { useSimulator } from '../helpers/simulator.js';
import {
  DAY,
  historyOf,
  historyRequests,
  queryOf,
  recordedTrips,
  tripsIn,
  windowOf,
  windowSource,
} from '../helpers/window-history.js';

describe('trunk/v2-window', () => {
  const sim = useSimulator({ scenario: 'week' });
  const signal = () => new AbortController().signal;

  describe('the reads', () => {
    it("a 7-day window and the one before: 14 day slices of each list, counted back from the run's start, newest first", async () => {
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      // A first read opens the connections, so that the second's go out in the order they are sent.
      await v2.readWindow(windowOf(now, 7), signal());
      sim.requests.splice(0);
      const answer = historyOf(await v2.readWindow(windowOf(now, 7), signal()));
      const days = Array.from({ length: 14 }, (_, i) => [now - (i + 1) * DAY, now - i * DAY]);
      const lists = sim.requests.filter((r) => r.endpoint === 'v2.queuePullRequests').map((r) => queryOf(r.path));
      const spanOf = (q: URLSearchParams, from: string, to: string) => [
        Date.parse(q.get(from) ?? ''),
        Date.parse(q.get(to) ?? ''),
      ];
      expect(lists.map((q) => spanOf(q, 'concludedAfter', 'concludedBefore')).sort((a, b) => b[1]! - a[1]!)).toEqual(
        days,
      );
      const testing = sim.requests.filter((r) => r.endpoint === 'v2.testingResults').map((r) => queryOf(r.path));
      // `until` always set: an open one is fixed at the first page, and the window ends at the run's start.
      expect(testing.map((q) => spanOf(q, 'since', 'until')).sort((a, b) => b[1]! - a[1]!)).toEqual(days);
      expect([...lists, ...testing].every((q) => q.get('limit') === '100')).toBe(true);
      // Newest first: each day's two lists in their turn (give or take a swap among those sent together).
      const order = sim.requests
        .filter((r) => r.endpoint === 'v2.queuePullRequests' || r.endpoint === 'v2.testingResults')
        .map((r) =>
          days.findIndex(
            ([, toMs]) =>
              toMs === Date.parse(queryOf(r.path).get('concludedBefore') ?? queryOf(r.path).get('until') ?? ''),
          ),
        );
      order.forEach((day, place) => expect(Math.abs(day - Math.floor(place / 2))).toBeLessThanOrEqual(2));

      // Each PR the lists named, read once, 50 to a call.
      const batches = sim.requests.filter((r) => r.endpoint === 'v2.historyBatch').map((r) => queryOf(r.path));
      const ids = batches.flatMap((q) => (q.get('pullRequestIds') ?? '').split(','));
      expect(batches.every((q) => q.get('limit') === '50')).toBe(true);
      expect(Math.max(...batches.map((q) => (q.get('pullRequestIds') ?? '').split(',').length))).toBe(50);
      expect(new Set(ids).size).toBe(ids.length);
      expect(batches.length).toBe(Math.ceil(ids.length / 50));

      expect(answer.failures).toEqual([]);
      expect(answer.requests).toBe(historyRequests(sim).length);
      expect(answer.current.covered).toEqual({ fromMs: now - 7 * DAY, toMs: now });
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', now - 7 * DAY, now).length);
      expect(tripsIn(answer.before as HistoryRead)).toHaveLength(
        recordedTrips('week', now - 14 * DAY, now - 7 * DAY).length,
      );
      // Only the PRs that concluded in the span: a PR listed for the day before the window is not in it.
      const concludedIn = (timeline: PrTimeline, { fromMs, toMs }: { fromMs: number; toMs: number }) =>
        timeline.transitions.some(
          (t) => ['merged', 'failed', 'cancelled'].includes(t.state) && t.atMs > fromMs && t.atMs <= toMs,
        );
      expect(answer.current.timelines?.every((timeline) => concludedIn(timeline, answer.current.covered))).toBe(true);
      const stretches = answer.current.stretches ?? [];
      expect(stretches.every((stretch) => stretch.endedAtMs > now - 7 * DAY && stretch.endedAtMs <= now)).toBe(true);
      expect(new Set(stretches.map((stretch) => stretch.outcome))).toEqual(
        new Set(['passed', 'failed', 'interrupted', 'cancelled']),
      );
      expect(stretches.some((stretch) => stretch.isBisection)).toBe(true);
      expect(stretches.every((stretch) => stretch.durationMs % 1000 === 0)).toBe(true);
    });

    it('the last hour alone: one slice, one request of each list; testing results in the neutral type', async () => {
      const { v2, clock } = windowSource(sim);
      const now = clock.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      const row = { testingDurationMs: 754_000, isBisection: false, startedBisection: false };
      sim.script('v2.testingResults', [
        {
          body: {
            data: [
              { ...row, pullRequestNumber: 1201, endedAt: at(1), outcome: 'passed', entryConclusion: 'merged' },
              {
                ...row,
                pullRequestNumber: 1202,
                endedAt: at(2),
                outcome: 'TestTimeout',
                isBisection: true,
                newField: 1,
              },
              { ...row, pullRequestNumber: 1203, endedAt: at(3), outcome: null, testingDurationMs: 0 },
              // Outside the hour: a list's ends are inclusive, the window's start is not in it.
              { ...row, pullRequestNumber: 1204, endedAt: at(60), outcome: 'failed' },
            ],
            nextCursor: null,
            hasMore: false,
          },
        },
      ]);
      const answer = historyOf(await v2.readWindow(windowOf(now, 1 / 24, {}, true), signal()));
      expect([sim.count('v2.queuePullRequests'), sim.count('v2.testingResults')]).toEqual([1, 1]);
      expect(answer.before).toBeUndefined();
      expect(answer.current.stretches).toEqual([
        { prNumber: 1201, endedAtMs: now - 60_000, durationMs: 754_000, outcome: 'passed', isBisection: false },
        { prNumber: 1202, endedAtMs: now - 120_000, durationMs: 754_000, outcome: 'test_timeout', isBisection: true },
        { prNumber: 1203, endedAtMs: now - 180_000, durationMs: 0, outcome: undefined, isBisection: false },
      ]);
      expect(tripsIn(answer.current)).toHaveLength(recordedTrips('week', now - 3_600_000, now).length);
    });

    it('reads no metrics, so a Trunk without them (week-no-metrics) changes nothing', async () => {
      sim.useScenario('week-no-metrics');
      const { v2, clock } = windowSource(sim);
      const answer = historyOf(await v2.readWindow(windowOf(clock.now(), 1), signal()));
      expect(answer.failures).toEqual([]);
      expect(sim.count('v2.metrics')).toBe(0);
    });
  });
});
