// The summary's section on how the queue has been doing, from the fixed history of
// core/window/fixture.ts: the figures table (each figure beside the window before), the Mermaid
// chart (a bar per hour up to 48 h, per day beyond) with the same figures in a table, why trips
// failed and the checks that failed most, the queue's page in Trunk; every text from outside
// escaped, links to https only; an empty window in a line; a bucket's bound as "at most". The words
// themselves are core/words/window.test.ts's.
import { describe, expect, it } from '@jest/globals';
import type { HistoryRead, PrTimeline, WindowAnswer } from '../../src/core/history.js';
import { buildWindowReport, type WindowReport } from '../../src/core/window/report.js';
import { emptyWindowWords } from '../../src/core/words/window.js';
import { windowSection } from '../../src/render/window-summary.js';
import { at, check, DAY_MS, NOW, STRETCHES, TIMELINES, timeline } from '../core/window/fixture.js';

const HOUR_MS = 3_600_000;
const WINDOW = { fromMs: NOW - DAY_MS, toMs: NOW };
const BEFORE = { fromMs: NOW - 2 * DAY_MS, toMs: NOW - DAY_MS };
const TRUNK = 'https://app.trunk.io/octo-org/repo/github.com/octo-org/octo-repo/merge-queue/main';

const read = (covered: { fromMs: number; toMs: number }, over: Partial<HistoryRead> = {}): HistoryRead => ({
  timelines: Object.values(TIMELINES),
  stretches: STRETCHES,
  covered,
  ...over,
});

/** The last day of the fixture, and the day before it. */
const day = (over: Partial<Extract<WindowAnswer, { kind: 'history' }>> = {}) =>
  buildWindowReport({
    answer: { kind: 'history', current: read(WINDOW), before: read(BEFORE), failures: [], requests: 9, ...over },
    label: '1d',
    window: WINDOW,
    before: BEFORE,
    limits: {},
  });

/** A window of `hours` ending at NOW, with no window before; `covered` when the reads stopped short. */
function hoursBack(hours: number, covered?: { fromMs: number; toMs: number }): WindowReport {
  const window = { fromMs: NOW - hours * HOUR_MS, toMs: NOW };
  return buildWindowReport({
    answer: { kind: 'history', current: read(covered ?? window), failures: [], requests: 1 },
    // A week is asked for as 7d; shorter windows in hours, as people write them.
    label: hours > 48 && hours % 24 === 0 ? `${hours / 24}d` : `${hours}h`,
    window,
    limits: {},
  });
}

/** The section as a queue report renders it, with the queue's page in Trunk (or another, or none). */
const section = (report: WindowReport, ...trunkUrl: [string | undefined] | []) =>
  windowSection(
    report,
    trunkUrl.length ? trunkUrl[0] : TRUNK,
    NOW,
    (n, label) => `<a href="https://github.com/o/r/pull/${n}">${label}</a>`,
  );

/** The Mermaid block's lines, without its fences. */
const mermaid = (html: string) => /\n\n```mermaid\n([\s\S]*?)\n```\n\n/.exec(html)?.[1]?.split('\n') ?? [];
/** A series of `length` zeros with these values at these places. */
const series = (length: number, values: Record<number, number>) =>
  Array.from({ length }, (_, i) => values[i] ?? 0).join(', ');

