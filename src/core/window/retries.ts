// How many tries a merge takes, and which PRs keep failing: figures the people who run a queue ask
// for, from the same trips as the rest of the window. Each PR's trips are known whole (Trunk's
// history of a PR that concluded in the window goes back as far as Trunk keeps it), so a merge in
// the window counts the tries before it even when they ended earlier. A check that failed a trip
// of a PR that merged on a later try is a retry, not a proven flake: the words say only that.
import { endsIn, type Span, type Trip } from '../history.js';

export interface RetryFigures {
  /** Trips per PR merged in the span, one decimal; undefined when none merged. */
  attemptsPerMerge?: number;
  /** PRs merged in the span after a trip of theirs that entered the queue failed or was cancelled. */
  retriedMerges: number;
  /** PRs that failed two or more trips in the span, most failures first, then the newest (highest number). */
  repeatFailing: Array<{ prNumber: number; failed: number }>;
}

/** For a check that failed trips in the span: of those trips' PRs, how many merged on a later try. */
export interface CheckRetries {
  name: string;
  /** Failed trips in the span that named it. */
  failedTrips: number;
  /** The PRs of those trips. */
  prs: number;
  /** Those of them that merged after a trip it failed. */
  mergedLater: number;
}

/** Each PR's trips, oldest first. */
function byPr(trips: readonly Trip[]): Map<number, Trip[]> {
  const prs = new Map<number, Trip[]>();
  for (const trip of trips) prs.set(trip.prNumber, [...(prs.get(trip.prNumber) ?? []), trip]);
  for (const own of prs.values()) own.sort((a, b) => a.endMs - b.endMs);
  return prs;
}

/**
 * The tries that led to a merge: the trips of its PR since the PR's previous merge (a reopened PR
 * starts again), the merge itself included. Only a trip that entered the queue is a try; a merge
 * by hand before the PR ever entered is one.
 */
function triesBefore(own: readonly Trip[], merge: Trip): Trip[] {
  const earlier = own.filter((trip) => trip.endMs < merge.endMs);
  const lastMerge = earlier.findLastIndex((trip) => trip.end === 'merged');
  return earlier.slice(lastMerge + 1).filter((trip) => trip.startMs !== undefined);
}

export function retryFigures(trips: readonly Trip[], span: Span): RetryFigures {
  const prs = byPr(trips);
  const merges = trips.filter((trip) => trip.end === 'merged' && endsIn(span, trip.endMs));
  let attempts = 0;
  let retriedMerges = 0;
  for (const merge of merges) {
    const before = triesBefore(prs.get(merge.prNumber) ?? [], merge);
    attempts += before.length + 1;
    if (before.some((trip) => trip.end !== 'merged')) retriedMerges++;
  }
  const repeatFailing = [...prs]
    .map(([prNumber, own]) => ({
      prNumber,
      failed: own.filter((trip) => trip.end === 'failed' && endsIn(span, trip.endMs)).length,
    }))
    .filter((row) => row.failed >= 2)
    .sort((a, b) => b.failed - a.failed || b.prNumber - a.prNumber);
  return {
    attemptsPerMerge: merges.length === 0 ? undefined : Math.round((attempts / merges.length) * 10) / 10,
    retriedMerges,
    repeatFailing,
  };
}

/** For each named check, in the order given: the PRs whose failed trips it named, and those that merged later. */
export function checkRetries(trips: readonly Trip[], span: Span, names: readonly string[]): CheckRetries[] {
  const prs = byPr(trips);
  const failed = trips.filter((trip) => trip.end === 'failed' && endsIn(span, trip.endMs));
  return names.map((name) => {
    const named = failed.filter((trip) => trip.failingChecks.some((check) => check.name === name));
    const numbers = new Set(named.map((trip) => trip.prNumber));
    const mergedLater = [...numbers].filter((number) => {
      const own = prs.get(number) ?? [];
      const firstFailure = Math.min(...named.filter((trip) => trip.prNumber === number).map((trip) => trip.endMs));
      return own.some((trip) => trip.end === 'merged' && trip.endMs > firstFailure);
    }).length;
    return { name, failedTrips: named.length, prs: numbers.size, mergedLater };
  });
}
