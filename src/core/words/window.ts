// How the queue has been doing, in words: the window named as people say it ("the last 7 days",
// "the last 5 of 7 days" when only part of it could be read), each figure with its change on the
// window before ("▲ 18 on the 7 days before"), why trips failed, what a threshold found, and what
// could not be read. Durations in the one format; a percentile that is only a bucket's bound is
// said as "at most", never as a number the action does not have.
import { duration, grouped, outside, plural, rate, utcClock } from '../../shared/format.js';
import type { WindowReadFailure } from '../history.js';
import type { FigureChange } from '../window/compare.js';
import type { CheckRetries } from '../window/retries.js';
import type { WindowReport } from '../window/report.js';
import type { TooFew, WindowReason } from '../window/thresholds.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A span as people name it: "7 days", "24 h", "day", "hour". */
function spanWords(ms: number, inHours = false): string {
  if (!inHours && ms % DAY_MS === 0 && ms >= DAY_MS) return ms === DAY_MS ? 'day' : `${ms / DAY_MS} days`;
  return ms === HOUR_MS ? 'hour' : `${Math.round(ms / HOUR_MS)} h`;
}

/** Whether the window was asked for in hours (`24h`): it is then named in hours, as it was written. */
const inHours = (report: { label?: string }) => report.label?.endsWith('h') ?? false;

/**
 * "the last 7 days", "the last 24 h" (for `24h`; `1d` is "the last day"); "the last 5 of 7 days"
 * when the reads covered only the most recent part.
 */
export function windowWords(
  report: Pick<WindowReport, 'windowMs' | 'covered' | 'window'> & { label?: string },
): string {
  const whole = spanWords(report.windowMs, inHours(report));
  const coveredMs = report.covered.toMs - report.covered.fromMs;
  if (coveredMs >= report.window.toMs - report.window.fromMs) return `the last ${whole}`;
  // Days for windows of days; a single day is counted in hours, as "the last 0 of 1 days" says nothing.
  const days = !inHours(report) && report.windowMs % DAY_MS === 0 && report.windowMs >= 2 * DAY_MS;
  const unit = days ? DAY_MS : HOUR_MS;
  const part = Math.floor(coveredMs / unit);
  const of = unit === DAY_MS ? `${report.windowMs / DAY_MS} days` : `${report.windowMs / HOUR_MS} h`;
  // Not even one whole unit read: "the last 0 of 7 days" would say nothing was.
  if (part === 0) return `less than ${unit === DAY_MS ? 'a day' : 'an hour'} of the last ${of}`;
  return `the last ${part} of ${of}`;
}

/**
 * "the 7 days before"; when only part of a window before could be had, that part and why: "the 1
 * day of the 14 before that Trunk has" (a young queue, or the 45 days Trunk keeps), "the 3 days of
 * the 7 before that were read" (the reads stopped). Undefined without a window before.
 */
export function beforeWords(report: WindowReport): string | undefined {
  const { before } = report;
  if (!before) return undefined;
  const coveredMs = before.covered.toMs - before.covered.fromMs;
  if (coveredMs >= report.windowMs) return `the ${spanWords(report.windowMs, inHours(report))} before`;
  const days = !inHours(report) && report.windowMs % DAY_MS === 0 && report.windowMs >= 2 * DAY_MS;
  const unit = days ? DAY_MS : HOUR_MS;
  const part = Math.floor(coveredMs / unit);
  const had =
    part === 0 ? `less than ${days ? 'a day' : 'an hour'}` : `the ${days ? plural(part, 'day') : `${part} h`}`;
  const of = days ? `${report.windowMs / DAY_MS}` : `${report.windowMs / HOUR_MS} h`;
  // What Trunk has ends at the queue's creation or at the 45 days it keeps; anything else is where the reads stopped.
  const kept = before.covered.fromMs === before.span.fromMs || before.covered.fromMs === report.historyFromMs;
  return `${had} of the ${of} before ${kept ? 'that Trunk has' : 'that were read'}`;
}

/** A percentile in seconds as words: a duration; a bucket's bound as "at most …", +Inf as "over …". */
export function percentileWords(seconds: number | undefined, kind: 'exact' | 'bucket-bound'): string | undefined {
  if (seconds === undefined) return undefined;
  if (!Number.isFinite(seconds)) return 'over 2 h';
  return kind === 'bucket-bound' ? `at most ${duration(seconds)}` : duration(seconds);
}

/** "▲ 18", "▼ 2.1 points", "no change"; undefined when the window before is unknown. */
export function changeWords(change: FigureChange, unit: 'count' | 'percent' | 'seconds'): string | undefined {
  if (change.direction === undefined) return undefined;
  if (change.direction === 'same') return 'no change';
  const arrow = change.direction === 'up' ? '▲' : '▼';
  if (change.change === undefined) return arrow;
  const size = Math.abs(change.change);
  const amount = unit === 'percent' ? `${size} points` : unit === 'seconds' ? duration(size) : grouped(size);
  return `${arrow} ${amount}`;
}

