// The job summary of a report on the queue itself (`scope: queue`), for a person who opened a
// scheduled run to ask "is the queue healthy?": the health in one sentence first, what is wrong
// and what clears it, the longest waits, then the entries (no row marked) and the settings. Pure:
// the clock is an argument; every text from the API goes through escapeHtml.
import { duration } from '../shared/format.js';
import { escapeHtml, pullRequestLink, wordsHtml } from './html.js';
import type { QueueAnswer } from '../core/model.js';
import type { AgedEntry, QueueHealth } from '../core/health.js';
import {
  agesNote,
  describeHealthReason,
  fixForHealthReason,
  headlineReasons,
  healthProblemWords,
  queueHeadline,
  spellWords,
} from '../core/words/queue.js';
import { describeWindowReason, fixForWindowReason, windowProblemWords } from '../core/words/window.js';
import type { AlertState } from '../core/alerts.js';
import type { WindowReport } from '../core/window/report.js';
import { queueVerdict } from '../core/queue-report.js';
import { entriesTable, settingsTable } from './queue-tables.js';
import { windowSection } from './window-summary.js';

/** Waiting entries named in the summary's line of longest waits. */
const LONGEST_LISTED = 3;

export interface QueueSummaryInput {
  /** Undefined when the queue could not be read. */
  answer?: QueueAnswer;
  health?: QueueHealth;
  repo: string;
  /** `GITHUB_SERVER_URL`; PR links are left out when it is not an http(s) URL. */
  serverUrl: string;
  /** How the queue has been doing over a window; undefined with `window: none`. */
  window?: WindowReport;
  /** What failed the step that the heading does not say already. */
  failure?: string;
  /** Whether the step fails, for the icon; by default, whether there is a `failure`. */
  failed?: boolean;
  /** This run's verdict against the previous run's. */
  alert?: AlertState;
  nowMs: number;
}

export function renderQueueSummary(input: QueueSummaryInput): string {
  const { answer, health, failure, window } = input;
  const parts: string[] = [];
  if (!answer || !health) {
    parts.push('<h2>❌ Merge queue status unavailable</h2>');
    if (failure) parts.push(`<p>❌ ${escapeHtml(failure, 1000)}</p>`);
    return `${parts.join('\n')}\n`;
  }
  const { queue } = answer;
  const recovery = queueVerdict(health, window).ready ? input.alert?.recovery : undefined;
  const headline = queueHeadline(queue, health, window, { repo: recovery ? input.repo : undefined, recovery });
  const failed = input.failed ?? failure !== undefined;
  parts.push(`<h2>${queueIcon(health, window, failed)} ${wordsHtml(headline)}</h2>`);
  if (failure) parts.push(`<p>❌ ${escapeHtml(failure, 1000)}</p>`);
  const spell = input.alert && spellWords(input.alert, input.nowMs);
  if (spell) parts.push(`<p>${wordsHtml(spell)}</p>`);
  const link = (prNumber: number, label: string) => pullRequestLink(input.serverUrl, input.repo, prNumber, label);
  parts.push(
    `<p>The ${escapeHtml(queue.branch)} queue of ${escapeHtml(input.repo)}, in ${escapeHtml(queue.mode)} mode. It counts as stalled when PRs wait, none is testing and nothing changes for ${duration(health.stallMinutes * 60)} (stall-minutes).</p>`,
    reasonsList(answer, health, window),
    waitsLine(health, link),
  );
  if (window) parts.push(windowSection(window, queue.htmlUrl, input.nowMs, link));
  const note = agesNote(queue, health);
  if (note) parts.push(`<p>⚠️ ${wordsHtml(note)}.</p>`);
  parts.push(entriesTable({ queue, nowMs: input.nowMs, link }), settingsTable(queue));
  // An empty part would leave a blank line, which ends the HTML block in Markdown.
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/** Healthy only when every check could be made and read; a step that failed is never headed green. */
export function queueIcon(health: QueueHealth, window: WindowReport | undefined, stepFailed: boolean): string {
  const unsure = health.undecided.length > 0 || (window?.failures.length ?? 0) > 0;
  return stepFailed || !queueVerdict(health, window).ready ? '❌' : unsure ? '⚠️' : '✅';
}

/**
 * Each reason with its code and what clears it. A reason the heading names is named here in a few
 * words ("paused"): the heading has said what it means, and a summary says each sentence once.
 */
function reasonsList({ queue }: QueueAnswer, health: QueueHealth, window: WindowReport | undefined): string {
  if (queueVerdict(health, window).ready) return '';
  const named = new Set(headlineReasons(health, window));
  const item = (code: string, words: string, fix: string | undefined) =>
    `<li>${wordsHtml(`${words.charAt(0).toUpperCase()}${words.slice(1)}`)} (<code>${escapeHtml(code)}</code>)${fix ? `: ${escapeHtml(fix, 1000)}` : ''}</li>`;
  const items = health.reasons.map((code) =>
    item(
      code,
      named.has(code) ? healthProblemWords(code, queue) : describeHealthReason(code, queue, health),
      fixForHealthReason(code),
    ),
  );
  for (const code of window?.reasons ?? []) {
    const words = named.has(code) ? windowProblemWords(code) : describeWindowReason(code, window as WindowReport);
    items.push(item(code, words, fixForWindowReason(code)));
  }
  return `<p>What is wrong, and what clears it:</p><ul>${items.join('')}</ul>`;
}

/** "Longest waits: #1845 for 1 h 12 min, …. Longest in a test run: #1840, for 40 min (the testing timeout is 5 h)." */
function waitsLine(health: QueueHealth, link: (prNumber: number, label: string) => string): string {
  const named = (aged: AgedEntry) => link(aged.entry.number, `#${escapeHtml(aged.entry.number)}`);
  const waiting = health.entries
    .filter((aged) => !aged.testing && aged.ageSeconds !== undefined)
    .sort((a, b) => (b.ageSeconds ?? 0) - (a.ageSeconds ?? 0))
    .slice(0, LONGEST_LISTED);
  const sentences: string[] = [];
  if (waiting.length > 0) {
    const list = waiting.map((aged) => `${named(aged)} for ${duration(aged.ageSeconds ?? 0)}`).join(', ');
    sentences.push(`${waiting.length === 1 ? 'Longest wait' : 'Longest waits'}: ${list}.`);
  }
  const oldest = health.oldestTesting;
  if (oldest?.ageSeconds !== undefined) {
    const limit = health.testingTimeoutMinutes;
    const of = limit > 0 ? `the testing timeout is ${duration(limit * 60)}` : 'the queue has no testing timeout';
    sentences.push(`Longest in a test run: ${named(oldest)}, for ${duration(oldest.ageSeconds)} (${of}).`);
  }
  return sentences.length > 0 ? `<p>${sentences.join(' ')}</p>` : '';
}
