// @ts-check
// Days of a queue's past, made from a seed (mulberry32: the same seed, the same history): trips
// through the queue with what a real queue sees, at rates a health profile sets for each day:
// resubmissions (a PR that failed or was cancelled coming back: one entry, two trips), restarts
// (testing back to pending, by a person or because a PR ahead failed), bisections, test-run
// timeouts, a flaky check (ci/integration) failing most failures, merge conflicts, cancellations
// (some before the PR was ever ready) and merges by hand. Every trip ends before the simulator's
// start: the queue as it is now is the scenario's.
import { minutesAgo } from './scenarios.mjs';
import { timeline } from './trunk-history.mjs';
import { prId, REPO_URL } from './trunk-v2-bodies.mjs';

/** @typedef {import('./trunk-history.mjs').HistoryPr} HistoryPr */
/** @typedef {import('./trunk-history.mjs').EntryState} EntryState */
/** @typedef {[EntryState, number, (string | null)?, Record<string, unknown>?]} TimedStep */

/**
 * How the queue did on a day: probabilities per trip, and ranges in minutes.
 * @typedef {object} Health
 * @property {number} fail  a test run fails (a required check)
 * @property {number} restart  testing is restarted (each trip may be, twice)
 * @property {number} timeout  a test run hits the queue's testing timeout
 * @property {[number, number]} wait  pending until testing starts
 * @property {[number, number]} test  a test run
 */
/**
 * @typedef {object} HistoryShape
 * @property {number} seed
 * @property {number} [days]  how far back it reaches (default 15)
 * @property {number} [tripsPerDay]  about how many trips end each day (default 40)
 * @property {number} [firstNumber]  the oldest PR's number; the others follow in order of first submission
 * @property {(daysAgo: number) => Health} [health]  how the queue did that many days before the start
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TESTING_TIMEOUT = 300; // minutes: queueBody's testingTimeoutMinutes
const AUTHORS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory'];
/** The failing checks, by weight: ci/integration is the flaky one. */
const CHECKS = /** @type {Array<[string, number]>} */ ([
  ['ci/integration', 0.6],
  ['ci/test', 0.25],
  ['ci/build', 0.15],
]);
const RESTARTS = ['TESTS_RESTARTED_BY_USER', 'PREREQUISITE_MERGE_ITEM_FAILED', 'MANUAL_PUSH_TO_TARGET_BRANCH'];

export const HEALTHY = /** @type {Health} */ ({
  fail: 0.06,
  restart: 0.08,
  timeout: 0.005,
  wait: [1, 12],
  test: [12, 30],
});
export const UNHEALTHY = /** @type {Health} */ ({
  fail: 0.3,
  restart: 0.45,
  timeout: 0.04,
  wait: [20, 120],
  test: [25, 70],
});

/** A seeded PRNG: numbers in [0, 1), the same sequence for the same seed. @param {number} seed */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A history of `days` before the simulator's start, oldest PR first.
 * @param {HistoryShape} shape
 * @returns {HistoryPr[]}
 */