describe('the figures', () => {
  it('a row each, beside the window before; merges by hand named; both times compared at the median and at p90', () => {
    const html = section(day());
    expect(html.startsWith('<h3>The last day</h3>\n<table>')).toBe(true);
    expect(/<table>.*?<\/table>/.exec(html)?.[0]).toBe(
      '<table>' +
        `<tr><th align="left">Merged</th><td>4 (▲ 4 on the day before); 1 of them merged by hand (Trunk's Health tab counts those as passes)</td></tr>` +
        '<tr><th align="left">Failed</th><td>3 (▲ 2 on the day before)</td></tr>' +
        '<tr><th align="left">Cancelled</th><td>1 (▲ 1 on the day before)</td></tr>' +
        '<tr><th align="left">Failure rate</th><td>42.9 % (▼ 57.1 points on the day before)</td></tr>' +
        // 60 and 100 min against the day before's one trip of 40 min, at the median and at p90.
        '<tr><th align="left">Time in queue</th><td>1 h at the median (▲ 20 min), 1 h 40 min at p90 (▲ 1 h on the day before)</td></tr>' +
        '<tr><th align="left">Testing time</th><td>50 min at the median (▲ 30 min), 1 h 10 min at p90 (▲ 50 min on the day before)</td></tr>' +
        '<tr><th align="left">Restarts</th><td>2 (▲ 1 on the day before)</td></tr>' +
        // 101 took two tries, 102, 105 and 107 one: 1.25; the day before merged nothing to compare.
        '<tr><th align="left">Tries per merge</th><td>1.3</td></tr>' +
        '<tr><th align="left">Merged after a failed try</th><td>1 (▲ 1 on the day before)</td></tr>' +
        '<tr><th align="left">Failed two or more trips</th><td>0 (no change on the day before)</td></tr>' +
        '</table>',
    );
  });

  it('a figure not read is a dash, never 0; with no window before, no change is claimed', () => {
    const failures = [{ read: 'testing' as const, message: 'HTTP 503' }];
    const html = section(day({ current: read(WINDOW, { stretches: undefined }), failures }));
    expect(html).toContain('<tr><th align="left">Testing time</th><td>—</td></tr>');
    expect(html).toContain('<tr><th align="left">Restarts</th><td>—</td></tr>');
    expect(section(hoursBack(24))).toContain('<tr><th align="left">Merged</th><td>4; 1 of them merged by hand');
    expect(section(hoursBack(24))).not.toMatch(/[▲▼]|before/);
  });

  it('a percentile known only as a bucket bound is "at most", and +Inf "over 2 h"; metrics draw no chart', () => {
    const hour = { fromMs: NOW - HOUR_MS, toMs: NOW };
    const histogram = {
      buckets: [
        { le: 600, count: 3 },
        { le: 1800, count: 4 },
        { le: Infinity, count: 5 },
      ],
      count: 5,
    };
    const report = buildWindowReport({
      answer: {
        kind: 'metrics',
        metrics: { merged: 4, failed: 1, cancelled: 0, restarts: 0, timeInQueue: histogram, testing: histogram },
        failures: [],
        requests: 1,
      },
      label: '1h',
      window: hour,
      limits: {},
    });
    const html = section(report);
    expect(html).toContain(
      '<tr><th align="left">Time in queue</th><td>at most 10 min at the median, over 2 h at p90</td></tr>',
    );
    expect(html).toContain(
      '<tr><th align="left">Testing time</th><td>at most 10 min at the median, over 2 h at p90</td></tr>',
    );
    expect(html).not.toMatch(/mermaid|Why trips failed|failed most/);
  });
});

