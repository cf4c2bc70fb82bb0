// Trunk v2's answers, for what the action reads (from simulator/trunk-openapi-v2.json), and their
// translation into the neutral model. As for v1: read fields are checked and named, summary-only
// fields are `shown`, everything else is left undeclared, objects are loose, enums open.
import * as z from 'zod/mini';
import { rawJsonAt } from '../json-text.js';
import type { BlockReason, PrFacts, QueueEntry, QueueFacts } from '../../core/model.js';
import { decidable, exactNumber, maybe, parseBody, prNumber, shown, type ParseResult } from '../validate.js';
import { ENTRY_STATES, MERGE_METHODS, MERGEABILITY, QUEUE_MODES, QUEUE_STATES, snakeCase, toV1 } from './spellings.js';

const list = <T extends z.ZodMiniType>(item: T) => z.looseObject({ data: z.array(item) });

export const repositoryListSchema = list(z.looseObject({ id: z.string() }));

const mergeQueueSchema = z.looseObject({
  id: z.string(),
  targetBranch: z.string(),
  state: z.string(),
  mode: z.string(),
  htmlUrl: shown(z.string()),
  // Where a window report's history can begin: nothing of the queue is older.
  createdAt: shown(z.string()),
  config: z.looseObject({
    testingTimeoutMinutes: exactNumber,
    concurrency: shown(z.number()),
    allowBatching: shown(z.boolean()),
    batchingMinSize: shown(z.number()),
    batchingMaxWaitTimeMinutes: shown(z.number()),
    mergeMethod: shown(z.string()),
    requiredStatuses: shown(z.array(z.string())),
  }),
});
export const mergeQueueListSchema = list(mergeQueueSchema);

const queuedPr = z.looseObject({ number: prNumber, title: shown(z.string()) });

export const orderSchema = z.looseObject({
  // The order is read again at the end of a wait; the queue object is not.
  queueState: shown(z.string()),
  mode: shown(z.string()),
  batches: z.array(z.looseObject({ state: shown(z.string()), pullRequests: z.array(queuedPr) })),
  pending: z.array(
    z.looseObject({ pullRequest: queuedPr, directlyAhead: z.array(z.looseObject({ number: prNumber })) }),
  ),
  awaitingAdmission: z.array(queuedPr),
  // The order lists only the first of those awaiting admission; this counts them all.
  awaitingAdmissionTotal: exactNumber,
});

const mergeabilityReason = z.looseObject({
  code: z.string(),
  message: shown(z.string()),
  check: shown(z.string()),
  have: shown(z.number()),
  need: shown(z.number()),
  ontoPrNumber: shown(prNumber),
});

export const pullRequestSchema = z.looseObject({
  id: z.string(),
  number: prNumber,
  sha: z.string(),
  isCurrentlySubmittedToQueue: z.boolean(),
  title: shown(z.string()),
  author: shown(z.string()),
  htmlUrl: shown(z.string()),
  queueEntry: maybe(
    z.looseObject({
      mergeQueueId: z.string(),
      state: decidable,
      stateChangedAt: z.string(),
      priorityValue: shown(z.number()),
      priorityName: shown(z.string()),
      readiness: z.looseObject({
        requiresImpactedTargets: z.boolean(),
        hasImpactedTargets: maybe(z.boolean()),
        doesBaseBranchMatch: z.boolean(),
        mergeability: z.string(),
        // Read for the story, and checked there: a bad one costs the story, never the state.
        mergeabilityDetails: z.optional(z.unknown()),
      }),
    }),
  ),
});
export const pullRequestListSchema = list(pullRequestSchema);

const failingCheck = z.looseObject({ name: z.string(), url: maybe(z.string()), conclusion: maybe(z.string()) });

export const historySchema = list(
  z.looseObject({
    changedAt: shown(z.string()),
    reason: z.nullable(z.string()),
    actor: shown(z.looseObject({ gitHubLogin: shown(z.string()) })),
    failed: maybe(
      z.looseObject({
        apiFailureMessage: shown(z.string()),
        failureCausingChecks: z.array(failingCheck),
        conflictCulprit: shown(z.looseObject({ kind: z.string(), number: shown(prNumber), url: shown(z.string()) })),
      }),
    ),
    pendingFailure: maybe(z.looseObject({ failureCausingChecks: z.array(failingCheck) })),
  }),
);

export const verificationRunsSchema = list(
  z.looseObject({
    status: z.string(),
    testBranchCommitUrl: z.optional(z.string()),
    testBranchPullRequest: maybe(z.looseObject({ url: z.string() })),
  }),
);

export const estimateSchema = z.looseObject({
  status: z.string(),
  kind: shown(z.string()),
  estimatedAt: shown(z.string()),
  computedAt: shown(z.string()),
  reason: shown(z.string()),
});