export function generateHistory({ seed, days = 15, tripsPerDay = 40, firstNumber = 1000, health = () => HEALTHY }) {
  const random = mulberry32(seed);
  const between = (/** @type {number} */ low, /** @type {number} */ high) => low + random() * (high - low);
  const chance = (/** @type {number} */ p) => random() < p;
  const end = Date.parse(minutesAgo(0)) - MINUTE;
  const count = Math.round((days * tripsPerDay) / 1.07); // resubmissions make up the rest
  const firsts = Array.from({ length: count }, () => end - random() * days * DAY).sort((a, b) => a - b);

  return firsts.flatMap((first, i) => {
    const number = firstNumber + i;
    /** @type {TimedStep[]} */
    const steps = [];
    let startAt = first;
    for (let tripNo = 0; tripNo < 2; tripNo++) {
      const trip = oneTrip(number, startAt, health((end - startAt) / DAY));
      const last = /** @type {TimedStep} */ (trip.at(-1));
      // A trip that would end after the start ends a little before it instead.
      const late = Math.max(0, last[1] - end + between(0, 45) * MINUTE);
      const shifted =
        late > 0 ? trip.map(([s, t, ...rest]) => /** @type {TimedStep} */ ([s, t - late, ...rest])) : trip;
      const previous = steps.at(-1);
      if (previous && (shifted[0]?.[1] ?? 0) < previous[1]) break; // no room for the second trip
      steps.push(...shifted);
      const ended = shifted.at(-1)?.[0];
      // A PR that failed (often) or was cancelled (sometimes) comes back for a second trip.
      if (!(ended === 'failed' ? chance(0.5) : ended === 'cancelled' ? chance(0.25) : false)) break;
      startAt = (shifted.at(-1)?.[1] ?? end) + between(10, 360) * MINUTE;
      if (startAt > end) break;
    }
    return [timeline(number, steps, { author: AUTHORS[Math.floor(random() * AUTHORS.length)] })];
  });

  /**
   * One trip's steps from its submission: ready, waiting, testing (restarted, bisected), and how it left.
   * @param {number} number @param {number} t0 @param {Health} h
   * @returns {TimedStep[]}
   */
  function oneTrip(number, t0, h) {
    let t = t0;
    /** @type {TimedStep[]} */
    const steps = [['notReady', t]];
    /** Then, `minutes` later, this step (its time in `next` is a placeholder). @param {number} minutes @param {TimedStep} next */
    const step = (minutes, [state, , reason, extra]) => {
      t += minutes * MINUTE;
      steps.push([state, t, reason, extra]);
    };
    if (chance(0.03)) {
      // Never ready: the author gave up, or the queue did.
      const reason = chance(0.5) ? 'PR_CLOSED' : chance(0.5) ? 'USER_REQUESTED' : 'NOT_READY_TIMEOUT_EXPIRED';
      step(between(5, 240), ['cancelled', 0, reason, actorFor(reason)]);
      return steps;
    }
    step(between(1, 30), ['pending', 0]);
    if (chance(0.025)) {
      step(between(...h.wait), ['failed', 0, 'START_TEST_RUN_MERGE_CONFLICT', conflict(number)]);
      return steps;
    }
    step(between(...h.wait), ['testing', 0]);
    for (let restarts = 0; restarts < 2 && chance(h.restart); restarts++) {
      const reason = /** @type {string} */ (RESTARTS[Math.floor(random() * RESTARTS.length)]);
      step(between(2, h.test[0]), ['pending', 0, reason, restartDetails(number, reason)]);
      step(between(1, h.wait[1] / 2), ['testing', 0]);
    }
    if (chance(0.04)) {
      // Its batch failed and was bisected: a bisection run clears it, and it is tested again.
      step(between(...h.test), ['pending', 0, 'BISECTION_REQUIRED']);
      step(between(1, 5), ['testing', 0]);
      step(between(...h.test), ['pending', 0, 'BISECTION_TEST_RUN_PASSED']);
      step(between(1, 5), ['testing', 0]);
    }
    const roll = random();
    if (roll < 0.035) {
      const reason = chance(0.5) ? 'USER_REQUESTED' : chance(0.5) ? 'PR_PUSHED_TO' : 'PR_CLOSED';
      step(between(2, h.test[1]), ['cancelled', 0, reason, actorFor(reason)]);
    } else if (roll < 0.06) {
      step(between(2, h.test[1]), ['merged', 0, 'MANUAL_MERGE']);
    } else if (roll < 0.06 + h.timeout) {
      step(TESTING_TIMEOUT, ['failed', 0, 'TEST_RUN_TIMEOUT']);
    } else if (roll < 0.06 + h.timeout + h.fail) {
      const checks = [check(number)];
      if (chance(0.3)) {
        // Held while the queue learns whether the PR ahead is to blame.
        const held = {
          eventualFailureReason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
          waitingFor: [],
          failureCausingChecks: checks,
        };
        step(between(...h.test), ['pendingFailure', 0, null, { pendingFailure: held }]);
      }
      step(between(1, 10), [
        'failed',
        0,
        'TEST_RUN_REQUIRED_STATUS_FAILED',
        { failed: { failureCausingChecks: checks, blockReasons: [] } },
      ]);
    } else {
      step(between(...h.test), ['testsPassed', 0]);
      step(between(0.5, 3), ['merged', 0, 'MERGE_GRAPH_MERGE']);
    }
    return steps;
  }

  /** A failing required check, mostly the flaky one, linked to its job. @param {number} number */
  function check(number) {
    let roll = random();
    const [name] = CHECKS.find(([, weight]) => (roll -= weight) < 0) ?? /** @type {[string, number]} */ (CHECKS[0]);
    const job = 900_000 + number * 10 + Math.floor(random() * 10);
    return { name, url: `${REPO_URL}/actions/runs/${Math.floor(job / 2)}/job/${job}`, conclusion: 'FAILURE' };
  }

  /** @param {string} reason */
  function actorFor(reason) {
    return reason === 'USER_REQUESTED' ? { actor: { gitHubLogin: AUTHORS[Math.floor(random() * 3)] } } : {};
  }

  /** What a restart carries: the person, or the PR ahead that failed. @param {number} number @param {string} reason */
  function restartDetails(number, reason) {
    const pending = { priorityValue: 100, priorityName: 'medium', prerequisitePullRequests: [] };
    if (reason === 'TESTS_RESTARTED_BY_USER') return { pending, ...actorFor('USER_REQUESTED') };
    if (reason !== 'PREREQUISITE_MERGE_ITEM_FAILED') return { pending };
    const ahead = number - 1;
    const ref = { pullRequestId: prId(ahead), number: ahead, title: `Change number ${ahead}`, state: 'failed' };
    return { prerequisitePullRequestId: ref.pullRequestId, pending: { ...pending, prerequisitePullRequests: [ref] } };
  }
}

/** A merge conflict traced to the PR just ahead. @param {number} number */
function conflict(number) {
  const culprit = {
    kind: 'queuePullRequest',
    sha: `${(number - 1).toString(16).padStart(40, '0')}`,
    number: number - 1,
  };
  return {
    failed: {
      failureCausingChecks: [],
      blockReasons: [],
      conflictCulprit: { ...culprit, url: `${REPO_URL}/pull/${number - 1}` },
    },
  };
}
