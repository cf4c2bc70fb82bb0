// What a report on the queue itself owes the log: its one sentence as the account, the failure
// of fail-if-not-ready, a warning when it does not fail, and what could not be checked. Pure; the
// words are ./words/queue.ts's.
import type { QueueFacts } from './model.js';
import type { QueueHealth } from './health.js';
import type { Report } from './report.js';
import { agesNote, describeHealthReason, queueHeadline, undecidedWords } from './words/queue.js';
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

/** What is wrong, each reason in words: the health's, then the window's. */
export function reasonClauses(queue: QueueFacts, health: QueueHealth, window: WindowReport | undefined): string[] {
  return [
    ...health.reasons.map((code) => describeHealthReason(code, queue, health)),
    ...(window ? window.reasons.map((code) => describeWindowReason(code, window)) : []),
  ];
}

/** The failures, the account and the lines a report on the queue owes the log. */
export function buildQueueReport({ queue, health, window, failIfNotReady }: QueueReportInput): Report {
  const { ready, reasons } = queueVerdict(health, window);
  const why = clauses(reasonClauses(queue, health, window));
  const codes = codesAfter(reasons);
  const name = `Queue ${outside(queue.branch)}`;
  const failures = failIfNotReady && !ready ? [`${name} is not healthy: ${why}${codes}.`] : [];
  const warnings: string[] = [];
  // A scheduled report that does not fail still leaves an annotation where people look.
  if (!ready && !failIfNotReady) warnings.push(`${name} needs attention: ${why}${codes}.`);
  for (const rule of health.undecided) warnings.push(`${name}: ${undecidedWords(rule)}.`);
  if (window) warnings.push(...failureWarnings(window));
  const note = agesNote(queue, health);
  const notices = note && health.undecided.length === 0 ? [`${note}.`] : [];
  if (window) notices.push(...windowNotices(window));
  return {
    failures,
    // The heading's words, so the log and the summary cannot disagree; its codes are the ones it names.
    statusLine: `${queueHeadline(queue, health, window)}${headlineCodes(health, window)}.`,
    lines: window ? [windowSentence(window)] : [],
    warnings,
    notices,
  };
}

function headlineCodes(health: QueueHealth, window: WindowReport | undefined): string {
  const named = health.reasons.length > 0 ? health.reasons : (window?.reasons ?? []);
  return codesAfter(named);
}
