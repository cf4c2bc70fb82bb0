// The job summary as HTML text, for a person who opened the job to find out what is happening.
// Pure: the clock is an argument. GitHub renders the summary as Markdown, where an HTML block
// runs until the first blank line: every text from the API or the event is cut to a bounded
// length, loses its line breaks and is entity-escaped, so a PR title can neither inject markup
// nor end a table early, and the whole summary stays far below GitHub's 1 MiB step limit.
import { formatDuration, grouped, humanSpan, oneLine, ordinal, plural, utcClock } from './format.js';
import type { WaitOutcome } from './observe.js';
import type { RunFacts } from './outputs.js';
import type { EnqueuedPullRequest } from './schemas.js';
import { parseTimestamp, queueStateNote, type Status } from './status.js';
import { describeReason, NOT_SUBMITTED, stateText } from './verdict.js';

/** Entry rows at most; a PR further down shows with a few rows around it. */
export const MAX_ENTRY_ROWS = 50;
/** Rows shown on each side of the PR's own row when it is further down than the first rows. */
const AROUND = 2;
const MAX_TEXT_CHARS = 200;
const MAX_LISTED_STATUSES = 20;
const COLUMNS = 6;

export interface SummaryInput {
  status?: Status;
  facts: RunFacts;
  repo: string;
  /** `GITHUB_SERVER_URL`; PR links are left out when it is not an http(s) URL. */
  serverUrl: string;
  wait?: WaitOutcome;
  /** The step's failure message, when it fails. */
  failure?: string;
  nowMs: number;
}

