// The job summaries of Trunk's own test runs that are not one PR's: a batch's, with its verdict
// first, then one row per PR (its state, place, whether it is on its way and why not), then the
// queue; and a test branch that names no PR. Pure: the clock is an argument; every text from
// outside goes through escapeHtml.
import type { BatchVerdict } from '../core/batch.js';
import type { Status } from '../core/status.js';
import { NOT_SUBMITTED, TERMINAL_STATES } from '../core/verdict.js';
import { describeReason } from '../core/words/reasons.js';
import { stateWords } from '../core/words/states.js';
import { batchHeadline, prList, unnamedTestBranchNotice } from '../core/words/test-run.js';
import { prQueueNote } from '../core/words/pr.js';
import { duration, grouped, plural } from '../shared/format.js';
import { escapeHtml, pullRequestLink, underHeading, wordsHtml } from './html.js';
import { entriesTable, settingsTable } from './queue-tables.js';

export interface BatchSummaryInput {
  /** Every PR of the batch as Trunk answered, in the branch's order. */
  statuses: Status[];
  verdict: BatchVerdict;
  /** The test branch, as the event named it. */
  branch?: string;
  repo: string;
  serverUrl: string;
  /** The step's failure message, when it fails. */
  failure?: string;
  nowMs: number;
}

export function renderBatchSummary(input: BatchSummaryInput): string {
  const { statuses, verdict } = input;
  const { icon, text } = batchHeadline(statuses, verdict, input.failure !== undefined);
  const parts = [`<h2>${icon} ${wordsHtml(text)}</h2>`];
  if (input.failure) parts.push(`<p>❌ ${escapeHtml(input.failure, 1000)}</p>`);
  const note = statuses.map(prQueueNote).find(Boolean);
  if (note) parts.push(`<p>⚠️ ${wordsHtml(note)}</p>`);
  const branch = input.branch ? ` on <code>${escapeHtml(input.branch)}</code>` : '';
  parts.push(
    `<p>This run is one of the merge queue’s test runs: it tests PRs ${prList(statuses.map((s) => s.prNumber))} together${branch}, in ${escapeHtml(input.repo)}. It is on its way when every PR of it is.</p>`,
    membersTable(input),
  );
  const queue = statuses[0]?.queue;
  if (queue) {
    const link = (prNumber: number, label: string) => pullRequestLink(input.serverUrl, input.repo, prNumber, label);
    parts.push(
      `<h3>Queue for ${escapeHtml(queue.branch)}</h3>`,
      `<p>${escapeHtml(queue.state)}, ${escapeHtml(queue.mode)} mode, ${plural(queue.length, 'entry', 'entries')}.</p>`,
      settingsTable(queue),
      entriesTable({ queue, nowMs: input.nowMs, link }),
    );
  }
  return `${parts.join('\n')}\n`;
}

/** " for 12 min" in a state, ", 4 min ago" for one the PR left the queue in; empty when unknown. */
function sinceWords({ state, stateAgeSeconds }: Status): string {
  if (stateAgeSeconds === undefined || state === NOT_SUBMITTED) return '';
  const age = duration(stateAgeSeconds);
  return TERMINAL_STATES.includes(state) ? `, ${age} ago` : ` for ${age}`;
}

/** One row per PR of the batch. */
function membersTable(input: BatchSummaryInput): string {
  const header = '<tr><th>PR</th><th>State</th><th>Place</th><th>On its way</th><th>Why not</th></tr>';
  const rows = input.statuses.map((status) => {
    const { pr } = status;
    const label = pr?.title ? `#${status.prNumber} ${escapeHtml(pr.title)}` : `#${status.prNumber}`;
    const author = pr?.author ? ` by ${escapeHtml(pr.author)}` : '';
    const since = sinceWords(status);
    const state = `${wordsHtml(stateWords(status.state))}${since} (<code>${escapeHtml(status.state || 'none')}</code>)`;
    const place =
      status.position === undefined ? 'not listed' : `${grouped(status.position)} of ${grouped(status.queue.length)}`;
    const why = status.verdict.reasons
      .map((code) => `${wordsHtml(describeReason(code))} (<code>${escapeHtml(code)}</code>)`)
      .join('; ');
    const cells = [
      `${pullRequestLink(input.serverUrl, input.repo, status.prNumber, label)}${author}`,
      state,
      place,
      status.verdict.ready ? '✅ yes' : '❌ no',
      why || '—',
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  return `<table>${header}${rows.join('')}</table>`;
}

/**
 * The first PR's summary when the others of its batch could not be read: the warning right under
 * its heading, so that the summary of one PR is not taken for the batch's.
 */
export function withOthersUnread(html: string, warning: string): string {
  return underHeading(html, `<p>⚠️ ${escapeHtml(warning, 1000)}</p>\n`);
}

/** A test branch whose name lists no PR: what the notice says, and the step's failure if any. */
export function renderUnnamedSummary(branch: string, failure: string | undefined): string {
  const parts = [`<h2>${failure ? '❌' : 'ℹ️'} Nothing to report for this merge-queue test run</h2>`];
  if (failure) parts.push(`<p>❌ ${escapeHtml(failure, 1000)}</p>`);
  parts.push(`<p>${wordsHtml(unnamedTestBranchNotice(branch))}</p>`);
  return `${parts.join('\n')}\n`;
}
