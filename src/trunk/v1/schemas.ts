// Trunk v1's answers, for what the action reads, and their translation into the neutral model.
// Built field by field from Trunk's OpenAPI document (simulator/trunk-openapi-v1.json): a field
// the action decides on is checked and named when wrong; one it only shows in the summary is
// `shown`; the rest are not declared, even where the document marks them required (Trunk's own
// older examples lack `forceEnqueued`). Objects are loose, so unknown fields never fail a run.
import * as z from 'zod/mini';
import { rawJsonAt } from '../json-text.js';
import type { PrFacts, QueueEntry, QueueFacts } from '../../core/model.js';
import { decidingEnum, exactNumber, maybe, openEnum, prNumber, shown } from '../validate.js';
import { IN_TEST_RUN } from '../../core/verdict.js';

export const readinessSchema = z.looseObject({
  hasImpactedTargets: maybe(z.boolean()),
  requiresImpactedTargets: z.boolean(),
  doesBaseBranchMatch: z.boolean(),
  gitHubMergeability: openEnum,
});

export const submittedPullRequestSchema = z.looseObject({
  state: maybe(decidingEnum),
  readiness: maybe(readinessSchema),
  stateChangedAt: z.string(),
  isCurrentlySubmittedToQueue: z.boolean(),
  prSha: z.string(),
  priorityValue: shown(z.number()),
  priorityName: shown(z.string()),
  prTitle: shown(z.string()),
  prAuthor: shown(z.string()),
});

export const enqueuedPullRequestSchema = z.looseObject({
  state: maybe(openEnum),
  prNumber,
  stateChangedAt: shown(z.string()),
  priorityName: shown(z.string()),
  prTitle: shown(z.string()),
  prAuthor: shown(z.string()),
});

export const queueSchema = z.looseObject({
  state: openEnum,
  branch: z.string(),
  mode: openEnum,
  testingTimeoutMinutes: exactNumber,
  enqueuedPullRequests: z.array(enqueuedPullRequestSchema),
  concurrency: shown(z.number()),
  batch: shown(z.boolean()),
  batchingMinSize: shown(z.number()),
  batchingMaxWaitTimeMinutes: shown(z.number()),
  mergeMethod: shown(openEnum),
  // Required by the spec, but sent as null live when no status is required.
  requiredStatuses: shown(z.nullable(z.array(z.string()))),
});

type SubmittedPullRequest = z.infer<typeof submittedPullRequestSchema>;
type Queue = z.infer<typeof queueSchema>;

/** @param text the body as sent, for the numbers as written */
export function prFacts(pr: SubmittedPullRequest, text: string): PrFacts {
  const { readiness } = pr;
  return {
    state: pr.state ?? '',
    submitted: pr.isCurrentlySubmittedToQueue,
    readiness: readiness
      ? {
          doesBaseBranchMatch: readiness.doesBaseBranchMatch,
          mergeability: readiness.gitHubMergeability,
          requiresImpactedTargets: readiness.requiresImpactedTargets,
          hasImpactedTargets: readiness.hasImpactedTargets ?? undefined,
        }
      : undefined,
    stateChangedAt: pr.stateChangedAt,
    priorityName: pr.priorityName,
    priorityValue: pr.priorityValue === undefined ? undefined : rawJsonAt(text, ['priorityValue']),
    title: pr.prTitle,
    author: pr.prAuthor,
    sha: pr.prSha,
  };
}

export function queueFacts(queue: Queue): QueueFacts {
  const entries: QueueEntry[] = queue.enqueuedPullRequests.map((entry) => ({
    number: entry.prNumber,
    state: entry.state ?? '',
    testing: IN_TEST_RUN.includes(entry.state ?? ''),
    title: entry.prTitle,
    author: entry.prAuthor,
    priorityName: entry.priorityName,
    stateChangedAt: entry.stateChangedAt,
  }));
  return {
    state: queue.state,
    mode: queue.mode,
    branch: queue.branch,
    testingTimeoutMinutes: queue.testingTimeoutMinutes,
    settings: {
      concurrency: queue.concurrency,
      batching:
        queue.batch === undefined
          ? undefined
          : { on: queue.batch, minSize: queue.batchingMinSize, maxWaitMinutes: queue.batchingMaxWaitTimeMinutes },
      mergeMethod: queue.mergeMethod,
      requiredStatuses: queue.requiredStatuses === null ? [] : queue.requiredStatuses,
    },
    entries,
    length: entries.length,
  };
}
