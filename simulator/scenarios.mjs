// @ts-check
// Named situations the simulator can serve, for tests, the demo and the bench. Each is a plain
// description: the PR (or none), the queue around it, and optional fault scripts. Both APIs answer
// from it: v1 from the PR and queue as written, v2 from the same data (trunk-v2-bodies.mjs) plus the
// story v1 cannot tell (why blocked, why it left, the test run, the estimate).

/** @typedef {import('./server.mjs').Step} Step */
/** @typedef {import('./server.mjs').Endpoint} Endpoint */

/**
 * What v2 tells beyond v1's data. Anything left out is derived from the PR's state.
 * @typedef {object} Story
 * @property {Array<Record<string, unknown>>} [blockReasons]  readiness.mergeabilityDetails.reasons
 * @property {Record<string, unknown>} [exit]  fields of the newest queue-entry history transition
 *   (reason, actor, failed, pendingFailure), over those derived from the state
 * @property {Record<string, unknown>} [run]  fields of the newest verification run, over the derived ones
 * @property {Record<string, unknown> | null} [estimate]  the queue-entry estimate (computedAt is
 *   added on each request); null: the queue serves none (404 ESTIMATE_NOT_ENABLED)
 * @property {Record<number, number[]>} [directlyAhead]  by PR number, the PRs a pending one waits
 *   for directly (only with batching on, as Trunk sends it)
 * @property {string} [htmlUrl]  the PR's page in Trunk's web app
 */

/**
 * @typedef {object} Scenario
 * @property {string} description
 * @property {Record<string, unknown> | null} pr  getSubmittedPullRequest's body, or null for 404
 * @property {Record<string, unknown> | null} queue  getQueue's body without entries, or null for 404
 * @property {Array<Record<string, unknown>>} others  entries of other PRs, in queue order
 * @property {number} [position]  1-based place of the PR among `others` when it is listed
 * @property {string[]} [prStates]  states getSubmittedPullRequest (and v2's GET of the PR) answers on successive calls
 * @property {Partial<Record<Endpoint, Step[]>>} [faults]
 * @property {Story} [story]  what v2 tells beyond v1's data
 * @property {number} [awaitingAdmission]  how many of the last `others` v2's order lists as awaiting admission
 * @property {import('./trunk-history.mjs').HistoryPr[] | string} [history]  the PRs Trunk remembers
 *   besides this one (trunk-history.mjs's builders), or the name of a history (histories.mjs)
 * @property {number[]} [batch]  the PRs one test run tests together, the scenario's among them, in
 *   the order its branch names them (`trunk-merge/pr-1842-1843/…`): the demo's test-run events use it
 * @property {boolean} [noMetrics]  v2's metrics route answers 404 NOT_FOUND, as a Trunk from before
 *   it does (v1's getMergeQueueMetrics still answers)
 */

export const SIM_PR = 1842;
export const SIM_REPO = { host: 'github.com', owner: 'octo-org', name: 'octo-repo' };
export const SIM_BRANCH = 'main';
export const SIM_SHA = '9c1e2a7f0b3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f';
/** v2's ids for the same world: the repository (a uuid), its queue (a short string) and the PR (a uuid). */
export const SIM_REPO_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const SIM_QUEUE_ID = 'xK9mP2nQ';
export const SIM_PR_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

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

/** The testing scenario's queue, for the scenarios that differ only in what Trunk remembers. */
function usualQueue() {
  return {
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }), entry(1845, 'pending')],
    position: 2,
  };
}

