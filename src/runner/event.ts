// The parts of the workflow's event the action uses, read from the event file the runner writes.
// The action reads what @actions/github's Context reads (GITHUB_EVENT_PATH, GITHUB_EVENT_NAME,
// GITHUB_REF) itself. The package's public entry builds its `context` from process.env when it
// is imported, so an event file that is not JSON throws before run() can report it (no outputs,
// a stack trace), and a test cannot give the action its own environment; that entry also loads
// the Octokit client, which the action never calls (measured: 770 KiB of bundle instead of 631,
// about 15 ms more per run on Node 24). Its other export paths do not include the Context class.
import { readFileSync } from 'node:fs';
import { messageOf } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';

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
    // Fails closed: a deleted fork's PR has `head.repo: null`, and is still no test run.
    if (!headRepo || !baseRepo || headRepo.toLowerCase() !== baseRepo.toLowerCase()) return undefined;
    return str(field(field(pullRequest, 'head'), 'ref'));
  }
  return eventName === 'push' ? ref?.replace(/^refs\/heads\//, '') : undefined;
}

/** The event of this run. A missing or unreadable event file is a problem to report, not a crash. */
export function readEvent(env: NodeJS.ProcessEnv): EventFacts {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const path = env.GITHUB_EVENT_PATH;
  // No event file is a local run, as for Context: the facts that need no payload still count.
  if (!path) return eventFacts(eventName, {}, env.GITHUB_REF);
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const problem =
      errorCode(error) === 'ENOENT'
        ? `The event file GITHUB_EVENT_PATH (${path}) does not exist`
        : `The event file GITHUB_EVENT_PATH (${path}) could not be read, or is not JSON (${oneLine(messageOf(error), { squeeze: true })})`;
    return { ...eventFacts(eventName, undefined, env.GITHUB_REF), problem };
  }
  return eventFacts(eventName, payload, env.GITHUB_REF);
}

const errorCode = (error: unknown): unknown => field(error, 'code');
