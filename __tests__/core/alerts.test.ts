// Whether this run's verdict on the queue is news: against the verdict the previous run of the same
// workflow and job left. Each row is one situation an hourly alert meets; times are minutes after T.
import { describe, expect, it } from '@jest/globals';
import {
  decideAlert,
  type AlertState,
  type EarlierRun,
  type PreviousRead,
  type VerdictRecord,
} from '../../src/core/alerts.js';

const T = Date.UTC(2026, 10, 20, 10);
const at = (minutes: number) => T + minutes * 60_000;
const NOW = at(130);
const THIS_RUN = 500;

const record = (ready: boolean, reasons: string[] = [], sinceMinute?: number): VerdictRecord => ({
  repo: 'acme/widgets',
  branch: 'main',
  job: 'alert',
  ready,
  reasons,
  ...(sinceMinute === undefined ? {} : { unhealthySinceMs: at(sinceMinute) }),
});
const runs = (...earlier: EarlierRun[]): PreviousRead => ({ kind: 'read', thisRunId: THIS_RUN, runs: earlier });
const healthy = { ready: true, reasons: [] };
const paused = { ready: false, reasons: ['queue_paused'] };

describe('decideAlert', () => {
  it.each<[string, PreviousRead, { ready: boolean; reasons: string[] } | undefined, AlertState]>([
    ['first run, healthy: unknown before, so changed', runs(), healthy, { previousReady: undefined, changed: true }],
    [
      'first run, paused: changed, unhealthy since this run as far as known',
      runs(),
      paused,
      { previousReady: undefined, changed: true, unhealthySinceMs: NOW },
    ],
    [
      'the same healthy verdict: quiet',
      runs({ runId: 499, record: record(true) }),
      healthy,
      { previousReady: true, changed: false },
    ],
    [
      'still paused, the same reason: quiet, the spell from when it began',
      runs({ runId: 499, record: record(false, ['queue_paused'], 0) }),
      paused,
      { previousReady: false, changed: false, unhealthySinceMs: at(0) },
    ],
    [
      'the same reasons in another order: quiet',
      runs({ runId: 499, record: record(false, ['testing_overdue', 'queue_paused'], 0) }),
      { ready: false, reasons: ['queue_paused', 'testing_overdue'] },
      { previousReady: false, changed: false, unhealthySinceMs: at(0) },
    ],
    [
      'a new reason: changed, the spell goes on',
      runs({ runId: 499, record: record(false, ['queue_paused'], 0) }),
      { ready: false, reasons: ['queue_paused', 'failure_rate_high'] },
      { previousReady: false, changed: true, unhealthySinceMs: at(0) },
    ],
    [
      'a different reason: changed, the spell goes on',
      runs({ runId: 499, record: record(false, ['queue_paused'], 0) }),
      { ready: false, reasons: ['queue_stalled'] },
      { previousReady: false, changed: true, unhealthySinceMs: at(0) },
    ],
    [
      'healthy, then paused: changed, unhealthy since this run',
      runs({ runId: 499, record: record(true) }),
      paused,
      { previousReady: true, changed: true, unhealthySinceMs: NOW },
    ],
    [
      'recovery: changed, after 2 h 10 min paused',
      runs({ runId: 499, record: record(false, ['queue_paused'], 0) }),
      healthy,
      { previousReady: false, changed: true, recovery: { afterMs: 130 * 60_000, was: ['queue_paused'] } },
    ],
    [
      'recovery from a record without its start: how long is unknown',
      runs({ runId: 499, record: record(false, ['queue_paused']) }),
      healthy,
      { previousReady: false, changed: true, recovery: { afterMs: undefined, was: ['queue_paused'] } },
    ],
    [
      'the previous run errored and left no verdict: the one before it counts',
      runs({ runId: 499 }, { runId: 498, record: record(false, ['queue_paused'], 0) }),
      paused,
      { previousReady: false, changed: false, unhealthySinceMs: at(0) },
    ],
    [
      'every earlier run errored: unknown, so changed',
      runs({ runId: 499 }, { runId: 498 }),
      healthy,
      { previousReady: undefined, changed: true },
    ],
    [
      "a re-run: this run's own first attempt is not a previous run",
      runs({ runId: THIS_RUN, record: record(true) }, { runId: 498, record: record(false, ['queue_paused'], 0) }),
      paused,
      { previousReady: false, changed: false, unhealthySinceMs: at(0) },
    ],
    [
      'the read failed: unknown, changed, with the reason for a warning',
      { kind: 'failed', message: 'GitHub API (workflow runs): HTTP 403' },
      paused,
      {
        previousReady: undefined,
        changed: true,
        unhealthySinceMs: NOW,
        readFailure: 'GitHub API (workflow runs): HTTP 403',
      },
    ],
    ['not read at all: unknown, changed', { kind: 'not-read' }, healthy, { previousReady: undefined, changed: true }],
    [
      'no verdict now (the queue could not be read): changed, the spell as the previous run knew it',
      runs({ runId: 499, record: record(false, ['queue_paused'], 0) }),
      undefined,
      { previousReady: false, changed: true, unhealthySinceMs: at(0) },
    ],
    [
      'no verdict now after a healthy run: changed, no spell known',
      runs({ runId: 499, record: record(true) }),
      undefined,
      { previousReady: true, changed: true, unhealthySinceMs: undefined },
    ],
  ])('%s', (_, previous, verdict, expected) => {
    expect(decideAlert({ verdict, nowMs: NOW, previous })).toEqual(expected);
  });
});
