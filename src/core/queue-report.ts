// What a report on the queue itself owes the log: its one sentence as the account, the failure
// of fail-if-not-ready, a warning when it does not fail, and what could not be checked. Pure; the
// words are ./words/queue.ts's.
import type { QueueFacts } from './model.js';
import type { QueueHealth } from './health.js';
import type { Report } from './report.js';
import { agesNote, describeHealthReason, healthSentence, undecidedWords } from './words/queue.js';
import { clauses } from './words/story.js';

export interface QueueReportInput {
  queue: QueueFacts;
  health: QueueHealth;
  failIfNotReady: boolean;
}

/** The failures, the account and the lines a report on the queue owes the log. */
export function buildQueueReport({ queue, health, failIfNotReady }: QueueReportInput): Report {
  const why = clauses(health.reasons.map((code) => describeHealthReason(code, queue, health)));
  const codes = health.reasons.length ? ` (${health.reasons.join(', ')})` : '';
  const failures = failIfNotReady && !health.ready ? [`Queue ${queue.branch} is not healthy: ${why}${codes}.`] : [];
  const warnings: string[] = [];
  // A scheduled report that does not fail still leaves an annotation where people look.
  if (!health.ready && !failIfNotReady) warnings.push(`Queue ${queue.branch} needs attention: ${why}${codes}.`);
  for (const rule of health.undecided) warnings.push(`Queue ${queue.branch}: ${undecidedWords(rule)}.`);
  const note = agesNote(queue, health);
  const notices = note && health.undecided.length === 0 ? [`${note}.`] : [];
  return { failures, statusLine: `${healthSentence(queue, health)}${codes}.`, lines: [], warnings, notices };
}
