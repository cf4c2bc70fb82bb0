// The job summary as HTML text, for a person who opened the job to find out what is happening:
// the verdict first, what to do about it, the story behind the state, then the facts and the
// queue. Pure: the clock is an argument. Every text from the API or the event goes through
// escapeHtml (html.ts), and the whole summary stays far below GitHub's 1 MiB step limit.
import { formatDuration, grouped, humanSpan, ordinal, plural, utcClock } from '../shared/format.js';
import { escapeHtml } from './html.js';
import type { QueueEntry } from '../core/model.js';
import type { WaitOutcome } from '../core/observe.js';
import type { RunFacts } from './outputs.js';
import { queueStateNote, type Status } from '../core/status.js';
import { parseTimestamp } from '../shared/time.js';
import { storySection } from './summary-story.js';
import { describeReason, fixForReason, NOT_SUBMITTED, stateText } from '../core/verdict.js';

export { escapeHtml };

/** Entry rows at most; a PR further down shows with a few rows around it. */
export const MAX_ENTRY_ROWS = 50;
/** Rows shown on each side of the PR's own row when it is further down than the first rows. */
const AROUND = 2;
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

export function renderSummary(input: SummaryInput): string {
  const { status } = input;
  const failed = input.failure !== undefined;
  const parts: string[] = [`<h2>${status ? headline(status, failed) : '❌ Merge queue status unavailable'}</h2>`];
  if (input.failure) parts.push(`<p>❌ ${escapeHtml(input.failure, 1000)}</p>`);
  if (status) {
    const note = queueStateNote(status);
    if (note) parts.push(`<p>⚠️ ${escapeHtml(note, 1000)}</p>`);
    parts.push(prLine(input, status), reasonsList(status), storySection(status, input.nowMs));
    parts.push(factsTable(input, status), readinessList(status), queueSection(status), entriesTable(input, status));
  }
  // An empty part would leave a blank line, which ends the HTML block in Markdown.
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/**
 * The verdict in words, first: "✅ Ready: PR #1842 testing for 12 min, 2nd in line". A step that
 * failed is never headed with a green mark, and what holds the PR back (a paused queue, a stale
 * commit) is in the heading, not only below it.
 */
function headline(status: Status, failed: boolean): string {
  const { state, verdict, prNumber, position, stateAgeSeconds } = status;
  const pr = `PR #${prNumber}`;
  const shown = escapeHtml(stateText(state));
  const age = stateAgeSeconds === undefined ? '' : humanSpan(stateAgeSeconds);
  const place =
    position === undefined
      ? ''
      : `, ${ordinal(position)} ${status.queue.mode === 'parallel' ? "in the queue's order" : 'in line'}`;
  const since = age && ` for ${age}`;
  const words =
    state === 'merged'
      ? `Merged: ${pr} merged${age && ` ${age} ago`}`
      : state === NOT_SUBMITTED
        ? `Not ready: ${pr} is not submitted to this queue`
        : `${verdict.ready ? 'Ready' : 'Not ready'}: ${pr} ${shown}${since}${place}`;
  const finished = verdict.reasons.some((code) => code.startsWith('state_'));
  const icon = failed || finished ? '❌' : verdict.ready ? '✅' : '⏳';
  return `${icon} ${failed && verdict.ready ? words.replace(/^(Ready|Merged):/, '$1, but the step failed:') : words}${holdBack(status)}`;
}

function holdBack(status: Status): string {
  const held: string[] = [];
  if (queueStateNote(status)) held.push(`queue ${escapeHtml(status.queue.state.replace(/_/g, ' '))}`);
  if (status.stale) held.push('stale: the queue has another commit');
  return held.length ? ` — ${held.join(', ')}` : '';
}

function reasonsList({ verdict, story }: Status): string {
  if (verdict.ready) return '';
  // GitHub's mergeability sums up what Trunk's block reasons spell out: when they are there, they
  // say what to do, and a generic hint beside them would contradict them.
  const spelledOut = (story?.blockReasons?.length ?? 0) > 0;
  const items = verdict.reasons.map((code) => {
    const fix =
      spelledOut && code.startsWith('mergeability_')
        ? 'see why it is blocked, under “The story” below'
        : fixForReason(code);
    return `<li>${escapeHtml(describeReason(code))} (<code>${escapeHtml(code)}</code>)${fix ? `: ${fix}` : ''}</li>`;
  });
  return `<p>Why not ready, and what clears it:</p><ul>${items.join('')}</ul>`;
}

/** Where the repository's PRs are, through GITHUB_SERVER_URL; undefined when that is not an http(s) URL. */
function pullsUrl(input: SummaryInput): string | undefined {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(input.serverUrl)) return undefined;
  return `${input.serverUrl.replace(/\/+$/, '')}/${input.repo}/pull/`;
}

function prLink(input: SummaryInput, prNumber: number, label: string): string {
  const url = pullsUrl(input);
  // The number is the action's own: escaped (and redacted) is only the text from outside.
  return url ? `<a href="${escapeHtml(url, 2000)}${prNumber}">${label}</a>` : label;
}

/** A value shown only here: "—" when the API did not send it. */
function orDash(value: unknown): string {
  return value === undefined || value === null || value === '' ? '—' : escapeHtml(value);
}

