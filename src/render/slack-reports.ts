// The Slack message of each kind of run, from the same words as its summary and its log (core/
// words), so the three cannot drift apart: a PR's heading and what blocks it, a commit's verdict
// and the commits that did not come through, the queue's health and how it has been doing.
import type { BatchVerdict } from '../core/batch.js';
import type { CommitVerdict } from '../core/commit-verdict.js';
import type { QueueHealth } from '../core/health.js';
import type { QueueAnswer } from '../core/model.js';
import { reasonClauses } from '../core/queue-report.js';
import type { Status } from '../core/status.js';
import { hourlyBars } from '../core/window/figures.js';
import type { WindowReport } from '../core/window/report.js';
import { commitLine, commitSentence, type CommitWordsContext } from '../core/words/commit.js';
import { notReadyLine, prHeadline, prQueueNote } from '../core/words/pr.js';
import { queueHeadline } from '../core/words/queue.js';
import { batchHeadline, unnamedTestBranchNotice } from '../core/words/test-run.js';
import { failedBecauseWords, windowSentence } from '../core/words/window.js';
import { grouped, outside } from '../shared/format.js';
import { queueIcon } from './queue-summary.js';
import { slackLink, slackMessage, slackWords, sparkline, type Redact } from './slack.js';

export interface SlackContext {
  redact: Redact;
  /** GITHUB_SERVER_URL and the repository, for PR links. */
  serverUrl: string;
  repo: string;
  /** This run's page, when the runner says which run it is. */
  runUrl?: string;
  /**
   * What failed the step that the message does not say already (fail-if-not-ready's line repeats
   * its verdict): a text that may carry API text, so taken as from outside.
   */
  failure?: string;
  /** Whether the step fails, for the icon; by default, whether there is a `failure`. */
  failed?: boolean;
}

const stepFailed = (ctx: SlackContext) => ctx.failed ?? ctx.failure !== undefined;

const failureLine = (ctx: SlackContext) => (ctx.failure ? `❌ ${slackWords(outside(ctx.failure), ctx.redact)}` : '');
// A link line names only places it can link to: a bare "in Trunk" leads nowhere.
const place = (url: string | undefined, label: string, redact: Redact) => {
  const link = slackLink(url, label, redact);
  return link === label ? '' : link;
};
const runLink = (ctx: SlackContext) => place(ctx.runUrl, 'this run', ctx.redact);
const links = (...items: string[]) => items.filter(Boolean).join(' · ');

export function prSlack(status: Status | undefined, ctx: SlackContext): string {
  if (!status) return slackMessage('❌ Merge queue status unavailable', [failureLine(ctx), runLink(ctx)]);
  const { icon, text } = prHeadline(status, stepFailed(ctx));
  const prUrl = `${ctx.serverUrl.replace(/\/+$/, '')}/${ctx.repo}/pull/${status.prNumber}`;
  const note = prQueueNote(status);
  return slackMessage(`${icon} ${slackWords(text, ctx.redact)}`, [
    failureLine(ctx),
    status.verdict.ready ? '' : slackWords(notReadyLine(status), ctx.redact),
    note ? slackWords(note, ctx.redact) : '',
    links(
      place(prUrl, `PR #${status.prNumber}`, ctx.redact),
      place(status.story?.trunkUrl, 'in Trunk', ctx.redact),
      runLink(ctx),
    ),
  ]);
}

export interface BatchSlackInput {
  statuses: Status[];
  verdict: BatchVerdict;
}

/** A batch's verdict, then what holds each PR that is not on its way. */
export function batchSlack({ statuses, verdict }: BatchSlackInput, ctx: SlackContext): string {
  const { icon, text } = batchHeadline(statuses, verdict, stepFailed(ctx));
  return slackMessage(`${icon} ${slackWords(text, ctx.redact)}`, [
    failureLine(ctx),
    ...statuses
      .filter((status) => !status.verdict.ready)
      .map((status) => `• ${slackWords(notReadyLine(status), ctx.redact)}`),
    runLink(ctx),
  ]);
}

