// @ts-check
// Named situations GitHub can be in, for the simulator's GitHub endpoint (github.mjs), as
// scenarios.mjs has Trunk's: the commit a scenario is about, the PRs GitHub lists for it, and
// faults as GitHub sends them. The default, merged, is the deploy gate's happy path: a push to the
// base branch whose commit is the merge Trunk made of the simulator's PR (SIM_PR).
import { STATUS_CODES } from 'node:http';
import { githubError, shaOf } from './github-bodies.mjs';
import { linear, SIM_BASE_SHA } from './github-graph.mjs';
import { merged, open, otherPr, SIM_DIRECT_SHA, SIM_MERGE_SHA, simMerge, simPr } from './github-prs.mjs';
import { RANGE_SCENARIOS } from './github-ranges.mjs';
import { ALERT_HISTORY, REPORT_WORKFLOW } from './github-alerts.mjs';
import { minutesAgo, SIM_BRANCH, SIM_PR, SIM_SHA } from './scenarios.mjs';

/** @typedef {import('./github-bodies.mjs').GitHubPr} GitHubPr */
/** @typedef {import('./steps.mjs').Step} Step */

/**
 * @typedef {object} GitHubScenario
 * @property {string} description
 * @property {string} sha  the commit the scenario is about: the one to ask GitHub about
 * @property {GitHubPr[]} prs  what GitHub lists for any commit it knows
 * @property {'none'} [commits]  'none': GitHub knows no commit (every one is unknown)
 * @property {404 | 422} [unknownCommit]  how GitHub answers an unknown commit (default 422)
 * @property {(nowMs: number) => Step[]} [faults]  steps for the first requests, made when the
 *   scenario is chosen
 * @property {(nowMs: number) => Step[]} [compareFaults]  the same, for the compare endpoint
 * @property {import('./github-graph.mjs').SimCommit[]} [history]  the commits after SIM_BASE_SHA, oldest
 *   first, each with its parents and the PRs GitHub lists for it; without one, the scenario's commit
 *   alone, on top of the base
 * @property {string} [before]  the push's `before`, where the branch pointed (default SIM_BASE_SHA)
 * @property {import('./github-runs.mjs').SimRun[]} [runs]  the deploy workflow's runs, newest
 *   first (default: one that succeeded on `before`, where the last deploy was)
 * @property {(nowMs: number) => Step[]} [runFaults]  steps for the first reads of one run (this run's)
 * @property {import('./github-runs.mjs').SimWorkflow} [workflow]  the workflow its runs are of
 *   (default: the deploy workflow)
 * @property {(nowMs: number) => Step[]} [jobFaults]  steps for the first reads of a run's jobs
 * @property {(nowMs: number) => Step[]} [annotationFaults]  steps for the first reads of a job's annotations
 */

/** An installation token's shape (ghs_ and 36 characters), as the runner's GITHUB_TOKEN has. */
export const SIM_GITHUB_TOKEN = 'ghs_sim0GitHubToken0123456789abcdefghij';
export { SIM_DIRECT_SHA, SIM_MERGE_SHA };

/**
 * Faults as GitHub sends them, to script on 'github.commitPulls' (`sim.script(…, [step])`).
 * Each is one step; set `times` on it to repeat it.
 */
export const githubFaults = {
  /** 401: a token GitHub does not take (revoked, expired, another host's). */
  badCredentials: () => fault(401, 'Bad credentials'),
  /**
   * 403 (or 404): the token lacks a permission (contents: read, pull-requests: read, actions: read
   * or checks: read, by the endpoint). @param {403 | 404} [status]
   */
  notAccessible: (status = 403) => fault(status, 'Resource not accessible by integration'),
  /** 404 or 422: GitHub does not know the commit. @param {string} sha @param {404 | 422} [status] */
  noCommit: (sha, status = 422) => fault(status, `No commit found for SHA: ${sha}`),
  /** 409: the repository is empty. */
  emptyRepository: () => fault(409, 'Git Repository is empty.'),
  /**
   * 403 or 429 with retry-after (seconds) and requests left: a secondary limit.
   * @param {403 | 429} [status] @param {number} [retryAfter]
   */
  secondaryLimit: (status = 403, retryAfter = 1) => ({
    ...fault(
      status,
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID SIM0:SECONDARY.',
    ),
    headers: { 'retry-after': String(retryAfter) },
  }),
  /**
   * 403 (or 429) with x-ratelimit-remaining 0 and x-ratelimit-reset (epoch seconds): the primary limit.
   * @param {number} resetAt  epoch seconds @param {403 | 429} [status]
   */
  primaryLimit: (resetAt, status = 403) => ({
    ...fault(
      status,
      'API rate limit exceeded for installation ID 4242. If you reach out to GitHub Support for help, please include the request ID SIM0:PRIMARY.',
    ),
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '5000', 'x-ratelimit-reset': String(resetAt) },
  }),
  /** A 5xx: 500 and 503 with GitHub's JSON, 502 and 504 with no body, as its edge sends them. @param {number} [status] */
  serverError: (status = 502) =>
    status === 502 || status === 504 ? { status, body: '' } : fault(status, STATUS_CODES[status] ?? 'Server Error'),
};

