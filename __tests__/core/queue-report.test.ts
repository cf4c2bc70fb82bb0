// What a report on the queue says in words: the one sentence that leads the summary and is the
// log's account, the error line of a failing gate (the same sentence, said once), the lines the log
// owes the reader, and the verdict left for the next run. Codes only in parentheses.
import { describe, expect, it } from '@jest/globals';
import { assessQueue } from '../../src/core/health.js';
import type { QueueEntry, QueueFacts } from '../../src/core/model.js';
import { buildQueueReport } from '../../src/core/queue-report.js';
import type { HistoryRead } from '../../src/core/history.js';
import { buildWindowReport } from '../../src/core/window/report.js';
import { healthSentence, queueHeadline } from '../../src/core/words/queue.js';
import type { AlertState } from '../../src/core/alerts.js';
import { plainWords } from '../../src/shared/format.js';
import { DAY_MS, NOW as HISTORY_END, STRETCHES, TIMELINES } from './window/fixture.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');

function entry(number: number, state: string, minutes?: number): QueueEntry {
  return {
    number,
    state,
    testing: state === 'testing' || state === 'tests_passed',
    stateChangedAt: minutes === undefined ? undefined : new Date(NOW - minutes * 60_000).toISOString(),
  };
}

function queue(state: string, entries: QueueEntry[], overrides: Partial<QueueFacts> = {}): QueueFacts {
  return {
    state,
    mode: 'single',
    branch: 'main',
    testingTimeoutMinutes: 60,
    settings: {},
    entries,
    length: entries.length,
    ...overrides,
  };
}

const report = (facts: QueueFacts, failIfNotReady = false, alert?: AlertState) =>
  buildQueueReport({
    queue: facts,
    health: assessQueue({ queue: facts, nowMs: NOW, stallMinutes: 30 }),
    failIfNotReady,
    repo: 'acme/widgets',
    job: 'alert',
    alert,
  });
// As a person reads it: the marks of text from outside (the branch) removed.
const sentence = (facts: QueueFacts) =>
  plainWords(healthSentence(facts, assessQueue({ queue: facts, nowMs: NOW, stallMinutes: 30 })));

const moving = [
  entry(1840, 'testing', 20),
  entry(1841, 'testing', 5),
  ...[1, 2, 3, 4, 5].map((n) => entry(1850 + n, 'pending', 10 + n * 12)),
];

describe('the health in one sentence', () => {
  it.each<[string, QueueFacts, string]>([
    [
      'healthy',
      queue('running', moving),
      'Queue main is healthy: 2 testing, 5 waiting; the longest wait is 1 h 10 min',
    ],
    ['healthy and empty', queue('running', []), 'Queue main is healthy: empty'],
    [
      'paused',
      queue('paused', moving),
      'Queue main is paused: nothing merges and no new test run starts until it resumes, though test runs already going may finish; 2 testing, 5 waiting',
    ],
    [
      'draining',
      queue('draining', moving),
      'Queue main is draining: the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing; 2 testing, 5 waiting',
    ],
    [
      'switching modes',
      queue('switching_modes', moving),
      'Queue main is switching modes: as while draining, the PRs already in it go on, but none enqueued since the switch began starts testing until it ends; 2 testing, 5 waiting',
    ],
    [
      'a state this version does not know',
      queue('frozen', moving),
      'Queue main is in a state this version does not know (frozen): 2 testing, 5 waiting',
    ],
    [
      'a test run past its timeout',
      queue('running', [entry(1840, 'testing', 95), entry(1845, 'pending', 10)]),
      'Queue main has a test run past its timeout: #1840 has been testing for 1 h 35 min, over the 1 h limit; 1 testing, 1 waiting',
    ],
    [
      'several, the oldest named',
      queue('running', [entry(1840, 'testing', 95), entry(1841, 'testing', 125)]),
      'Queue main has 2 test runs past their timeout: the oldest, #1841, has been testing for 2 h 5 min, over the 1 h limit; 2 testing, 0 waiting',
    ],
    [
      'stalled',
      queue('running', [entry(1838, 'pending', 72), entry(1842, 'pending', 45), entry(1845, 'pending', 50)]),
      'Queue main is stalled: 3 waiting, none testing, and no entry has changed state for 45 min, over the 30 min limit',
    ],
    [
      'no times at all: running, never "healthy"',
      queue('running', [entry(1838, 'pending'), entry(1842, 'pending')]),
      'Queue main is running: 0 testing, 2 waiting; whether it is stalled is unknown: Trunk sent no time for any entry',
    ],
    [
      'some times missing: the longest wait is a lower bound',
      queue('running', [entry(1840, 'testing', 5), entry(1842, 'pending', 12)], { length: 60 }),
      'Queue main is healthy: 1 testing, 59 waiting; the longest wait is at least 12 min',
    ],
  ])('%s', (_, facts, expected) => {
    expect(sentence(facts)).toBe(expected);
  });
});

