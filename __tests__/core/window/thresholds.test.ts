// The window held to its limits, on the fixed history (fixture.ts): over (at(0), at(1440)] the
// failure rate is 42.9 (3 failed, 4 merged) and the p90 time in queue 6000 s = 100 min.
import { describe, expect, it } from '@jest/globals';
import { figuresFromHistory, figuresFromMetrics, type WindowFigures } from '../../../src/core/window/figures.js';
import { judgeWindow, type WindowLimits, type WindowReason } from '../../../src/core/window/thresholds.js';
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