/** Why trips failed, in a few words, by Trunk's reason; others by their code, named as such. */
const FAILED_BECAUSE: ReadonlyArray<[RegExp, string]> = [
  [/^test_run_required_status_failed$/, 'required check failed'],
  [/^test_run_timeout$/, 'test run timed out'],
  [/^test_run_failed_by_optimization$/, 'failed by an optimization'],
  [/^start_test_run_merge_conflict$/, 'merge conflict'],
  [/^start_test_run_(config_|no_required_statuses)/, 'queue configuration problem'],
  [/^start_test_run_/, 'test run could not start'],
  [/^github_api_/, 'GitHub API failure'],
  [/^pr_updated_at_merge_time$/, 'PR updated at merge time'],
];

/** Why trips failed, in words; undefined for a reason this version does not know (its code says it). */
export function failedBecauseWords(reason: string): string | undefined {
  return FAILED_BECAUSE.find(([pattern]) => pattern.test(reason))?.[1];
}

/**
 * What each reason of a report over a window means, in words, and the input behind it; for a
 * channel (`inputs: false`), the limit without the input's name: "above the 20 % allowed".
 */
export function describeWindowReason(code: WindowReason, report: WindowReport, inputs = true): string {
  const when = windowWords(report);
  const { figures, limits } = report;
  const by = (input: string) => (inputs ? ` by ${input}` : '');
  const limit = (input: string, what: string) => (inputs ? input : `the ${what} limit`);
  switch (code) {
    case 'failure_rate_high':
      return `the failure rate was ${rate(figures.failureRate ?? 0)} % over ${when}, above the ${limits.maxFailureRate} % allowed${by('max-failure-rate')}`;
    case 'time_in_queue_high': {
      const p90 = percentileWords(figures.timeInQueue?.p90Seconds, figures.timeInQueue?.kind ?? 'exact');
      return `the 90th-percentile time in queue was ${p90} over ${when}, above the ${duration((limits.maxTimeInQueueMinutes ?? 0) * 60)} allowed${by('max-time-in-queue-minutes')}`;
    }
    case 'failure_rate_unknown':
      return `the failure rate over ${when} could not be read (${missingWhy(report, 'trips')}), so ${limit('max-failure-rate', 'failure rate')} cannot be checked; re-run the job`;
    case 'time_in_queue_unknown':
      return `the time in queue over ${when} could not be read (${missingWhy(report, 'trips')}), so ${limit('max-time-in-queue-minutes', 'time in queue')} cannot be checked; re-run the job`;
  }
}

/** What a reason of a report over a window is, in a few words: "its failure rate is too high". */
export function windowProblemWords(code: WindowReason): string {
  switch (code) {
    case 'failure_rate_high':
      return 'its failure rate is too high';
    case 'time_in_queue_high':
      return 'PRs spend too long in it';
    default:
      return 'its history could not be read';
  }
}

/** "4 trips ended: too few to judge the failure rate (min-trips 10)". */
export function tooFewWords(report: WindowReport, few: TooFew): string {
  const { merged = 0, failed = 0, cancelled = 0 } = report.figures;
  // The trips the figure stands on, said as what they are when they are not every trip that ended.
  const whole = few.trips === merged + failed + cancelled;
  const which = whole ? 'ended' : few.figure === 'failure_rate' ? 'merged or failed' : 'had a time in queue';
  const figure = few.figure === 'failure_rate' ? 'the failure rate' : 'the time in queue';
  return `${plural(few.trips, 'trip')} ${which}: too few to judge ${figure} (min-trips ${report.limits.minTrips ?? 0})`;
}

function missingWhy(report: WindowReport, read: WindowReadFailure['read']): string {
  const failure = report.failures.find((found) => found.read === read || found.read === 'metrics');
  return failure ? readName(failure.read) : 'Trunk did not send it';
}

/** The outputs a read leaves empty when it fails. */
const EMPTIED: Record<WindowReadFailure['read'], string[]> = {
  trips: [
    'merged-count',
    'failed-count',
    'cancelled-count',
    'failure-rate',
    'time-in-queue-p50-seconds',
    'time-in-queue-p90-seconds',
    'top-failure-reasons',
    'top-failing-checks',
  ],
  testing: ['testing-p50-seconds', 'testing-p90-seconds', 'restarts'],
  metrics: ['merged-count', 'failed-count', 'cancelled-count', 'failure-rate', 'restarts', 'the percentiles'],
  merged: ['merged-count'],
};

function readName(read: WindowReadFailure['read']): string {
  return {
    trips: "the queue's pull requests and their history",
    testing: "the queue's testing results",
    metrics: "Trunk's metrics",
    merged: "the queue's merged pull requests",
  }[read];
}

