// @ts-check
// PRs Trunk remembers: each with its queue entry's whole timeline, in v2's shape (the OpenAPI
// document's QueueEntryStateTransition), so that every read which tells a PR's past (v1's
// getSubmittedPullRequest, v2's lookups, its history and the batch history, the queue's lists and
// metrics) answers from one record. A scenario says them in minutes before the simulator's start
// with the builders below; history-gen.mjs makes weeks of them from a seed.
import { shaOf } from './github-bodies.mjs';
import { minutesAgo, SIM_BRANCH, SIM_PR } from './scenarios.mjs';
import { prId, REPO_URL } from './trunk-v2-bodies.mjs';

/**
 * @typedef {'notReady' | 'pending' | 'testing' | 'testsPassed' | 'pendingFailure' | 'merged' | 'failed'
 *   | 'cancelled'} EntryState
 */
/**
 * One state change of a PR's queue entry, as v2 serves it: `reason` an UPPER_SNAKE code or null,
 * plus what that state carries (`actor`, `verificationRunId`, `prerequisitePullRequestId`,
 * `notReady`, `pending`, `testsPassed`, `pendingFailure`, `failed`).
 * @typedef {{ pullRequestId: string, state: EntryState, changedAt: string, reason: string | null,
 *   [detail: string]: unknown }} Transition
 */
/**
 * A PR Trunk remembers.
 * @typedef {object} HistoryPr
 * @property {number} number
 * @property {string} id  the PR's uuid (lowercase)
 * @property {string} title
 * @property {string} author
 * @property {string} sha
 * @property {string} baseBranch
 * @property {string} branch  its head branch
 * @property {Transition[]} transitions  oldest first; the entry is reused across trips
 */
/**
 * One step of a timeline: the state, when (minutes before the simulator's start, or for
 * `timeline` ms since the epoch), its reason (undefined: the usual one; null: none) and fields
 * over the usual ones.
 * @typedef {[EntryState, number, (string | null)?, Record<string, unknown>?]} Step
 */
/** @typedef {Partial<Omit<HistoryPr, 'number' | 'transitions'>>} PrFacts */

export const FINAL_STATES = new Set(['merged', 'failed', 'cancelled']);
/** Trunk's reason for entering each state when nothing more particular happened (null: it sends none). */
const REASONS = /** @type {Record<EntryState, string | null>} */ ({
  notReady: 'USER_REQUESTED',
  pending: 'MERGE_ITEM_NOW_READY',
  testing: null,
  testsPassed: 'TEST_RUN_PASSED',
  pendingFailure: null,
  merged: 'MERGE_GRAPH_MERGE',
  failed: 'TEST_RUN_REQUIRED_STATUS_FAILED',
  cancelled: 'USER_REQUESTED',
});
/** Reasons a failure names the checks for. */
const CHECK_FAILURES = new Set(['TEST_RUN_REQUIRED_STATUS_FAILED']);

/** A failing required check as Trunk records it, with a link to its job. @param {string} name @param {number} job */
function failingCheck(name, job) {
  return { name, url: `${REPO_URL}/actions/runs/${Math.floor(job / 2)}/job/${job}`, conclusion: 'FAILURE' };
}

/** The queue entry's id for a PR: a uuid of its own, not the PR's. @param {number} n */
export function entryId(n) {
  return `00000000-0000-4000-a000-${n.toString(16).padStart(12, '0').slice(-12)}`;
}

