// The parts of the workflow's event the action uses, read through @actions/github's Context.
// Only the Context class is imported, by its file: the package's entry point would also load
// the whole Octokit client, which this action never calls.
import { existsSync } from 'node:fs';
import { Context } from '../node_modules/@actions/github/lib/context.js';

export interface EventFacts {
  /** The PR the event is about: `pull_request.number`, or the issue of a comment on a PR. */
  prNumber?: number;
  /** The event PR's base branch and head commit. */
  baseRef?: string;
  headSha?: string;
  defaultBranch?: string;
  /** N when this run tests Trunk's branch `trunk-merge/pr-<N>/<id>`: a merge-queue test run. */
  mergeQueuePr?: number;
  /** Why the event file could not be used, for a warning; undefined when it was read or there is none. */
  problem?: string;
}

type Json = Record<string, unknown>;

export const MAX_PR = 4294967295;
/** Trunk tests a queued PR on `trunk-merge/pr-<N>/<id>`, by a push or by a draft PR from it. */
const MERGE_QUEUE_BRANCH = /^trunk-merge\/pr-(\d+)\//;

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Json)[key] : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const prNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_PR ? value : undefined;

/** Facts from an event payload and the run's ref; pure, so every event's defaults can be tested directly. */
export function eventFacts(eventName: string, payload: unknown, ref?: string): EventFacts {
  const pullRequest = field(payload, 'pull_request');
  const issue = field(payload, 'issue');
  // A comment's issue is a PR only when it carries a pull_request link.
  const prFromEvent = pullRequest
    ? prNumber(field(pullRequest, 'number'))
    : eventName === 'issue_comment' && field(issue, 'pull_request')
      ? prNumber(field(issue, 'number'))
      : undefined;
  const testedPr = MERGE_QUEUE_BRANCH.exec(testBranch(eventName, payload, ref) ?? '')?.[1];
  return {
    prNumber: prFromEvent,
    baseRef: str(field(field(pullRequest, 'base'), 'ref')),
    headSha: str(field(field(pullRequest, 'head'), 'sha')),
    defaultBranch: str(field(field(payload, 'repository'), 'default_branch')),
    mergeQueuePr: testedPr === undefined ? undefined : prNumber(Number(testedPr)),
  };
}

/**
 * The branch whose name may say this is one of Trunk's test runs: a PR's head branch, or the
 * pushed branch. A PR from another repository (a fork) is never one: anyone can name a branch
 * `trunk-merge/pr-<N>/…`, and under pull_request_target its run would hold the secrets.
 */
function testBranch(eventName: string, payload: unknown, ref: string | undefined): string | undefined {
  const pullRequest = field(payload, 'pull_request');
  if (pullRequest) {
    const headRepo = str(field(field(field(pullRequest, 'head'), 'repo'), 'full_name'));
    const baseRepo = str(field(field(payload, 'repository'), 'full_name'));
    if (headRepo && baseRepo && headRepo.toLowerCase() !== baseRepo.toLowerCase()) return undefined;
    return str(field(field(pullRequest, 'head'), 'ref'));
  }
  return eventName === 'push' ? ref?.replace(/^refs\/heads\//, '') : undefined;
}

/** The event of this run. A missing or unreadable event file is a problem to report, not a crash. */
export function readEvent(env: NodeJS.ProcessEnv): EventFacts {
  const path = env.GITHUB_EVENT_PATH;
  const missing = Boolean(path) && !existsSync(path as string);
  try {
    // Context prints its own line for a missing file; the action says it as a warning instead.
    const context = withEnv(missing ? { ...env, GITHUB_EVENT_PATH: '' } : env, () => new Context());
    const facts = eventFacts(context.eventName ?? '', context.payload, context.ref);
    return missing ? { ...facts, problem: `The event file GITHUB_EVENT_PATH (${path}) does not exist` } : facts;
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error);
    return {
      ...eventFacts(env.GITHUB_EVENT_NAME ?? '', undefined, env.GITHUB_REF),
      problem: `The event file GITHUB_EVENT_PATH (${path}) could not be read, or is not JSON (${why})`,
    };
  }
}

// Context reads process.env when it is made. On a runner that is the action's environment; a test
// gives the action its own, and this lends it to Context for that moment.
function withEnv<T>(env: NodeJS.ProcessEnv, make: () => T): T {
  const saved = process.env;
  process.env = env;
  try {
    return make();
  } finally {
    process.env = saved;
  }
}
