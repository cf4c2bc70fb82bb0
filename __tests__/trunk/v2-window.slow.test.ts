// What v2's reads for a window report cost over the simulator's busy week (about 2,000 trips), and
// the trips and figures they find, checked against the simulator's own record of the history.
import { describe, expect, it } from '@jest/globals';
import type { HistoryRead } from '../../src/core/history.js';
import { figuresFromHistory } from '../../src/core/window/figures.js';
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

const sim = useSimulator({ scenario: 'week' });
const signal = () => new AbortController().signal;

describe('the busy week, and the week before it', () => {
  it('stays within 200 requests, 8 at a time, and counts the ~2,000 trips the simulator recorded', async () => {
    await sim.restart({ scenario: 'busy-week' });
    const { v2, clock } = windowSource(sim);
    const now = clock.now();
    const answer = historyOf(await v2.readWindow(windowOf(now, 7), signal()));

    expect(answer.failures).toEqual([]);
    expect(answer.requests).toBe(historyRequests(sim).length);
    expect(answer.requests).toBeLessThanOrEqual(200);
    // The keep-alive agent opens a connection only when every open one is busy.
    expect(sim.connections()).toBeLessThanOrEqual(8);
    expect(answer.current.covered).toEqual({ fromMs: now - 7 * DAY, toMs: now });
    expect(answer.before?.covered).toEqual({ fromMs: now - 14 * DAY, toMs: now - 7 * DAY });

    const trips = tripsIn(answer.current);
    expect(trips.length).toBe(recordedTrips('busy-week', now - 7 * DAY, now).length);
    expect(trips.length).toBeGreaterThan(1800);
    expect(trips.length).toBeLessThan(2200);
    expect(tripsIn(answer.before as HistoryRead).length).toBe(
      recordedTrips('busy-week', now - 14 * DAY, now - 7 * DAY).length,
    );
    const figures = figuresFromHistory({
      trips: trips,
      stretches: answer.current.stretches,
      span: answer.current.covered,
    });
    expect((figures.merged ?? 0) + (figures.failed ?? 0) + (figures.cancelled ?? 0)).toBe(trips.length);
    expect(figures.failureRate).toBeLessThan(15);
    expect(figures.testing?.count).toBeGreaterThan(1500);

    // Each day's lists in pages of 100, each next page asked with the cursor of the one before.
    for (const route of ['v2.queuePullRequests', 'v2.testingResults'] as const) {
      const byDay = new Map<string | null, URLSearchParams[]>();
      for (const q of sim.requests.filter((r) => r.endpoint === route).map((r) => queryOf(r.path))) {
        const day = q.get('concludedAfter') ?? q.get('since');
        byDay.set(day, [...(byDay.get(day) ?? []), q]);
      }
      expect(byDay.size).toBe(14);
      for (const pages of byDay.values()) {
        expect(pages.length).toBeGreaterThanOrEqual(2);
        expect(pages.map((q) => q.has('cursor'))).toEqual([false, ...pages.slice(1).map(() => true)]);
        expect(new Set(pages.map((q) => q.get('cursor'))).size).toBe(pages.length);
        expect(pages.every((q) => q.get('limit') === '100')).toBe(true);
      }
    }
  });
});
