// The outputs of a report on the queue itself: the queue and its health, every PR output empty,
// nothing waited; and with a window, its figures (from the fixed history of core/window/fixture.ts
// or from metrics): a figure not read is empty, a count of nothing is 0, a rate or a percentile of
// nothing is empty (never 0 or NaN), a bound of +Inf is empty, a link that is not https is null,
// and the window's reasons follow the health's.
import { describe, expect, it } from '@jest/globals';
import { assessQueue } from '../../src/core/health.js';
import type { HistoryRead, HourMetrics, WindowAnswer } from '../../src/core/history.js';
import type { QueueAnswer } from '../../src/core/model.js';
import { buildWindowReport } from '../../src/core/window/report.js';
import type { WindowLimits } from '../../src/core/window/thresholds.js';
import { OUTPUT_NAMES, WINDOW_OUTPUTS } from '../../src/render/outputs.js';
import { queueOutputs } from '../../src/render/queue-outputs.js';
import type { AlertState } from '../../src/core/alerts.js';
import { at, check, DAY_MS, NOW, STRETCHES, TIMELINES, timeline } from '../core/window/fixture.js';
import { entry, queueBody, queueFrom } from '../helpers/fixtures.js';

const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function answer(state: string, entries: Array<[number, string, number]>): QueueAnswer {
  return queueFrom({
    ...queueBody({ state, testingTimeoutMinutes: 60 }),
    enqueuedPullRequests: entries.map(([n, s, minutes]) => entry(n, s, { stateChangedAt: ago(minutes) })),
  });
}

const healthy = answer('running', [[1840, 'testing', 20]]);
const outputsOf = (queue: QueueAnswer, window?: Parameters<typeof queueOutputs>[2]) =>
  queueOutputs(queue, assessQueue({ queue: queue.queue, nowMs: NOW, stallMinutes: 30 }), window).outputs;
const windowPart = (outputs: Record<string, string>) =>
  Object.fromEntries(WINDOW_OUTPUTS.map((name) => [name, outputs[name]]));

const WINDOW = { fromMs: NOW - DAY_MS, toMs: NOW };
const read = (over: Partial<HistoryRead> = {}): HistoryRead => ({
  timelines: Object.values(TIMELINES),
  stretches: STRETCHES,
  covered: WINDOW,
  ...over,
});
const day = (answer: Partial<Extract<WindowAnswer, { kind: 'history' }>> = {}, limits: WindowLimits = {}) =>
  buildWindowReport({
    answer: { kind: 'history', current: read(), failures: [], requests: 9, ...answer },
    label: '1d',
    window: WINDOW,
    limits,
  });
const hour = (metrics: HourMetrics) =>
  buildWindowReport({
    answer: { kind: 'metrics', metrics, failures: [], requests: 1 },
    label: '1h',
    window: { fromMs: NOW - 3_600_000, toMs: NOW },
    limits: {},
  });

describe('the queue and its health', () => {
  it('the queue and its health; every PR output empty; nothing waited', () => {
    const stalled = answer('running', [
      [1838, 'pending', 72],
      [1842, 'pending', 45],
    ]);
    const health = assessQueue({ queue: stalled.queue, nowMs: NOW, stallMinutes: 30 });
    const { outputs, omitted } = queueOutputs(stalled, health);
    expect(Object.keys(outputs)).toEqual([...OUTPUT_NAMES]);
    expect(omitted).toEqual([]);
    const set = Object.fromEntries(Object.entries(outputs).filter(([, value]) => value !== ''));
    expect(set).toEqual({
      ready: 'false',
      'not-ready-reasons': 'queue_stalled',
      'queue-length': '2',
      'queue-state': 'running',
      'queue-mode': 'single',
      'queue-json': stalled.json,
      'waited-seconds': '0',
      'timed-out': 'false',
      'queue-testing': '0',
      'queue-waiting': '2',
      'queue-longest-wait-seconds': '4320',
    });
  });

  it('nothing read: every output empty but the wait’s', () => {
    const { outputs } = queueOutputs(undefined, undefined);
    expect(Object.entries(outputs).filter(([, value]) => value !== '')).toEqual([
      ['waited-seconds', '0'],
      ['timed-out', 'false'],
    ]);
  });

  it('with window: none, every window output is empty', () => {
    expect(Object.values(windowPart(outputsOf(healthy)))).toEqual(WINDOW_OUTPUTS.map(() => ''));
  });
});

