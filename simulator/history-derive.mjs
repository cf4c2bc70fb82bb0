// @ts-check
// What a queue entry's timeline says once read as Trunk's reports read it: its stretches of
// testing (the testing results' rows: how each ended, the trip's conclusion, bisection), its trips
// (from the first pending after notReady to merged, failed or cancelled; the contract's
// definition) and its conclusions. The testing results, the concluded filters and the metrics all
// derive from these, so they agree with the history reads by construction.

/** @typedef {import('./trunk-history.mjs').Transition} Transition */

/**
 * One stretch of testing that ended.
 * @typedef {object} Stretch
 * @property {number} startMs
 * @property {number} endMs
 * @property {'passed' | 'failed' | 'interrupted' | 'cancelled'} outcome
 * @property {'merged' | 'failed' | 'cancelled'} [entryConclusion]  how the trip it was part of ended, once it has
 * @property {boolean} isBisection  it tested a part of a batch being bisected
 * @property {boolean} startedBisection  its failure split the batch
 * @property {string} [verificationRunId]
 */
/**
 * One stay in the queue that ended.
 * @typedef {object} Trip
 * @property {number} [startMs]  its first pending; none when it ended before reaching one
 * @property {number} [testingMs]  when it first started testing
 * @property {number} endMs
 * @property {'merged' | 'failed' | 'cancelled'} end
 * @property {string | null} reason
 */

const FINAL = new Set(['merged', 'failed', 'cancelled']);
/** How a stretch ended, by the state it went to (testing results' `outcome`). */
const OUTCOMES = /** @type {Record<string, Stretch['outcome']>} */ ({
  testsPassed: 'passed',
  failed: 'failed',
  pendingFailure: 'failed',
  pending: 'interrupted',
  notReady: 'interrupted',
  testing: 'interrupted',
  cancelled: 'cancelled',
  merged: 'cancelled',
});

/** @type {WeakMap<Transition[], { stretches: Stretch[], trips: Trip[] }>} */
const derived = new WeakMap();

/** @param {Transition} t */
const at = (t) => Date.parse(t.changedAt);

/** @param {Transition[]} transitions */
function derive(transitions) {
  const known = derived.get(transitions);
  if (known) return known;
  /** @type {Stretch[]} */
  const stretches = [];
  /** @type {Trip[]} */
  const trips = [];
  /** @type {Stretch[]} the stretches of the trip under way, which learn its conclusion when it ends */
  let open = [];
  /** @type {Partial<Trip>} */
  let trip = {};
  let bisecting = false;
  for (const [i, t] of transitions.entries()) {
    if (t.state === 'pending') {
      trip.startMs ??= at(t);
      bisecting = t.reason === 'BISECTION_REQUIRED';
    }
    if (t.state === 'testing') trip.testingMs ??= at(t);
    const next = transitions[i + 1];
    if (t.state === 'testing' && next) {
      // A batch split for bisection is a failure of this run; a bisection step that cleared the
      // entry is a pass: neither is a restart.
      const outcome =
        next.reason === 'BISECTION_REQUIRED'
          ? 'failed'
          : next.reason === 'BISECTION_TEST_RUN_PASSED'
            ? 'passed'
            : (OUTCOMES[next.state] ?? 'interrupted');
      const stretch = {
        startMs: at(t),
        endMs: at(next),
        outcome,
        isBisection: bisecting,
        startedBisection: next.reason === 'BISECTION_REQUIRED',
        ...(typeof t.verificationRunId === 'string' ? { verificationRunId: t.verificationRunId } : {}),
      };
      stretches.push(stretch);
      open.push(stretch);
    }
    if (FINAL.has(t.state)) {
      const end = /** @type {Trip['end']} */ (t.state);
      for (const stretch of open) stretch.entryConclusion = end;
      trips.push({ ...trip, endMs: at(t), end, reason: t.reason });
      open = [];
      trip = {};
      bisecting = false;
    }
  }
  const found = { stretches, trips };
  derived.set(transitions, found);
  return found;
}

/** The stretches of testing that ended, oldest first. @param {Transition[]} transitions */
export const stretchesOf = (transitions) => derive(transitions).stretches;

/** The trips that ended, oldest first. @param {Transition[]} transitions */
export const tripsOf = (transitions) => derive(transitions).trips;

/** Whether the entry reached merged, failed or cancelled within [fromMs, toMs]. @param {Transition[]} transitions @param {number} fromMs @param {number} toMs */
export function concludedWithin(transitions, fromMs, toMs) {
  // Each conclusion ends a trip, whose end is already parsed: a day's slice asks this of every PR.
  return tripsOf(transitions).some((trip) => trip.endMs >= fromMs && trip.endMs <= toMs);
}