function prLine(input: SummaryInput, status: Status): string {
  const { pr } = status;
  const label = pr?.title ? `#${status.prNumber} ${escapeHtml(pr.title)}` : `#${status.prNumber}`;
  const author = pr?.author ? ` by ${escapeHtml(pr.author)}` : '';
  const testRun = input.facts.mergeQueueRun ? ' This run is one of the merge queue’s test runs for it.' : '';
  return `<p>${prLink(input, status.prNumber, label)}${author} in ${escapeHtml(input.repo)}.${testRun}</p>`;
}

function row(name: string, valueHtml: string): string {
  return `<tr><th align="left">${name}</th><td>${valueHtml || '—'}</td></tr>`;
}

function factsTable(input: SummaryInput, status: Status): string {
  const { pr, queue, position } = status;
  const { length } = queue;
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
    row('Priority', pr ? `${orDash(pr.priorityName)} (${orDash(pr.priorityValue)})` : ''),
    row('Head SHA', pr?.sha ? `<code>${escapeHtml(pr.sha.slice(0, 12))}</code>${staleNote(status)}` : ''),
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
    check(readiness.mergeability === 'mergeable', `GitHub mergeability: ${escapeHtml(readiness.mergeability)}`),
    readiness.requiresImpactedTargets
      ? check(readiness.hasImpactedTargets === true, 'Impacted targets uploaded')
      : '<li>➖ Impacted targets not required</li>',
  ];
  return `<h3>Readiness</h3><ul>${items.join('')}</ul>`;
}

function queueSection({ queue }: Status): string {
  const { settings } = queue;
  const statuses = settings.requiredStatuses;
  const listed = (statuses ?? [])
    .slice(0, MAX_LISTED_STATUSES)
    .map((s) => escapeHtml(s))
    .join(', ');
  const more =
    statuses && statuses.length > MAX_LISTED_STATUSES
      ? ` and ${grouped(statuses.length - MAX_LISTED_STATUSES)} more`
      : '';
  const { batching } = settings;
  const batchingText = !batching
    ? '—'
    : batching.on
      ? `on (min size ${orDash(batching.minSize)}, max wait ${batching.maxWaitMinutes === undefined ? '—' : plural(batching.maxWaitMinutes, 'minute')})`
      : 'off';
  const timeout = queue.testingTimeoutMinutes;
  const rows = [
    row('Concurrency', orDash(settings.concurrency)),
    row('Testing timeout', timeout === undefined ? '—' : timeout > 0 ? plural(timeout, 'minute') : 'none'),
    row('Batching', batchingText),
    row('Merge method', orDash(settings.mergeMethod)),
    row('Required statuses', !statuses ? '—' : statuses.length ? listed + more : 'none'),
  ];
  const entries = plural(queue.length, 'entry', 'entries');
  return (
    `<h3>Queue for ${escapeHtml(queue.branch)}</h3>` +
    `<p>${escapeHtml(queue.state)}, ${escapeHtml(queue.mode)} mode, ${entries}.</p>` +
    `<details><summary>Queue settings</summary><table>${rows.join('')}</table></details>`
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
  const entries = status.queue.entries;
  if (entries.length === 0) return '<p>The queue is empty.</p>';
  const header = '<tr><th>#</th><th>PR</th><th>State</th><th>Priority</th><th>Author</th><th>Since</th></tr>';
  const rows: string[] = [];
  let shownTo = 0;
  for (const [from, to] of entryWindow(entries.length, status.position)) {
    if (from > shownTo) rows.push(gapRow(from - shownTo));
    entries.slice(from, to).forEach((entry, i) => rows.push(entryRow(input, entry, from + i + 1, status)));
    shownTo = to;
  }
  if (status.queue.length > shownTo) rows.push(gapRow(status.queue.length - shownTo));
  const parallel =
    status.queue.mode === 'parallel'
      ? '<p>Parallel mode: this list is the order the queue considers PRs in, not a strict line; several PRs can be next at once.</p>'
      : '';
  return `<h3>Entries</h3><table>${header}${rows.join('')}</table>${parallel}`;
}

/** "30 min ago", or the time as reported when it cannot be read. */
function sinceCell(reported: string | undefined, nowMs: number): string {
  if (reported === undefined) return '—';
  const ms = parseTimestamp(reported);
  return ms === undefined ? escapeHtml(reported) : `${humanSpan((nowMs - ms) / 1000)} ago`;
}

function gapRow(count: number): string {
  return `<tr><td colspan="${COLUMNS}">… ${grouped(count)} more</td></tr>`;
}

function entryRow(input: SummaryInput, listed: QueueEntry, place: number, status: Status): string {
  const mine = listed.number === status.prNumber;
  // An API whose line carries less about each PR (v2's order) still knows this PR's own facts.
  const own = status.pr;
  const entry: QueueEntry =
    mine && own
      ? {
          ...listed,
          title: listed.title ?? own.title,
          author: listed.author ?? own.author,
          priorityName: listed.priorityName ?? own.priorityName,
          stateChangedAt: listed.stateChangedAt ?? own.stateChangedAt,
        }
      : listed;
  const label = `#${escapeHtml(entry.number)}${entry.title === undefined ? '' : ` ${escapeHtml(entry.title)}`}`;
  const pr = prLink(input, entry.number, mine ? `<b>${label}</b>` : label);
  const cells = [
    mine ? `👉 ${grouped(place)}` : grouped(place),
    pr,
    escapeHtml(entry.state),
    orDash(entry.priorityName),
    orDash(entry.author),
    sinceCell(entry.stateChangedAt, input.nowMs),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell || '—'}</td>`).join('')}</tr>`;
}
