// @ts-check
// What Trunk's v2 tells that v1 cannot, for the scenario's PR: its queue-entry history, its
// verification runs and its merge estimate, derived from the PR's last answer and the queue as
// trunk-v2-bodies.mjs makes them, over which the scenario's story (scenarios.mjs) may write.
import { ENTRY_STATES, mapped, numberOf, obj, prFacts, prId, prRunId, queuedPr, REPO_URL } from './trunk-v2-bodies.mjs';
import { minutesAgo, SIM_PR, SIM_PR_ID, SIM_SHA } from './scenarios.mjs';

/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {import('./trunk-v2-bodies.mjs').Json} Json */

/** The states an entry passed through to reach each state, oldest first. */
export const PATHS = /** @type {Record<string, string[]>} */ ({
  notReady: ['notReady'],
  pending: ['notReady', 'pending'],
  testing: ['notReady', 'pending', 'testing'],
  testsPassed: ['notReady', 'pending', 'testing', 'testsPassed'],
  merged: ['notReady', 'pending', 'testing', 'testsPassed', 'merged'],
  failed: ['notReady', 'pending', 'testing', 'failed'],
  pendingFailure: ['notReady', 'pending', 'testing', 'pendingFailure'],
  cancelled: ['notReady', 'pending', 'cancelled'],
});
/** Trunk's reason for entering each state when nothing more particular happened; null where it sends none. */
const REASONS = /** @type {Record<string, string | null>} */ ({
  notReady: 'USER_REQUESTED',
  pending: 'MERGE_ITEM_NOW_READY',
  testing: null,
  testsPassed: 'TEST_RUN_PASSED',
  merged: 'MERGE_GRAPH_MERGE',
  failed: 'TEST_RUN_REQUIRED_STATUS_FAILED',
  pendingFailure: null,
  cancelled: 'USER_REQUESTED',
});
const FAILING_CHECK = {
  name: 'ci/test',
  url: `${REPO_URL}/actions/runs/4242/job/8484`,
  conclusion: 'FAILURE',
};

/**
 * The PR's queue-entry history, oldest first; empty for a PR never submitted.
 * @param {World} world
 */
