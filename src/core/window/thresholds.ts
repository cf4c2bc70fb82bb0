// The window held to `max-failure-rate` and `max-time-in-queue-minutes`. A check that cannot tell
// does not pass: a figure that could not be read holds the report with an `_unknown` reason. A
// window in which nothing ended has nothing to judge, so it passes; one in which fewer trips than
// `min-trips` ended is not judged either (1 failure in 4 trips is not a 25 % failure rate), and
// says so rather than pass in silence.
import type { WindowFigures } from './figures.js';

/** The reason codes of a report over a window, as the docs list them. */
export const WINDOW_REASON_CODES = [
  'failure_rate_high',
  'time_in_queue_high',
  'failure_rate_unknown',
  'time_in_queue_unknown',
] as const;

export type WindowReason = (typeof WINDOW_REASON_CODES)[number];

export interface WindowLimits {
  /** A percentage from 0 to 100; undefined: no limit. */
  maxFailureRate?: number;
  /** Minutes, compared with the 90th percentile; undefined: no limit. */
  maxTimeInQueueMinutes?: number;
  /** Fewer trips than this leave a threshold unjudged; undefined: any number judges. */
  minTrips?: number;
}

/** A threshold left unjudged: its figure stands on too few trips. */
export interface TooFew {
  figure: 'failure_rate' | 'time_in_queue';
  /** The trips the figure stands on (more than none, fewer than min-trips). */
  trips: number;
}

/** The trips each figure stands on: merged and failed for the rate, those with a time for the time in queue. */
function tripsBehind(figures: WindowFigures): Record<TooFew['figure'], number | undefined> {
  const { merged, failed } = figures;
  return {
    failure_rate: merged === undefined || failed === undefined ? undefined : merged + failed,
    time_in_queue: figures.timeInQueue?.count,
  };
}

/** The thresholds given whose figures stand on some trips, but fewer than min-trips. */
export function tooFewToJudge(figures: WindowFigures, limits: WindowLimits): TooFew[] {
  const behind = tripsBehind(figures);
  const given: Array<[TooFew['figure'], number | undefined]> = [
    ['failure_rate', limits.maxFailureRate],
    ['time_in_queue', limits.maxTimeInQueueMinutes],
  ];
  return given.flatMap(([figure, limit]) => {
    const trips = behind[figure];
    if (limit === undefined || trips === undefined || trips === 0 || trips >= (limits.minTrips ?? 0)) return [];
    return [{ figure, trips }];
  });
}

/** What holds the report, failure rate first; empty when it passes. */
export function judgeWindow(figures: WindowFigures, limits: WindowLimits): WindowReason[] {
  const reasons: WindowReason[] = [];
  const { maxFailureRate, maxTimeInQueueMinutes } = limits;
  const unjudged = new Set(tooFewToJudge(figures, limits).map((few) => few.figure));
  if (maxFailureRate !== undefined && !unjudged.has('failure_rate')) {
    if (figures.merged === undefined || figures.failed === undefined) reasons.push('failure_rate_unknown');
    // The rate as reported (one decimal), so that the verdict and its words agree: a rate shown
    // as 20.0 % is not above 20.
    else if (figures.failureRate !== undefined && figures.failureRate > maxFailureRate)
      reasons.push('failure_rate_high');
  }
  if (maxTimeInQueueMinutes !== undefined && !unjudged.has('time_in_queue')) {
    const p90 = figures.timeInQueue?.p90Seconds;
    if (figures.timeInQueue === undefined) reasons.push('time_in_queue_unknown');
    // A bucket bound is what the p90 is at most, Infinity included: comparing it errs on the side
    // of holding, as the contract asks.
    else if (p90 !== undefined && p90 > maxTimeInQueueMinutes * 60) reasons.push('time_in_queue_high');
  }
  return reasons;
}
