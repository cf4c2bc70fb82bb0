// The window held to `max-failure-rate` and `max-time-in-queue-minutes`. A check that cannot tell
// does not pass: a figure that could not be read holds the report with an `_unknown` reason. A
// window in which nothing ended has nothing to judge, so it passes.
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
}

/** What holds the report, failure rate first; empty when it passes. */
export function judgeWindow(figures: WindowFigures, limits: WindowLimits): WindowReason[] {
  const reasons: WindowReason[] = [];
  const { maxFailureRate, maxTimeInQueueMinutes } = limits;
  if (maxFailureRate !== undefined) {
    if (figures.merged === undefined || figures.failed === undefined) reasons.push('failure_rate_unknown');
    // The rate as reported (one decimal), so that the verdict and its words agree: a rate shown
    // as 20.0 % is not above 20.
    else if (figures.failureRate !== undefined && figures.failureRate > maxFailureRate)
      reasons.push('failure_rate_high');
  }
  if (maxTimeInQueueMinutes !== undefined) {
    const p90 = figures.timeInQueue?.p90Seconds;
    if (figures.timeInQueue === undefined) reasons.push('time_in_queue_unknown');
    // A bucket bound is what the p90 is at most, Infinity included: comparing it errs on the side
    // of holding, as the contract asks.
    else if (p90 !== undefined && p90 > maxTimeInQueueMinutes * 60) reasons.push('time_in_queue_high');
  }
  return reasons;
}
