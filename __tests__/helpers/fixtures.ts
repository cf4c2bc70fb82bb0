// Neutral facts for the pure-core tests, made the way a run makes them: the simulator's own bodies,
// sent as JSON text, checked and translated by the v1 adapter. So the core is tested on what the
// adapter really gives it, and the simulator and the tests agree on what Trunk sends.
import { entry, prBody, queueBody } from '../../simulator/scenarios.mjs';
import type { PrAnswer, PrFacts, QueueAnswer } from '../../src/core/model.js';
import { prFacts, queueFacts, queueSchema, submittedPullRequestSchema } from '../../src/trunk/v1/schemas.js';

/** The PR's facts from getSubmittedPullRequest's body with these fields changed. */
export function pr(overrides: Record<string, unknown> = {}): PrFacts {
  return prFrom(JSON.stringify(prBody(overrides)));
}

/** The PR's facts from a body as sent (its text), for numbers as written. */
export function prFrom(text: string): PrFacts {
  return prFacts(submittedPullRequestSchema.parse(JSON.parse(text)), text);
}

/** A 200 answer for the PR. */
export function found(overrides: Record<string, unknown> = {}): PrAnswer {
  const json = JSON.stringify(prBody(overrides));
  return { found: true, pr: prFrom(json), json };
}

export const notFound: PrAnswer = { found: false };

/** getQueue's answer: these entries (number, state) in line, and the queue's fields changed. */
export function queue(entries: Array<[number, string]>, overrides: Record<string, unknown> = {}): QueueAnswer {
  return queueFrom({ ...queueBody(overrides), enqueuedPullRequests: entries.map(([n, state]) => entry(n, state)) });
}

/** getQueue's answer from a whole body. */
export function queueFrom(body: unknown): QueueAnswer {
  const json = JSON.stringify(body);
  return { queue: queueFacts(queueSchema.parse(JSON.parse(json))), json };
}

export const readiness = (overrides: Record<string, unknown> = {}) => ({
  hasImpactedTargets: true,
  requiresImpactedTargets: true,
  doesBaseBranchMatch: true,
  gitHubMergeability: 'mergeable',
  ...overrides,
});

export { entry, prBody, queueBody };
