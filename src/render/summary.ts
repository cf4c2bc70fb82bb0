// The job summary as HTML text, for a person who opened the job to find out what is happening:
// the verdict first, what to do about it, the story behind the state, then the facts and the
// queue. Pure: the clock is an argument. Every text from the API or the event goes through
// escapeHtml (html.ts), and the whole summary stays far below GitHub's 1 MiB step limit.
import { duration, grouped, plural, utcClock } from '../shared/format.js';
import { escapeHtml, orDash, pullRequestLink, row, wordsHtml } from './html.js';
import type { WaitOutcome } from '../core/observation.js';
import type { RunFacts } from './outputs.js';
import type { Status } from '../core/status.js';
import { entriesTable, settingsTable } from './queue-tables.js';
import { storySection } from './summary-story.js';
import { NOT_SUBMITTED } from '../core/verdict.js';
import { prHeadline, prQueueNote } from '../core/words/pr.js';
import { describeReason, fixForReason } from '../core/words/reasons.js';

export interface SummaryInput {
  status?: Status;
  facts: RunFacts;
  repo: string;
  /** `GITHUB_SERVER_URL`; PR links are left out when it is not an http(s) URL. */
  serverUrl: string;
  wait?: WaitOutcome;
  /** What failed the step that the summary does not say itself. */
  failure?: string;
  /** Whether the step fails, for the heading's mark; by default, whether there is a `failure`. */
  failed?: boolean;
  nowMs: number;
}

export function renderSummary(input: SummaryInput): string {
  const { status } = input;
  const failed = input.failed ?? input.failure !== undefined;
  const parts: string[] = [`<h2>${status ? headline(status, failed) : '❌ Merge queue status unavailable'}</h2>`];
  if (input.failure) parts.push(`<p>❌ ${escapeHtml(input.failure, 1000)}</p>`);
  if (status) {
    const note = prQueueNote(status);
    if (note) parts.push(`<p>⚠️ ${wordsHtml(note)}</p>`);
    parts.push(prLine(input, status), reasonsList(status), storySection(status, input.nowMs));
    parts.push(factsTable(input, status), readinessList(status), queueSection(status), entries(input, status));
  }
  // An empty part would leave a blank line, which ends the HTML block in Markdown.
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/** The verdict in words, first: the heading's words are the log's and Slack's (core/words/pr.ts). */
function headline(status: Status, failed: boolean): string {
  const { icon, text } = prHeadline(status, failed);
  return `${icon} ${wordsHtml(text)}`;
}

function reasonsList({ verdict, story, prNumber }: Status): string {
  if (verdict.ready) return '';
  // GitHub's mergeability sums up what Trunk's block reasons spell out: when they are there, they
  // say what to do, and a generic hint beside them would contradict them.
  const spelledOut = (story?.blockReasons?.length ?? 0) > 0;
  const items = verdict.reasons.map((code) => {
    const fix =
      spelledOut && code.startsWith('mergeability_')
        ? 'see why it is blocked, under “The story” below'
        : fixForReason(code, prNumber);
    return `<li>${wordsHtml(describeReason(code))} (<code>${escapeHtml(code)}</code>)${fix ? `: ${wordsHtml(fix)}` : ''}</li>`;
  });
  return `<p>Why not ready, and what clears it:</p><ul>${items.join('')}</ul>`;
}

function prLink(input: SummaryInput, prNumber: number, label: string): string {
  return pullRequestLink(input.serverUrl, input.repo, prNumber, label);
}

function prLine(input: SummaryInput, status: Status): string {
  const { pr } = status;
  const label = pr?.title ? `#${status.prNumber} ${escapeHtml(pr.title)}` : `#${status.prNumber}`;
  const author = pr?.author ? ` by ${escapeHtml(pr.author)}` : '';
  const testRun = input.facts.mergeQueueRun ? ' This run is one of the merge queue’s test runs for it.' : '';
  return `<p>${prLink(input, status.prNumber, label)}${author} in ${escapeHtml(input.repo)}.${testRun}</p>`;
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
  const ago = duration(status.stateAgeSeconds ?? 0);
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
    ? `the queue gives up at ${when} (in ${duration(left >= 60 ? Math.ceil(left / 60) * 60 : left)})`
    : `overdue by ${duration(-left)}: the queue was to give up at ${when}`;
}

function waitText(wait: WaitOutcome): string {
  const waitingFor = escapeHtml(wait.waitFor.join(', '));
  return `${escapeHtml(wait.ended)} after ${duration(wait.waitedSeconds)} (waiting for ${waitingFor}, ${plural(wait.polls, 'poll')})`;
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
  const entries = plural(queue.length, 'entry', 'entries');
  return (
    `<h3>Queue for ${escapeHtml(queue.branch)}</h3>` +
    `<p>${escapeHtml(queue.state)}, ${escapeHtml(queue.mode)} mode, ${entries}.</p>` +
    settingsTable(queue)
  );
}

function entries(input: SummaryInput, status: Status): string {
  return entriesTable({
    queue: status.queue,
    nowMs: input.nowMs,
    link: (prNumber, label) => prLink(input, prNumber, label),
    own: { number: status.prNumber, position: status.position, facts: status.pr },
  });
}
