// @ts-check
// Named situations the simulator can serve, for tests, the demo and the bench. Each is a plain
// description: the PR (or none), the queue around it, and optional fault scripts.

/** @typedef {import('./server.mjs').Step} Step */

/**
 * @typedef {object} Scenario
 * @property {string} description
 * @property {Record<string, unknown> | null} pr  getSubmittedPullRequest's body, or null for 404
 * @property {Record<string, unknown> | null} queue  getQueue's body without entries, or null for 404
 * @property {Array<Record<string, unknown>>} others  entries of other PRs, in queue order
 * @property {number} [position]  1-based place of the PR among `others` when it is listed
 * @property {string[]} [prStates]  states getSubmittedPullRequest answers on successive calls
 * @property {Partial<Record<'getSubmittedPullRequest' | 'getQueue', Step[]>>} [faults]
 */

export const SIM_PR = 1842;
export const SIM_REPO = { host: 'github.com', owner: 'octo-org', name: 'octo-repo' };
export const SIM_BRANCH = 'main';
export const SIM_SHA = '9c1e2a7f0b3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f';

const LOADED_AT = Math.floor(Date.now() / 1000) * 1000;

/**
 * A time `minutes` before the simulator's module was loaded, as Trunk spells it
 * (`2026-03-02T14:05:09Z`), so the demo reads "12 min ago" whenever it runs.
 * @param {number} minutes
 */
