// Each figure beside the window before it. The fixed history's window (at(0), at(1440)] against the
// day before (at(-1440), at(0)], where only 106 ended; then the cases the history cannot show.
import { describe, expect, it } from '@jest/globals';
import { compareWindows, type FigureChange, type WindowComparison } from '../../../src/core/window/compare.js';
import { figuresFromHistory, type Span, type WindowFigures } from '../../../src/core/window/figures.js';
import { tripsOf } from '../../../src/core/window/trips.js';
import { at, STRETCHES, TIMELINES } from './fixture.js';

const TRIPS = Object.values(TIMELINES).flatMap(tripsOf);
const over = (fromMinute: number, toMinute: number): WindowFigures => {
  const span: Span = { fromMs: at(fromMinute), toMs: at(toMinute) };
  return figuresFromHistory({ trips: TRIPS, stretches: STRETCHES, span });
};
const WINDOW = over(0, 1440);
const DAY_BEFORE = over(-1440, 0);
const EMPTY = over(840, 1380);

describe('compareWindows on the fixed history', () => {
  const comparison = compareWindows(WINDOW, DAY_BEFORE);

  it.each<[string, keyof WindowComparison, FigureChange]>([
    // 101 (2nd), 102, 105, 107 against none
    ['merged', 'merged', { now: 4, before: 0, change: 4, direction: 'up' }],
    // 101 (1st), 103, 108 against 106
    ['failed', 'failed', { now: 3, before: 1, change: 2, direction: 'up' }],
    ['cancelled', 'cancelled', { now: 1, before: 0, change: 1, direction: 'up' }],
    // 3 of 7 against 1 of 1
    ['failure rate', 'failureRate', { now: 42.9, before: 100, change: -57.1, direction: 'down' }],
    // p50 60 min against 106's 40 min; p90 100 min against the same 40
    ['time in queue p50', 'timeInQueueP50', { now: 3600, before: 2400, change: 1200, direction: 'up' }],
    ['time in queue p90', 'timeInQueueP90', { now: 6000, before: 2400, change: 3600, direction: 'up' }],
    // p50 50 min, p90 70 min against 106's one run of 20 min
    ['testing p50', 'testingP50', { now: 3000, before: 1200, change: 1800, direction: 'up' }],
    ['testing p90', 'testingP90', { now: 4200, before: 1200, change: 3000, direction: 'up' }],
    // 102 and 109 against 106
    ['restarts', 'restarts', { now: 2, before: 1, change: 1, direction: 'up' }],
  ])('%s', (_, figure, expected) => {
    expect(comparison[figure]).toEqual(expected);
  });
});

describe('compareWindows where a side is missing or odd', () => {
  const bound = (p90Seconds: number): WindowFigures => ({
    timeInQueue: { p50Seconds: 900, p90Seconds, kind: 'bucket-bound', count: 10 },
  });

  it.each<[string, () => unknown, unknown]>([
    [
      'the same figure: change 0, same',
      () => compareWindows(WINDOW, WINDOW).merged,
      { now: 4, before: 4, change: 0, direction: 'same' },
    ],
    [
      'down when it fell',
      () => compareWindows(DAY_BEFORE, WINDOW).failed,
      { now: 1, before: 3, change: -2, direction: 'down' },
    ],
    // a 45-day window has no window before
    ['no window before: the figure alone', () => compareWindows(WINDOW, undefined).merged, { now: 4 }],
    // nothing ended in (840, 1380]: no rate, no percentiles, but counts of 0
    [
      'an empty window: its rate unknown, so no change',
      () => compareWindows(EMPTY, WINDOW).failureRate,
      { before: 42.9 },
    ],
    [
      'an empty window: its p90 unknown, so no change',
      () => compareWindows(EMPTY, WINDOW).timeInQueueP90,
      { before: 6000 },
    ],
    [
      'an empty window: its counts are 0, a real fall',
      () => compareWindows(EMPTY, WINDOW).merged,
      { now: 0, before: 4, change: -4, direction: 'down' },
    ],
    [
      'trips not read before: counts unknown, no change',
      () => compareWindows(WINDOW, { restarts: 1 }).merged,
      { now: 4 },
    ],
    [
      'rates to one decimal: 12.5 against 10.1 is 2.4',
      () => compareWindows({ failureRate: 12.5 }, { failureRate: 10.1 }).failureRate?.change,
      2.4,
    ],
    [
      'a bound of Infinity against a number: up, with no change',
      () => compareWindows(bound(Infinity), bound(3600)).timeInQueueP90,
      { now: Infinity, before: 3600, direction: 'up' },
    ],
    [
      'Infinity against Infinity: same, with no change',
      () => compareWindows(bound(Infinity), bound(Infinity)).timeInQueueP90,
      { now: Infinity, before: Infinity, direction: 'same' },
    ],
  ])('%s', (_, read, expected) => {
    expect(read()).toEqual(expected);
  });

  it('a difference floating point makes of equal rates is no change: 0, not −0, and same, not down', () => {
    const rate = compareWindows({ failureRate: 0.3 }, { failureRate: 0.1 + 0.2 }).failureRate;
    expect(rate.change).toBe(0);
    expect(rate.direction).toBe('same');
  });

  it('never NaN, whatever the sides', () => {
    const sides: WindowFigures[] = [WINDOW, EMPTY, {}, bound(Infinity)];
    const changes = sides.flatMap((a) => sides.flatMap((b) => Object.values(compareWindows(a, b))));
    expect(changes.filter((c) => Number.isNaN(c.change) || Number.isNaN(c.now) || Number.isNaN(c.before))).toEqual([]);
  });
});