/** Escapes text for HTML element content and quoted attributes, on one line, bounded. */
export function escapeHtml(value: unknown, maxChars = MAX_TEXT_CHARS): string {
  // Line breaks and other controls would end the surrounding HTML block in Markdown.
  let text = oneLine(String(value ?? ''));
  const chars = Array.from(text);
  if (chars.length > maxChars) text = `${chars.slice(0, maxChars - 1).join('')}…`;
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderSummary(input: SummaryInput): string {
  const { status } = input;
  const parts: string[] = [`<h2>${status ? headline(status) : 'Merge queue status unavailable'}</h2>`];
  if (input.failure) parts.push(`<p>❌ ${escapeHtml(input.failure, 1000)}</p>`);
  if (status) {
    const note = queueStateNote(status);
    if (note) parts.push(`<p>⚠️ ${escapeHtml(note, 1000)}</p>`);
    parts.push(prLine(input, status), reasonsList(status), factsTable(input, status), readinessList(status));
    parts.push(queueSection(status), entriesTable(input, status));
  }
  // An empty part would leave a blank line, which ends the HTML block in Markdown.
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/** The verdict in words, first: "✅ Ready: PR #1842 testing for 12 min, 2nd in line". */
function headline(status: Status): string {
  const { state, verdict, prNumber, position, stateAgeSeconds } = status;
  const pr = `PR #${prNumber}`;
  const shown = escapeHtml(stateText(state));
  const age = stateAgeSeconds === undefined ? '' : humanSpan(stateAgeSeconds);
  const place = position === undefined ? '' : `, ${ordinal(position)} in line`;
  if (state === 'merged') return `✅ Merged: ${pr} merged${age && ` ${age} ago`}`;
  if (state === NOT_SUBMITTED) return `⏳ Not ready: ${pr} is not submitted to this queue`;
  const since = age && ` for ${age}`;
  if (verdict.ready) return `✅ Ready: ${pr} ${shown}${since}${place}`;
  const icon = verdict.reasons.some((code) => code.startsWith('state_')) ? '❌' : '⏳';
  return `${icon} Not ready: ${pr} ${shown}${since}${place}`;
}

function reasonsList({ verdict }: Status): string {
  if (verdict.ready) return '';
  const items = verdict.reasons.map(
    (code) => `<li>${escapeHtml(describeReason(code))} (<code>${escapeHtml(code)}</code>)</li>`,
  );
  return `<p>Why not ready:</p><ul>${items.join('')}</ul>`;
}

function prUrl(input: SummaryInput, prNumber: number): string | undefined {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(input.serverUrl)) return undefined;
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
  const testRun = input.facts.mergeQueueRun ? ' This run is one of the merge queue’s test runs for it.' : '';
  return `<p>${prLink(input, status.prNumber, label)}${author} in ${escapeHtml(input.repo)}.${testRun}</p>`;
}

function row(name: string, valueHtml: string): string {
  return `<tr><th align="left">${name}</th><td>${valueHtml || '—'}</td></tr>`;
}

function factsTable(input: SummaryInput, status: Status): string {
  const { pr, queue, position } = status;
  const length = queue.enqueuedPullRequests.length;
  const rows = [
    row('State', `<code>${escapeHtml(status.state || 'none reported')}</code>${sinceText(input, status)}`),
    row('Submitted', status.submitted ? 'yes' : 'no'),
    row(
      'Position',
      position === undefined
        ? `not listed (${plural(length, 'entry', 'entries')} in the queue)`
        : `${grouped(position)} of ${grouped(length)}${queue.mode === 'parallel' ? ' (parallel mode: the order the queue considers PRs in)' : ''}`,
    ),
    row('PRs ahead', aheadText(status)),
  ];
  if (status.testingDeadlineMs !== undefined) rows.push(row('Testing deadline', deadlineText(input, status)));
  rows.push(
    row('Priority', pr ? `${escapeHtml(pr.priorityName)} (${escapeHtml(pr.priorityValue)})` : ''),
    row('Head SHA', pr ? `<code>${escapeHtml(pr.prSha.slice(0, 12))}</code>${staleNote(status)}` : ''),
  );
  if (input.wait) rows.push(row('Wait', waitText(input.wait)));
  return `<table>${rows.join('')}</table>`;
}

/** "changed 12 min ago, at 14:05 UTC", with the time as reported when it cannot be read. */
function sinceText(input: SummaryInput, status: Status): string {
  const reported = status.pr?.stateChangedAt;
  if (!reported) return '';
  if (status.stateChangedMs === undefined) return `, changed at ${escapeHtml(reported)}`;
  const ago = humanSpan(status.stateAgeSeconds ?? 0);
  return `, changed ${ago} ago, at ${utcClock(status.stateChangedMs, input.nowMs)} (${escapeHtml(reported)})`;
}

function aheadText({ position, aheadTesting, aheadPending }: Status): string {
  if (position === undefined || aheadTesting === undefined || aheadPending === undefined) return 'not listed';
  const total = aheadTesting + aheadPending;
  if (total === 0) return 'none: it is first';
  return `${grouped(total)} (${grouped(aheadTesting)} testing, ${grouped(aheadPending)} waiting)`;
}

function deadlineText(input: SummaryInput, status: Status): string {
  const at = status.testingDeadlineMs as number;
  const left = (at - input.nowMs) / 1000;
  const when = utcClock(at, input.nowMs);
  // Rounded up: with 19 min 59 s left, "in 20 min" is what a person would say.
  return left >= 0
    ? `the queue gives up at ${when} (in ${humanSpan(left >= 60 ? Math.ceil(left / 60) * 60 : left)})`
    : `overdue by ${humanSpan(-left)}: the queue was to give up at ${when}`;
}

function waitText(wait: WaitOutcome): string {
  const waitingFor = escapeHtml(wait.waitFor.join(', '));
  return `${escapeHtml(wait.ended)} after ${formatDuration(wait.waitedSeconds)} (waiting for ${waitingFor}, ${plural(wait.polls, 'poll')})`;
}

function staleNote(status: Status): string {
  if (status.stale === undefined) return '';
  return status.stale ? ' ⚠️ stale: the queue has another commit than this event' : ' (matches this event)';
}

function readinessList(status: Status): string {
  const readiness = status.pr?.readiness;
  if (status.state === 'merged') return '<h3>Readiness</h3><p>Merged: readiness no longer applies.</p>';
  if (!readiness) {
    const why =
      status.state === NOT_SUBMITTED ? 'The PR is not in this queue.' : 'The API reported no readiness for this PR.';
    return `<h3>Readiness</h3><p>${why}</p>`;
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
  const more =
    statuses.length > MAX_LISTED_STATUSES ? ` and ${grouped(statuses.length - MAX_LISTED_STATUSES)} more` : '';
  const batching = queue.batch
    ? `on (min size ${escapeHtml(queue.batchingMinSize)}, max wait ${plural(queue.batchingMaxWaitTimeMinutes, 'minute')})`
    : 'off';
  const settings = [
    row('Concurrency', escapeHtml(queue.concurrency)),
    row('Testing timeout', plural(queue.testingTimeoutMinutes, 'minute')),
    row('Batching', batching),
    row('Merge method', escapeHtml(queue.mergeMethod)),
    row('Required statuses', statuses.length ? listed + more : 'none'),
  ];
  const entries = plural(queue.enqueuedPullRequests.length, 'entry', 'entries');
  return (
    `<h3>Queue for ${escapeHtml(queue.branch)}</h3>` +
    `<p>${escapeHtml(queue.state)}, ${escapeHtml(queue.mode)} mode, ${entries}.</p>` +
    `<details><summary>Queue settings</summary><table>${settings.join('')}</table></details>`
  );
}

/** The rows to show: the first ones, and the PR's own with a few around it when it is further down. */
export function entryWindow(length: number, position: number | undefined): Array<[number, number]> {
  if (length <= MAX_ENTRY_ROWS || position === undefined || position <= MAX_ENTRY_ROWS - AROUND) {
    return [[0, Math.min(length, MAX_ENTRY_ROWS)]];
  }
  const from = Math.max(position - 1 - AROUND, 0);
  const to = Math.min(position + AROUND, length);
  // The gap between the two is at least two rows: a "1 more" line would hide no more than it shows.
  return [
    [0, Math.min(MAX_ENTRY_ROWS - (to - from), from - 2)],
    [from, to],
  ];
}

function entriesTable(input: SummaryInput, status: Status): string {
  const entries = status.queue.enqueuedPullRequests;
  if (entries.length === 0) return '<p>The queue is empty.</p>';
  const header = '<tr><th>#</th><th>PR</th><th>State</th><th>Priority</th><th>Author</th><th>Since</th></tr>';
  const rows: string[] = [];
  let shownTo = 0;
  for (const [from, to] of entryWindow(entries.length, status.position)) {
    if (from > shownTo) rows.push(gapRow(from - shownTo));
    entries.slice(from, to).forEach((entry, i) => rows.push(entryRow(input, entry, from + i + 1, status.prNumber)));
    shownTo = to;
  }
  if (entries.length > shownTo) rows.push(gapRow(entries.length - shownTo));
  const parallel =
    status.queue.mode === 'parallel'
      ? '<p>Parallel mode: this list is the order the queue considers PRs in, not a strict line; several PRs can be next at once.</p>'
      : '';
  return `<h3>Entries</h3><table>${header}${rows.join('')}</table>${parallel}`;
}

/** "30 min ago", or the time as reported when it cannot be read. */
function sinceCell(reported: string, nowMs: number): string {
  const ms = parseTimestamp(reported);
  return ms === undefined ? escapeHtml(reported) : `${humanSpan((nowMs - ms) / 1000)} ago`;
}

function gapRow(count: number): string {
  return `<tr><td colspan="${COLUMNS}">… ${grouped(count)} more</td></tr>`;
}

function entryRow(input: SummaryInput, entry: EnqueuedPullRequest, place: number, prNumber: number): string {
  const mine = entry.prNumber === prNumber;
  const label = `#${escapeHtml(entry.prNumber)} ${escapeHtml(entry.prTitle)}`;
  const pr = prLink(input, entry.prNumber, mine ? `<b>${label}</b>` : label);
  const cells = [
    mine ? `👉 ${grouped(place)}` : grouped(place),
    pr,
    escapeHtml(entry.state ?? ''),
    escapeHtml(entry.priorityName),
    escapeHtml(entry.prAuthor),
    sinceCell(entry.stateChangedAt, input.nowMs),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell || '—'}</td>`).join('')}</tr>`;
}
