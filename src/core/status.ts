// The status the action derives from an answer: the verdict, the PR's place in the queue and who
// is ahead of it, how long it has been in its state and when the queue gives up on its test run,
// staleness, and what the queue's own state means for it. Pure: the clock is an argument, and it
// works on the neutral model, whichever API answered.
import type { PrAnswer, PrFacts, QueueAnswer, QueueFacts, Story } from './model.js';
import { decideVerdict, stateOf, type Verdict } from './verdict.js';
import { parseTimestamp, secondsSince, validDate } from '../shared/time.js';

export interface Status {
  prNumber: number;
  /** Normalised API state, `not_submitted` when not found, or empty when the API sent none. */
  state: string;
  /** Whether the PR is currently submitted; false when not found. */
  submitted: boolean;
  verdict: Verdict;
  pr?: PrFacts;
  queue: QueueFacts;
  /** The API's own texts, for pr-json and queue-json. */
  prJson?: string;
  queueJson: string;
  story?: Story;
  /** 1-based place in the queue's line; undefined when the PR is not listed. */
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
  queue: QueueAnswer;
  story?: Story;
  /** The event's head SHA, only when the event describes this PR. */
  eventHeadSha?: string;
  nowMs: number;
}

export function deriveStatus({
  prNumber,
  answer,
  queue: queueAnswer,
  story,
  eventHeadSha,
  nowMs,
}: StatusInput): Status {
  const { queue } = queueAnswer;
  const pr = answer.found ? answer.pr : undefined;
  const state = stateOf(answer);
  const entries = queue.entries;
  const index = entries.findIndex((entry) => entry.number === prNumber);
  const ahead = index < 0 ? [] : entries.slice(0, index);
  const aheadTesting = ahead.filter((entry) => entry.testing).length;
  const changedMs = pr?.stateChangedAt === undefined ? undefined : parseTimestamp(pr.stateChangedAt);
  const timeoutMinutes = queue.testingTimeoutMinutes ?? 0;
  const deadline = changedMs === undefined ? undefined : changedMs + timeoutMinutes * 60_000;
  return {
    prNumber,
    state,
    submitted: pr?.submitted ?? false,
    verdict: decideVerdict(answer),
    pr,
    queue,
    prJson: answer.found ? answer.json : undefined,
    queueJson: queueAnswer.json,
    story,
    position: index < 0 ? undefined : index + 1,
    prsAhead: ahead.map((entry) => entry.number),
    aheadTesting: index < 0 ? undefined : aheadTesting,
    aheadPending: index < 0 ? undefined : ahead.length - aheadTesting,
    stateChangedMs: changedMs,
    stateAgeSeconds: changedMs === undefined ? undefined : secondsSince(changedMs, nowMs),
    testingDeadlineMs:
      state === 'testing' && timeoutMinutes > 0 && deadline !== undefined && validDate(deadline) ? deadline : undefined,
    stale: eventHeadSha && pr?.sha ? eventHeadSha.toLowerCase() !== pr.sha.toLowerCase() : undefined,
  };
}