/** One warning per read that failed after its retries: what it leaves empty, and why. */
export function failureWarnings(report: WindowReport): string[] {
  return report.failures.map(
    ({ read, message }) =>
      `${capitalized(readName(read))} could not be read (${outside(message)}): ${listWords(EMPTIED[read])} ${EMPTIED[read].length === 1 ? 'is' : 'are'} empty.`,
  );
}

/** What a report over a window owes a notice: what api-token alone cannot give, a part not read. */
export function windowNotices(report: WindowReport): string[] {
  const notices: string[] = [];
  if (report.kind === 'counts') {
    notices.push(
      `With api-token alone, Trunk's v1 API gives the merged count over ${windowWords(report)}; the other figures, the window before and why trips failed need api-key (a Trunk v2 API key; one with no permissions is enough).`,
    );
  }
  if (report.kind === 'metrics' && !report.metricsMissing) {
    notices.push(
      "With api-token alone, the last hour comes from Trunk's metrics: the percentiles are the bounds of their buckets, and why trips failed needs api-key (a Trunk v2 API key; one with no permissions is enough).",
    );
  }
  if (report.metricsMissing) {
    notices.push("Trunk's metrics endpoint answered 404 (an older Trunk): the last hour's figures are empty.");
  }
  const coveredMs = report.covered.toMs - report.covered.fromMs;
  const young = report.historyFromMs !== undefined && report.covered.fromMs === report.historyFromMs;
  if (report.kind === 'history' && coveredMs < report.windowMs) {
    notices.push(
      young
        ? `Trunk has this queue's history from ${utcClock(report.historyFromMs ?? 0, report.window.toMs)}, when the queue was made: the figures are those of ${windowWords(report)}.`
        : `The history reads stopped within the step's limits (${plural(report.requests, 'request')}, or its deadline): the figures are those of ${windowWords(report)}, not extrapolated.`,
    );
  }
  notices.push(...report.tooFew.map((few) => `${capitalized(tooFewWords(report, few))}.`));
  return notices;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function listWords(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** Nothing ended in the window: said so, never as 0 % or NaN. */
function nothingEnded(report: WindowReport): boolean {
  const { merged, failed, cancelled } = report.figures;
  return merged === 0 && failed === 0 && (cancelled ?? 0) === 0;
}

/**
 * The window in one sentence, for the log and Slack: "Over the last 7 days: 142 merged (▲ 18 on
 * the 7 days before), 20 failed (12.3 %), 3 cancelled; time in queue 12 min at the median, 1 h 5
 * min at p90." An empty window says so; a figure not read is left out.
 */
export function windowSentence(report: WindowReport): string {
  const when = windowWords(report);
  const { figures, comparison } = report;
  if (nothingEnded(report)) return `No PR left the queue in ${when}.`;
  const before = beforeWords(report);
  const versus = (change: FigureChange | undefined, unit: 'count' | 'percent' | 'seconds') => {
    const words = change && changeWords(change, unit);
    return words && before ? ` (${words} on ${before})` : '';
  };
  const counts = [
    figures.merged !== undefined ? `${grouped(figures.merged)} merged${versus(comparison?.merged, 'count')}` : '',
    figures.failed !== undefined
      ? `${grouped(figures.failed)} failed${figures.failureRate !== undefined ? ` (${rate(figures.failureRate)} %)` : ''}`
      : '',
    figures.cancelled !== undefined ? `${grouped(figures.cancelled)} cancelled` : '',
  ].filter(Boolean);
  const time = figures.timeInQueue;
  const p50 = percentileWords(time?.p50Seconds, time?.kind ?? 'exact');
  const p90 = percentileWords(time?.p90Seconds, time?.kind ?? 'exact');
  const times = p50 && p90 ? `; time in queue ${p50} at the median, ${p90} at p90` : '';
  if (counts.length === 0 && !times) return `Over ${when}, nothing could be read.`;
  return `Over ${when}: ${counts.join(', ')}${times}.`;
}

/** "no PR left the queue in the last 24 h", for the summary. */
export function emptyWindowWords(report: WindowReport): string | undefined {
  return nothingEnded(report) ? `No PR left the queue in ${windowWords(report)}.` : undefined;
}

/** What clears a reason of a report over a window. */
export function fixForWindowReason(code: WindowReason): string {
  switch (code) {
    case 'failure_rate_high':
      return 'look at why trips failed and the checks that failed most, below: a flaky check is the usual cause';
    case 'time_in_queue_high':
      return 'look at the failures and restarts below, and at the testing time: each failure and restart sends PRs back to wait';
    default:
      return 're-run the job: the read may answer next time';
  }
}

/** "failed 7 trips; 5 of those PRs merged on a later try": a retry, never called a flake. */
export function checkFailedWords(retries: CheckRetries): string {
  const failed = `failed ${plural(retries.failedTrips, 'trip')}`;
  if (retries.mergedLater === 0) return failed;
  const later = retries.prs === 1 ? 'that PR' : `${grouped(retries.mergedLater)} of those PRs`;
  return `${failed}; ${later} merged on a later try`;
}