/** A test branch that names no PR: nothing to report, and the run to look at. */
export function unnamedSlack(branch: string, ctx: SlackContext): string {
  return slackMessage(`${stepFailed(ctx) ? '❌' : 'ℹ️'} Nothing to report for this merge-queue test run`, [
    failureLine(ctx),
    slackWords(unnamedTestBranchNotice(branch), ctx.redact),
    runLink(ctx),
  ]);
}

export interface CommitSlackInput {
  verdict?: CommitVerdict;
  context: CommitWordsContext;
}

/** Commits named under the verdict; the summary lists them all. */
const LISTED_COMMITS = 5;

export function commitSlack({ verdict, context }: CommitSlackInput, ctx: SlackContext): string {
  if (!verdict)
    return slackMessage('❌ Whether the commit came through the merge queue is unknown', [
      failureLine(ctx),
      runLink(ctx),
    ]);
  const icon = verdict.ready && !stepFailed(ctx) ? '✅' : '❌';
  const failed = verdict.findings.filter((found) => found.fault).slice(0, LISTED_COMMITS);
  const tipPr = verdict.findings[0]?.pr?.number;
  const prUrl = tipPr === undefined ? undefined : `${ctx.serverUrl.replace(/\/+$/, '')}/${ctx.repo}/pull/${tipPr}`;
  return slackMessage(`${icon} ${slackWords(commitSentence(verdict, context), ctx.redact)}`, [
    failureLine(ctx),
    ...(verdict.findings.length > 1
      ? failed.map((found) => `• ${slackWords(commitLine(found, context), ctx.redact)}`)
      : []),
    links(place(prUrl, `PR #${tipPr}`, ctx.redact), runLink(ctx)),
  ]);
}

export interface QueueSlackInput {
  answer?: QueueAnswer;
  health?: QueueHealth;
  window?: WindowReport;
}

export function queueSlack({ answer, health, window }: QueueSlackInput, ctx: SlackContext): string {
  if (!answer || !health) return slackMessage('❌ Merge queue status unavailable', [failureLine(ctx), runLink(ctx)]);
  const { queue } = answer;
  const headline = queueHeadline(queue, health, window);
  // The heading names the first of the health's reasons, or every one of the window's: the others
  // follow it.
  const more = health.reasons.length > 0 ? reasonClauses(queue, health, window).slice(1) : [];
  return slackMessage(`${queueIcon(health, window, stepFailed(ctx))} ${slackWords(headline, ctx.redact)}`, [
    failureLine(ctx),
    ...more.map((clause) => `• ${slackWords(clause, ctx.redact)}`),
    window ? slackWords(windowSentence(window), ctx.redact) : '',
    window ? perBucket(window) : '',
    window ? failedMost(window, ctx.redact) : '',
    links(place(queue.htmlUrl, 'the queue in Trunk', ctx.redact), runLink(ctx)),
  ]);
}

/** "Merged per day: ▂▅▇▆▃▁▂": Slack shows no chart, text bars it does. */
function perBucket(window: WindowReport): string {
  const buckets = window.figures.buckets;
  if (!buckets?.length || buckets.every((bucket) => bucket.merged + bucket.failed === 0)) return '';
  return `Merged per ${hourlyBars(buckets) ? 'hour' : 'day'}: ${sparkline(buckets.map((bucket) => bucket.merged))}`;
}

/** "Failed most: required check failed (12); `ci/integration` (8)". */
function failedMost(window: WindowReport, redact: Redact): string {
  const [reason] = window.figures.topFailureReasons ?? [];
  const [check] = window.figures.topFailingChecks ?? [];
  const parts = [
    reason ? `${slackWords(failedBecauseWords(reason.reason), redact)} (${grouped(reason.count)})` : '',
    check
      ? `${slackLink(check.url ?? undefined, slackWords(`\`${outside(check.name.replace(/`/g, "'"))}\``, redact), redact)} (${grouped(check.count)})`
      : '',
  ].filter(Boolean);
  return parts.length ? `Failed most: ${parts.join('; ')}` : '';
}
