// Percentiles as the contract defines them: nearest rank over per-trip values where Trunk gives
// them, and the upper bound of a bucket where only its metrics histograms are to be had.
import type { Histogram } from '../history.js';

/** The 1-based nearest rank of quantile `q` among `n` values: ceil(q·n), at least 1, at most n. */
function rank(q: number, n: number): number {
  // q·n can land a hair above a whole number (0.55 × 100 = 55.00000000000001), which ceil would
  // push to the next rank.
  return Math.min(n, Math.max(1, Math.ceil(q * n - 1e-9)));
}

/** The nearest-rank `q` quantile of `values` (0 < q ≤ 1); undefined when there are none. */
export function nearestRank(values: number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[rank(q, sorted.length) - 1];
}

/**
 * The upper bound `le` of the first bucket whose cumulative count reaches the `q` rank: what the
 * quantile is at most. Infinity when only the +Inf bucket reaches it, sent or not (a histogram's
 * count is its +Inf bucket); undefined when the histogram counted nothing.
 */
export function bucketBound(histogram: Histogram, q: number): number | undefined {
  if (!(histogram.count > 0)) return undefined;
  const target = rank(q, histogram.count);
  const buckets = [...histogram.buckets].sort((a, b) => a.le - b.le);
  return buckets.find((bucket) => bucket.count >= target)?.le ?? Infinity;
}
