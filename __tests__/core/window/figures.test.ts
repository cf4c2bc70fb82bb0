// The window's figures on the fixed history (fixture.ts). The window is (at(0), at(1440)]; each
// row's comment says which trips or stretches make its answer.
import { describe, expect, it } from '@jest/globals';
import type { HourMetrics, Trip } from '../../../src/core/history.js';
import {
  figuresFromHistory,
  figuresFromMetrics,
  hourlyBars,
  spans,
  type Span,
  type WindowFigures,
} from '../../../src/core/window/figures.js';
import { tripsOf } from '../../../src/core/window/trips.js';
import { at, check, DAY_MS, NOW, STRETCHES, TIMELINES } from './fixture.js';

const TRIPS = Object.values(TIMELINES).flatMap(tripsOf);
const span = (from: number, to: number): Span => ({ fromMs: at(from), toMs: at(to) });
const over = (s: Span): WindowFigures => figuresFromHistory({ trips: TRIPS, stretches: STRETCHES, span: s });
const WINDOW = span(0, 1440);
const EMPTY = span(840, 1380); // 108's bisection ends at 840 (the start: out), 107 at 1440: nothing ends inside
const checkNamed = (f: WindowFigures, name: string) => f.topFailingChecks?.find((row) => row.name === name);

describe('figuresFromHistory', () => {
  it.each<[string, Span, (f: WindowFigures) => unknown, unknown]>([
    // 101's second trip (155), 102 (290), 105 by hand (620), 107 at the window's end (1440: in).
    ['merged: four, the one at the window end included', WINDOW, (f) => f.merged, 4],
    // 101's first trip (60), 103 (410), 108 (765); 106 failed at the window's start (0: out).
    ['failed: three, the one at the window start left out', WINDOW, (f) => f.failed, 3],
    ['cancelled: 104, which never entered', WINDOW, (f) => f.cancelled, 1],
    ['manual merges: 105', WINDOW, (f) => f.manualMerges, 1],
    // 3 ÷ (4 + 3) = 42.857…; 104's cancellation is not a failure.
    ['failure rate: 42.9', WINDOW, (f) => f.failureRate, 42.9],
    // Lengths 40 45 90 100 65 60 (101 twice, 102, 103, 108, 107); 104 and 105 have no start.
    // Sorted 40 45 60 65 90 100: p50 rank 3 = 60 min, p90 rank ceil(5.4) = 6 = 100 min.
    ['time in queue', WINDOW, (f) => f.timeInQueue, { p50Seconds: 3600, p90Seconds: 6000, kind: 'exact', count: 6 }],
    // passed/failed stretches 30 35 32 60 55 70 (108's bisection) 50 (107's, at the end); not 102's
    // interruption, 103's cancellation or 106's at the start. Sorted: rank 4 = 50 min, rank 7 = 70 min.
    [
      'testing time, bisection included',
      WINDOW,
      (f) => f.testing,
      { p50Seconds: 3000, p90Seconds: 4200, kind: 'exact', count: 7 },
    ],
    // 102 at 240 and 109 at 1420 (an open trip still restarts); 106's at -30 is the day before.
    ['restarts', WINDOW, (f) => f.restarts, 2],
    // 101: test_run_required_status_failed, 103: test_run_timeout, one each; 108 sent no reason.
    [
      'top reasons: a tie goes to the code first in order; a trip without a reason is left out',
      WINDOW,
      (f) => f.topFailureReasons,
      [
        { reason: 'test_run_required_status_failed', count: 1 },
        { reason: 'test_run_timeout', count: 1 },
      ],
    ],
    // With the day before: test_run_timeout twice (103, 106), ahead of the code that sorts first.
    [
      'top reasons: the most frequent first',
      span(-1440, 1440),
      (f) => f.topFailureReasons?.map((row) => row.reason),
      ['test_run_timeout', 'test_run_required_status_failed'],
    ],
    // lint: 101, 103, 108 = 3; build: 101, 103 = 2; e2e (108) and zeta (101): 1 each, by name.
    [
      'top checks: most frequent first, ties by name',
      WINDOW,
      (f) => f.topFailingChecks?.map((row) => [row.name, row.count]),
      [
        ['lint', 3],
        ['build', 2],
        ['e2e', 1],
        ['zeta', 1],
      ],
    ],
    [
      'a check keeps the URL of the most recent trip naming it: build from 103 (410), not 101 (60)',
      WINDOW,
      (f) => checkNamed(f, 'build')?.url,
      'https://ci.example/b3',
    ],
    [
      'null when that trip had none: lint from 108 (765), though 101 and 103 had URLs',
      WINDOW,
      (f) => checkNamed(f, 'lint')?.url,
      null,
    ],
    [
      'a check a trip names twice counts once, with the URL it has: e2e in 108',
      WINDOW,
      (f) => checkNamed(f, 'e2e'),
      { name: 'e2e', count: 1, url: 'https://ci.example/e8' },
    ],
    // Only 101's first trip (40 min) ends in (0, 60]; 106 at 0 does not.
    ['the window edges, a trip at the end: in', span(0, 60), (f) => [f.failed, f.timeInQueue?.p50Seconds], [1, 2400]],
    ['the window edges, a trip at the start: out', span(60, 61), (f) => f.failed, 0],
    ['a stretch at the end: in (107, 50 min)', span(1439, 1440), (f) => f.testing?.p50Seconds, 3000],
    ['a stretch at the start: out (106 at 0)', span(0, 1), (f) => f.testing?.count, 0],
    [
      'percentiles of one trip: both its length (101, 40 min)',
      span(0, 60),
      (f) => f.timeInQueue,
      { p50Seconds: 2400, p90Seconds: 2400, kind: 'exact', count: 1 },
    ],
    // 101's trips, 40 and 45 min: p50 rank 1, p90 rank ceil(1.8) = 2.
    [
      'percentiles of two trips: the lower and the higher',
      span(0, 155),
      (f) => f.timeInQueue,
      { p50Seconds: 2400, p90Seconds: 2700, kind: 'exact', count: 2 },
    ],
    ['the day before: 106 alone, failed', span(-1440, 0), (f) => [f.merged, f.failed, f.failureRate], [0, 1, 100]],
    [
      'an empty window: counts 0',
      EMPTY,
      (f) => [f.merged, f.failed, f.cancelled, f.manualMerges, f.restarts],
      [0, 0, 0, 0, 0],
    ],
    ['an empty window: no failure rate, never 0 or NaN', EMPTY, (f) => f.failureRate, undefined],
    ['an empty window: time in queue read, no percentiles', EMPTY, (f) => f.timeInQueue, { kind: 'exact', count: 0 }],
    ['an empty window: testing read, no percentiles', EMPTY, (f) => f.testing, { kind: 'exact', count: 0 }],
    ['an empty window: no reasons or checks', EMPTY, (f) => [f.topFailureReasons, f.topFailingChecks], [[], []]],
  ])('%s', (_, s, read, expected) => {
    expect(read(over(s))).toEqual(expected);
  });

  it('trips not read: their figures unknown, not 0; the testing results still count', () => {
    const f = figuresFromHistory({ stretches: STRETCHES, span: WINDOW });
    expect([f.merged, f.failed, f.cancelled, f.failureRate, f.timeInQueue, f.topFailingChecks, f.buckets]).toEqual(
      Array(7).fill(undefined),
    );
    expect(f.restarts).toBe(2);
  });

  it('testing results not read: testing time and restarts unknown; the trips still count', () => {
    const f = figuresFromHistory({ trips: TRIPS, span: WINDOW });
    expect([f.testing, f.restarts, f.merged]).toEqual([undefined, undefined, 4]);
  });

  it('a stretch with no outcome, or one this version does not know, is neither a run nor a restart', () => {
    const odd = [
      { prNumber: 110, endedAtMs: at(900), durationMs: 60_000, isBisection: false },
      { prNumber: 110, endedAtMs: at(901), durationMs: 60_000, outcome: 'skipped', isBisection: false },
    ];
    const f = figuresFromHistory({ trips: TRIPS, stretches: [...STRETCHES, ...odd], span: WINDOW });
    expect([f.testing?.count, f.restarts]).toEqual([7, 2]);
  });

  it('at most ten reasons and checks, the first ten in order when all are tied', () => {
    const failed: Trip[] = Array.from({ length: 12 }, (_, i) => ({
      prNumber: 200 + i,
      startMs: at(i),
      endMs: at(i + 1),
      end: 'failed',
      reason: `r${String(11 - i).padStart(2, '0')}`,
      failingChecks: [check(`c${String(11 - i).padStart(2, '0')}`, null)],
    }));
    const f = figuresFromHistory({ trips: failed, stretches: [], span: WINDOW });
    const ten = Array.from({ length: 10 }, (_, i) => String(i).padStart(2, '0'));
    expect(f.topFailureReasons?.map((row) => row.reason)).toEqual(ten.map((n) => `r${n}`));
    expect(f.topFailingChecks?.map((row) => row.name)).toEqual(ten.map((n) => `c${n}`));
  });
});