/** @param {number} ms */
export const iso = (ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A PR's timeline from steps at absolute times (ms), each with the particulars its state carries:
 * testing opens a verification run that the next testsPassed, pendingFailure or failed names.
 * @param {number} number
 * @param {Array<[EntryState, number, (string | null)?, Record<string, unknown>?]>} steps  ms since the epoch
 * @param {PrFacts} [facts]
 * @returns {HistoryPr}
 */
export function timeline(number, steps, facts = {}) {
  if (steps.length === 0) throw new Error(`history PR #${number} needs at least one transition`);
  if (number === SIM_PR) throw new Error(`#${SIM_PR} is the scenario's own PR: its pr and prStates say its story`);
  const id = (facts.id ?? prId(number)).toLowerCase();
  let runs = 0;
  /** @type {string | undefined} */
  let run;
  let last = -Infinity;
  const transitions = steps.map(([state, at, reason, extra = {}]) => {
    if (at < last) throw new Error(`history PR #${number}: ${state} comes before the step ahead of it`);
    last = at;
    if (state === 'testing') run = `vr-${number}-${++runs}`;
    const why = reason === undefined ? REASONS[state] : reason;
    return /** @type {Transition} */ ({
      pullRequestId: id,
      state,
      changedAt: iso(at),
      reason: why,
      ...details(state, why, run, number),
      ...extra,
    });
  });
  return {
    number,
    id,
    title: facts.title ?? `Change number ${number}`,
    author: facts.author ?? `dev${number % 7}`,
    sha: facts.sha ?? shaOf(`head of #${number}`),
    baseBranch: facts.baseBranch ?? SIM_BRANCH,
    branch: facts.branch ?? `change-${number}`,
    transitions,
  };
}

/**
 * What a transition into `state` carries besides its reason, as Trunk fills it in.
 * @param {EntryState} state @param {string | null} reason @param {string | undefined} run @param {number} n
 */
function details(state, reason, run, n) {
  const onRun = run ? { verificationRunId: run } : {};
  const check = failingCheck('ci/test', 8000 + (n % 997));
  const checks = reason && CHECK_FAILURES.has(reason) ? [check] : [];
  switch (state) {
    case 'notReady':
      return { notReady: { priorityValue: 100, priorityName: 'medium', allowBatching: true } };
    case 'pending':
      return { pending: { priorityValue: 100, priorityName: 'medium', prerequisitePullRequests: [] } };
    case 'testing':
      return onRun;
    case 'testsPassed':
      return { ...onRun, testsPassed: { batchSize: 1, otherTestedPullRequests: [], waitingFor: [] } };
    case 'pendingFailure':
      return {
        ...onRun,
        pendingFailure: { eventualFailureReason: REASONS.failed, waitingFor: [], failureCausingChecks: [check] },
      };
    case 'failed':
      // A failure before any test ran (a conflict, a config problem) concerns no run.
      return {
        ...(reason?.startsWith('START_TEST_RUN') ? {} : onRun),
        failed: { failureCausingChecks: checks, blockReasons: [] },
      };
    default:
      return {};
  }
}

/**
 * A PR Trunk remembers, in minutes before the simulator's start: e.g.
 * `historyPr(1830, [['notReady', 60], ['pending', 55], ['testing', 50], ['testsPassed', 12], ['merged', 11, 'MERGE_GRAPH_MERGE']])`.
 * @param {number} number
 * @param {Step[]} steps  oldest first
 * @param {PrFacts} [facts]  over the usual title, author, sha, branches and id
 */
export function historyPr(number, steps, facts) {
  return timeline(
    number,
    steps.map(([state, minutes, ...rest]) => [state, Date.parse(minutesAgo(minutes)), ...rest]),
    facts,
  );
}

/** Merged by Trunk `minutes` ago after a 35-minute test run. @param {number} number @param {number} minutes @param {PrFacts} [facts] */
export function mergedByTrunk(number, minutes, facts) {
  const steps = /** @type {Step[]} */ ([
    ['notReady', minutes + 50],
    ['pending', minutes + 45],
    ['testing', minutes + 37],
    ['testsPassed', minutes + 2],
    ['merged', minutes, 'MERGE_GRAPH_MERGE'],
  ]);
  return historyPr(number, steps, facts);
}

/** Merged by hand on GitHub `minutes` ago while the queue was testing it. @param {number} number @param {number} minutes @param {PrFacts} [facts] */
export function mergedManually(number, minutes, facts) {
  const steps = /** @type {Step[]} */ ([
    ['notReady', minutes + 30],
    ['pending', minutes + 25],
    ['testing', minutes + 20],
    ['merged', minutes, 'MANUAL_MERGE'],
  ]);
  return historyPr(number, steps, facts);
}

/** In the queue and testing since `minutes` ago. @param {number} number @param {number} minutes @param {PrFacts} [facts] */
export function stillTesting(number, minutes, facts) {
  const steps = /** @type {Step[]} */ ([
    ['notReady', minutes + 8],
    ['pending', minutes + 5],
    ['testing', minutes],
  ]);
  return historyPr(number, steps, facts);
}

/**
 * The history as the world looks it up: in order, by number and by id.
 * @typedef {{ prs: HistoryPr[], byNumber: Map<number, HistoryPr>, byId: Map<string, HistoryPr>, createdAt?: string }} HistoryIndex
 *   `createdAt`: when the queue was made, for a history that begins with it
 */

/** @param {HistoryPr[]} prs */
export function indexHistory(prs) {
  const byNumber = new Map(prs.map((pr) => [pr.number, pr]));
  if (byNumber.size !== prs.length)
    throw new Error('a history names a PR twice: give each PR one record, trips in one timeline');
  return { prs, byNumber, byId: new Map(prs.map((pr) => [pr.id, pr])) };
}
