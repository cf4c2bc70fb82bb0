// The last hour of one queue, from Trunk's metrics as parsed samples. v1's metrics cover every
// branch of the repository and both of a branch's queues, so only the series with this queue's
// `branch` and `queue_type="main"` count, summed over `conclusion` and any other label (`repo`
// reads as owner/name or as the name alone, so it is not matched). Series this version does not
// know are passed over; none is required.
import type { Histogram, HourMetrics, TripEnd } from '../core/history.js';
import { goFloat, type Sample } from './prometheus.js';

const CONCLUSIONS = 'mq_pr_conclusions_1h_total';
const RESTARTS = 'mq_pr_restarts_1h_total';
const TIME_IN_QUEUE = 'mq_pr_time_in_queue_1h_seconds';
const TESTING = 'mq_pr_test_duration_1h_seconds';

/**
 * A figure is undefined when Trunk sent no series of its metric at all. When it sent the metric but
 * no series of it for this queue or conclusion, the figure is 0 (or an empty histogram): exporters
 * leave out a label set until it is first set, so a quiet queue has no series while others do.
 * NaN is Trunk saying it has no number. In another queue's series it is passed over; in one of
 * this queue's it makes that figure undefined, not a sum of the rest: a count short by the series
 * Trunk could not give would pass a threshold it might not, and the report errs on holding.
 */
export function hourMetrics(samples: readonly Sample[], branch: string): HourMetrics {
  const names = new Set(samples.filter((sample) => !Number.isNaN(sample.value)).map((sample) => sample.name));
  const ours = samples.filter((sample) => sample.labels.branch === branch && sample.labels.queue_type === 'main');
  const figure = (name: string, keep = (_sample: Sample) => true) =>
    !names.has(name) || ours.some((sample) => sample.name === name && keep(sample) && Number.isNaN(sample.value))
      ? undefined
      : sum(ours, name, keep);
  const ended = (end: TripEnd) => figure(CONCLUSIONS, (sample) => sample.labels.conclusion === end);
  return {
    merged: ended('merged'),
    failed: ended('failed'),
    cancelled: ended('cancelled'),
    restarts: figure(RESTARTS),
    timeInQueue: histogram(ours, names, TIME_IN_QUEUE),
    testing: histogram(ours, names, TESTING),
  };
}

function sum(samples: readonly Sample[], name: string, keep = (_sample: Sample) => true): number {
  return samples.reduce((total, sample) => (sample.name === name && keep(sample) ? total + sample.value : total), 0);
}

/** One label set of a histogram (its labels but `le`). */
interface Series {
  buckets: Map<number, number>;
  count?: number;
}

/**
 * The histogram `base` over this queue's series. Each series' `_count` is its own, or its `+Inf`
 * bucket's count when it has none; a series with neither, or with a NaN, has no count that can be
 * trusted, and neither then has the histogram, so it is undefined rather than short.
 */
function histogram(ours: readonly Sample[], names: ReadonlySet<string>, base: string): Histogram | undefined {
  if (!names.has(`${base}_bucket`) && !names.has(`${base}_count`)) return undefined;
  const part = (sample: Sample) => sample.name === `${base}_bucket` || sample.name === `${base}_count`;
  if (ours.some((sample) => part(sample) && Number.isNaN(sample.value))) return undefined;
  const buckets = new Map<number, number>();
  let count = 0;
  for (const one of seriesOf(ours, base).values()) {
    const own = one.count ?? one.buckets.get(Infinity);
    if (own === undefined) return undefined;
    count += own;
    // By value, so that le="60" and le="60.0" of two conclusions are one bucket.
    for (const [le, n] of one.buckets) buckets.set(le, (buckets.get(le) ?? 0) + n);
  }
  return {
    buckets: [...buckets].sort(([a], [b]) => a - b).map(([le, n]) => ({ le, count: n })),
    count,
  };
}

function seriesOf(ours: readonly Sample[], base: string): Map<string, Series> {
  const series = new Map<string, Series>();
  for (const sample of ours) {
    const isBucket = sample.name === `${base}_bucket`;
    if (!isBucket && sample.name !== `${base}_count`) continue;
    const le = isBucket ? goFloat(sample.labels.le ?? '') : undefined;
    // A bucket without a readable bound cannot be placed: left out, like an unreadable line.
    if (isBucket && (le === undefined || Number.isNaN(le))) continue;
    const key = seriesKey(sample.labels);
    const one = series.get(key) ?? { buckets: new Map<number, number>() };
    series.set(key, one);
    if (le === undefined) one.count = (one.count ?? 0) + sample.value;
    else one.buckets.set(le, (one.buckets.get(le) ?? 0) + sample.value);
  }
  return series;
}

function seriesKey(labels: Record<string, string>): string {
  const rest = Object.entries(labels).filter(([name]) => name !== 'le');
  return JSON.stringify(rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
