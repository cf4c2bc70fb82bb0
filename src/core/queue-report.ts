// What a report on the queue itself owes the log: the verdict in one sentence, said once (as the
// error when the step fails on it, as a warning when the queue is not healthy or a check could not
// be made, else as the log's account), what could not be checked, and the verdict left for the
// next run to compare. Pure; the words are ./words/queue.ts's.
import type { QueueFacts } from './model.js';
import type { QueueHealth } from './health.js';
import type { Report } from './report.js';
import type { AlertState } from './alerts.js';
import { formatVerdictRecord } from './verdict-record.js';
import {
  agesNote,
  describeHealthReason,
  headlineReasons,
  queueHeadline,
  undecidedWords,
  type HeadlineContext,
} from './words/queue.js';
import { clauses } from './words/story.js';
import { codesAfter } from './words/reasons.js';
import { describeWindowReason, failureWarnings, windowNotices, windowSentence } from './words/window.js';
import type { WindowReport } from './window/report.js';
import { outside } from '../shared/format.js';

export interface QueueReportInput {
  queue: QueueFacts;
  health: QueueHealth;
  /** How the queue has been doing over a window; undefined with `window: none`. */
  window?: WindowReport;
  failIfNotReady: boolean;
  /** `owner/name`, for the verdict left for the next run. */
  repo: string;
  /** The job's id in its workflow (GITHUB_JOB), for the verdict left for the next run; empty when not known. */
  job: string;
  /** This run's verdict against the previous run's; undefined when not decided. */
  alert?: AlertState;
}

/** The queue's verdict: healthy now, and within its thresholds over the window. */
export function queueVerdict(
  health: QueueHealth,
  window: WindowReport | undefined,
): {
  ready: boolean;
  reasons: string[];
} {
  const reasons = [...health.reasons, ...(window?.reasons ?? [])];
  return { ready: reasons.length === 0, reasons };
}

/**
 * The verdict in one sentence, for the log: the heading, the reasons it does not name, and every
 * code once: "Queue main is paused: …; 1 testing, 2 waiting; and the failure rate was … (queue_paused, failure_rate_high)."
 */
function verdictSentence(input: QueueReportInput, context: HeadlineContext): string {
  const { queue, health, window } = input;
  const { reasons } = queueVerdict(health, window);
  const named = new Set(headlineReasons(health, window));
  const others = [
    ...health.reasons.filter((code) => !named.has(code)).map((code) => describeHealthReason(code, queue, health)),
    ...(window?.reasons ?? [])
      .filter((code) => !named.has(code))
      .map((code) => describeWindowReason(code, window as WindowReport)),
  ];
  const more = others.length > 0 ? `; and ${clauses(others)}` : '';
  return `${queueHeadline(queue, health, window, context)}${more}${codesAfter(reasons)}.`;
}

/** The failures, the account and the lines a report on the queue owes the log. */
export function buildQueueReport(input: QueueReportInput): Report {
  const { queue, health, window, failIfNotReady, alert } = input;
  const { ready, reasons } = queueVerdict(health, window);
  const recovery = ready ? alert?.recovery : undefined;
  const sentence = verdictSentence(input, { repo: recovery ? input.repo : undefined, recovery });
  // Said once: the error line when the step fails on it; a warning, which leaves an annotation where
  // people look, when something is wrong or could not be checked; else the log's account.
  const unsure = health.reasons.length === 0 && health.undecided.length > 0;
  const failures = !ready && failIfNotReady ? [sentence] : [];
  const warnings = !ready && !failIfNotReady ? [sentence] : ready && unsure ? [sentence] : [];
  // With a reason in the heading, the checks that could not be made are not in it: said apart.
  if (health.reasons.length > 0) {
    for (const rule of health.undecided) warnings.push(`Queue ${outside(queue.branch)}: ${undecidedWords(rule)}.`);
  }
  if (window) warnings.push(...failureWarnings(window));
  if (alert?.readFailure !== undefined) {
    warnings.push(
      `The previous run's verdict could not be read (${outside(alert.readFailure)}), so changed is true and previous-ready is empty.`,
    );
  }
  const note = agesNote(queue, health);
  const notices = note && health.undecided.length === 0 ? [`${note}.`] : [];
  if (window) notices.push(...windowNotices(window));
  const record = formatVerdictRecord({
    job: input.job,
    repo: input.repo,
    branch: queue.branch,
    ready,
    reasons,
    ...(alert?.unhealthySinceMs === undefined ? {} : { unhealthySinceMs: alert.unhealthySinceMs }),
  });
  return {
    failures,
    verdictFailure: failures[0],
    statusLine: failures.includes(sentence) || warnings.includes(sentence) ? undefined : sentence,
    lines: window ? [windowSentence(window)] : [],
    warnings,
    notices,
    record,
  };
}
