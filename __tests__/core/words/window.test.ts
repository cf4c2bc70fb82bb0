// How the queue has been doing, in words: the window named as people say it (and the part of it
// read, when not all of it was), each figure with its change on the window before, an empty window
// said as such (never 0 % or NaN), what each threshold found, what a failed read leaves empty, and
// what api-token alone cannot give. Built from the fixed history of core/window/fixture.ts.
import { describe, expect, it } from '@jest/globals';
import type { HistoryRead, WindowAnswer } from '../../../src/core/history.js';
import { buildWindowReport } from '../../../src/core/window/report.js';
import {
  beforeWords,
  changeWords,
  describeWindowReason,
  emptyWindowWords,
  failedBecauseWords,
  failureWarnings,
  percentileWords,
  windowNotices,
  windowSentence,
  windowWords,
} from '../../../src/core/words/window.js';
import { plainWords } from '../../../src/shared/format.js';
import { DAY_MS, NOW, STRETCHES, TIMELINES } from '../window/fixture.js';

const WINDOW = { fromMs: NOW - DAY_MS, toMs: NOW };
const BEFORE = { fromMs: NOW - 2 * DAY_MS, toMs: NOW - DAY_MS };
const read = (covered = WINDOW, over: Partial<HistoryRead> = {}): HistoryRead => ({
  timelines: Object.values(TIMELINES),
  stretches: STRETCHES,
  covered,
  ...over,
});
const day = (answer: Partial<Extract<WindowAnswer, { kind: 'history' }>> = {}, limits = {}) =>
  buildWindowReport({
    answer: { kind: 'history', current: read(), before: read(BEFORE), failures: [], requests: 9, ...answer },
    label: '1d',
    window: WINDOW,
    before: BEFORE,
    limits,
  });
const empty = { ...read(), timelines: [], stretches: [] };

describe('the window, as people name it', () => {
  it.each([
    [DAY_MS, 'the last day'],
    [7 * DAY_MS, 'the last 7 days'],
    [3_600_000, 'the last hour'],
    [24 * 3_600_000 + 3_600_000, 'the last 25 h'],
  ])('%d ms: %s', (windowMs, words) => {
    const window = { fromMs: NOW - windowMs, toMs: NOW };
    expect(windowWords({ windowMs, window, covered: window })).toBe(words);
  });

  it('as the input named it: 24h in hours, 1d in days', () => {
    const day = { fromMs: NOW - DAY_MS, toMs: NOW };
    expect(windowWords({ windowMs: DAY_MS, window: day, covered: day, label: '24h' })).toBe('the last 24 h');
    expect(windowWords({ windowMs: DAY_MS, window: day, covered: day, label: '1d' })).toBe('the last day');
    expect(windowWords({ windowMs: 3_600_000, window: day, covered: day, label: '1h' })).toBe('the last hour');
    const two = { fromMs: NOW - 2 * DAY_MS, toMs: NOW };
    const half = { fromMs: NOW - DAY_MS, toMs: NOW };
    expect(windowWords({ windowMs: 2 * DAY_MS, window: two, covered: half, label: '48h' })).toBe('the last 24 of 48 h');
  });

  it('a window read only in part: how much of it, never more', () => {
    const week = { fromMs: NOW - 7 * DAY_MS, toMs: NOW };
    expect(
      windowWords({ windowMs: 7 * DAY_MS, window: week, covered: { fromMs: NOW - 5.5 * DAY_MS, toMs: NOW } }),
    ).toBe('the last 5 of 7 days');
    const hours = { fromMs: NOW - DAY_MS, toMs: NOW };
    expect(
      windowWords({ windowMs: 25 * 3_600_000, window: hours, covered: { fromMs: NOW - 20 * 3_600_000, toMs: NOW } }),
    ).toBe('the last 20 of 25 h');
    expect(
      windowWords({ windowMs: 7 * DAY_MS, window: week, covered: { fromMs: NOW - 0.5 * DAY_MS, toMs: NOW } }),
    ).toBe('less than a day of the last 7 days');
    expect(
      windowWords({ windowMs: 25 * 3_600_000, window: hours, covered: { fromMs: NOW - 1_800_000, toMs: NOW } }),
    ).toBe('less than an hour of the last 25 h');
  });

  it('the window before: as long as the window, or what Trunk keeps of it', () => {
    expect(beforeWords(day())).toBe('the day before');
    const thirty = { fromMs: NOW - 30 * DAY_MS, toMs: NOW };
    const fifteen = { fromMs: NOW - 45 * DAY_MS, toMs: NOW - 30 * DAY_MS };
    const r = buildWindowReport({
      answer: { kind: 'history', current: read(thirty), before: read(fifteen), failures: [], requests: 1 },
      label: '30d',
      window: thirty,
      before: fifteen,
      limits: {},
    });
    expect(beforeWords(r)).toBe('the 15 days before it');
  });
});

