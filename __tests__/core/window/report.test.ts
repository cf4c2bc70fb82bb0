// A report over a window, decided from what the history reads answered (the fixed history of
// ./fixture.ts: a day, and the day before): the figures of what was covered, the window before and
// each change, the thresholds, and what a read that failed or a part not read leaves. The words
// are asserted in core/words/window.test.ts.
import { describe, expect, it } from '@jest/globals';
import type { HistoryRead, WindowAnswer } from '../../../src/core/history.js';
import { buildWindowReport, type WindowReportInput } from '../../../src/core/window/report.js';
import { DAY_MS, NOW, STRETCHES, TIMELINES } from './fixture.js';

const WINDOW = { fromMs: NOW - DAY_MS, toMs: NOW };
const BEFORE = { fromMs: NOW - 2 * DAY_MS, toMs: NOW - DAY_MS };
const all = Object.values(TIMELINES);
const read = (covered = WINDOW, over: Partial<HistoryRead> = {}): HistoryRead => ({
  timelines: all,
  stretches: STRETCHES,
  covered,
  ...over,
});
const history = (over: Partial<Extract<WindowAnswer, { kind: 'history' }>> = {}): WindowAnswer => ({
  kind: 'history',
  current: read(),
  before: read(BEFORE),
  failures: [],
  requests: 12,
  ...over,
});
const report = (answer: WindowAnswer, over: Partial<WindowReportInput> = {}) =>
  buildWindowReport({ answer, label: '1d', window: WINDOW, before: BEFORE, limits: {}, ...over });

describe('from the history, trip by trip', () => {
  it('the figures of the window, and of the day before, with each change', () => {
    const r = report(history());
    // The window: 101 (second trip), 102, 105 (by hand), 107 merged; 101 (first), 103, 108 failed; 104 cancelled.
    expect(r.figures).toMatchObject({ merged: 4, failed: 3, cancelled: 1, manualMerges: 1, failureRate: 42.9 });
    // The day before: 106 failed at the window's start, and nothing else.
    expect(r.before?.figures).toMatchObject({ merged: 0, failed: 1, cancelled: 0, failureRate: 100 });
    expect(r.comparison?.merged).toEqual({ now: 4, before: 0, change: 4, direction: 'up' });
    expect(r.comparison?.failureRate).toEqual({ now: 42.9, before: 100, change: -57.1, direction: 'down' });
    expect([r.kind, r.covered, r.requests, r.reasons]).toEqual(['history', WINDOW, 12, []]);
  });

  it('no window before (a 45-day window): no comparison', () => {
    const r = report(history({ before: undefined }), { before: undefined });
    expect([r.before, r.comparison]).toEqual([undefined, undefined]);
  });

  it('only the part the reads covered counts: the last 12 h, never the rest, nothing extrapolated', () => {
    const half = { fromMs: NOW - DAY_MS / 2, toMs: NOW };
    const r = report(history({ current: read(half) }));
    // After minute 720: 107 merged at 1440, 108 failed at 765.
    expect(r.figures).toMatchObject({ merged: 1, failed: 1, cancelled: 0 });
    expect(r.covered).toEqual(half);
  });

  it('a span the reads covered nothing of has no figures: unknown, not zeros', () => {
    const none = { fromMs: NOW, toMs: NOW };
    expect(report(history({ current: read(none) })).figures).toEqual({});
  });

  it('a read that failed leaves its figures unknown, and the others as read', () => {
    const failures = [{ read: 'testing' as const, message: 'HTTP 503' }];
    const r = report(history({ current: read(WINDOW, { stretches: undefined }), failures }));
    expect([r.figures.testing, r.figures.restarts, r.figures.merged]).toEqual([undefined, undefined, 4]);
    expect(r.failures).toBe(failures);
  });
});

