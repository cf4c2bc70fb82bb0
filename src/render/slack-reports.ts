// The Slack message of each kind of run, from the same words as its summary and its log (core/
// words), so the three cannot drift apart: a PR's heading and what blocks it, a commit's verdict
// and the commits that did not come through, the queue's health and how it has been doing.
import type { BatchVerdict } from '../core/batch.js';
import type { CommitVerdict } from '../core/commit-verdict.js';
import type { QueueHealth } from '../core/health.js';
import type { QueueAnswer } from '../core/model.js';
import { queueVerdict } from '../core/queue-report.js';
import type { AlertState } from '../core/alerts.js';
import type { Status } from '../core/status.js';
import { hourlyBars } from '../core/window/figures.js';
import type { WindowReport } from '../core/window/report.js';
import { commitLine, commitSentence, type CommitWordsContext } from '../core/words/commit.js';
import { notReadyLine, prHeadline, prQueueNote } from '../core/words/pr.js';
import { describeHealthReason, healthDetails, queueVerdictLine } from '../core/words/queue.js';
import { batchHeadline, unnamedTestBranchNotice } from '../core/words/test-run.js';
import { checkFailedWords, describeWindowReason, failedBecauseWords, windowSentence } from '../core/words/window.js';
import { clip, grouped, outside, plural } from '../shared/format.js';
import { queueIcon } from './queue-summary.js';
import { slackLink, slackMessage, slackWords, sparkline, type Redact } from './slack.js';
import type { LinkHosts } from './html.js';

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
const place = (url: string | undefined, label: string, redact: Redact, to?: keyof LinkHosts) => {
  const link = slackLink(url, label, redact, to);
  return link === label ? '' : link;
};
const runLink = (ctx: SlackContext) => place(ctx.runUrl, 'this run', ctx.redact);
const links = (...items: string[]) => items.filter(Boolean).join(' · ');