/** @param {number} status @param {string} message @returns {Step} */
function fault(status, message) {
  return { status, body: githubError(status, message) };
}

const testMerge = shaOf(`test merge of #${SIM_PR}`);
/** @param {Step[]} steps @returns {(nowMs: number) => Step[]} */
const first = (steps) => () => steps;
/** @param {Step} step @returns {(nowMs: number) => Step[]} */
const always = (step) => () => [{ ...step, times: Infinity }];

/** The commits of a rebase merge of #SIM_PR's three commits: each lists the PR; the last is its merge commit. */
const REBASED = [1, 2, 3].map((i) => shaOf(`rebased commit ${i} of #${SIM_PR}`));
/** A commit pushed straight to main while a promotion PR from main is open. */
const PROMOTED = shaOf('pushed while a promotion PR is open');
/** The promotion PR open while it was pushed: main → release, headed by that commit. */
const PROMOTION = otherPr(1860, {
  ...open,
  title: 'Promote main to release',
  headRef: SIM_BRANCH,
  headSha: PROMOTED,
  baseRef: 'release',
  mergeCommitSha: shaOf('test merge of #1860'),
  updatedAt: minutesAgo(1),
});
/** A side branch a merge commit brings in: its own commits are not on the first-parent line. */
const SIDE = [1, 2].map((i) => shaOf(`commit ${i} on #${SIM_PR}'s branch`));
/** @type {Record<string, GitHubScenario>} */
export const GITHUB_SCENARIOS = {
  merged: {
    description: `The commit is #${SIM_PR}'s merge into ${SIM_BRANCH}: closed, merged_at set, merge_commit_sha the commit`,
    sha: SIM_MERGE_SHA,
    prs: merged,
  },
  'merged-state-open': {
    description: `As merged, but state "open" with merged_at set, as GitHub's own example answer has it`,
    sha: SIM_MERGE_SHA,
    prs: [simPr({ state: 'open' })],
  },
  'direct-push': {
    description: `The commit was pushed to ${SIM_BRANCH} directly: no PR (an empty list)`,
    sha: SIM_DIRECT_SHA,
    prs: [],
  },
  several: {
    description: `Several PRs contain the commit: #1838 merged 50 min ago, #1845 open, #${SIM_PR} merged 3 min ago (none's merge commit is it)`,
    sha: SIM_SHA,
    prs: [
      otherPr(1838, { mergedAt: minutesAgo(50), closedAt: minutesAgo(50), updatedAt: minutesAgo(50) }),
      otherPr(1845, {
        ...open,
        headSha: SIM_SHA,
        mergeCommitSha: shaOf('test merge of #1845'),
        updatedAt: minutesAgo(8),
      }),
      simPr(),
    ],
  },
  'other-queue': {
    description:
      "The commit is the merge of #1850 into release/1.x, by that branch's queue; it reached main another way",
    sha: shaOf('merge of #1850'),
    prs: [otherPr(1850, { baseRef: 'release/1.x' })],
  },
  'promotion-pr': {
    description: `A commit pushed straight to main while a promotion PR #1860 (main → release) is open: GitHub lists that PR, whose head is main`,
    sha: PROMOTED,
    prs: [PROMOTION],
    // The commit's own PRs, as GitHub lists them for it: the promotion PR, whose head it is.
    history: linear({ sha: PROMOTED, parents: [], message: 'Hotfix, pushed straight to main', prs: [PROMOTION] }),
  },
  'held-direct': {
    description: `The gate held a direct push (${SIM_DIRECT_SHA.slice(0, 7)}, run #42 failed); now #${SIM_PR}'s merge arrives with before at it: the last successful run (#41) was before it, so it is checked again`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    before: SIM_DIRECT_SHA,
    history: linear({ sha: SIM_DIRECT_SHA, parents: [], message: 'Hotfix, pushed straight to main' }, simMerge),
    runs: [
      { id: 8_000_042, number: 42, headSha: SIM_DIRECT_SHA, conclusion: 'failure', createdAt: minutesAgo(20) },
      { id: 8_000_041, number: 41, headSha: SIM_BASE_SHA, conclusion: 'success', createdAt: minutesAgo(60) },
    ],
  },
  'no-actions-permission': {
    description: "As merged, but the job's token may not read workflow runs (no actions: read): 403 on the runs",
    sha: SIM_MERGE_SHA,
    prs: merged,
    runFaults: always(githubFaults.notAccessible(403)),
  },
  'alert-history': {
    description:
      "Use 3's report workflow, this run #99 of its hourly alert: #98 failed before a verdict, #97 was the weekly report's, #96 found the queue paused 3 h ago, #95 healthy",
    sha: SIM_MERGE_SHA,
    prs: merged,
    workflow: REPORT_WORKFLOW,
    runs: ALERT_HISTORY,
  },
  'alert-no-checks-permission': {
    description:
      "As alert-history, but the job's token may not read check runs (no checks: read): 403 on the annotations",
    sha: SIM_MERGE_SHA,
    prs: merged,
    workflow: REPORT_WORKFLOW,
    runs: ALERT_HISTORY,
    annotationFaults: always(githubFaults.notAccessible(403)),
  },
  open: {
    description: `#${SIM_PR} is open and the commit is its head; merge_commit_sha is GitHub's test merge`,
    sha: SIM_SHA,
    prs: [simPr({ ...open, mergeCommitSha: testMerge, updatedAt: minutesAgo(12) })],
  },
  closed: {
    description: `#${SIM_PR} was closed without merging and the commit is its head`,
    sha: SIM_SHA,
    prs: [simPr({ mergedAt: null, mergeCommitSha: testMerge, closedAt: minutesAgo(20), updatedAt: minutesAgo(20) })],
  },
  'rebase-three': {
    description: `A rebase merge of #${SIM_PR}'s three commits: each lists the PR, the last is its merge commit (the push's tip)`,
    sha: REBASED[2] ?? '',
    prs: [],
    history: linear(
      ...REBASED.map((sha, i) => ({
        sha,
        parents: [],
        prs: [simPr({ mergeCommitSha: REBASED[2] ?? '' })],
        message: `Update documentation, part ${i + 1}`,
      })),
    ),
  },
  'merge-commit': {
    description: `A merge commit of #${SIM_PR}: its two branch commits come with it, off the first-parent line`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: [
      { sha: SIDE[0] ?? '', parents: [SIM_BASE_SHA], message: 'Draft the documentation' },
      { sha: SIDE[1] ?? '', parents: [SIDE[0] ?? ''], message: 'Finish the documentation' },
      { ...simMerge, parents: [SIM_BASE_SHA, SIDE[1] ?? ''], message: `Merge pull request #${SIM_PR}` },
    ],
  },
  'direct-inside-push': {
    description: `One push brings a direct commit and then #${SIM_PR}'s merge, its tip: the direct commit did not come through the queue`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: linear({ sha: SIM_DIRECT_SHA, parents: [], message: 'Hotfix, pushed straight to main' }, simMerge),
  },
  ...RANGE_SCENARIOS,
  'force-push': {
    description: `A force push: before is a commit the new tip, #${SIM_PR}'s merge, does not descend from`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    before: shaOf('a commit the force push dropped'),
    history: [
      { sha: shaOf('a commit the force push dropped'), parents: [SIM_BASE_SHA], message: 'Dropped by the force push' },
      { ...simMerge, parents: [SIM_BASE_SHA] },
    ],
  },
  'new-branch': {
    description: `A push that created its branch (before all zeros) with #${SIM_PR}'s merge: the tip alone is checked`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    before: '0'.repeat(40),
  },
  'unknown-base': {
    description: `before names a commit GitHub does not know: the compare answers 404`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    before: shaOf('a commit GitHub never saw'),
  },
  'bad-credentials': {
    description: 'Every request: 401 Bad credentials (a revoked or expired token)',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: always(githubFaults.badCredentials()),
  },
  'no-permission': {
    description: 'Every request: 403 Resource not accessible by integration (no pull-requests: read)',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: always(githubFaults.notAccessible(403)),
  },
  'no-permission-404': {
    description: 'Every request: 404 Resource not accessible by integration',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: always(githubFaults.notAccessible(404)),
  },
  'unknown-commit': {
    description: 'GitHub knows no commit: 422 No commit found for SHA',
    sha: SIM_MERGE_SHA,
    prs: merged,
    commits: 'none',
  },
  'commit-not-found': {
    description: 'GitHub knows no commit: 404 No commit found for SHA',
    sha: SIM_MERGE_SHA,
    prs: merged,
    commits: 'none',
    unknownCommit: 404,
  },
  'empty-repository': {
    description: 'Every request: 409 Git Repository is empty.',
    sha: SIM_MERGE_SHA,
    prs: [],
    faults: always(githubFaults.emptyRepository()),
  },
  'secondary-limit-429': {
    description: 'A 429 secondary limit with retry-after: 1, then as merged',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: first([githubFaults.secondaryLimit(429, 1)]),
  },
  'secondary-limit-403': {
    description: 'A 403 secondary limit with retry-after: 1, then as merged',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: first([githubFaults.secondaryLimit(403, 1)]),
  },
  'primary-limit': {
    description: 'A 403 with x-ratelimit-remaining: 0, reset 2 s after the scenario was chosen; then as merged',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: (nowMs) => [githubFaults.primaryLimit(Math.ceil(nowMs / 1000) + 2)],
  },
  'server-errors': {
    description: 'A 502 with no body, then a 503, then as merged',
    sha: SIM_MERGE_SHA,
    prs: merged,
    faults: first([githubFaults.serverError(502), githubFaults.serverError(503)]),
  },
};
