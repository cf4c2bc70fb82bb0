// @ts-check
// Trunk's v2 answers for a scenario: the repository, the queue, its order and the PR (the rest of
// the story is trunk-v2-story.mjs), derived from the same data the v1 answers are (the PR's last
// answer, the queue with its entries) plus the scenario's story, so that a test can ask both APIs
// about one world and compare. v1 spellings become v2 ones by table, never by changing case, as
// Trunk's migration guide says; a value no table knows is converted only so that it still shows.
import {
  minutesAgo,
  prBody,
  SIM_BRANCH,
  SIM_PR,
  SIM_PR_ID,
  SIM_QUEUE_ID,
  SIM_REPO,
  SIM_REPO_ID,
  SIM_SHA,
} from './scenarios.mjs';

/** @typedef {import('./scenarios.mjs').Scenario} Scenario */
/** @typedef {Record<string, unknown>} Json */

/**
 * One world, as both APIs see it at the moment of a request.
 * @typedef {object} World
 * @property {Scenario} scenario
 * @property {Json | null} pr  the PR's last v1 answer (null: not submitted)
 * @property {Json | null} queue  v1's getQueue body, entries included, agreeing with that answer (null: no queue)
 * @property {string} baseUrl  where the simulator serves
 * @property {import('./trunk-history.mjs').HistoryIndex} history  the PRs Trunk remembers
 * @property {number} nowMs  the time of the request, on the simulator's clock
 */

export const ENTRY_STATES = /** @type {const} */ ({
  not_ready: 'notReady',
  pending: 'pending',
  testing: 'testing',
  tests_passed: 'testsPassed',
  merged: 'merged',
  failed: 'failed',
  cancelled: 'cancelled',
  pending_failure: 'pendingFailure',
});
const QUEUE_STATES = /** @type {const} */ ({
  running: 'running',
  paused: 'paused',
  draining: 'draining',
  switching_modes: 'switchingModes',
});
const QUEUE_MODES = /** @type {const} */ ({ single: 'queue', parallel: 'graph' });
const MERGEABILITY = /** @type {const} */ ({
  unspecified: 'unspecified',
  in_progress: 'inProgress',
  mergeable: 'mergeable',
  not_mergeable: 'notMergeable',
});
const MERGE_METHODS = { merge_commit: 'mergeCommit', squash: 'squash', rebase: 'rebase' };
const OPTIMIZATION_MODES = { off: 'off', bisection_skip_redundant_tests: 'bisectionSkipRedundantTests' };

/**
 * @param {Record<string, string>} table
 * @param {unknown} value
 */
export function mapped(table, value) {
  const text = String(value);
  return table[text] ?? text.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}

export const REPO_URL = `https://${SIM_REPO.host}/${SIM_REPO.owner}/${SIM_REPO.name}`;
export const APP_URL = `https://app.trunk.io/${SIM_REPO.owner}/repo/${SIM_REPO.host}/${SIM_REPO.owner}/${SIM_REPO.name}`;
const CREATED = minutesAgo(60 * 24 * 200);
/** When the scenario's PR and the queue's others were first submitted: their entries' createdAt. */
export const ENTRY_CREATED_AT = minutesAgo(90);
/** States in the order's test batches; `pending` is in its pending items. */
const BATCH_STATES = new Set(['testing', 'tests_passed', 'pending_failure']);

/** @param {unknown} value @returns {Json} */
export const obj = (value) => (value && typeof value === 'object' ? /** @type {Json} */ (value) : {});
/** @param {Json} entry */
export const numberOf = (entry) => Number(entry.prNumber);

/** The PR's uuid: the scenario's PR has SIM_PR_ID, the others one made from their number. @param {number} n */
export function prId(n) {
  if (n === SIM_PR) return SIM_PR_ID;
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0').slice(-12)}`;
}
/** @param {number} n */
const prUrl = (n) => `${REPO_URL}/pull/${n}`;
/** The id of the verification run that tests a batch, named by its first PR. @param {number} n */
const runIdFor = (n) => `vr${n.toString(36).toUpperCase()}K3`;

/** `repositories.resolveByProviderUrl`'s one repository. */
export function repositoryBody() {
  return {
    id: SIM_REPO_ID,
    provider: 'github',
    path: `${SIM_REPO.owner}/${SIM_REPO.name}`,
    host: SIM_REPO.host,
    url: REPO_URL,
    defaultBranch: SIM_BRANCH,
    isPrivate: false,
    createdAt: CREATED,
    updatedAt: minutesAgo(60),
  };
}

/**
 * @param {Json} queue  v1's getQueue body @param {string} baseUrl
 * @param {string} [createdAt]  when the queue was made: its history's start, for a history that has one
 */
