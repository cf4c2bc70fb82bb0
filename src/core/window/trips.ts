// A PR's timeline cut into trips: the contract's unit of "how the queue has been doing". Trunk
// reuses one queue entry across resubmissions, so its `createdAt` cannot mark a trip; only the
// transitions can.
import type { PrTimeline, Trip, TripEnd } from '../history.js';

const ENDS: readonly string[] = ['merged', 'failed', 'cancelled'] satisfies TripEnd[];

const isEnd = (state: string): state is TripEnd => ENDS.includes(state);

/**
 * The trips a PR's timeline holds, oldest first: each from its first `pending` (waiting to enter
 * the queue is not time in it, as in Trunk's metrics) to `merged`, `failed` or `cancelled`; one
 * that ended without ever reaching `pending` has no time in queue, and counts as cancelled unless
 * it was merged (by hand). The
 * trip still under way, if any, is left out: it has not ended, so no window counts it yet.
 */
export function tripsOf(timeline: PrTimeline): Trip[] {
  // Oldest first is what Trunk sends by default, not a promise: pages joined out of order would
  // otherwise end a trip before it started. Array.prototype.sort is stable, so transitions at the
  // same millisecond keep the order they were given in.
  const transitions = [...timeline.transitions].sort((a, b) => a.atMs - b.atMs);
  const trips: Trip[] = [];
  let startMs: number | undefined;
  for (const { state, atMs, reason, failingChecks } of transitions) {
    // Back to not_ready and on to pending again is the same trip: only its first pending starts it.
    if (state === 'pending' && startMs === undefined) startMs = atMs;
    if (isEnd(state)) {
      trips.push({
        prNumber: timeline.number,
        startMs,
        endMs: atMs,
        // One that never reached pending was never the queue's to fail: it counts as cancelled. A
        // merge by hand stays merged, as Trunk's Health tab counts those as passes.
        end: startMs === undefined && state === 'failed' ? 'cancelled' : state,
        reason,
        failingChecks: [...failingChecks],
      });
      // Whatever comes next (a resubmission) starts a new trip.
      startMs = undefined;
    }
  }
  return trips;
}
