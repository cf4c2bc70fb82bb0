// Bodies for the pure-core tests, built with the simulator's own makers so both agree.
import { entry, prBody, queueBody } from '../simulator/scenarios.mjs';
import { queueSchema, submittedPullRequestSchema, type Queue, type SubmittedPullRequest } from '../src/schemas.js';

export function pr(overrides: Record<string, unknown> = {}): SubmittedPullRequest {
  return submittedPullRequestSchema.parse(prBody(overrides));
}

export function queue(entries: Array<[number, string]>, overrides: Record<string, unknown> = {}): Queue {
  return queueSchema.parse({
    ...queueBody(overrides),
    enqueuedPullRequests: entries.map(([n, state]) => entry(n, state)),
  });
}

export { entry, prBody, queueBody };
