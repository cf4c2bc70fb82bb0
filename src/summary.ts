// The job summary as HTML text. Pure. GitHub renders the summary as Markdown, where an HTML block
// runs until the first blank line: every text from the API or the event is cut to a bounded
// length, loses its line breaks and is entity-escaped, so a PR title can neither inject markup
// nor end the table early, and the whole summary stays far below GitHub's 1 MiB step limit.
import type { EnqueuedPullRequest } from './schemas.js';
import type { Status } from './status.js';
import type { ReasonCode } from './states.js';
import { formatDuration } from './format.js';

export const MAX_ENTRY_ROWS = 50;
const MAX_TEXT_CHARS = 200;
const MAX_LISTED_STATUSES = 20;

export interface WaitReport {
  waitFor: readonly string[];
  waitedSeconds: number;
  /** What ended the wait, as a sentence fragment: "reached merged", "timed out". */
  outcome: string;
}

export interface SummaryInput {
  status?: Status;
  repo: string;
  /** `GITHUB_SERVER_URL`; PR links are left out when it is not an http(s) URL. */
  serverUrl: string;
  wait?: WaitReport;
  /** The step's failure message, when it fails. */
  failure?: string;
}

/** Escapes text for HTML element content and quoted attributes, on one line, bounded. */
export function escapeHtml(value: unknown, maxChars = MAX_TEXT_CHARS): string {
  let text = String(value ?? '');
  // Line breaks and other controls would end the surrounding HTML block in Markdown.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  text = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length > maxChars) text = `${chars.slice(0, maxChars - 1).join('')}…`;
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const REASON_TEXT: Record<Exclude<ReasonCode, `mergeability_${string}`>, string> = {
  not_submitted: 'not submitted to the queue',
  readiness_unknown: 'the API reported no readiness',
  base_branch_mismatch: "the PR's base branch is not the queue's branch",
  impacted_targets_missing: 'impacted targets have not been uploaded',
};

export function describeReason(code: ReasonCode): string {
  if (code.startsWith('mergeability_')) {
    return `GitHub mergeability is ${code.slice('mergeability_'.length)}`;
  }
  return REASON_TEXT[code as keyof typeof REASON_TEXT];
}

export function renderSummary(input: SummaryInput): string {
  const { status } = input;
  const parts: string[] = [`<h2>${escapeHtml(headline(input))}</h2>`];
  if (input.failure) parts.push(`<p>❌ ${escapeHtml(input.failure, 1000)}</p>`);
  if (status) {
    parts.push(prLine(input, status), factsTable(input, status), readinessList(status));
    parts.push(queueSection(status), entriesTable(input, status));
  }
  return `${parts.join('\n')}\n`;
}

function headline({ status, failure }: SummaryInput): string {
  if (!status) return failure ? 'Merge queue status unavailable' : 'Merge queue status';
  const verdict = status.ready ? '✅ Ready' : '⏳ Not ready';
  return `${verdict}: PR #${status.prNumber} is ${status.state || 'in an unknown state'}`;
}

function prUrl(input: SummaryInput, prNumber: number): string | undefined {
  if (!/^https?:\/\/[^\s]+$/i.test(input.serverUrl)) return undefined;
  return `${input.serverUrl.replace(/\/+$/, '')}/${input.repo}/pull/${prNumber}`;
}

function prLink(input: SummaryInput, prNumber: number, label: string): string {
  const url = prUrl(input, prNumber);
  return url ? `<a href="${escapeHtml(url, 2000)}">${label}</a>` : label;
}

function prLine(input: SummaryInput, status: Status): string {
  const { pr } = status;
  const label = pr ? `#${status.prNumber} ${escapeHtml(pr.prTitle)}` : `#${status.prNumber}`;
  const author = pr ? ` by ${escapeHtml(pr.prAuthor)}` : '';
  return `<p>${prLink(input, status.prNumber, label)}${author} in ${escapeHtml(input.repo)}</p>`;
}

function row(name: string, valueHtml: string): string {
  return `<tr><th align="left">${name}</th><td>${valueHtml || '—'}</td></tr>`;
}

function factsTable(input: SummaryInput, status: Status): string {
  const { pr, queue } = status;
  const length = queue.enqueuedPullRequests.length;
  const position =
    status.position === undefined ? `not listed (${length} in queue)` : `${status.position} of ${length}`;
  const rows = [
    row('State', escapeHtml(status.state)),
    row('Submitted', status.submitted ? 'yes' : 'no'),
    row('Position', position),
    row(
      'PRs ahead',
      escapeHtml(
        status.prsAhead
          .slice(0, MAX_ENTRY_ROWS)
          .map((n) => `#${n}`)
          .join(', '),
      ),
    ),
    row('Priority', pr ? `${escapeHtml(pr.priorityName)} (${escapeHtml(pr.priorityValue)})` : ''),
    row('Head SHA', pr ? `<code>${escapeHtml(pr.prSha.slice(0, 12))}</code>${staleNote(status)}` : ''),
    row('State changed', pr ? escapeHtml(pr.stateChangedAt) : ''),
  ];
  if (input.wait) {
    const { waitFor, waitedSeconds, outcome } = input.wait;
    rows.push(
      row(
        'Wait',
        `${escapeHtml(outcome)} after ${formatDuration(waitedSeconds)} (waiting for ${escapeHtml(waitFor.join(', '))})`,
      ),
    );
  }
  return `<table>${rows.join('')}</table>`;
}

function staleNote(status: Status): string {
  if (status.stale === undefined) return '';
  return status.stale ? ' ⚠️ stale: the queue has another commit than this event' : ' (matches this event)';
}

function readinessList(status: Status): string {
  const readiness = status.pr?.readiness;
  if (!readiness) {
    return `<h3>Readiness</h3><p>${status.reasons.map((code) => `❌ ${escapeHtml(describeReason(code))}`).join('<br>')}</p>`;
  }
  const check = (ok: boolean, text: string) => `<li>${ok ? '✅' : '❌'} ${text}</li>`;
  const items = [
    check(status.submitted, status.submitted ? 'Submitted to the queue' : 'Not currently submitted to the queue'),
    check(readiness.doesBaseBranchMatch, 'Base branch matches the queue'),
    check(
      readiness.gitHubMergeability === 'mergeable',
      `GitHub mergeability: ${escapeHtml(readiness.gitHubMergeability)}`,
    ),
    readiness.requiresImpactedTargets
      ? check(readiness.hasImpactedTargets === true, 'Impacted targets uploaded')
      : '<li>➖ Impacted targets not required</li>',
  ];
  return `<h3>Readiness</h3><ul>${items.join('')}</ul>`;
}

function queueSection({ queue }: Status): string {
  const statuses = queue.requiredStatuses ?? [];
  const listed = statuses
    .slice(0, MAX_LISTED_STATUSES)
    .map((s) => escapeHtml(s))
    .join(', ');
  const more = statuses.length > MAX_LISTED_STATUSES ? ` and ${statuses.length - MAX_LISTED_STATUSES} more` : '';
  const batching = queue.batch
    ? `on (min size ${escapeHtml(queue.batchingMinSize)}, max wait ${escapeHtml(queue.batchingMaxWaitTimeMinutes)} min)`
    : 'off';
  const rows = [
    row('State', escapeHtml(queue.state)),
    row('Mode', escapeHtml(queue.mode)),
    row('Concurrency', escapeHtml(queue.concurrency)),
    row('Testing timeout', `${escapeHtml(queue.testingTimeoutMinutes)} min`),
    row('Batching', batching),
    row('Merge method', escapeHtml(queue.mergeMethod)),
    row('Optimistic merge', queue.canOptimisticallyMerge ? 'on' : 'off'),
    row('Pending failure depth', escapeHtml(queue.pendingFailureDepth)),
    row('Direct merge', escapeHtml(queue.directMergeMode)),
    row('Optimization', escapeHtml(queue.optimizationMode)),
    row('Required statuses', statuses.length ? listed + more : 'none'),
  ];
  return `<h3>Queue for ${escapeHtml(queue.branch)}</h3><table>${rows.join('')}</table>`;
}

function entriesTable(input: SummaryInput, status: Status): string {
  const entries = status.queue.enqueuedPullRequests;
  if (entries.length === 0) return '<p>The queue is empty.</p>';
  const header = '<tr><th>#</th><th>PR</th><th>State</th><th>Priority</th><th>Author</th><th>Since</th></tr>';
  const rows = entries
    .slice(0, MAX_ENTRY_ROWS)
    .map((entry, index) => entryRow(input, entry, index + 1, entry.prNumber === status.prNumber));
  const rest = entries.length - MAX_ENTRY_ROWS;
  const more = rest > 0 ? `<p>and ${rest} more</p>` : '';
  return `<h3>Entries</h3><table>${header}${rows.join('')}</table>${more}`;
}

function entryRow(input: SummaryInput, entry: EnqueuedPullRequest, place: number, mine: boolean): string {
  const label = `#${escapeHtml(entry.prNumber)} ${escapeHtml(entry.prTitle)}`;
  const pr = prLink(input, entry.prNumber, mine ? `<b>${label}</b>` : label);
  const cells = [
    mine ? `👉 ${place}` : String(place),
    pr,
    escapeHtml(entry.state ?? ''),
    escapeHtml(entry.priorityName),
    escapeHtml(entry.prAuthor),
    escapeHtml(entry.stateChangedAt),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell || '—'}</td>`).join('')}</tr>`;
}
