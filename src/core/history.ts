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

/**
 * A stretch of time that ends at `toMs`. What ended at `toMs` is in it, what ended at `fromMs` is
 * not: the window ends when the run starts, and a trip that ended at the window's start belongs to
 * the window before, never to both.
 */
export interface Span {
  fromMs: number;
  toMs: number;
}

/** Whether something that ended at `endMs` is in the span: (fromMs, toMs]. */
export const endsIn = (span: Span, endMs: number): boolean => span.fromMs < endMs && endMs <= span.toMs;

/** What the queue's history reads found over one span. */
export interface HistoryRead {
  /** Every PR with a conclusion in the span, with its whole timeline; undefined when that read failed. */
  timelines?: PrTimeline[];
  /** The stretches of testing that ended in the span; undefined when that read failed. */
  stretches?: TestingStretch[];
  /**
   * What the reads covered in full: the span, or its most recent part when the request cap or the
   * deadline came first. Nothing outside it is counted, and nothing is extrapolated.
   */
  covered: Span;
}

/** A read of the history that failed after its retries: which figures it leaves empty, and why. */
export interface WindowReadFailure {
  /** `trips`: the PR list or the timelines; `testing`: the testing results; `metrics`; `merged`: v1's list. */
  read: 'trips' | 'testing' | 'metrics' | 'merged';
  message: string;
}

export type WindowAnswer =
  /**
   * api-key: the queue's history, trip by trip, for the window and the window before; and when
   * that history begins (the queue's creation), when Trunk says.
   */
  | {
      kind: 'history';
      current: HistoryRead;
      before?: HistoryRead;
      historyFromMs?: number;
      failures: WindowReadFailure[];
      requests: number;
    }
  /** api-token alone, the last hour: Trunk's metrics; `missing` when the endpoint answered 404 (an older Trunk). */
  | { kind: 'metrics'; metrics?: HourMetrics; missing?: boolean; failures: WindowReadFailure[]; requests: number }
  /** api-token alone, a longer window: the PRs merged in it, counted. */
  | { kind: 'counts'; merged?: number; failures: WindowReadFailure[]; requests: number };

/** What a window report asks of the history. */
export interface WindowRequest {
  current: Span;
  /** The window before, for comparison; undefined when Trunk keeps nothing older. */
  before?: Span;
  /** At most this many requests for the history reads. */
  maxRequests: number;
  /** When the history reads must stop, in ms since the epoch. */
  deadlineMs: number;
}

/** Where a window report's history comes from: v2's per-trip reads, or v1's metrics and counts. */
export interface WindowSource {
  readWindow(request: WindowRequest, signal: AbortSignal): Promise<WindowAnswer>;
}