describe('the chart', () => {
  it('a day: a bar per hour, oldest first, ending at the run; merged as bars, failed as a line', () => {
    const lines = mermaid(section(day()));
    // NOW is midnight: the last bar ends on its day, the others on the day before, dated.
    const labels = Array.from({ length: 24 }, (_, i) =>
      i === 23 ? '"00:00"' : `"2026-11-20 ${String(i + 1).padStart(2, '0')}:00"`,
    );
    expect(lines).toEqual([
      'xychart-beta',
      '  title "Merged and failed trips per hour"',
      `  x-axis [${labels.join(', ')}]`,
      '  y-axis "Trips" 0 --> 1',
      // 101 at 155, 102 at 290, 105 at 620, 107 at 1440; 101 at 60, 103 at 410, 108 at 765.
      `  bar [${series(24, { 2: 1, 4: 1, 10: 1, 23: 1 })}]`,
      `  line [${series(24, { 0: 1, 6: 1, 12: 1 })}]`,
    ]);
  });

  it('the same bars in a folded table, with the median time in queue or a dash', () => {
    const html = section(day());
    const table = /<details><summary>Per hour: [^<]*<\/summary><table>(.*?)<\/table><\/details>/.exec(html)?.[1] ?? '';
    const rows = table.match(/<tr>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(25);
    expect(rows[0]).toBe('<tr><th>Hour ending</th><th>Merged</th><th>Failed</th><th>Median time in queue</th></tr>');
    expect(rows[1]).toBe('<tr><td>2026-11-20 01:00</td><td>0</td><td>1</td><td>40 min</td></tr>');
    expect(rows[2]).toBe('<tr><td>2026-11-20 02:00</td><td>0</td><td>0</td><td>—</td></tr>');
    // 105, merged by hand without ever entering: counted, with no time in queue.
    expect(rows[11]).toBe('<tr><td>2026-11-20 11:00</td><td>1</td><td>0</td><td>—</td></tr>');
  });

  it('a Markdown block of its own: a blank line before and after, between the HTML blocks', () => {
    expect(section(day())).toMatch(/<\/table>\n\n```mermaid\n[\s\S]*\n```\n\n<details>/);
  });

  it.each([
    [48, 'hour', 48],
    [49, 'day', 3],
    [7 * 24, 'day', 7],
  ])('%d h: a bar per %s, %d of them', (hours, unit, bars) => {
    const lines = mermaid(section(hoursBack(hours)));
    expect(lines[1]).toBe(`  title "Merged and failed trips per ${unit}"`);
    expect(lines[2]?.match(/"[^"]*"/g)).toHaveLength(bars);
  });

  it('a week: a bar per day, each labelled with the date it ends on', () => {
    const lines = mermaid(section(hoursBack(7 * 24)));
    expect(lines[2]).toBe('  x-axis ["11-15", "11-16", "11-17", "11-18", "11-19", "11-20", "11-21"]');
    // 106 failed at the window's start of the fixture's day, which ends the day before's bar.
    expect(lines.slice(4)).toEqual([`  bar [${series(7, { 6: 4 })}]`, `  line [${series(7, { 5: 1, 6: 3 })}]`]);
    expect(section(hoursBack(7 * 24))).toContain('<summary>Per day: ');
  });

  it('49 h, whose oldest bar is an hour long, is still drawn per day', () => {
    const html = section(hoursBack(49));
    expect(mermaid(html)[2]).toBe('  x-axis ["11-19", "11-20", "11-21"]');
    expect(html).toContain('<summary>Per day: ');
    expect(html).toContain('<tr><th>Day ending</th>');
  });

  it('a week read only in part: the chart covers what was read, no more', () => {
    const html = section(hoursBack(7 * 24, { fromMs: NOW - 2 * DAY_MS, toMs: NOW }));
    expect(html.startsWith('<h3>The last 2 of 7 days</h3>')).toBe(true);
    expect(mermaid(html)[2]?.match(/"[^"]*"/g)).toHaveLength(48);
  });
});

describe('why trips failed, and the checks that failed most', () => {
  it('each reason in words with its code; each check as code, linked to its most recent run', () => {
    const html = section(day());
    expect(html).toContain(
      '<p>Why trips failed:</p><ul><li>required check failed: 1 (<code>test_run_required_status_failed</code>)</li><li>test run timed out: 1 (<code>test_run_timeout</code>)</li></ul>',
    );
    // lint: 101, 103 and 108, the most recent, which sent no link: none, rather than an older run's.
    // Of those, 101 merged on its next trip; 103 and 108 never did.
    expect(html).toContain('<li><code>lint</code> failed 3 trips; 1 of those PRs merged on a later try</li>');
    expect(html).toContain(
      '<li><a href="https://ci.example/b3"><code>build</code></a> failed 2 trips; 1 of those PRs merged on a later try</li>',
    );
    expect(html).toContain('<li><a href="https://ci.example/e8"><code>e2e</code></a> failed 1 trip</li>');
    expect(html).toContain(
      '<li><a href="https://ci.example/z1"><code>zeta</code></a> failed 1 trip; that PR merged on a later try</li>',
    );
  });
});

describe('text from outside', () => {
  const failed = (number: number, minute: number, reason: string, checks: ReturnType<typeof check>[]): PrTimeline =>
    timeline(number, [
      { state: 'pending', atMs: at(minute - 30), failingChecks: [] },
      { state: 'failed', atMs: at(minute), reason, failingChecks: checks },
    ]);
  const hostile = buildWindowReport({
    answer: {
      kind: 'history',
      current: read(WINDOW, {
        timelines: [
          failed(201, 100, '<b>new</b>', [check('<script>alert(1)</script>', 'javascript:alert(1)')]),
          failed(202, 200, 'test_run_timeout', [check('a|b\n# heading', 'http://insecure.example/x')]),
          failed(203, 300, 'test_run_timeout', [check('quoted', 'https://ci.example/x" onmouseover="alert(1)')]),
          failed(204, 400, 'test_run_timeout', [check('fine', 'https://ci.example/run?a=1&b=2')]),
        ],
      }),
      failures: [],
      requests: 1,
    },
    label: '1d',
    window: WINDOW,
    limits: {},
  });

  it('check names and reasons are escaped, on one line; nothing they hold becomes markup', () => {
    const html = section(hostile);
    expect(html).toContain('<li><code>&#60;script&#62;alert(1)&#60;/script&#62;</code> failed 1 trip</li>');
    expect(html).toContain('<li><code>a|b # heading</code> failed 1 trip</li>');
    expect(html).toContain('<li>a reason this version does not know: 1 (<code>&#60;b&#62;new&#60;/b&#62;</code>)</li>');
    expect(html).not.toMatch(/<script|<b>|\n# heading/);
  });

  it('links only to https URLs that can stand in an href as they are', () => {
    const html = section(hostile);
    expect(html.match(/<a href="[^"]*">/g)).toEqual([
      '<a href="https://ci.example/run?a=1&#38;b=2">',
      `<a href="${TRUNK}">`,
    ]);
    expect(html).toContain('<li><code>quoted</code> failed 1 trip</li>');
  });

  it("the queue's page in Trunk: linked when https, and no line that links nowhere", () => {
    expect(section(day(), TRUNK)).toMatch(
      /<p><a href="https:\/\/app\.trunk\.io\/[^"]+">The queue's health in Trunk<\/a>\.<\/p>$/,
    );
    expect(section(day(), 'javascript:alert(1)')).not.toContain('in Trunk');
    expect(section(day(), undefined)).not.toContain('in Trunk');
  });
});

describe('an empty window', () => {
  it('says so in a line: no table, no chart, no lists', () => {
    const report = day({ current: read(WINDOW, { timelines: [], stretches: [] }) });
    expect(section(report, undefined)).toBe(`<h3>The last day</h3>\n<p>${emptyWindowWords(report)}</p>`);
  });
});