describe('with a window', () => {
  it('the figures of a day, trip by trip: exact percentiles, the reasons and checks as JSON', () => {
    expect(windowPart(outputsOf(healthy, day()))).toEqual({
      'merged-count': '4',
      'failed-count': '3',
      'cancelled-count': '1',
      'failure-rate': '42.9',
      'time-in-queue-p50-seconds': '3600',
      'time-in-queue-p90-seconds': '6000',
      'testing-p50-seconds': '3000',
      'testing-p90-seconds': '4200',
      restarts: '2',
      // 101 took two tries, 102, 105 and 107 one each: 5 ÷ 4; 101 merged after failing.
      'attempts-per-merge': '1.3',
      'retried-merges': '1',
      'repeat-failures': '0',
      'top-failure-reasons': JSON.stringify([
        { reason: 'test_run_required_status_failed', count: 1 },
        { reason: 'test_run_timeout', count: 1 },
      ]),
      'top-failing-checks': JSON.stringify([
        { name: 'lint', count: 3, url: null },
        { name: 'build', count: 2, url: 'https://ci.example/b3' },
        { name: 'e2e', count: 1, url: 'https://ci.example/e8' },
        { name: 'zeta', count: 1, url: 'https://ci.example/z1' },
      ]),
      'percentile-kind': 'exact',
    });
  });

  it('a rate always has its decimal: 50.0, not 50', () => {
    const two = [
      timeline(1, [
        { state: 'pending', atMs: at(10), failingChecks: [] },
        { state: 'merged', atMs: at(20), failingChecks: [] },
      ]),
      timeline(2, [
        { state: 'pending', atMs: at(10), failingChecks: [] },
        { state: 'failed', atMs: at(30), failingChecks: [] },
      ]),
    ];
    expect(outputsOf(healthy, day({ current: read({ timelines: two }) }))['failure-rate']).toBe('50.0');
  });

  it('a check linked to anything but an https URL has a null url', () => {
    const failed = timeline(301, [
      { state: 'pending', atMs: at(10), failingChecks: [] },
      {
        state: 'failed',
        atMs: at(20),
        failingChecks: [check('a', 'javascript:alert(1)'), check('b', 'http://x.example')],
      },
    ]);
    const { 'top-failing-checks': checks } = outputsOf(healthy, day({ current: read({ timelines: [failed] }) }));
    expect(JSON.parse(checks)).toEqual([
      { name: 'a', count: 1, url: null },
      { name: 'b', count: 1, url: null },
    ]);
  });

  it('nothing ended: counts 0, lists empty, a rate and percentiles of nothing empty', () => {
    expect(windowPart(outputsOf(healthy, day({ current: read({ timelines: [], stretches: [] }) })))).toEqual({
      'merged-count': '0',
      'failed-count': '0',
      'cancelled-count': '0',
      'failure-rate': '',
      'time-in-queue-p50-seconds': '',
      'time-in-queue-p90-seconds': '',
      'testing-p50-seconds': '',
      'testing-p90-seconds': '',
      restarts: '0',
      'attempts-per-merge': '',
      'retried-merges': '0',
      'repeat-failures': '0',
      'top-failure-reasons': '[]',
      'top-failing-checks': '[]',
      'percentile-kind': '',
    });
  });

  it("a read that failed leaves its figures empty, the other read's stand", () => {
    const failures = [{ read: 'trips' as const, message: 'HTTP 503' }];
    const outputs = windowPart(outputsOf(healthy, day({ current: read({ timelines: undefined }), failures })));
    expect(outputs).toMatchObject({
      'merged-count': '',
      'failure-rate': '',
      'time-in-queue-p90-seconds': '',
      'top-failure-reasons': '',
      'top-failing-checks': '',
      'testing-p90-seconds': '4200',
      restarts: '2',
      'percentile-kind': 'exact',
    });
  });

  it('metrics: bucket bounds, +Inf empty; a histogram of nothing gives no percentile kind', () => {
    const histogram = {
      buckets: [
        { le: 600, count: 3 },
        { le: Infinity, count: 5 },
      ],
      count: 5,
    };
    const none = { buckets: [], count: 0 };
    const counted = { merged: 4, failed: 1, cancelled: 0, restarts: 1 };
    expect(windowPart(outputsOf(healthy, hour({ ...counted, timeInQueue: histogram, testing: none })))).toMatchObject({
      'failure-rate': '20.0',
      'time-in-queue-p50-seconds': '600',
      'time-in-queue-p90-seconds': '',
      'testing-p50-seconds': '',
      'top-failure-reasons': '',
      'percentile-kind': 'bucket-bound',
    });
    expect(outputsOf(healthy, hour({ ...counted, timeInQueue: none, testing: none }))['percentile-kind']).toBe('');
  });

  it("the window's reasons follow the health's, in ready and not-ready-reasons", () => {
    const stalled = answer('running', [[1838, 'pending', 72]]);
    const held = day({}, { maxFailureRate: 40 });
    expect(outputsOf(healthy, held)).toMatchObject({ ready: 'false', 'not-ready-reasons': 'failure_rate_high' });
    expect(outputsOf(stalled, held)).toMatchObject({
      ready: 'false',
      'not-ready-reasons': 'queue_stalled,failure_rate_high',
    });
    expect(outputsOf(healthy, day({}, { maxFailureRate: 50 }))).toMatchObject({ ready: 'true' });
  });
});

describe('against the previous run (use 3)', () => {
  const SINCE = Date.UTC(2026, 10, 19, 22, 50, 0);
  it.each<[string, AlertState, Record<string, string>]>([
    [
      'unknown before: changed, previous-ready empty',
      { changed: true },
      { 'previous-ready': '', changed: 'true', 'unhealthy-since': '' },
    ],
    [
      'still paused: unchanged, and since when',
      { previousReady: false, changed: false, unhealthySinceMs: SINCE },
      { 'previous-ready': 'false', changed: 'false', 'unhealthy-since': '2026-11-19T22:50:00Z' },
    ],
    [
      'recovered: changed, healthy so no spell',
      { previousReady: false, changed: true, recovery: { afterMs: 60_000, was: ['queue_paused'] } },
      { 'previous-ready': 'false', changed: 'true', 'unhealthy-since': '' },
    ],
  ])('%s', (_, alert, expected) => {
    const health = assessQueue({ queue: healthy.queue, nowMs: NOW, stallMinutes: 30 });
    expect(queueOutputs(healthy, health, undefined, alert).outputs).toMatchObject(expected);
  });

  it('the queue not read: still what is known of the previous run, and changed', () => {
    const { outputs } = queueOutputs(undefined, undefined, undefined, { previousReady: true, changed: true });
    expect(outputs).toMatchObject({ 'previous-ready': 'true', changed: 'true' });
  });
});