describe('figures and their changes', () => {
  it.each([
    [{ direction: 'up', change: 18 }, 'count', '▲ 18'],
    [{ direction: 'down', change: -2.1 }, 'percent', '▼ 2.1 points'],
    [{ direction: 'up', change: 240 }, 'seconds', '▲ 4 min'],
    [{ direction: 'same', change: 0 }, 'count', 'no change'],
    [{ direction: 'up' }, 'seconds', '▲'],
    [{}, 'count', undefined],
  ] as const)('%j (%s): %s', (change, unit, words) => {
    expect(changeWords(change, unit)).toBe(words);
  });

  it.each([
    [600, 'exact', '10 min'],
    [600, 'bucket-bound', 'at most 10 min'],
    [Infinity, 'bucket-bound', 'over 2 h'],
    [undefined, 'exact', undefined],
  ] as const)('percentile %s (%s): %s', (seconds, kind, words) => {
    expect(percentileWords(seconds, kind)).toBe(words);
  });

  it('the window in one sentence: counts with the change, the rate, time in queue at the median and p90', () => {
    expect(plainWords(windowSentence(day()))).toBe(
      'Over the last day: 4 merged (▲ 4 on the day before), 3 failed (42.9 %), 1 cancelled; time in queue 1 h at the median, 1 h 40 min at p90.',
    );
  });

  it('an empty window says so: never 0 % or NaN', () => {
    const r = day({ current: empty });
    expect(windowSentence(r)).toBe('No PR left the queue in the last day.');
    expect(emptyWindowWords(r)).toBe('No PR left the queue in the last day.');
    expect(emptyWindowWords(day())).toBeUndefined();
    expect(windowSentence(r)).not.toMatch(/NaN|0 %/);
  });
});

describe('why trips failed, in a few words', () => {
  it.each([
    ['test_run_required_status_failed', 'required check failed'],
    ['test_run_timeout', 'test run timed out'],
    ['start_test_run_merge_conflict', 'merge conflict'],
    ['start_test_run_config_parsing_failure', 'queue configuration problem'],
    ['start_test_run_no_required_statuses', 'queue configuration problem'],
    ['github_api_rate_limit_exceeded', 'GitHub API failure'],
    ['something_new', 'a reason this version does not know (something_new)'],
  ])('%s: %s', (reason, words) => {
    expect(plainWords(failedBecauseWords(reason))).toBe(words);
  });
});

describe('what the thresholds found, naming the input', () => {
  it('a failure rate above max-failure-rate, and a time in queue above max-time-in-queue-minutes', () => {
    const r = day({}, { maxFailureRate: 20, maxTimeInQueueMinutes: 60 });
    expect(describeWindowReason('failure_rate_high', r)).toBe(
      'the failure rate was 42.9 % over the last day, above the 20 % allowed by max-failure-rate',
    );
    expect(describeWindowReason('time_in_queue_high', r)).toBe(
      'the 90th-percentile time in queue was 1 h 40 min over the last day, above the 1 h allowed by max-time-in-queue-minutes',
    );
  });

  it('a figure not read names the read, and says to re-run the job', () => {
    const r = day(
      { current: read(WINDOW, { timelines: undefined }), failures: [{ read: 'trips', message: 'HTTP 503' }] },
      { maxFailureRate: 20 },
    );
    expect(describeWindowReason('failure_rate_unknown', r)).toBe(
      "the failure rate over the last day could not be read (the queue's pull requests and their history), so max-failure-rate cannot be checked; re-run the job",
    );
  });
});

describe('warnings and notices', () => {
  it('a read that failed: one warning naming the outputs it leaves empty', () => {
    const r = day({
      current: read(WINDOW, { stretches: undefined }),
      failures: [{ read: 'testing', message: 'HTTP 503' }],
    });
    expect(failureWarnings(r).map(plainWords)).toEqual([
      "The queue's testing results could not be read (HTTP 503): testing-p50-seconds, testing-p90-seconds and restarts are empty.",
    ]);
  });

  it('api-token alone beyond the last hour: one notice naming api-key', () => {
    const r = buildWindowReport({
      answer: { kind: 'counts', merged: 3, failures: [], requests: 1 },
      label: '1d',
      window: WINDOW,
      limits: {},
    });
    expect(windowNotices(r)).toEqual([
      expect.stringMatching(
        /^With api-token alone, .* need api-key \(a Trunk v2 API key; one with no permissions is enough\)\.$/,
      ),
    ]);
  });

  it('a window read in part: a notice saying what the figures cover', () => {
    const r = day({ current: read({ fromMs: NOW - DAY_MS / 2, toMs: NOW }) });
    expect(windowNotices(r)).toEqual([
      "The history reads stopped within the step's limits (9 requests, or its deadline): the figures are those of the last 12 of 24 h, not extrapolated.",
    ]);
  });
});
