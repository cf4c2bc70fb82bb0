// The queue's past, as the core knows it whichever API answered: each PR's timeline of queue-entry
// transitions, the stretches of testing Trunk lists, and the last hour of Trunk's metrics. The
// adapters (src/trunk) turn their API's answers into these types, with states and reasons already
// in the contract's words; the window report (./window/) and the commit verdict read only these.
// Texts here (reasons, check names, URLs) are Trunk's: untrusted until an exit makes them safe.
import type { FailingCheck } from './model.js';

/** One state change of a PR's queue entry. */
export interface Transition {
  /** Normalised: `not_ready`, `pending`, `testing`, `tests_passed`, `pending_failure`, `merged`, `failed`, `cancelled`, or a new value in snake_case. */
  state: string;
  /** When the entry entered this state, in ms since the epoch. */
  atMs: number;
  /** Trunk's reason in snake_case (`manual_merge`, `test_run_timeout`); undefined when it sent none. */
  reason?: string;
  /** Who made the change, when Trunk names someone (a GitHub login). */
  actor?: string;
  /** The checks that made the queue fail it: a `failed` transition's `failureCausingChecks`. */
  failingChecks: FailingCheck[];
}

/** One PR's whole queue-entry timeline, oldest first. */
export interface PrTimeline {
  number: number;
  transitions: Transition[];
}

/** How a trip ended. */
export type TripEnd = 'merged' | 'failed' | 'cancelled';

/**
 * One stay of a PR in the queue (the contract's "trip"): from its first `pending` to leaving the
 * queue. A PR that failed and was resubmitted makes two.
 */
export interface Trip {
  prNumber: number;
  /** The trip's first `pending`; undefined when it ended without ever reaching it. */
  startMs?: number;
  endMs: number;
  end: TripEnd;
  /** The reason of the transition that ended it, in snake_case. */
  reason?: string;
  failingChecks: FailingCheck[];
}

/** One stretch of testing, as Trunk's testing results list it. */
export interface TestingStretch {
  prNumber: number;
  endedAtMs: number;
  durationMs: number;
  /** `passed`, `failed`, `interrupted`, `cancelled`, or a value this version does not know; undefined when Trunk gave none. */
  outcome?: string;
  isBisection: boolean;
}

/** A Prometheus histogram of one queue's last hour: cumulative counts by upper bound, in seconds. */
export interface Histogram {
  /** Ascending by `le`; the last is `+Inf` (Infinity) when Trunk sent it. */
  buckets: Array<{ le: number; count: number }>;
  count: number;
}

/**
 * The last hour of one queue, from Trunk's metrics (`mq_*_1h_*` series with this queue's `branch`
 * and `queue_type="main"`, summed over `conclusion`). A figure whose series Trunk did not send is
 * undefined, never 0.
 */
export interface HourMetrics {
  merged?: number;
  failed?: number;
  cancelled?: number;
  restarts?: number;
  timeInQueue?: Histogram;
  testing?: Histogram;
}
