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
  checkFailedWords,
  describeWindowReason,
  emptyWindowWords,
  failedBecauseWords,
  failureWarnings,
  percentileWords,
  tooFewWords,
  windowNotices,
  windowSentence,
  windowWords,
} from '../../../src/core/words/window.js';
import { plainWords } from '../../../src/shared/format.js';
import type { TooFew } from '../../../src/core/window/thresholds.js';
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
    expect(beforeWords(r)).toBe('the 15 days of the 30 before that Trunk has');
  });

  // --window 14d on a queue made 15 days ago: Trunk has 1 day of the 14 before.
  const fourteen = (over: { historyFromMs?: number; beforeCovered?: { fromMs: number; toMs: number } }) => {
    const window = { fromMs: NOW - 14 * DAY_MS, toMs: NOW };
    const before = { fromMs: NOW - 28 * DAY_MS, toMs: NOW - 14 * DAY_MS };
    return buildWindowReport({
      answer: {
        kind: 'history',
        current: read(window),
        before: read(over.beforeCovered ?? before),
        failures: [],
        requests: 1,
        ...(over.historyFromMs === undefined ? {} : { historyFromMs: over.historyFromMs }),
      },
      label: '14d',
      window,
      before,
      limits: {},
    });
  };

  it.each([
    ['a queue made 15 days ago', { historyFromMs: NOW - 15 * DAY_MS }, 'the 1 day of the 14 before that Trunk has'],
    ['made 14.5 days ago', { historyFromMs: NOW - 14.5 * DAY_MS }, 'less than a day of the 14 before that Trunk has'],
    ['older than both', { historyFromMs: NOW - 40 * DAY_MS }, 'the 14 days before'],
    [
      'the reads stopped 3 days into it',
      { beforeCovered: { fromMs: NOW - 17 * DAY_MS, toMs: NOW - 14 * DAY_MS } },
      'the 3 days of the 14 before that were read',
    ],
    ["made on the window's first day: none of it, so no comparison", { historyFromMs: NOW - 14 * DAY_MS }, undefined],
  ])('the window before, in part: %s', (_, over, words) => {
    expect(beforeWords(fourteen(over))).toBe(words);
  });

  it('a window before in part, in the sentence: the arrow says on what', () => {
    const r = fourteen({ historyFromMs: NOW - 15 * DAY_MS });
    expect(plainWords(windowSentence(r))).toMatch(
      /^Over the last 14 days: 4 merged \(▲ \d+ on the 1 day of the 14 before that Trunk has\)/,
    );
  });

  it('a day asked for in hours, in part: in hours', () => {
    const window = { fromMs: NOW - DAY_MS, toMs: NOW };
    const r = buildWindowReport({
      answer: {
        kind: 'history',
        current: read(window),
        before: read(BEFORE),
        historyFromMs: NOW - 29 * 3_600_000,
        failures: [],
        requests: 1,
      },
      label: '24h',
      window,
      before: BEFORE,
      limits: {},
    });
    expect(beforeWords(r)).toBe('the 5 h of the 24 h before that Trunk has');
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
    ['something_new', undefined],
  ])('%s: %s', (reason, words) => {
    expect(failedBecauseWords(reason)).toBe(words);
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

describe('for a channel, min-trips, and retries', () => {
  it('a reason without the input behind it, for Slack', () => {
    const r = day({}, { maxFailureRate: 10 });
    expect(plainWords(describeWindowReason('failure_rate_high', r, false))).toBe(
      'the failure rate was 42.9 % over the last day, above the 10 % allowed',
    );
    expect(plainWords(describeWindowReason('failure_rate_high', r))).toBe(
      'the failure rate was 42.9 % over the last day, above the 10 % allowed by max-failure-rate',
    );
    const unread = day({ current: read(WINDOW, { timelines: undefined }) }, { maxTimeInQueueMinutes: 60 });
    expect(plainWords(describeWindowReason('time_in_queue_unknown', unread, false))).toBe(
      'the time in queue over the last day could not be read (Trunk did not send it), so the time in queue limit cannot be checked; re-run the job',
    );
  });

  it.each([
    // 7 trips merged or failed, and one cancelled: not every trip that ended.
    [
      { maxFailureRate: 10, minTrips: 10 },
      'failure_rate',
      '7 trips merged or failed: too few to judge the failure rate (min-trips 10)',
    ],
    // 6 of the 8 had a time: 104 and 105 never entered.
    [
      { maxTimeInQueueMinutes: 10, minTrips: 10 },
      'time_in_queue',
      '6 trips had a time in queue: too few to judge the time in queue (min-trips 10)',
    ],
  ])('too few trips: %j', (limits, figure, words) => {
    const r = day({}, limits);
    expect(r.tooFew.map((few) => few.figure)).toEqual([figure]);
    expect(tooFewWords(r, r.tooFew[0] as TooFew)).toBe(words);
    expect(windowNotices(r)).toEqual([`${words.charAt(0).toUpperCase()}${words.slice(1)}.`]);
  });

  it('too few trips, every one of them counted: "ended", as the contract says it', () => {
    const r = day(
      { current: read(WINDOW, { timelines: [TIMELINES[101], TIMELINES[102], TIMELINES[103]] }) },
      { maxFailureRate: 20, minTrips: 10 },
    );
    // 101 failed then merged, 102 merged, 103 failed: 4 trips, none cancelled.
    expect(tooFewWords(r, r.tooFew[0] as TooFew)).toBe(
      '4 trips ended: too few to judge the failure rate (min-trips 10)',
    );
  });

  it.each([
    [
      { name: 'ci/integration', failedTrips: 7, prs: 6, mergedLater: 5 },
      'failed 7 trips; 5 of those PRs merged on a later try',
    ],
    [
      { name: 'ci/integration', failedTrips: 2, prs: 1, mergedLater: 1 },
      'failed 2 trips; that PR merged on a later try',
    ],
    [{ name: 'ci/integration', failedTrips: 1, prs: 1, mergedLater: 0 }, 'failed 1 trip'],
  ])('a check that failed PRs which merged later: a retry, %j', (retries, words) => {
    expect(checkFailedWords(retries)).toBe(words);
  });

  it('a queue younger than the window: what Trunk has, not a read that stopped', () => {
    const historyFromMs = NOW - DAY_MS / 2;
    const r = day({ historyFromMs });
    expect(windowNotices(r)).toEqual([
      "Trunk has this queue's history from 2026-11-20 12:00 UTC, when the queue was made: the figures are those of the last 12 of 24 h.",
    ]);
  });
});
