// Bodies for the pure-core tests, built with the simulator's own makers so both agree.
import { entry, prBody, queueBody } from '../simulator/scenarios.mjs';
import {
  queueSchema,
  submittedPullRequestSchema,
  type PrAnswer,
  type Queue,
  type SubmittedPullRequest,
} from '../src/schemas.js';

export function pr(overrides: Record<string, unknown> = {}): SubmittedPullRequest {
  return submittedPullRequestSchema.parse(prBody(overrides));
}

/** A 200 answer for the PR. */
export function found(overrides: Record<string, unknown> = {}): PrAnswer {
  return { found: true, pr: pr(overrides), body: prBody(overrides) };
}

export const notFound: PrAnswer = { found: false };

export function queue(entries: Array<[number, string]>, overrides: Record<string, unknown> = {}): Queue {
  return queueSchema.parse({
    ...queueBody(overrides),
    enqueuedPullRequests: entries.map(([n, state]) => entry(n, state)),
  });
}

export const readiness = (overrides: Record<string, unknown> = {}) => ({
  hasImpactedTargets: true,
  requiresImpactedTargets: true,
  doesBaseBranchMatch: true,
  gitHubMergeability: 'mergeable',
  ...overrides,
});

export { entry, prBody, queueBody };