export type MergeQueue = z.infer<typeof mergeQueueSchema>;
export type PullRequest = z.infer<typeof pullRequestSchema>;
export type Order = z.infer<typeof orderSchema>;

/**
 * @param text the body as sent, for the numbers as written
 * @param path where the PR is in that body
 */
export function prFacts(pr: PullRequest, text: string, path: ReadonlyArray<string | number>): PrFacts {
  const entry = pr.queueEntry;
  const readiness = entry?.readiness;
  return {
    state: entry ? toV1(ENTRY_STATES, entry.state) : '',
    submitted: pr.isCurrentlySubmittedToQueue,
    readiness: readiness && {
      doesBaseBranchMatch: readiness.doesBaseBranchMatch,
      mergeability: toV1(MERGEABILITY, readiness.mergeability),
      requiresImpactedTargets: readiness.requiresImpactedTargets,
      hasImpactedTargets: readiness.hasImpactedTargets ?? undefined,
    },
    stateChangedAt: entry?.stateChangedAt,
    priorityName: entry?.priorityName,
    priorityValue:
      entry?.priorityValue === undefined ? undefined : rawJsonAt(text, [...path, 'queueEntry', 'priorityValue']),
    title: pr.title,
    author: pr.author,
    sha: pr.sha,
  };
}

const mergeabilityDetails = z.looseObject({ reasons: z.array(mergeabilityReason) });

/** Why the PR is blocked, checked on its own; undefined when Trunk sent no details. */
export function blockReasons(pr: PullRequest): ParseResult<BlockReason[]> | undefined {
  const details = pr.queueEntry?.readiness.mergeabilityDetails;
  if (details === undefined) return undefined;
  const result = parseBody(mergeabilityDetails, details);
  if (!result.ok) {
    return { ok: false, problem: result.problem.replace(/"(.*?)"/, '"queueEntry.readiness.mergeabilityDetails.$1"') };
  }
  const value = result.value.reasons.map((reason) => ({
    code: snakeCase(reason.code),
    message: reason.message,
    check: reason.check,
    have: wholeOrUndefined(reason.have),
    need: wholeOrUndefined(reason.need),
    ontoPrNumber: wholeOrUndefined(reason.ontoPrNumber),
  }));
  return { ok: true, value };
}

/** Batch states that have left the line; a state Trunk adds later is taken to be still in it. */
const FINISHED: ReadonlySet<string> = new Set(['merged', 'failed', 'cancelled']);

/**
 * The queue's line, as the contract orders it: the PRs in its test batches first (in order), then
 * its pending items, then those awaiting admission. Only those in batches are in a test run.
 */
export function queueFacts(queue: MergeQueue, order: Order): QueueFacts {
  const entry = (pr: { number: number; title?: string }, state: string, testing: boolean): QueueEntry => ({
    number: pr.number,
    state,
    testing,
    title: pr.title,
  });
  const { config } = queue;
  const unlisted = Math.max(0, order.awaitingAdmissionTotal - order.awaitingAdmission.length);
  const entries: QueueEntry[] = [
    // Batches in dependency order; a batch that has finished is no longer ahead of anyone.
    ...order.batches.flatMap((batch) => {
      const state = batch.state === undefined ? 'testing' : toV1(ENTRY_STATES, batch.state);
      return FINISHED.has(state) ? [] : batch.pullRequests.map((pr) => entry(pr, state, true));
    }),
    ...order.pending.map((item) => entry(item.pullRequest, 'pending', false)),
    // Submitted, waiting for the queue to take them in: pending, in the contract's words.
    ...order.awaitingAdmission.map((pr) => entry(pr, 'pending', false)),
  ];
  return {
    state: toV1(QUEUE_STATES, order.queueState ?? queue.state),
    mode: toV1(QUEUE_MODES, order.mode ?? queue.mode),
    branch: queue.targetBranch,
    testingTimeoutMinutes: config.testingTimeoutMinutes,
    settings: {
      concurrency: config.concurrency,
      batching:
        config.allowBatching === undefined
          ? undefined
          : {
              on: config.allowBatching,
              minSize: config.batchingMinSize,
              maxWaitMinutes: config.batchingMaxWaitTimeMinutes,
            },
      mergeMethod: config.mergeMethod === undefined ? undefined : toV1(MERGE_METHODS, config.mergeMethod),
      requiredStatuses: config.requiredStatuses,
    },
    entries,
    length: entries.length + unlisted,
    htmlUrl: queue.htmlUrl,
  };
}

/** A count or a PR number Trunk sent for the story's words: a whole number, or nothing. */
function wholeOrUndefined(value: number | undefined): number | undefined {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
