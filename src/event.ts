// The parts of the workflow's event payload the action uses. Read straight from
// GITHUB_EVENT_PATH: @actions/github's `context` would load the whole Octokit client for this.
import { readFileSync } from 'node:fs';

export interface EventFacts {
  prNumber?: number;
  baseRef?: string;
  defaultBranch?: string;
  headSha?: string;
}

type Json = Record<string, unknown>;

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Json)[key] : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** Facts from an event payload; pure, so the defaults of every event can be tested directly. */
export function eventFacts(eventName: string, payload: unknown): EventFacts {
  const pullRequest = field(payload, 'pull_request');
  const issue = field(payload, 'issue');
  const facts: EventFacts = {
    baseRef: str(field(field(pullRequest, 'base'), 'ref')),
    defaultBranch: str(field(field(payload, 'repository'), 'default_branch')),
    headSha: str(field(field(pullRequest, 'head'), 'sha')),
  };
  if (eventName === 'pull_request' || eventName === 'pull_request_target' || pullRequest) {
    facts.prNumber = num(field(pullRequest, 'number'));
  } else if (eventName === 'issue_comment' && field(issue, 'pull_request')) {
    // A comment's issue is a PR only when it carries a pull_request link.
    facts.prNumber = num(field(issue, 'number'));
  }
  return facts;
}

/** The event of this run, or no facts when there is no readable event file (a local run). */
export function readEvent(env: NodeJS.ProcessEnv): EventFacts {
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return {};
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
  return eventFacts(env.GITHUB_EVENT_NAME ?? '', payload);
}