export function minutesAgo(minutes) {
  return new Date(LOADED_AT - minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** @param {Partial<Record<string, unknown>>} [overrides] */
export function prBody(overrides = {}) {
  return {
    id: '3f0c1b9e-5d7a-4c1e-9a52-0b8f2c6d7e11',
    state: 'testing',
    readiness: {
      hasImpactedTargets: true,
      requiresImpactedTargets: true,
      doesBaseBranchMatch: true,
      gitHubMergeability: 'mergeable',
    },
    stateChangedAt: minutesAgo(12),
    priorityValue: 100,
    priorityName: 'medium',
    usedDefaultPriorityName: 'medium',
    skipTheLine: false,
    noBatch: false,
    forceEnqueued: false,
    isCurrentlySubmittedToQueue: true,
    verifiedByTestRun: null,
    prNumber: SIM_PR,
    prTitle: 'Update documentation',
    prSha: SIM_SHA,
    prBaseBranch: SIM_BRANCH,
    prAuthor: 'octocat',
    ...overrides,
  };
}

/** @param {Partial<Record<string, unknown>>} [overrides] */
export function queueBody(overrides = {}) {
  return {
    state: 'running',
    branch: SIM_BRANCH,
    concurrency: 2,
    testingTimeoutMinutes: 300,
    mode: 'single',
    canOptimisticallyMerge: false,
    pendingFailureDepth: 0,
    batch: false,
    batchingMaxWaitTimeMinutes: 0,
    batchingMinSize: 1,
    createPrsForTestingBranches: true,
    commentsEnabled: true,
    commandsEnabled: true,
    statusCheckEnabled: true,
    bisectionConcurrency: 1,
    requiredStatuses: ['ci/build', 'ci/test'],
    directMergeMode: 'off',
    optimizationMode: 'off',
    mergeMethod: 'squash',
    ...overrides,
  };
}

/**
 * @param {number} prNumber
 * @param {string} state
 * @param {Partial<Record<string, unknown>>} [overrides]
 */
export function entry(prNumber, state, overrides = {}) {
  return {
    id: `entry-${prNumber}`,
    state,
    stateChangedAt: minutesAgo(30),
    priorityValue: 100,
    priorityName: 'medium',
    usedDefaultPriorityName: 'medium',
    skipTheLine: false,
    noBatch: false,
    prNumber,
    prTitle: `Change number ${prNumber}`,
    prSha: prNumber.toString(16).padStart(40, '0'),
    prBaseBranch: SIM_BRANCH,
    prAuthor: `dev${prNumber % 7}`,
    ...overrides,
  };
}

/** @param {number} count @param {number} [first] */
function pendingEntries(count, first = 2000) {
  return Array.from({ length: count }, (_, i) => entry(first + i, i < 2 ? 'testing' : 'pending'));
}

/** @type {Record<string, Scenario>} */
export const SCENARIOS = {
  testing: {
    description: 'PR is testing, second in a running queue of three; ready',
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }), entry(1845, 'pending')],
    position: 2,
  },
  'not-ready': {
    description: 'PR is submitted but not_ready: GitHub still computing mergeability, impacted targets missing',
    pr: prBody({
      state: 'not_ready',
      readiness: {
        hasImpactedTargets: false,
        requiresImpactedTargets: true,
        doesBaseBranchMatch: true,
        gitHubMergeability: 'in_progress',
      },
    }),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
  },
  'not-submitted': {
    description: 'PR was never submitted to the queue (getSubmittedPullRequest answers 404)',
    pr: null,
    queue: queueBody(),
    others: [entry(1840, 'testing'), entry(1841, 'pending')],
  },
  'near-deadline': {
    description: 'A long test run: testing for 4 h 40 min of a 5 h testing timeout',
    pr: prBody({ stateChangedAt: minutesAgo(280) }),
    queue: queueBody({ testingTimeoutMinutes: 300 }),
    others: [entry(1840, 'testing'), entry(1845, 'pending'), entry(1846, 'pending')],
    position: 1,
  },
  paused: {
    description: 'Queue is paused; the PR waits third, pending',
    pr: prBody({ state: 'pending' }),
    queue: queueBody({ state: 'paused' }),
    others: [entry(1838, 'testing'), entry(1839, 'pending')],
    position: 3,
  },
  'big-queue': {
    description: 'A parallel queue of 5,000 entries with the PR far down, at 4,321',
    pr: prBody({ state: 'pending' }),
    queue: queueBody({ mode: 'parallel', concurrency: 25 }),
    others: pendingEntries(4999),
    position: 4321,
  },
  'small-queue': {
    description: 'A running queue of ten entries with the PR fifth',
    pr: prBody({ state: 'pending' }),
    queue: queueBody(),
    others: pendingEntries(9),
    position: 5,
  },
  draining: {
    description: 'Queue is draining: the PR, already in it, keeps going; nothing new is admitted',
    pr: prBody({ state: 'pending' }),
    queue: queueBody({ state: 'draining' }),
    others: [entry(1838, 'testing')],
    position: 2,
  },
  merged: {
    description: 'PR has merged and left the queue',
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false }),
    queue: queueBody(),
    others: [entry(1850, 'testing')],
  },
  'no-queue': {
    description: 'There is no queue for the branch (getQueue answers 404)',
    pr: null,
    queue: null,
    others: [],
  },
  hostile: {
    description: 'Titles and authors full of HTML, table syntax and line breaks',
    pr: prBody({
      prTitle: '<script>alert(1)</script> | broken | row\n\n# heading',
      prAuthor: '<img src=x onerror=alert(1)>',
    }),
    queue: queueBody({ branch: 'main<b>' }),
    others: [entry(1840, 'testing', { prTitle: '</table><h1>pwned</h1>', prAuthor: 'a&b "c"' })],
    position: 2,
  },
  flaky: {
    description: 'The API throttles and fails before it answers: 503, then 429 with Retry-After: 1',
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
    position: 2,
    faults: {
      getQueue: [
        { status: 503, body: 'Service Unavailable' },
        { status: 429, headers: { 'retry-after': '1' } },
      ],
    },
  },
  merging: {
    description: 'PR moves testing, tests_passed, then merged on successive polls (for wait-for)',
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
    position: 2,
    prStates: ['testing', 'testing', 'tests_passed', 'merged'],
  },
};
