// How the queue has been doing, for the job summary: each figure beside the window before, a chart
// of merged and failed trips per hour or day with the median time in queue, why trips failed, the
// checks that failed most (as links), and the queue's page in Trunk. The chart is Mermaid, which
// GitHub renders in job summaries; the same figures stand in a table under it, so the summary
// reads right where Mermaid is not rendered. Pure; every text from outside goes through escapeHtml.
import type { WindowReport } from '../core/window/report.js';
import {
  beforeWords,
  changeWords,
  checkFailedWords,
  emptyWindowWords,
  failedBecauseWords,
  percentileWords,
  tooFewWords,
  windowWords,
} from '../core/words/window.js';
import type { FigureChange } from '../core/window/compare.js';
import { hourlyBars } from '../core/window/figures.js';
import { duration, grouped, plural, rate, utcClock } from '../shared/format.js';
import { escapeHtml, isLinkable, link, row, wordsHtml } from './html.js';

/** Repeat failures named in the summary; the rest counted. */
const REPEATS_NAMED = 5;

/** A link to a PR of the repository, its label already HTML. */
type PrLink = (prNumber: number, label: string) => string;

/** The section; `trunkUrl` is the queue's page in Trunk's web app, when known. */
export function windowSection(
  report: WindowReport,
  trunkUrl: string | undefined,
  nowMs: number,
  prLink: PrLink,
): string {
  const when = windowWords(report);
  const title = `<h3>${wordsHtml(`${when.charAt(0).toUpperCase()}${when.slice(1)}`)}</h3>`;
  const empty = emptyWindowWords(report);
  const parts = [title];
  if (empty) parts.push(`<p>${wordsHtml(empty)}</p>`);
  else {
    parts.push(figuresTable(report, prLink), tooFew(report), chart(report, nowMs), failedBecause(report));
    parts.push(failingChecks(report));
  }
  // A line that links nowhere is left out, as in the Slack message.
  if (isLinkable(trunkUrl, 'trunk')) parts.push(`<p>${link(trunkUrl, "The queue's health in Trunk", 'trunk')}.</p>`);
  return parts.filter(Boolean).join('\n');
}

function figuresTable(report: WindowReport, prLink: PrLink): string {
  const { figures, comparison } = report;
  const before = beforeWords(report);
  // The action's own words: escaped, never redacted. The window before is named once a row.
  const versus = (change: FigureChange | undefined, unit: 'count' | 'percent' | 'seconds', named = true) => {
    const words = change && changeWords(change, unit);
    if (!words || !before) return '';
    return named ? ` (${wordsHtml(words)} on ${wordsHtml(before)})` : ` (${wordsHtml(words)})`;
  };
  const count = (value: number | undefined) => (value === undefined ? '' : grouped(value));
  const time = figures.timeInQueue;
  const testing = figures.testing;
  const rows = [
    row('Merged', `${count(figures.merged)}${versus(comparison?.merged, 'count')}${manual(report)}`),
    row('Failed', `${count(figures.failed)}${versus(comparison?.failed, 'count')}`),
    row('Cancelled', `${count(figures.cancelled)}${versus(comparison?.cancelled, 'count')}`),
    row(
      'Failure rate',
      figures.failureRate === undefined
        ? ''
        : `${rate(figures.failureRate)} %${versus(comparison?.failureRate, 'percent')}`,
    ),
    row(
      'Time in queue',
      pair(time?.p50Seconds, time?.p90Seconds, time?.kind, [
        versus(comparison?.timeInQueueP50, 'seconds', false),
        versus(comparison?.timeInQueueP90, 'seconds'),
      ]),
    ),
    row(
      'Testing time',
      pair(testing?.p50Seconds, testing?.p90Seconds, testing?.kind, [
        versus(comparison?.testingP50, 'seconds', false),
        versus(comparison?.testingP90, 'seconds'),
      ]),
    ),
    row('Restarts', `${count(figures.restarts)}${versus(comparison?.restarts, 'count')}`),
    row(
      'Tries per merge',
      figures.attemptsPerMerge === undefined
        ? ''
        : `${rate(figures.attemptsPerMerge)}${versus(comparison?.attemptsPerMerge, 'count')}`,
    ),
    row('Merged after a failed try', `${count(figures.retriedMerges)}${versus(comparison?.retriedMerges, 'count')}`),
    row(
      'Failed two or more trips',
      `${count(figures.repeatFailures)}${versus(comparison?.repeatFailures, 'count')}${repeating(report, prLink)}`,
    ),
  ];
  return `<table>${rows.join('')}</table>`;
}

