// The figures of one window, as the contract defines them (Trunk's, so that they match its Health
// tab): from per-trip history when `api-key` gives it, from the last hour of Trunk's metrics when
// only `api-token` does. Pure: the window is an argument, never the clock.
//
// Undefined means "not read" and is never turned into 0: a threshold on a figure nobody could read
// must hold, not pass. A figure that was read and had nothing in it is 0 (counts) or an empty list.
import { endsIn, type HourMetrics, type Histogram, type Span, type TestingStretch, type Trip } from '../history.js';
import { bucketBound, nearestRank } from './percentile.js';
import { checkRetries, retryFigures, type CheckRetries } from './retries.js';

export type { Span };

interface Percentiles {
  /** Whole seconds; a bucket bound may be Infinity. Undefined when nothing was measured. */
  p50Seconds?: number;
  p90Seconds?: number;
  /** `exact`: nearest rank over trips; `bucket-bound`: the upper bound of a metrics bucket. */
  kind: 'exact' | 'bucket-bound';
  /** How many trips or stretches were measured. */
  count: number;
}

/** One bar of the chart: the trips that ended in (startMs, endMs]. */
interface WindowBucket {
  startMs: number;
  endMs: number;
  merged: number;
  failed: number;
  medianTimeInQueueSeconds?: number;
}