describe('the chart', () => {
  const bars = over(WINDOW).buckets ?? [];

  it.each<[string, () => unknown, unknown]>([
    ['24 h: a bar per hour, 24 of them', () => bars.length, 24],
    ['oldest first, counted back from the end', () => [bars[0]?.startMs, bars[23]?.endMs], [at(0), at(1440)]],
    // 101's first trip failed at 60, the first bar's end: in it, not the next.
    [
      'a trip at a bar end is in that bar',
      () => bars[0],
      { startMs: at(0), endMs: at(60), merged: 0, failed: 1, medianTimeInQueueSeconds: 2400 },
    ],
    [
      'an hour where nothing ended: zeros, no median',
      () => bars[1],
      { startMs: at(60), endMs: at(120), merged: 0, failed: 0 },
    ],
    // 105, merged by hand at 620, never entered: counted, but no time in queue to take a median of.
    [
      'a merge without a start counts but has no median',
      () => bars[10],
      { startMs: at(600), endMs: at(660), merged: 1, failed: 0 },
    ],
    [
      '107 at the window end is in the last bar',
      () => bars[23],
      { startMs: at(1380), endMs: at(1440), merged: 1, failed: 0, medianTimeInQueueSeconds: 3600 },
    ],
    [
      'the bars add up to the counts',
      () => [bars.reduce((n, b) => n + b.merged, 0), bars.reduce((n, b) => n + b.failed, 0)],
      [4, 3],
    ],
    // 48 h is still hourly: bars (−1440, −1380] … (1380, 1440].
    [
      '48 h: hourly, 48 bars',
      () => over(span(-1440, 1440)).buckets?.map((b) => b.endMs - b.startMs),
      Array(48).fill(3_600_000),
    ],
    // 49 h is daily, back from the end: (0, 1440], (−1440, 0], and a partial hour (−1500, −1440].
    [
      '49 h: daily, the oldest bar partial',
      () => over(span(-1500, 1440)).buckets,
      [
        { startMs: at(-1500), endMs: at(-1440), merged: 0, failed: 0 },
        { startMs: at(-1440), endMs: at(0), merged: 0, failed: 1, medianTimeInQueueSeconds: 2400 },
        // six trips with a start, sorted 40 45 60 65 90 100: rank 3 = 60 min
        { startMs: at(0), endMs: at(1440), merged: 4, failed: 3, medianTimeInQueueSeconds: 3600 },
      ],
    ],
    // 2.5 h ending at 180: (30, 60], (60, 120], (120, 180], not clock hours from its start.
    [
      'aligned to the span end, not to clock hours',
      () => over(span(30, 180)).buckets?.map((b) => [b.startMs, b.endMs, b.merged, b.failed]),
      [
        [at(30), at(60), 0, 1],
        [at(60), at(120), 0, 0],
        [at(120), at(180), 1, 0],
      ],
    ],
    [
      'an empty window: a bar per hour, all zero',
      () => over(EMPTY).buckets?.every((b) => b.merged + b.failed === 0 && b.medianTimeInQueueSeconds === undefined),
      true,
    ],
  ])('%s', (_, read, expected) => {
    expect(read()).toEqual(expected);
  });
});

