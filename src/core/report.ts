// What a run reports, derived once and purely from what it observed: the status, the failures
// that make up the one error line, and the lines the log owes the reader. The entry point writes
// it out; nothing here does I/O.
import { ActionError, messageOf } from '../shared/errors.js';
import { duration, withoutStop } from '../shared/format.js';
import { queueNote, type Observation } from './observation.js';
import { timedOutMessage } from './wait-cause.js';
import { deriveStatus, type Status } from './status.js';
import { answerWords, notReadyLine, prQueueNote, prStatusLine } from './words/pr.js';
import { stateWords, wantedStates } from './words/states.js';

export interface ReportInput {
  prNumber: number;
  observation: Observation;
  waitFor: readonly string[];
  waitTimeoutMs: number;
  failIfNotReady: boolean;
  eventHeadSha?: string;
  nowMs: number;
}

export interface Report {
  status?: Status;
  /** The parts of the one error line, in the order they happened; empty when the step passes. */
  failures: string[];
  /**
   * Of those, fail-if-not-ready's own: the verdict, which the summary's heading and reasons and the
   * Slack message already say in their words, so they do not say it again.
   */
  verdictFailure?: string;
  /** One line saying where the PR stands, for the log. */
  statusLine?: string;
  /** Lines for the log beside the status line: Trunk's reason for having no estimate, say. */
  lines: string[];
  warnings: string[];
  notices: string[];
  /** A notice annotation left for the next run to read (the queue's verdict, ./verdict-record.ts). */
  record?: { title: string; message: string };
}

export function buildReport(input: ReportInput): Report {
  const { observation: seen, prNumber } = input;
  const status =
    seen.pr && seen.queue
      ? deriveStatus({
          prNumber,
          answer: seen.pr,
          queue: seen.queue,
          story: seen.story,
          eventHeadSha: input.eventHeadSha,
          nowMs: input.nowMs,
        })
      : undefined;
  const failures: string[] = [];
  const stopped = stopMessage(input);
  if (stopped) failures.push(stopped);
  // On the last answer, whatever else failed (a wait that timed out, say): its reasons are news too.
  const verdictFailure = input.failIfNotReady && status && !status.verdict.ready ? notReadyLine(status) : undefined;
  if (verdictFailure) failures.push(verdictFailure);
  const warnings = [...seen.warnings];
  const note = status && prQueueNote(status);
  if (note && note !== seen.queueWarning) warnings.push(note);
  const estimate = status?.story?.estimate;
  const lines =
    estimate?.status === 'unavailable'
      ? [
          `Trunk has no merge estimate for PR #${prNumber}${estimate.reason ? `: ${withoutStop(estimate.reason)}` : ''}.`,
        ]
      : [];
  return {
    status,
    failures,
    verdictFailure,
    statusLine: status && prStatusLine(status),
    lines,
    warnings,
    notices: seen.story?.leftOut ?? [],
  };
}

function stopMessage({ observation: seen, prNumber, waitFor, waitTimeoutMs }: ReportInput): string | undefined {
  const { stop } = seen;
  const wanted = wantedStates(waitFor);
  const now = seen.pr ? `; it is ${answerWords(seen.pr)}` : '';
  switch (stop.kind) {
    case 'answered':
    case 'reached':
      return undefined;
    case 'final-state':
      return `PR #${prNumber} is ${stateWords(stop.state)}, so it will never reach ${wanted}${queueNote(seen)} (${stop.state}).`;
    case 'cancelled':
      return `The step was cancelled (${stop.reason})${seen.wait ? ` while waiting for PR #${prNumber} to reach ${wanted}` : ''}; the outputs and the summary show the last answer${seen.pr ? '' : ' (there was none)'}.`;
    case 'failed':
      return failureMessage(stop.error);
    case 'timed-out':
      return timedOutMessage(stop, {
        headline: `Timed out after ${duration(waitTimeoutMs / 1000)} waiting for PR #${prNumber} to reach ${wanted}`,
        now,
        queueNote: queueNote(seen),
      });
  }
}

/** The one line for an error: an expected one says what to do; anything else is unexpected. */
export function failureMessage(error: unknown): string {
  if (error instanceof ActionError) return error.message;
  return `Unexpected error: ${messageOf(error)}`;
}

/** An expected failure needs no stack trace; an unexpected one's goes to the debug log. */
export function isUnexpected(error: unknown): boolean {
  return !(error instanceof ActionError);
}