export function mergeQueueBody(queue, baseUrl, createdAt = CREATED) {
  return {
    id: SIM_QUEUE_ID,
    repositoryId: SIM_REPO_ID,
    // The branch it is served for: Trunk filters by it (v1's hostile queue names another).
    targetBranch: SIM_BRANCH,
    state: mapped(QUEUE_STATES, queue.state),
    mode: mapped(QUEUE_MODES, queue.mode),
    managedState: 'manual',
    createdAt,
    updatedAt: minutesAgo(60),
    repositoryUrl: REPO_URL,
    pullRequestsUrl: `${baseUrl}/v2/pull-requests?repositoryId=${SIM_REPO_ID}`,
    htmlUrl: `${APP_URL}/merge-queue/${SIM_BRANCH}`,
    config: {
      concurrency: queue.concurrency,
      bisectionConcurrency: queue.bisectionConcurrency,
      pendingFailureDepth: queue.pendingFailureDepth,
      canOptimisticallyMerge: queue.canOptimisticallyMerge,
      allowBatching: queue.batch,
      batchingMaxWaitTimeMinutes: queue.batchingMaxWaitTimeMinutes,
      batchingMinSize: queue.batchingMinSize,
      testingTimeoutMinutes: queue.testingTimeoutMinutes,
      notReadyTimeoutMinutes: 60,
      createsPrsForTestingBranches: queue.createPrsForTestingBranches,
      areCommentsEnabled: queue.commentsEnabled,
      areCommandsEnabled: queue.commandsEnabled,
      isStatusCheckEnabled: queue.statusCheckEnabled,
      isExtensionEnabled: false,
      areLabelCommandsEnabled: false,
      areStateLabelsEnabled: false,
      requiredStatuses: queue.requiredStatuses,
      allowedBotSubmitters: [],
      batchingRules: [],
      directMergeMode: queue.directMergeMode,
      optimizationMode: mapped(OPTIMIZATION_MODES, queue.optimizationMode),
      mergeMethod: mapped(MERGE_METHODS, queue.mergeMethod),
      testBranchConstructionMode: 'renameTempBranch',
      enqueueingLabel: '',
    },
  };
}

/** A PR as the order and the verification runs list it. @param {Json} entry */
export function queuedPr(entry) {
  const n = numberOf(entry);
  return { id: prId(n), number: n, sha: String(entry.prSha), title: String(entry.prTitle), url: prUrl(n) };
}

/**
 * The queue's dispatch order: its test batches (testing, tests_passed and pending_failure PRs, in
 * queue order), then its pending items, then those awaiting admission, so that a PR's place in
 * that line is its v1 position whenever the batch states come first in v1's list, as they do in
 * every scenario.
 * @param {Json} queue  v1's getQueue body with its entries
 * @param {Scenario} scenario
 */
export function orderBody(queue, scenario) {
  const entries = /** @type {Json[]} */ (Array.isArray(queue.enqueuedPullRequests) ? queue.enqueuedPullRequests : []);
  const waiting = Math.min(scenario.awaitingAdmission ?? 0, entries.length);
  const admitted = entries.slice(0, entries.length - waiting);
  const batching = queue.batch === true;

  const inBatches = admitted.filter((e) => BATCH_STATES.has(String(e.state)));
  /** @type {Array<{ verificationRunId: string, state: string, isBisection: boolean, pullRequests: ReturnType<typeof queuedPr>[] }>} */
  const batches = [];
  for (const entry of inBatches) {
    const state = mapped(ENTRY_STATES, entry.state);
    const last = batches.at(-1);
    // With batching on, PRs in the same state are tested two at a time; without, one by one.
    if (batching && last && last.state === state && last.pullRequests.length < 2) {
      last.pullRequests.push(queuedPr(entry));
    } else {
      const verificationRunId = runIdFor(numberOf(entry));
      batches.push({ verificationRunId, state, isBisection: false, pullRequests: [queuedPr(entry)] });
    }
  }
  const failing = batches.filter((b) => b.state === 'pendingFailure').flatMap((b) => b.pullRequests);
  const pendingEntries = admitted.filter((e) => !BATCH_STATES.has(String(e.state)));
  const line = [...inBatches, ...pendingEntries];
  const byNumber = new Map(entries.map((e) => [numberOf(e), e]));
  const edges = scenario.story?.directlyAhead ?? {};
  const pending = pendingEntries.map((entry, i) => {
    const n = numberOf(entry);
    const previous = line[inBatches.length + i - 1];
    // Trunk sends no graph edges without batching; with it, whom this PR waits for directly
    // (the scenario's edges, else the PR in front of it).
    const ahead = !batching
      ? []
      : (edges[n] ?? (previous ? [numberOf(previous)] : []))
          .filter((m) => m !== n && byNumber.has(m))
          .map((m) => queuedPr(/** @type {Json} */ (byNumber.get(m))));
    const held = failing.length > 0;
    return {
      pullRequest: queuedPr(entry),
      schedulability: held ? 'heldBehindFailure' : 'schedulable',
      ...(held ? {} : { predictedBatch: batching ? Math.floor(i / 2) + 1 : i + 1 }),
      directlyAhead: ahead,
      heldBy: held ? failing : [],
    };
  });
  const awaiting = entries.slice(entries.length - waiting).map(queuedPr);
  return {
    mode: mapped(QUEUE_MODES, queue.mode),
    queueState: mapped(QUEUE_STATES, queue.state),
    batchingEnabled: batching,
    isolationResolved: true,
    hasCycle: false,
    batches,
    pending,
    awaitingAdmission: awaiting,
    awaitingAdmissionTotal: awaiting.length,
  };
}