describe('hourlyBars', () => {
  it.each<[string, Span, boolean]>([
    ['24 h: per hour', WINDOW, true],
    ['48 h: per hour', span(-1440, 1440), true],
    // (−1500, −1440] is an hour long; the newest bar, a whole day, says which.
    ['49 h: per day, though its oldest bar is an hour', span(-1500, 1440), false],
    ['a day and a half: per hour', span(-720, 1440), true],
  ])('%s', (_, s, hourly) => {
    expect(hourlyBars(over(s).buckets ?? [])).toBe(hourly);
  });

  it('no bars: not hourly', () => {
    expect(hourlyBars([])).toBe(false);
  });
});

describe('figuresFromMetrics', () => {
  /** Trunk's buckets (seconds) with these cumulative counts, +Inf last. */
  const histogram = (counts: number[]) => ({
    buckets: [60, 300, 600, 900, 1800, 3600, 5400, 7200, Infinity].map((le, i) => ({ le, count: counts[i] ?? 0 })),
    count: counts[8] ?? 0,
  });
  const hour: HourMetrics = {
    merged: 9,
    failed: 1,
    cancelled: 2,
    restarts: 3,
    timeInQueue: histogram([0, 1, 3, 5, 8, 9, 9, 9, 10]),
    testing: histogram([0, 0, 0, 0, 0, 0, 0, 0, 4]),
  };

  it.each<[string, HourMetrics, (f: WindowFigures) => unknown, unknown]>([
    ['counts and restarts as given', hour, (f) => [f.merged, f.failed, f.cancelled, f.restarts], [9, 1, 2, 3]],
    ['failure rate from the counts: 1 ÷ 10', hour, (f) => f.failureRate, 10],
    // count 10: rank 5 reached at 900, rank 9 at 3600.
    [
      'time in queue as bucket bounds',
      hour,
      (f) => f.timeInQueue,
      { p50Seconds: 900, p90Seconds: 3600, kind: 'bucket-bound', count: 10 },
    ],
    [
      'a bound only +Inf reaches is Infinity',
      hour,
      (f) => f.testing,
      { p50Seconds: Infinity, p90Seconds: Infinity, kind: 'bucket-bound', count: 4 },
    ],
    [
      'a histogram that counted nothing: read, no percentiles',
      { ...hour, testing: histogram([]) },
      (f) => f.testing,
      { kind: 'bucket-bound', count: 0 },
    ],
    // A bound is what the figure is at most: 0.2 s is at most 1 s, never "at most 0".
    [
      'a bound in part of a second is rounded up',
      { timeInQueue: { buckets: [{ le: 0.2, count: 1 }], count: 1 } },
      (f) => f.timeInQueue?.p90Seconds,
      1,
    ],
    [
      'series not sent: undefined, never 0',
      {},
      (f) => [f.merged, f.failed, f.cancelled, f.restarts, f.failureRate, f.timeInQueue, f.testing],
      Array(7).fill(undefined),
    ],
    ['merged sent, failed not: no failure rate', { merged: 5 }, (f) => f.failureRate, undefined],
    ['nothing merged or failed: no failure rate', { merged: 0, failed: 0 }, (f) => f.failureRate, undefined],
    [
      'no manual merges, reasons, checks or chart in metrics',
      hour,
      (f) => [f.manualMerges, f.topFailureReasons, f.topFailingChecks, f.buckets],
      Array(4).fill(undefined),
    ],
  ])('%s', (_, metrics, read, expected) => {
    expect(read(figuresFromMetrics(metrics))).toEqual(expected);
  });
});

describe('spans', () => {
  it.each<[string, number, Span | undefined]>([
    ['1 h: the hour before', 3_600_000, { fromMs: NOW - 7_200_000, toMs: NOW - 3_600_000 }],
    ['1 d: the day before', DAY_MS, { fromMs: NOW - 2 * DAY_MS, toMs: NOW - DAY_MS }],
    ['22 d: the 22 days before, 44 in all', 22 * DAY_MS, { fromMs: NOW - 44 * DAY_MS, toMs: NOW - 22 * DAY_MS }],
    ['23 d: only the 22 days before, 45 in all', 23 * DAY_MS, { fromMs: NOW - 45 * DAY_MS, toMs: NOW - 23 * DAY_MS }],
    ['30 d: the 15 days before', 30 * DAY_MS, { fromMs: NOW - 45 * DAY_MS, toMs: NOW - 30 * DAY_MS }],
    ['45 d: none', 45 * DAY_MS, undefined],
  ])('%s', (_, windowMs, before) => {
    const { current, ...rest } = spans(NOW, windowMs);
    expect(current).toEqual({ fromMs: NOW - windowMs, toMs: NOW });
    expect(rest.before).toEqual(before);
  });
});