/** Repeat failures named: "#1201 (4 trips), #1188 (2 trips)", the first few. */
function repeating(report: WindowReport, prLink: PrLink): string {
  const prs = report.figures.repeatFailing ?? [];
  if (prs.length === 0) return '';
  const named = prs
    .slice(0, REPEATS_NAMED)
    .map((pr) => `${prLink(pr.prNumber, `#${pr.prNumber}`)} (${plural(pr.failed, 'trip')})`);
  const more = prs.length > REPEATS_NAMED ? `, and ${grouped(prs.length - REPEATS_NAMED)} more` : '';
  return `: ${named.join(', ')}${more}`;
}

/** The thresholds too few trips left unjudged, said rather than passed in silence. */
function tooFew(report: WindowReport): string {
  if (report.tooFew.length === 0) return '';
  return report.tooFew.map((few) => `<p>${wordsHtml(`${tooFewWords(report, few)}.`)}</p>`).join('');
}

/** "12 min at the median (▲ 1 min), 1 h 5 min at p90 (▲ 4 min on the 7 days before)". */
function pair(
  p50: number | undefined,
  p90: number | undefined,
  kind = 'exact',
  [change50, change90]: [string, string],
): string {
  const a = percentileWords(p50, kind === 'bucket-bound' ? 'bucket-bound' : 'exact');
  const b = percentileWords(p90, kind === 'bucket-bound' ? 'bucket-bound' : 'exact');
  if (!a || !b) return '';
  return `${wordsHtml(a)} at the median${change50}, ${wordsHtml(b)} at p90${change90}`;
}

function manual(report: WindowReport): string {
  const manualMerges = report.figures.manualMerges;
  if (!manualMerges) return '';
  return `; ${grouped(manualMerges)} of them merged by hand (Trunk's Health tab counts those as passes)`;
}

/** Merged and failed trips per bar as a Mermaid chart, and the same figures in a table. */
function chart(report: WindowReport, nowMs: number): string {
  const buckets = report.figures.buckets;
  if (!buckets?.length) return '';
  const hourly = hourlyBars(buckets);
  const label = (endMs: number) => {
    const when = utcClock(endMs, nowMs);
    return hourly ? when.replace(/ UTC$/, '') : new Date(endMs).toISOString().slice(5, 10);
  };
  const labels = buckets.map((bucket) => `"${label(bucket.endMs)}"`).join(', ');
  const merged = buckets.map((bucket) => bucket.merged).join(', ');
  const failed = buckets.map((bucket) => bucket.failed).join(', ');
  const top = Math.max(1, ...buckets.map((bucket) => bucket.merged + bucket.failed));
  // A Markdown block between the HTML blocks: the blank lines around it are what make it one.
  const mermaid = [
    '',
    '```mermaid',
    'xychart-beta',
    `  title "Merged and failed trips per ${hourly ? 'hour' : 'day'}"`,
    `  x-axis [${labels}]`,
    `  y-axis "Trips" 0 --> ${top}`,
    `  bar [${merged}]`,
    `  line [${failed}]`,
    '```',
    '',
  ].join('\n');
  const rows = buckets.map(
    (bucket) =>
      `<tr><td>${wordsHtml(label(bucket.endMs))}</td><td>${grouped(bucket.merged)}</td><td>${grouped(bucket.failed)}</td><td>${bucket.medianTimeInQueueSeconds === undefined ? '—' : duration(bucket.medianTimeInQueueSeconds)}</td></tr>`,
  );
  const table = `<details><summary>Per ${hourly ? 'hour' : 'day'}: merged (bars) and failed (line), and the median time in queue</summary><table><tr><th>${hourly ? 'Hour ending' : 'Day ending'}</th><th>Merged</th><th>Failed</th><th>Median time in queue</th></tr>${rows.join('')}</table></details>`;
  return `${mermaid}\n${table}`;
}

function failedBecause(report: WindowReport): string {
  const reasons = report.figures.topFailureReasons;
  if (!reasons?.length) return '';
  const items = reasons.map(
    (row) =>
      `<li>${wordsHtml(failedBecauseWords(row.reason) ?? 'a reason this version does not know')}: ${grouped(row.count)} (<code>${escapeHtml(row.reason)}</code>)</li>`,
  );
  return `<p>Why trips failed:</p><ul>${items.join('')}</ul>`;
}

function failingChecks(report: WindowReport): string {
  const checks = report.figures.topFailingChecks;
  if (!checks?.length) return '';
  const retries = report.figures.checkRetries ?? [];
  const items = checks.map((check, i) => {
    const retried = retries[i]?.name === check.name ? retries[i] : undefined;
    const words = retried ? checkFailedWords(retried) : `failed ${plural(check.count, 'trip')}`;
    return `<li>${link(check.url, `<code>${escapeHtml(check.name)}</code>`)} ${wordsHtml(words)}</li>`;
  });
  return `<p>The checks that failed most:</p><ul>${items.join('')}</ul>`;
}