describe('the lines for the log', () => {
  it('a healthy queue: the account says it in words, with no codes; nothing else', () => {
    const healthy = report(queue('running', moving), true);
    expect(plainWords(healthy.statusLine ?? '')).toBe(
      'Queue main is healthy: 2 testing, 5 waiting; the longest wait is 1 h 10 min.',
    );
    expect(healthy).toMatchObject({ failures: [], warnings: [], notices: [] });
  });

  it('a report that does not gate: the verdict once, as a warning where people look, codes at the end', () => {
    const paused = report(queue('paused', moving));
    expect(paused.warnings.map(plainWords)).toEqual([
      'Queue main is paused: nothing merges and no new test run starts until it resumes, though test runs already going may finish; 2 testing, 5 waiting (queue_paused).',
    ]);
    expect([paused.statusLine, paused.failures]).toEqual([undefined, []]);
  });

  it('a gate that fails: the verdict once, as the error line, with the reasons the heading does not name', () => {
    const gated = report(queue('draining', [entry(1840, 'testing', 95)]), true);
    expect(gated.failures.map(plainWords)).toEqual([
      'Queue main is draining: the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing; 1 testing, 0 waiting; and the queue has a test run past its timeout: #1840 has been testing for 1 h 35 min, over the 1 h limit (queue_draining, testing_overdue).',
    ]);
    expect([gated.statusLine, gated.warnings]).toEqual([undefined, []]);
  });

  it('stalled: the limit it was held to, once', () => {
    const stalled = report(queue('running', [entry(1842, 'pending', 45)]));
    expect(stalled.warnings.map(plainWords)).toEqual([
      'Queue main is stalled: 1 waiting, none testing, and no entry has changed state for 45 min, over the 30 min limit (queue_stalled).',
    ]);
  });

  it('a check that could not be made: the verdict is a warning, its words say which; ages missing otherwise a notice', () => {
    const unsure = report(queue('running', [entry(1840, 'testing'), entry(1842, 'pending', 5)]));
    expect(unsure.warnings.map(plainWords)).toEqual([
      'Queue main is running: 1 testing, 1 waiting; the longest wait is at least 5 min; whether a test run is past its timeout is unknown: Trunk sent no time for the PRs testing.',
    ]);
    expect(unsure.statusLine).toBeUndefined();
    // Paused, and a test run of unknown age: the heading names the pause, so the unknown is said apart.
    expect(report(queue('paused', [entry(1840, 'testing')])).warnings.map(plainWords)).toContain(
      'Queue main: whether a test run is past its timeout is unknown: Trunk sent no time for the PRs testing.',
    );
    expect(report(queue('running', [entry(1840, 'testing', 5)], { length: 60 })).notices).toEqual([
      'Trunk sent no state time for 59 entries of 60, so the longest wait and the checks for a stalled queue and for overdue test runs count only the others.',
    ]);
  });
});

describe('against the previous run', () => {
  it('a recovery: the account says so, naming the repository, and how long it was paused', () => {
    const alert: AlertState = {
      previousReady: false,
      changed: true,
      recovery: { afterMs: 130 * 60_000, was: ['queue_paused'] },
    };
    expect(plainWords(report(queue('running', moving), false, alert).statusLine ?? '')).toBe(
      'Queue main of acme/widgets is healthy again, after 2 h 10 min paused: 2 testing, 5 waiting; the longest wait is 1 h 10 min.',
    );
  });

  it('a previous verdict that could not be read: one warning, saying what that leaves', () => {
    const alert: AlertState = { changed: true, readFailure: 'GitHub API (workflow runs): HTTP 403' };
    expect(report(queue('running', moving), false, alert).warnings.map(plainWords)).toEqual([
      "The previous run's verdict could not be read (GitHub API (workflow runs): HTTP 403), so changed is true and previous-ready is empty.",
    ]);
  });

  it('the verdict left for the next run: the job, the queue, ready, its reasons and since when', () => {
    const since = NOW - 3_600_000;
    const paused = report(queue('paused', moving), false, { changed: true, unhealthySinceMs: since });
    expect(paused.record).toEqual({
      title: 'merge-queue-status verdict',
      message:
        'Left for the next run of this job to compare: job=alert repo=acme/widgets target-branch=main ready=false not-ready-reasons=queue_paused unhealthy-since=2026-11-20T11:00:00Z',
    });
    expect(report(queue('running', moving)).record?.message).toMatch(
      / ready=true not-ready-reasons= unhealthy-since=$/,
    );
  });
});

describe('a queue healthy now, but over its thresholds on the window', () => {
  // The fixture's day of history, whatever the queue's own clock says.
  const WINDOW = { fromMs: HISTORY_END - DAY_MS, toMs: HISTORY_END };
  const read: HistoryRead = { timelines: Object.values(TIMELINES), stretches: STRETCHES, covered: WINDOW };
  const window = buildWindowReport({
    answer: { kind: 'history', current: read, failures: [], requests: 9 },
    label: '1d',
    window: WINDOW,
    before: { fromMs: HISTORY_END - 2 * DAY_MS, toMs: HISTORY_END - DAY_MS },
    // Limits no history passes: the report is over both.
    limits: { maxFailureRate: 0, maxTimeInQueueMinutes: 0.001 },
  });
  const facts = queue('running', moving);
  const health = assessQueue({ queue: facts, nowMs: NOW, stallMinutes: 30 });

  it('the log says what the heading says, every threshold it is over, and their codes once', () => {
    const built = buildQueueReport({
      queue: facts,
      health,
      window,
      failIfNotReady: false,
      repo: 'acme/widgets',
      job: 'alert',
    });
    expect(window.reasons).toEqual(['failure_rate_high', 'time_in_queue_high']);
    const [said] = built.warnings.map(plainWords);
    expect(said).toBe(`${plainWords(queueHeadline(facts, health, window))} (failure_rate_high, time_in_queue_high).`);
    expect(said).toMatch(
      /^Queue main needs attention: the failure rate was .* above the 0 % allowed by max-failure-rate, and the 90th-percentile time in queue was .* allowed by max-time-in-queue-minutes \(failure_rate_high, time_in_queue_high\)\.$/,
    );
    expect(said).not.toMatch(/healthy/);
    expect(built.statusLine).toBeUndefined();
  });
});