/** @type {Record<string, Scenario>} */
export const SCENARIOS = {
  testing: {
    description:
      'PR is testing, second in a running queue of three; ready (v2: its test run in progress, a merge estimate)',
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }), entry(1845, 'pending')],
    position: 2,
  },
  'not-ready': {
    description:
      'PR is submitted but not_ready: GitHub still computing mergeability, impacted targets missing (v2: needs a review, build failing, a conflict)',
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
    story: {
      blockReasons: [
        { code: 'reviewRequired', message: 'needs 1 more approving review', have: 1, need: 2 },
        { code: 'failingCheck', message: 'required check build is failing', check: 'build' },
        { code: 'conflict', message: 'conflicts with #1840', ontoPrNumber: 1840 },
      ],
    },
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
    description: 'A parallel queue of 5,000 entries with the PR far down, at 4,321 (v2: the last 500 await admission)',
    pr: prBody({ state: 'pending' }),
    queue: queueBody({ mode: 'parallel', concurrency: 25 }),
    others: pendingEntries(4999),
    position: 4321,
    awaitingAdmission: 500,
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
  'merged-manually': {
    description: 'PR was merged by hand, around the queue: Trunk reports it merged (v2: its history says MANUAL_MERGE)',
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(3) }),
    queue: queueBody(),
    others: [entry(1850, 'testing')],
    story: { exit: { reason: 'MANUAL_MERGE', actor: { gitHubLogin: 'octocat' } } },
  },
  'merged-no-reason': {
    description:
      "PR has merged, but Trunk's history gives the merge no reason (v2: reason null): who merged it is unknown",
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(3) }),
    queue: queueBody(),
    others: [entry(1850, 'testing')],
    story: { exit: { reason: null } },
  },
  'merge-lag': {
    description: 'Trunk records the merge late: the PR answers tests_passed twice, then merged (a deploy gate settles)',
    pr: prBody({ state: 'tests_passed' }),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
    position: 2,
    prStates: ['tests_passed', 'tests_passed', 'merged'],
  },
  'twenty-merged': {
    description: "PR has merged, and Trunk merged the nineteen PRs before it (for GitHub's twenty-prs push)",
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(2) }),
    queue: queueBody(),
    others: [entry(1850, 'testing')],
    history: 'twenty-merged',
  },
  'sixty-merged': {
    description: "PR has merged, and Trunk merged the fifty-nine PRs before it (for GitHub's sixty-prs range)",
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(2) }),
    queue: queueBody(),
    others: [entry(1850, 'testing')],
    history: 'sixty-merged',
  },
  'recent-merges': {
    description:
      'PR has merged; Trunk remembers the PRs before it: merged by Trunk, merged by hand, failed then merged, one testing',
    pr: prBody({ state: 'merged', isCurrentlySubmittedToQueue: false }),
    queue: queueBody(),
    others: [entry(1841, 'testing', { stateChangedAt: minutesAgo(15) })],
    history: 'recent',
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
      // The same faults on v2's queue lookup, so the demo shows them whichever API answers.
      'v2.mergeQueues': [
        { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Service Unavailable' } } },
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
  failed: {
    description:
      'PR failed its test run: required check ci/test failed (v2: the failing check and the test run, as links)',
    pr: prBody({ state: 'failed', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(4) }),
    queue: queueBody(),
    others: [entry(1840, 'testing'), entry(1845, 'pending')],
    story: {
      exit: {
        reason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
        failed: {
          failureCausingChecks: [
            {
              name: 'ci/test',
              url: 'https://github.com/octo-org/octo-repo/actions/runs/4242/job/8484',
              conclusion: 'FAILURE',
            },
          ],
          blockReasons: [],
        },
      },
      run: {
        status: 'failed',
        testBranchPullRequest: { number: 9001, url: 'https://github.com/octo-org/octo-repo/pull/9001' },
      },
    },
  },
  cancelled: {
    description: 'PR was taken out of the queue by a person (v2: USER_REQUESTED, by alice)',
    pr: prBody({ state: 'cancelled', isCurrentlySubmittedToQueue: false, stateChangedAt: minutesAgo(7) }),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
    story: { exit: { reason: 'USER_REQUESTED', actor: { gitHubLogin: 'alice' } } },
  },
  'no-estimates': {
    description: 'As testing, but the queue serves no merge estimates (v2: 404 ESTIMATE_NOT_ENABLED)',
    pr: prBody(),
    queue: queueBody(),
    others: [entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }), entry(1845, 'pending')],
    position: 2,
    story: { estimate: null },
  },
  parallel: {
    description: 'A parallel queue with batching: the PR is fifth, but waits directly only for #1851 and #1853',
    pr: prBody({ state: 'pending' }),
    queue: queueBody({ mode: 'parallel', batch: true, batchingMinSize: 2, concurrency: 4 }),
    others: [
      entry(1850, 'testing'),
      entry(1851, 'testing'),
      entry(1852, 'pending'),
      entry(1853, 'pending'),
      entry(1855, 'pending'),
    ],
    position: 5,
    story: { directlyAhead: { 1842: [1851, 1853], 1852: [1850], 1853: [1851], 1855: [1852] } },
  },
  stalled: {
    description:
      'A running queue with PRs waiting, none testing, and no change for 45 min (with --scope queue: stalled)',
    pr: prBody({ state: 'pending', stateChangedAt: minutesAgo(45) }),
    queue: queueBody(),
    others: [
      entry(1838, 'pending', { stateChangedAt: minutesAgo(72) }),
      entry(1845, 'pending', { stateChangedAt: minutesAgo(50) }),
    ],
    position: 2,
  },
  overdue: {
    description:
      "#1840 testing for 1 h 35 min, past the queue's 60 min testing timeout (with --scope queue: a test run overdue)",
    pr: prBody({ state: 'pending', stateChangedAt: minutesAgo(20) }),
    queue: queueBody({ testingTimeoutMinutes: 60 }),
    others: [
      entry(1840, 'testing', { stateChangedAt: minutesAgo(95) }),
      entry(1845, 'pending', { stateChangedAt: minutesAgo(10) }),
    ],
    position: 2,
  },
  'hostile-story': {
    description: "Trunk's story text full of HTML, line breaks and javascript: links (v2)",
    pr: prBody({ state: 'failed', isCurrentlySubmittedToQueue: false }),
    queue: queueBody(),
    others: [entry(1840, 'testing')],
    story: {
      htmlUrl: 'javascript:alert(1)',
      blockReasons: [
        {
          code: 'failingCheck',
          message: 'required check <b>build</b> failed\n\n# <script>alert(1)</script>',
          check: 'build | x\n<img src=x onerror=alert(1)>',
        },
        { code: 'other', message: '[click](javascript:alert(1)) <a href="javascript:alert(1)">here</a>\r\n::error::x' },
      ],
      exit: {
        reason: 'TEST_RUN_TIMEOUT\n<b>NOT_A_REASON</b>',
        actor: { gitHubLogin: '<img src=x onerror=alert(1)>' },
        failed: {
          apiFailureMessage: '</table><h1>pwned</h1>\n::error::fake',
          failureCausingChecks: [
            { name: '<script>alert(1)</script>', url: 'javascript:alert(1)', conclusion: 'FAILURE\n<b>x</b>' },
            { name: 'ci/test | `code`\n# heading', url: 'http://insecure.example/check', conclusion: 'TIMED_OUT' },
            { name: 'lint](javascript:alert(1))' },
          ],
          blockReasons: [],
          conflictCulprit: {
            kind: 'queuePullRequest',
            sha: SIM_SHA,
            number: 1840,
            url: 'javascript:alert(document.cookie)',
          },
        },
      },
      run: {
        status: 'failed',
        testBranchCommitUrl: 'javascript:alert(2)',
        testBranchPullRequest: { number: 9001, url: 'javascript:alert(3)' },
      },
      estimate: { status: 'unavailable', reason: '<b>too little</b>\nhistory [x](javascript:alert(1))' },
    },
  },
  batch: {
    description:
      "#1842 and #1843 tested together in one batch (trunk-merge/pr-1842-1843/…), both testing: the batch is ready (for the demo's test-run events)",
    pr: prBody(),
    queue: queueBody({ batch: true, batchingMinSize: 2 }),
    others: [
      entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }),
      entry(1843, 'testing', {
        prTitle: 'Fix the flaky upload test',
        prAuthor: 'dev2',
        stateChangedAt: minutesAgo(12),
      }),
      entry(1845, 'pending'),
    ],
    position: 2,
    batch: [1842, 1843],
    history: 'batch',
  },
  'batch-left': {
    description:
      '#1842 and #1843 tested in one batch, and #1843 was cancelled from the queue 3 min ago: it left the queue, the one answer that fails a test run (with --fail-if-not-ready)',
    pr: prBody(),
    queue: queueBody({ batch: true, batchingMinSize: 2 }),
    others: [entry(1840, 'testing', { prTitle: 'Add new feature', prAuthor: 'bob' }), entry(1845, 'pending')],
    position: 2,
    batch: [1842, 1843],
    history: 'batch-left',
  },
  week: {
    description:
      'As testing, with 15 days of a healthy queue behind it (history week: ~40 trips a day, failures mostly the flaky ci/integration)',
    ...usualQueue(),
    history: 'week',
  },
  'unhealthy-week': {
    description:
      'As testing, with the last 7 days clearly worse than the 7 before (history unhealthy-week: failures over 20 %, long waits, many restarts)',
    ...usualQueue(),
    history: 'unhealthy-week',
  },
  'busy-week': {
    description:
      'As testing, with a busy queue behind it (history busy-week: ~2,000 trips every 7 days), for the bench',
    ...usualQueue(),
    history: 'busy-week',
  },
  'week-no-metrics': {
    description: "As week, on a Trunk from before v2's metrics route (404 NOT_FOUND; v1's metrics still answer)",
    ...usualQueue(),
    history: 'week',
    noMetrics: true,
  },
};