export function prSlack(status: Status | undefined, ctx: SlackContext): string {
  if (!status) {
    // The repository first, as every message names it: a channel may gather several.
    const heading = ctx.repo
      ? `Merge queue status of ${outside(clip(ctx.repo, 100))} unavailable`
      : 'Merge queue status unavailable';
    return slackMessage(`❌ ${slackWords(heading, ctx.redact)}`, [failureLine(ctx), runLink(ctx)]);
  }
  const { icon, text } = prHeadline(status, stepFailed(ctx));
  const prUrl = `${ctx.serverUrl.replace(/\/+$/, '')}/${ctx.repo}/pull/${status.prNumber}`;
  const note = prQueueNote(status);
  return slackMessage(`${icon} ${slackWords(text, ctx.redact)}`, [
    failureLine(ctx),
    status.verdict.ready ? '' : slackWords(notReadyLine(status), ctx.redact),
    note ? slackWords(note, ctx.redact) : '',
    links(
      place(prUrl, `PR #${status.prNumber}`, ctx.redact),
      place(status.story?.trunkUrl, 'in Trunk', ctx.redact, 'trunk'),
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
  alert?: AlertState;
  /** The queue asked about, named in the first line even when it could not be read. */
  repo: string;
  branch: string;
}

/** A channel takes alerts from many repositories: the first line names it, and stays short. */
const FIRST_LINE_MAX = 149;
/** Lines of what matters between the verdict and the links. */
const BODY_LINES = 6;

/** The first line, the queue's names cut short if they would make it too long. */
function verdictLine(
  icon: string,
  words: (branch: string, repo: string) => string,
  input: QueueSlackInput,
  redact: Redact,
) {
  for (const [branch, repo] of [
    [input.branch, input.repo],
    [clip(input.branch, 40), clip(input.repo, 50)],
  ] as const) {
    const line = `${icon} ${slackWords(words(branch, repo), redact)}`;
    if (line.length + 2 <= FIRST_LINE_MAX) return line;
  }
  return clip(`${icon} ${slackWords(words(clip(input.branch, 20), clip(input.repo, 30)), redact)}`, FIRST_LINE_MAX - 2);
}

export function queueSlack(input: QueueSlackInput, ctx: SlackContext): string {
  const { answer, health, window, alert } = input;
  if (!answer || !health) {
    const unread = (branch: string, repo: string) =>
      `Queue ${outside(branch)} of ${outside(repo)}: its status could not be read`;
    // Why it could not look (the step's failure) is the message: an alert that cannot look says so, and why.
    return slackMessage(verdictLine('❌', unread, input, ctx.redact), [failureLine(ctx), runLink(ctx)]);
  }
  const { queue } = answer;
  const recovery = queueVerdict(health, window).ready ? alert?.recovery : undefined;
  const first = (branch: string, repo: string) =>
    queueVerdictLine({ ...queue, branch }, health, window, { repo, recovery });
  const icon = queueIcon(health, window, stepFailed(ctx));
  // The first of the health's reasons is the verdict line's, its meaning the details'; every other
  // reason has a line of its own, in words for a channel (no input names).
  const more = [
    ...health.reasons.slice(1).map((code) => describeHealthReason(code, queue, health)),
    ...(window?.reasons ?? []).map((code) => describeWindowReason(code, window as WindowReport, false)),
  ];
  const body = [
    failureLine(ctx),
    slackWords(healthDetails(queue, health), ctx.redact),
    ...more.map((clause) => `• ${slackWords(`${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`, ctx.redact)}`),
    ...(window ? windowLines(window, ctx) : []),
  ].filter(Boolean);
  return slackMessage(verdictLine(icon, first, input, ctx.redact), [
    ...body.slice(0, BODY_LINES),
    links(place(queue.htmlUrl, 'the queue in Trunk', ctx.redact, 'trunk'), runLink(ctx)),
  ]);
}

/** How the queue has been doing, most telling first: the figures, why trips failed, the check that failed most, the loops. */
function windowLines(window: WindowReport, ctx: SlackContext): string[] {
  return [
    slackWords(windowSentence(window), ctx.redact),
    failedBecause(window, ctx.redact),
    failedMost(window, ctx.redact),
    repeating(window, ctx),
    perBucket(window),
  ];
}

/** "Merged per day: ▂▅▇▆▃▁▂": Slack shows no chart, text bars it does. */
function perBucket(window: WindowReport): string {
  const buckets = window.figures.buckets;
  if (!buckets?.length || buckets.every((bucket) => bucket.merged + bucket.failed === 0)) return '';
  return `Merged per ${hourlyBars(buckets) ? 'hour' : 'day'}: ${sparkline(buckets.map((bucket) => bucket.merged))}`;
}

/** "Why trips failed: required check failed 12, test run timed out 3": reasons only, in words. */
function failedBecause(window: WindowReport, redact: Redact): string {
  const reasons = (window.figures.topFailureReasons ?? []).slice(0, 3);
  if (reasons.length === 0) return '';
  const each = reasons.map(({ reason, count }) => {
    const words = failedBecauseWords(reason) ?? `\`${outside(reason.replace(/`/g, "'"))}\``;
    return `${words} ${grouped(count)}`;
  });
  return slackWords(`Why trips failed: ${each.join(', ')}.`, redact);
}

/** "`ci/integration` failed 7 trips; 5 of those PRs merged on a later try": the one check, apart from the reasons. */
function failedMost(window: WindowReport, redact: Redact): string {
  const [check] = window.figures.topFailingChecks ?? [];
  if (!check) return '';
  const [retries] = window.figures.checkRetries ?? [];
  const name = slackLink(
    check.url ?? undefined,
    slackWords(`\`${outside(check.name.replace(/`/g, "'"))}\``, redact),
    redact,
  );
  const words = retries?.name === check.name ? checkFailedWords(retries) : `failed ${plural(check.count, 'trip')}`;
  return `${name} ${slackWords(`${words}.`, redact)}`;
}

/** "Failed two or more trips: #1201 (4), #1188 (2)": the PRs going round the queue, linked. */
function repeating(window: WindowReport, ctx: SlackContext): string {
  const prs = window.figures.repeatFailing ?? [];
  if (prs.length === 0) return '';
  const base = ctx.serverUrl.replace(/\/+$/, '');
  const named = prs
    .slice(0, 3)
    .map(
      (pr) =>
        `${place(`${base}/${ctx.repo}/pull/${pr.prNumber}`, `#${pr.prNumber}`, ctx.redact) || `#${pr.prNumber}`} (${pr.failed})`,
    );
  const more = prs.length > 3 ? ` and ${grouped(prs.length - 3)} more` : '';
  return `Failed two or more trips: ${named.join(', ')}${more}.`;
}