describe('a queue younger than the window and the window before', () => {
  it('Trunk has half of the day before: the window before is what it has, and says so', () => {
    const historyFromMs = NOW - DAY_MS - DAY_MS / 2;
    const r = report(history({ historyFromMs }));
    expect(r.before?.covered).toEqual({ fromMs: historyFromMs, toMs: NOW - DAY_MS });
    expect(r.before?.span).toEqual(BEFORE);
    // 106 failed at the window's start, inside the half that Trunk has.
    expect(r.before?.figures).toMatchObject({ merged: 0, failed: 1 });
    expect([r.covered, r.historyFromMs]).toEqual([WINDOW, historyFromMs]);
  });

  it('none of the day before: left out, not compared as a day of zeros', () => {
    const r = report(history({ historyFromMs: NOW - DAY_MS }));
    expect([r.before, r.comparison]).toEqual([undefined, undefined]);
  });

  it('Trunk has only the last half of the window: the figures are those of that half', () => {
    const historyFromMs = NOW - DAY_MS / 2;
    const r = report(history({ historyFromMs }));
    expect(r.covered).toEqual({ fromMs: historyFromMs, toMs: NOW });
    // After minute 720: 107 merged at 1440, 108 failed at 765.
    expect(r.figures).toMatchObject({ merged: 1, failed: 1 });
    expect(r.before).toBeUndefined();
  });

  it('a history older than both: everything as read', () => {
    const r = report(history({ historyFromMs: NOW - 10 * DAY_MS }));
    expect([r.covered, r.before?.covered]).toEqual([WINDOW, BEFORE]);
  });

  it('the reads cut short in the day before: what they covered, and no more', () => {
    const part = { fromMs: NOW - DAY_MS - 3_600_000, toMs: NOW - DAY_MS };
    const r = report(history({ before: read(part) }));
    expect(r.before?.covered).toEqual(part);
    expect(r.before?.figures).toMatchObject({ failed: 1 });
  });
});

describe('the new figures beside the window before', () => {
  it('tries per merge, retried merges, repeat failures', () => {
    const r = report(history());
    // The window: 101 took 2 tries, 102, 105 and 107 one: 5 ÷ 4 = 1.25 → 1.3; 101 is retried.
    expect(r.comparison?.attemptsPerMerge).toEqual({ now: 1.3 });
    expect(r.comparison?.retriedMerges).toEqual({ now: 1, before: 0, change: 1, direction: 'up' });
    expect(r.comparison?.repeatFailures).toEqual({ now: 0, before: 0, change: 0, direction: 'same' });
  });
});

describe('min-trips', () => {
  it('the thresholds on 7 and 6 trips are not judged with min-trips 10, and say so', () => {
    const r = report(history(), { limits: { maxFailureRate: 10, maxTimeInQueueMinutes: 1, minTrips: 10 } });
    expect(r.reasons).toEqual([]);
    expect(r.tooFew).toEqual([
      { figure: 'failure_rate', trips: 7 },
      { figure: 'time_in_queue', trips: 6 },
    ]);
  });
});

describe('the thresholds', () => {
  it.each([
    [{ maxFailureRate: 40 }, ['failure_rate_high']],
    [{ maxFailureRate: 50 }, []],
    // p90 of 40, 45, 60, 65, 90, 100 min is 100 min.
    [{ maxTimeInQueueMinutes: 99 }, ['time_in_queue_high']],
    [{ maxTimeInQueueMinutes: 100 }, []],
  ])('%j: %j', (limits, reasons) => {
    expect(report(history(), { limits }).reasons).toEqual(reasons);
  });

  it('a figure that could not be read holds the report', () => {
    const failed = history({ current: read(WINDOW, { timelines: undefined }) });
    expect(report(failed, { limits: { maxFailureRate: 50, maxTimeInQueueMinutes: 500 } }).reasons).toEqual([
      'failure_rate_unknown',
      'time_in_queue_unknown',
    ]);
  });
});

describe('from v1 (api-token alone)', () => {
  it("the last hour: Trunk's metrics, percentiles as bucket bounds", () => {
    const metrics = {
      merged: 3,
      failed: 1,
      cancelled: 0,
      restarts: 2,
      timeInQueue: {
        buckets: [
          { le: 600, count: 2 },
          { le: 1800, count: 4 },
          { le: Infinity, count: 4 },
        ],
        count: 4,
      },
    };
    const hour = { fromMs: NOW - 3_600_000, toMs: NOW };
    const r = report(
      { kind: 'metrics', metrics, failures: [], requests: 1 },
      { window: hour, label: '1h', before: undefined },
    );
    expect(r.figures).toMatchObject({ merged: 3, failed: 1, failureRate: 25, restarts: 2 });
    expect(r.figures.timeInQueue).toEqual({ p50Seconds: 600, p90Seconds: 1800, kind: 'bucket-bound', count: 4 });
    expect([r.kind, r.before, r.metricsMissing]).toEqual(['metrics', undefined, false]);
  });

  it('an older Trunk with no metrics: nothing known, said so', () => {
    const r = report({ kind: 'metrics', missing: true, failures: [], requests: 1 }, { before: undefined });
    expect([r.figures, r.metricsMissing]).toEqual([{}, true]);
  });

  it('a longer window: the merged count alone; a threshold on the rest cannot be told', () => {
    const r = report({ kind: 'counts', merged: 41, failures: [], requests: 1 }, { limits: { maxFailureRate: 10 } });
    expect(r.figures).toEqual({ merged: 41 });
    expect(r.reasons).toEqual(['failure_rate_unknown']);
  });
});
