// @ts-check
// What Trunk answers about a PR it remembers (trunk-history.mjs), from its newest transition:
// v1's getSubmittedPullRequest body, with v1's spellings, and v2's PullRequest with its queue
// entry, whose createdAt is the PR's first submission ever (the entry is reused across trips).
import { SIM_BRANCH, SIM_QUEUE_ID, SIM_REPO_ID } from './scenarios.mjs';
import { entryId, FINAL_STATES, iso } from './trunk-history.mjs';
import { APP_URL, ENTRY_STATES, REPO_URL } from './trunk-v2-bodies.mjs';

/** @typedef {import('./trunk-history.mjs').HistoryPr} HistoryPr */
/** @typedef {import('./trunk-history.mjs').Transition} Transition */

/** v2 spelling → v1 spelling, the table of trunk-v2-bodies.mjs read backwards. */
const V1_STATES = /** @type {Record<string, string>} */ (
  Object.fromEntries(Object.entries(ENTRY_STATES).map(([v1, v2]) => [v2, v1]))
);
/** Merges the queue made itself, on a run that passed (a manual merge has no run that vouched). */
const QUEUE_MERGES = new Set(['MERGE_GRAPH_MERGE', 'MERGE_GRAPH_DIRECT_MERGE']);
const HOUR = 3_600_000;

/** @param {HistoryPr} pr */
const newest = (pr) => /** @type {Transition} */ (pr.transitions.at(-1));

/** The run whose pass the queue merged the PR on, if it did. @param {HistoryPr} pr */
function verifiedBy(pr) {
  const last = newest(pr);
  if (last.state !== 'merged' || !QUEUE_MERGES.has(String(last.reason))) return undefined;
  const passed = pr.transitions.findLast((t) => t.state === 'testsPassed');
  return typeof passed?.verificationRunId === 'string' ? passed.verificationRunId : undefined;
}

/** The priority it was submitted with: its latest notReady's, else the default. @param {HistoryPr} pr */
function priority(pr) {
  const submitted = /** @type {{ priorityValue?: number, priorityName?: string } | undefined} */ (
    pr.transitions.findLast((t) => t.state === 'notReady')?.notReady
  );
  return { priorityValue: submitted?.priorityValue ?? 100, priorityName: submitted?.priorityName ?? 'medium' };
}

/** `getSubmittedPullRequest`'s body for a remembered PR. @param {HistoryPr} pr */
export function historyV1Body(pr) {
  const last = newest(pr);
  const final = FINAL_STATES.has(last.state);
  return {
    id: entryId(pr.number),
    state: V1_STATES[last.state] ?? last.state,
    readiness: {
      hasImpactedTargets: true,
      requiresImpactedTargets: false,
      doesBaseBranchMatch: true,
      gitHubMergeability: final ? 'unspecified' : 'mergeable',
    },
    stateChangedAt: last.changedAt,
    ...priority(pr),
    usedDefaultPriorityName: 'medium',
    skipTheLine: false,
    noBatch: false,
    forceEnqueued: false,
    isCurrentlySubmittedToQueue: !final,
    verifiedByTestRun: verifiedBy(pr) ?? null,
    prNumber: pr.number,
    prTitle: pr.title,
    prSha: pr.sha,
    prBaseBranch: pr.baseBranch,
    prAuthor: pr.author,
  };
}

/**
 * v2's PullRequest for a remembered PR; `readiness.hasImpactedTargets` only when one PR was asked
 * for, as Trunk resolves it.
 * @param {HistoryPr} pr
 * @param {boolean} oneNumber
 */
export function historyPullRequestBody(pr, oneNumber) {
  const last = newest(pr);
  const first = /** @type {Transition} */ (pr.transitions[0]);
  const final = FINAL_STATES.has(last.state);
  const verified = verifiedBy(pr);
  const closed = last.state === 'cancelled' && last.reason === 'PR_CLOSED';
  return {
    id: pr.id,
    repositoryId: SIM_REPO_ID,
    number: pr.number,
    title: pr.title,
    branch: pr.branch,
    sha: pr.sha,
    baseBranch: pr.baseBranch,
    author: pr.author,
    url: `${REPO_URL}/pull/${pr.number}`,
    state: last.state === 'merged' ? 'merged' : closed ? 'closed' : 'open',
    isCurrentlySubmittedToQueue: !final,
    queueEntry: {
      id: entryId(pr.number),
      // A PR aimed at another branch was in that branch's queue.
      mergeQueueId: pr.baseBranch === SIM_BRANCH ? SIM_QUEUE_ID : `q-${pr.baseBranch}`,
      state: last.state,
      stateChangedAt: last.changedAt,
      ...priority(pr),
      usedDefaultPriorityName: 'medium',
      skipsTheLine: false,
      allowBatching: true,
      direct: false,
      ...(verified ? { verifiedByVerificationRunId: verified } : {}),
      readiness: {
        requiresImpactedTargets: false,
        ...(oneNumber ? { hasImpactedTargets: true } : {}),
        doesBaseBranchMatch: true,
        mergeability: final ? 'unspecified' : 'mergeable',
      },
      createdAt: first.changedAt,
      updatedAt: last.changedAt,
    },
    // Opened a few hours before it was first submitted.
    createdAt: iso(Date.parse(first.changedAt) - 3 * HOUR),
    htmlUrl: `${APP_URL}/merge-queue/${pr.baseBranch}/pr/${pr.number}`,
  };
}