/** The run id testing the scenario's PR: its batch's, else one named by the PR. @param {World} world */
export function prRunId(world) {
  if (world.queue) {
    const batch = orderBody(world.queue, world.scenario).batches.find((b) =>
      b.pullRequests.some((p) => p.number === SIM_PR),
    );
    if (batch) return batch.verificationRunId;
  }
  return runIdFor(SIM_PR);
}

/** What the PR is, whether or not it is in a queue: the scenario's, else the usual one. @param {World} world */
export function prFacts(world) {
  return { ...prBody(), ...(world.scenario.pr ?? {}), ...(world.pr ?? {}) };
}

/**
 * `GET /v2/pull-requests/{id}` for the scenario's PR; in a list lookup for more than one number,
 * without `readiness.hasImpactedTargets`, as Trunk sends it.
 * @param {World} world
 * @param {{ oneNumber?: boolean }} [options]
 */
export function pullRequestBody(world, { oneNumber = true } = {}) {
  const facts = prFacts(world);
  const n = Number(facts.prNumber ?? SIM_PR);
  const v1 = world.pr;
  const state = v1 ? String(v1.state) : undefined;
  const story = world.scenario.story ?? {};
  /** @type {Json | undefined} */
  let queueEntry;
  if (v1) {
    const readiness = obj(v1.readiness);
    const mergeability = mapped(MERGEABILITY, readiness.gitHubMergeability);
    const reasons = story.blockReasons ?? (mergeability === 'mergeable' ? [] : undefined);
    const verified = state === 'tests_passed' || state === 'merged';
    queueEntry = {
      id: String(v1.id ?? `entry-${n}`),
      mergeQueueId: SIM_QUEUE_ID,
      state: mapped(ENTRY_STATES, state),
      stateChangedAt: v1.stateChangedAt,
      priorityValue: v1.priorityValue,
      priorityName: v1.priorityName,
      usedDefaultPriorityName: v1.usedDefaultPriorityName,
      skipsTheLine: v1.skipTheLine === true,
      allowBatching: v1.noBatch !== true,
      direct: false,
      ...(verified ? { verifiedByVerificationRunId: prRunId(world) } : {}),
      readiness: {
        requiresImpactedTargets: readiness.requiresImpactedTargets,
        ...(oneNumber ? { hasImpactedTargets: readiness.hasImpactedTargets } : {}),
        doesBaseBranchMatch: readiness.doesBaseBranchMatch,
        mergeability,
        ...(reasons ? { mergeabilityDetails: { provider: 'github', reasons } } : {}),
      },
      createdAt: ENTRY_CREATED_AT,
      updatedAt: v1.stateChangedAt,
    };
  }
  return {
    id: prId(n),
    repositoryId: SIM_REPO_ID,
    number: n,
    title: String(facts.prTitle),
    branch: 'docs-update',
    sha: String(facts.prSha ?? SIM_SHA),
    baseBranch: String(facts.prBaseBranch ?? SIM_BRANCH),
    author: String(facts.prAuthor),
    url: prUrl(n),
    state: state === 'merged' ? 'merged' : 'open',
    isCurrentlySubmittedToQueue: v1 ? v1.isCurrentlySubmittedToQueue !== false : false,
    ...(queueEntry ? { queueEntry } : {}),
    createdAt: minutesAgo(60 * 26),
    htmlUrl: story.htmlUrl ?? `${APP_URL}/merge-queue/${SIM_BRANCH}/pr/${n}`,
    viewerIsAuthor: false,
  };
}