export interface WindowFigures {
  merged?: number;
  failed?: number;
  cancelled?: number;
  /** Merged trips whose reason is `manual_merge`; they are in `merged` too. */
  manualMerges?: number;
  /** failed ÷ (merged + failed) × 100, one decimal; undefined when nothing merged or failed. */
  failureRate?: number;
  timeInQueue?: Percentiles;
  testing?: Percentiles;
  restarts?: number;
  topFailureReasons?: Array<{ reason: string; count: number }>;
  topFailingChecks?: Array<{ name: string; count: number; url: string | null }>;
  /** For each of `topFailingChecks`, in its order: how many of the PRs it failed merged on a later try. */
  checkRetries?: CheckRetries[];
  /** Trips per PR merged in the window, its tries before the merge included; one decimal. */
  attemptsPerMerge?: number;
  /** PRs that merged in the window after failing or being cancelled in the queue. */
  retriedMerges?: number;
  /** PRs that failed two or more trips in the window: an eviction loop. */
  repeatFailures?: number;
  /** Those PRs, most failures first. */
  repeatFailing?: Array<{ prNumber: number; failed: number }>;
  buckets?: WindowBucket[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long Trunk keeps history: no window, the window before included, reaches further back. */
const KEPT_MS = 45 * DAY_MS;
/** Up to this span the chart has a bar per hour; beyond it, a bar per day. */
const HOURLY_UP_TO_MS = 48 * HOUR_MS;
const TOP = 10;

/** The window ending now, and the window before it as far back as Trunk keeps history. */
export function spans(nowMs: number, windowMs: number): { current: Span; before?: Span } {
  const current = { fromMs: nowMs - windowMs, toMs: nowMs };
  const beforeMs = Math.min(windowMs, KEPT_MS - windowMs);
  if (beforeMs <= 0) return { current };
  return { current, before: { fromMs: current.fromMs - beforeMs, toMs: current.fromMs } };
}

function failureRate(merged: number | undefined, failed: number | undefined): number | undefined {
  if (merged === undefined || failed === undefined || merged + failed === 0) return undefined;
  return Math.round((failed / (merged + failed)) * 1000) / 10;
}

const toSeconds = (ms: number | undefined): number | undefined =>
  ms === undefined ? undefined : Math.round(ms / 1000);

function exact(durationsMs: number[]): Percentiles {
  return {
    p50Seconds: toSeconds(nearestRank(durationsMs, 0.5)),
    p90Seconds: toSeconds(nearestRank(durationsMs, 0.9)),
    kind: 'exact',
    count: durationsMs.length,
  };
}

// A bound is what the figure is at most: rounded up, never down, so that it stays one.
const boundSeconds = (bound: number | undefined): number | undefined =>
  bound === undefined ? undefined : Math.ceil(bound);

function bounded(histogram: Histogram | undefined): Percentiles | undefined {
  if (histogram === undefined) return undefined;
  return {
    p50Seconds: boundSeconds(bucketBound(histogram, 0.5)),
    p90Seconds: boundSeconds(bucketBound(histogram, 0.9)),
    kind: 'bucket-bound',
    count: histogram.count,
  };
}

/** The lengths of trips that reached `pending`; one that never did has no time in queue. */
const tripLengthsMs = (trips: Trip[]): number[] =>
  trips.flatMap((trip) => (trip.startMs === undefined ? [] : [trip.endMs - trip.startMs]));

interface HistoryInput {
  /** The trips of the PRs read; undefined when that read failed. */
  trips?: Trip[];
  /** Trunk's testing results; undefined when that read failed. */
  stretches?: TestingStretch[];
  span: Span;
}

/** The window's figures from per-trip history: exact percentiles, reasons, checks and a chart. */
export function figuresFromHistory({ trips, stretches, span }: HistoryInput): WindowFigures {
  return { ...tripFigures(trips, span), ...stretchFigures(stretches, span) };
}

function tripFigures(trips: Trip[] | undefined, span: Span): WindowFigures {
  if (trips === undefined) return {};
  const ended = trips.filter((trip) => endsIn(span, trip.endMs));
  const merged = ended.filter((trip) => trip.end === 'merged');
  const failed = ended.filter((trip) => trip.end === 'failed');
  const checks = topFailingChecks(failed);
  const retries = retryFigures(trips, span);
  return {
    merged: merged.length,
    failed: failed.length,
    cancelled: ended.filter((trip) => trip.end === 'cancelled').length,
    manualMerges: merged.filter((trip) => trip.reason === 'manual_merge').length,
    failureRate: failureRate(merged.length, failed.length),
    timeInQueue: exact(tripLengthsMs(ended)),
    topFailureReasons: topFailureReasons(failed),
    topFailingChecks: checks,
    checkRetries: checkRetries(
      trips,
      span,
      checks.map((check) => check.name),
    ),
    attemptsPerMerge: retries.attemptsPerMerge,
    retriedMerges: retries.retriedMerges,
    repeatFailures: retries.repeatFailing.length,
    repeatFailing: retries.repeatFailing,
    buckets: chart(ended, span),
  };
}

function stretchFigures(stretches: TestingStretch[] | undefined, span: Span): WindowFigures {
  if (stretches === undefined) return {};
  const ended = stretches.filter((stretch) => endsIn(span, stretch.endedAtMs));
  // Only a run that came to a verdict says how long testing takes; an interrupted one is a restart.
  const runs = ended.filter((stretch) => stretch.outcome === 'passed' || stretch.outcome === 'failed');
  return {
    testing: exact(runs.map((stretch) => stretch.durationMs)),
    restarts: ended.filter((stretch) => stretch.outcome === 'interrupted').length,
  };
}

// Code-point order, not localeCompare: the same on every runner whatever its locale.
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The first ten, most frequent first, ties in ascending order of key. */
function ranked<T extends { count: number }>(rows: T[], key: (row: T) => string): T[] {
  return rows.sort((a, b) => b.count - a.count || byCodePoint(key(a), key(b))).slice(0, TOP);
}

function topFailureReasons(failed: Trip[]): Array<{ reason: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { reason } of failed) if (reason !== undefined) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return ranked(
    [...counts].map(([reason, count]) => ({ reason, count })),
    (row) => row.reason,
  );
}

function topFailingChecks(failed: Trip[]): Array<{ name: string; count: number; url: string | null }> {
  const rows = new Map<string, { name: string; count: number; url: string | null }>();
  // Oldest end first, so that the most recent trip naming a check leaves its URL last.
  const byEnd = [...failed].sort((a, b) => a.endMs - b.endMs);
  for (const trip of byEnd) {
    // A check a trip names twice (two runs of it) is one reason that trip failed, counted once.
    for (const name of new Set(trip.failingChecks.map((check) => check.name))) {
      const url = trip.failingChecks.find((check) => check.name === name && check.url !== null)?.url ?? null;
      rows.set(name, { name, count: (rows.get(name)?.count ?? 0) + 1, url });
    }
  }
  return ranked([...rows.values()], (row) => row.name);
}

/**
 * A bar per hour (spans up to 48 h) or per day, counted back from the span's end: the window
 * slides, so clock hours would cut its first and last bars at random. The oldest bar is partial
 * when the span is not a whole number of bars.
 */
function chart(ended: Trip[], span: Span): WindowBucket[] {
  const size = span.toMs - span.fromMs <= HOURLY_UP_TO_MS ? HOUR_MS : DAY_MS;
  const bars: WindowBucket[] = [];
  for (let endMs = span.toMs; endMs > span.fromMs; endMs -= size) {
    const bar = { fromMs: Math.max(span.fromMs, endMs - size), toMs: endMs };
    const inBar = ended.filter((trip) => endsIn(bar, trip.endMs));
    const median = nearestRank(tripLengthsMs(inBar), 0.5);
    bars.push({
      startMs: bar.fromMs,
      endMs,
      merged: inBar.filter((trip) => trip.end === 'merged').length,
      failed: inBar.filter((trip) => trip.end === 'failed').length,
      ...(median === undefined ? {} : { medianTimeInQueueSeconds: toSeconds(median) }),
    });
  }
  return bars.reverse();
}

/**
 * Whether the chart has a bar per hour (else per day), told by its newest bar: the oldest is partial
 * when the span is not a whole number of bars, and a 49 h span's is an hour long.
 */
export function hourlyBars(buckets: readonly WindowBucket[]): boolean {
  const newest = buckets.at(-1);
  return newest !== undefined && newest.endMs - newest.startMs <= HOUR_MS;
}

/** The last hour from Trunk's metrics: counts and bucket bounds, no reasons, checks or chart. */
export function figuresFromMetrics(metrics: HourMetrics): WindowFigures {
  return {
    merged: metrics.merged,
    failed: metrics.failed,
    cancelled: metrics.cancelled,
    restarts: metrics.restarts,
    failureRate: failureRate(metrics.merged, metrics.failed),
    timeInQueue: bounded(metrics.timeInQueue),
    testing: bounded(metrics.testing),
  };
}
