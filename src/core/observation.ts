// What a run observed, whether it asked once or waited: the last answers, how a wait went and what
// stopped it. The entry point derives the outputs, the summary and the error line from it.
import type { ApiError, Interrupted } from '../shared/errors.js';
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { PrAnswer, PrSource, QueueAnswer, Snapshot, Story } from './model.js';
import { queueStateWords } from './words/states.js';

/** How a wait went: the outputs, the summary and the log all read it from here. */
export interface WaitOutcome {
  waitFor: readonly string[];
  waitedSeconds: number;
  timedOut: boolean;
  /** What ended it, as a sentence fragment: "reached merged", "timed out", "stopped by an error". */
  ended: string;
  polls: number;
}

/** Why the observation ended. */
export type Stop =
  | { kind: 'answered' }
  | { kind: 'reached'; state: string }
  | { kind: 'final-state'; state: string }
  | TimedOut
  | { kind: 'cancelled'; reason: string }
  | { kind: 'failed'; error: unknown };

/** A wait that reached its deadline, with what its attempts say about why (./wait-cause.ts). */
export interface TimedOut {
  kind: 'timed-out';
  deadlineAtMs: number;
  /** Attempts (first reads and polls) that failed. */
  failedPolls: number;
  /** The last attempt that failed; `endedOnFailure` says whether a later one went well. */
  lastFailure?: ApiError;
  /** The last attempt that finished failed: the wait ended on a failure, not on an answer. */
  endedOnFailure: boolean;
  everAnswered: boolean;
  /** What the request in flight was doing when the deadline cut it short, if one was. */
  interrupted?: Interrupted;
}

export interface Observation {
  pr?: PrAnswer;
  queue?: QueueAnswer;
  story?: Story;
  /** Said once in the log, each. */
  warnings: string[];
  /** undefined without wait-for. */
  wait?: WaitOutcome;
  /** The queue-state warning a wait gave at its first read, so the end of the run does not repeat it. */
  queueWarning?: string;
  stop: Stop;
}

export interface ObserveOptions {
  source: PrSource;
  pr: number;
  log: Log;
  /** Empty: ask once. */
  waitFor: readonly string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
  clock: Clock;
  random: () => number;
  /** Aborts when the job is cancelled: the run ends with what it has. */
  cancel: AbortSignal;
}

/** A read's answers replace what was seen before; its warnings add to them. */
export function absorb(seen: Observation, read: Partial<Snapshot>): void {
  if (read.pr) seen.pr = read.pr;
  if (read.queue) seen.queue = read.queue;
  // A read that had the story but could not tell it now leaves none: an old one would mislead.
  if ('story' in read) seen.story = read.story;
  seen.warnings.push(...(read.warnings ?? []));
}

export function cancelReason(cancel: AbortSignal): string {
  return typeof cancel.reason === 'string' ? cancel.reason : 'the job was cancelled';
}

/**
 * While the queue is not running, the wait's lines say so: it is why nothing moves. Between the
 * first and the last read the queue is not asked again, so a heartbeat says what it last was.
 */
export function queueNote({ queue }: Pick<Observation, 'queue'>, tense: 'is' | 'was' = 'is'): string {
  if (!queue || queue.queue.state === 'running') return '';
  const state = queueStateWords(queue.queue.state);
  return tense === 'is' ? `; the queue is ${state}` : `; the queue was ${state} at the start`;
}