export function historyTransitions(world) {
  const v1 = world.pr;
  if (!v1) return [];
  const state = mapped(ENTRY_STATES, v1.state);
  const path = PATHS[state] ?? ['pending', state];
  const last = Date.parse(String(v1.stateChangedAt)) || Date.parse(minutesAgo(12));
  const runId = prRunId(world);
  const priority = { priorityValue: v1.priorityValue, priorityName: v1.priorityName };
  const ahead = obj(/** @type {Json[]} */ (world.queue?.enqueuedPullRequests ?? [])[0]);
  /** @type {Record<string, Json>} */
  const details = {
    notReady: { notReady: { ...priority, allowBatching: v1.noBatch !== true } },
    pending: {
      pending: { ...priority, usedDefaultPriorityName: v1.usedDefaultPriorityName, prerequisitePullRequests: [] },
    },
    testing: { verificationRunId: runId },
    testsPassed: {
      verificationRunId: runId,
      testsPassed: { batchSize: 1, otherTestedPullRequests: [], waitingFor: [] },
    },
    failed: { verificationRunId: runId, failed: { failureCausingChecks: [FAILING_CHECK], blockReasons: [] } },
    pendingFailure: {
      verificationRunId: runId,
      pendingFailure: {
        eventualFailureReason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
        waitingFor:
          ahead.prNumber !== undefined && numberOf(ahead) !== SIM_PR
            ? [
                {
                  pullRequestId: prId(numberOf(ahead)),
                  number: numberOf(ahead),
                  title: String(ahead.prTitle),
                  state: mapped(ENTRY_STATES, ahead.state),
                },
              ]
            : [],
        failureCausingChecks: [FAILING_CHECK],
      },
    },
  };
  return path.map((step, i) => {
    const transition = {
      pullRequestId: SIM_PR_ID,
      state: step,
      changedAt: new Date(last - (path.length - 1 - i) * 3 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      reason: REASONS[step] ?? null,
      ...(details[step] ?? {}),
    };
    return i === path.length - 1 ? { ...transition, ...(world.scenario.story?.exit ?? {}) } : transition;
  });
}

/** What a run is doing while its PR is in each v1 state; no run before testing. */
const RUN_STATUS = /** @type {Record<string, string>} */ ({
  testing: 'inProgress',
  tests_passed: 'succeeded',
  merged: 'succeeded',
  failed: 'failed',
  pending_failure: 'failed',
  cancelled: 'cancelled',
});

/**
 * The PR's verification runs, newest first: one for a PR that reached testing, none before.
 * @param {World} world
 */
export function verificationRuns(world) {
  const v1 = world.pr;
  const story = world.scenario.story ?? {};
  const derived = v1 ? RUN_STATUS[String(v1.state)] : undefined;
  const status = String(story.run?.status ?? derived ?? '');
  if (!v1 || !status) return [];
  const queue = world.queue ?? {};
  const required = /** @type {string[]} */ (
    Array.isArray(queue.requiredStatuses) ? queue.requiredStatuses : ['ci/test']
  );
  const id = prRunId(world);
  const sha = `${(SIM_PR * 7919).toString(16).padStart(8, '0')}${SIM_SHA.slice(8)}`;
  const done = status !== 'inProgress';
  // A failed run failed on ci/test when the queue requires it, else on its last required check.
  const culprit = required.includes(FAILING_CHECK.name) ? FAILING_CHECK.name : required.at(-1);
  const checks = required.map((name, i) => {
    const outcome = { failed: name === culprit ? 'failure' : 'success', cancelled: 'cancelled' }[status] ?? 'success';
    return {
      id: `check-${i + 1}`,
      name,
      kind: 'checkRun',
      status: done ? 'completed' : i === 0 ? 'inProgress' : 'queued',
      // Trunk's placeholder for a check that has not concluded.
      conclusion: done ? outcome : 'neutral',
      url: `${REPO_URL}/actions/runs/4242/job/${8484 + i}`,
      provider: 'github',
    };
  });
  const facts = prFacts(world);
  return [
    {
      id,
      isBisection: false,
      testBranch: `trunk-merge/pr-${SIM_PR}/${String(v1.id ?? SIM_PR_ID)}`,
      testBranchSha: sha,
      testBranchCommitUrl: `${REPO_URL}/commit/${sha}`,
      createdAt: minutesAgo(14),
      updatedAt: done ? String(v1.stateChangedAt ?? minutesAgo(4)) : minutesAgo(1),
      status,
      requiredStatusesSource: 'trunkConfig',
      requiredStatuses: required,
      checks,
      testedPullRequests: [queuedPr(facts)],
      dependentPullRequests: [],
      ...(queue.createPrsForTestingBranches === false
        ? {}
        : { testBranchPullRequest: { number: 9001, url: `${REPO_URL}/pull/9001` } }),
      ...(story.run ?? {}),
    },
  ];
}

const ESTIMATED_STATES = new Set(['pending', 'testing', 'tests_passed', 'pending_failure']);

/**
 * `GET /v2/pull-requests/{id}/queue-entry-estimate` (docs.trunk.io; not in the OpenAPI document),
 * or null when the queue serves no estimates (404 ESTIMATE_NOT_ENABLED).
 * @param {World} world
 */
export function estimateBody(world) {
  const story = world.scenario.story ?? {};
  if (story.estimate === null) return null;
  const computedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (story.estimate) return { ...story.estimate, computedAt };
  const state = String(world.pr?.state ?? 'not_submitted');
  if (!ESTIMATED_STATES.has(state)) {
    const reason = state === 'not_ready' ? 'The pull request is not ready.' : 'The pull request is not in the queue.';
    return { status: 'unavailable', reason, computedAt };
  }
  if (world.queue?.state === 'paused') return { status: 'unavailable', reason: 'The queue is paused.', computedAt };
  const entries = /** @type {Json[]} */ (world.queue?.enqueuedPullRequests ?? []);
  const ahead = Math.max(
    entries.findIndex((e) => numberOf(e) === SIM_PR),
    0,
  );
  const kind = state === 'pending_failure' ? 'pendingFailureResolution' : 'merge';
  // Whole minutes, so that reads within a minute agree; 25 min ahead for the PR second in line.
  const minute = Math.ceil(Date.now() / 60_000) * 60_000;
  const estimatedAt = new Date(minute + (15 + 10 * ahead) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { status: 'available', kind, estimatedAt, computedAt };
}
