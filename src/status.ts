// The status the action derives from the two answers: the verdict, the PR's place in the queue and
// who is ahead of it, how long it has been in its state and when the queue gives up on its test
// run, staleness, and what the queue's own state means for it. Pure: the clock is an argument.
import type { PrAnswer, Queue, SubmittedPullRequest } from './schemas.js';
import { decideVerdict, IN_TEST_RUN, stateOf, TERMINAL_STATES, type Verdict } from './verdict.js';

export interface Status {
  prNumber: number;
  /** Lowercased API state, `not_submitted` on 404, or empty when the API sent none. */
  state: string;
  /** The API's isCurrentlySubmittedToQueue; false on 404. */
  submitted: boolean;
  verdict: Verdict;
  pr?: SubmittedPullRequest;
  queue: Queue;
  /** The two answers as Trunk sent them, for pr-json and queue-json. */
  prBody?: unknown;
  queueBody: unknown;
  /** 1-based place in `enqueuedPullRequests`; undefined when the PR is not listed. */
  position?: number;
  prsAhead: number[];
  /** Of the PRs ahead, how many are being tested (or passed) and how many wait; undefined when not listed. */
  aheadTesting?: number;
  aheadPending?: number;
  /** Milliseconds since the epoch of `stateChangedAt`; undefined when absent or unparseable. */
  stateChangedMs?: number;
  /** Whole seconds in the current state; undefined when unknown. */
  stateAgeSeconds?: number;
  /** While testing with a testing timeout: when the queue gives up on the run (ms since the epoch). */
  testingDeadlineMs?: number;
  /** undefined when either head SHA is unknown. */
  stale?: boolean;
}

export interface StatusInput {
  prNumber: number;
  answer: PrAnswer;
  queue: Queue;
  /** getQueue's answer as sent; the validated queue stands in for it where a test has none. */
  queueBody?: unknown;
  /** The event's head SHA, only when the event describes this PR. */
  eventHeadSha?: string;
  nowMs: number;
}

export function deriveStatus({ prNumber, answer, queue, queueBody, eventHeadSha, nowMs }: StatusInput): Status {
  const pr = answer.found ? answer.pr : undefined;
  const state = stateOf(answer);
  const entries = queue.enqueuedPullRequests;
  const index = entries.findIndex((entry) => entry.prNumber === prNumber);
  const ahead = index < 0 ? [] : entries.slice(0, index);
  const aheadTesting = ahead.filter((entry) => IN_TEST_RUN.includes(entry.state ?? '')).length;
  const changedMs = pr ? parseTimestamp(pr.stateChangedAt) : undefined;
  const timeoutMinutes = queue.testingTimeoutMinutes;
  return {
    prNumber,
    state,
    submitted: pr?.isCurrentlySubmittedToQueue ?? false,
    verdict: decideVerdict(answer),
    pr,
    queue,
    prBody: answer.found ? answer.body : undefined,
    queueBody: queueBody ?? queue,
    position: index < 0 ? undefined : index + 1,
    prsAhead: ahead.map((entry) => entry.prNumber),
    aheadTesting: index < 0 ? undefined : aheadTesting,
    aheadPending: index < 0 ? undefined : ahead.length - aheadTesting,
    stateChangedMs: changedMs,
    stateAgeSeconds: changedMs === undefined ? undefined : Math.max(0, Math.floor((nowMs - changedMs) / 1000)),
    testingDeadlineMs:
      state === 'testing' && changedMs !== undefined && timeoutMinutes > 0
        ? changedMs + timeoutMinutes * 60_000
        : undefined,
    stale: eventHeadSha && pr?.prSha ? eventHeadSha.toLowerCase() !== pr.prSha.toLowerCase() : undefined,
  };
}

// ISO 8601 with a date and a time, as Trunk sends it; Date.parse alone would also take "March 7"
// and read a time without a zone as local time.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseTimestamp(text: string): number | undefined {
  const value = text.trim();
  if (!ISO_8601.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned.replace(' ', 'T'));
  return Number.isNaN(ms) ? undefined : ms;
}

/** ISO 8601 in UTC to the second: `2026-11-20T12:00:00Z`. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Queue states that hold a PR back, and what each means for it; `running` holds nothing back, and
 * a PR that is finished is held back by nothing.
 */
export function queueStateNote(status: Status): string | undefined {
  const { queue, prNumber, position } = status;
  const listed = position !== undefined;
  if (TERMINAL_STATES.includes(status.state)) return undefined;
  switch (queue.state) {
    case 'paused':
      return `The merge queue is paused: nothing is tested or merged until it resumes, so PR #${prNumber} will not move until then.`;
    case 'draining':
      return listed
        ? `The merge queue is draining: PRs already in it, PR #${prNumber} among them, keep going, but nothing new is admitted.`
        : `The merge queue is draining: PRs already in it keep going, but nothing new is admitted, so PR #${prNumber} cannot enter until it runs again.`;
    case 'switching_modes':
      return `The merge queue is switching modes: like draining, PRs already in it keep going and nothing new is admitted until the switch ends${listed ? '' : `, so PR #${prNumber} waits`}.`;
    default:
      return undefined;
  }
}
