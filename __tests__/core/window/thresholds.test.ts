// The window held to its limits, on the fixed history (fixture.ts): over (at(0), at(1440)] the
// failure rate is 42.9 (3 failed, 4 merged) and the p90 time in queue 6000 s = 100 min.
import { describe, expect, it } from '@jest/globals';
import { figuresFromHistory, figuresFromMetrics, type WindowFigures } from '../../../src/core/window/figures.js';
import {
  judgeWindow,
  tooFewToJudge,
  type TooFew,
  type WindowLimits,
  type WindowReason,
} from '../../../src/core/window/thresholds.js';
import { tripsOf } from '../../../src/core/window/trips.js';
import { at, STRETCHES, TIMELINES } from './fixture.js';

const TRIPS = Object.values(TIMELINES).flatMap(tripsOf);
const WINDOW = figuresFromHistory({ trips: TRIPS, stretches: STRETCHES, span: { fromMs: at(0), toMs: at(1440) } });
// Nothing ends in (840, 1380]: counts 0, no rate, no percentiles.
const EMPTY = figuresFromHistory({ trips: TRIPS, stretches: STRETCHES, span: { fromMs: at(840), toMs: at(1380) } });
// The PR list could not be read: counts and times in queue unknown; the testing results were read.
const NO_TRIPS = figuresFromHistory({ stretches: STRETCHES, span: { fromMs: at(0), toMs: at(1440) } });
// The last hour from metrics, one trip: its time in queue's p90 is at most 3600 s when the 3600
// bucket holds it, and at most Infinity when only +Inf does.
const hour = (in3600Bucket: number): WindowFigures =>
  figuresFromMetrics({
    merged: 1,
    failed: 0,
    timeInQueue: {
      buckets: [
        { le: 600, count: 0 },
        { le: 3600, count: in3600Bucket },
        { le: Infinity, count: 1 },
      ],
      count: 1,
    },
  });

describe('judgeWindow', () => {
  it.each<[string, WindowFigures, WindowLimits, WindowReason[]]>([
    ['no limits: nothing to hold to', WINDOW, {}, []],
    ['a failure rate of 42.9 is above 42.8', WINDOW, { maxFailureRate: 42.8 }, ['failure_rate_high']],
    ['a failure rate of 42.9 is not above 42.9: strictly greater', WINDOW, { maxFailureRate: 42.9 }, []],
    ['a limit of 0 is a limit: any failure is above it', WINDOW, { maxFailureRate: 0 }, ['failure_rate_high']],
    // 501 of 2500 is 20.04 %, reported as 20.0: held to the figure the words will show.
    [
      'the rate as reported: 20.04 shows as 20.0, not above 20',
      figuresFromMetrics({ merged: 1999, failed: 501 }),
      { maxFailureRate: 20 },
      [],
    ],
    ['a p90 of 100 min is above 99', WINDOW, { maxTimeInQueueMinutes: 99 }, ['time_in_queue_high']],
    ['a p90 of 100 min is not above 100', WINDOW, { maxTimeInQueueMinutes: 100 }, []],
    [
      'both above: the failure rate first',
      WINDOW,
      { maxFailureRate: 10, maxTimeInQueueMinutes: 60 },
      ['failure_rate_high', 'time_in_queue_high'],
    ],
    ['an empty window passes both, however strict', EMPTY, { maxFailureRate: 0, maxTimeInQueueMinutes: 1 }, []],
    ['counts not read, with a rate limit: unknown', NO_TRIPS, { maxFailureRate: 50 }, ['failure_rate_unknown']],
    [
      'time in queue not read, with its limit: unknown',
      NO_TRIPS,
      { maxTimeInQueueMinutes: 600 },
      ['time_in_queue_unknown'],
    ],
    ['nothing read, no limits: nothing to hold to', {}, {}, []],
    [
      'merged read but failed not: the rate is unknown',
      figuresFromMetrics({ merged: 3 }),
      { maxFailureRate: 50 },
      ['failure_rate_unknown'],
    ],
    [
      'failed read but merged not: the rate is unknown',
      figuresFromMetrics({ failed: 3 }),
      { maxFailureRate: 50 },
      ['failure_rate_unknown'],
    ],
    // a bound is what the p90 is at most: 3600 s against 60 min is not above
    ['a bucket bound equal to the limit: not above', hour(1), { maxTimeInQueueMinutes: 60 }, []],
    [
      'a bucket bound above the limit holds, though the p90 may be below',
      hour(1),
      { maxTimeInQueueMinutes: 59 },
      ['time_in_queue_high'],
    ],
    [
      'a bound of Infinity holds whatever the limit',
      hour(0),
      { maxTimeInQueueMinutes: 100_000 },
      ['time_in_queue_high'],
    ],
  ])('%s', (_, figures, limits, reasons) => {
    expect(judgeWindow(figures, limits)).toEqual(reasons);
  });
});

// min-trips: over the window, the failure rate stands on 7 trips (4 merged, 3 failed) and the time
// in queue on 6 (104 and 105 never entered); the last hour of metrics on 1 of each.
describe('min-trips', () => {
  const strict = { maxFailureRate: 10, maxTimeInQueueMinutes: 60 };
  it.each<[string, WindowFigures, WindowLimits, WindowReason[], TooFew[]]>([
    ['none given: judged on any number', WINDOW, strict, ['failure_rate_high', 'time_in_queue_high'], []],
    [
      'at the minimum: judged (7 ≥ 7, 6 ≥ 6)',
      WINDOW,
      { ...strict, minTrips: 6 },
      ['failure_rate_high', 'time_in_queue_high'],
      [],
    ],
    [
      'the rate on 7 trips, the time on 6: only the time too few for 7',
      WINDOW,
      { ...strict, minTrips: 7 },
      ['failure_rate_high'],
      [{ figure: 'time_in_queue', trips: 6 }],
    ],
    [
      'below it: neither trips, each said',
      WINDOW,
      { ...strict, minTrips: 10 },
      [],
      [
        { figure: 'failure_rate', trips: 7 },
        { figure: 'time_in_queue', trips: 6 },
      ],
    ],
    [
      'only the thresholds given are said',
      WINDOW,
      { maxFailureRate: 10, minTrips: 10 },
      [],
      [{ figure: 'failure_rate', trips: 7 }],
    ],
    ['no threshold: nothing to say', WINDOW, { minTrips: 10 }, [], []],
    [
      'a passing threshold below min-trips is not judged either',
      WINDOW,
      { maxFailureRate: 90, minTrips: 10 },
      [],
      [{ figure: 'failure_rate', trips: 7 }],
    ],
    // Nothing ended: the empty window's own words say so; not "0 trips: too few".
    ['an empty window: passes, and nothing is too few', EMPTY, { ...strict, minTrips: 10 }, [], []],
    // Not read: unknown holds whatever min-trips says, as a check that cannot tell.
    [
      'not read: unknown, not too few',
      NO_TRIPS,
      { ...strict, minTrips: 10 },
      ['failure_rate_unknown', 'time_in_queue_unknown'],
      [],
    ],
    // The metrics' last hour: 1 merged, 0 failed; one trip in the histogram, at most Infinity.
    [
      'a bucket bound on one trip: too few',
      hour(0),
      { maxTimeInQueueMinutes: 60, minTrips: 2 },
      [],
      [{ figure: 'time_in_queue', trips: 1 }],
    ],
  ])('%s', (_, figures, limits, reasons, tooFew) => {
    expect(judgeWindow(figures, limits)).toEqual(reasons);
    expect(tooFewToJudge(figures, limits)).toEqual(tooFew);
  });
});
