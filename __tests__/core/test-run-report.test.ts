// What one of Trunk's own test runs reports: only a PR it tests that left the queue fails it, and
// only with fail-if-not-ready; every other not-ready answer, and whatever stopped the verdict, is a
// warning. From typed observations and statuses.
import { describe, expect, it } from '@jest/globals';
import { buildReport } from '../../src/core/report.js';
import type { Observation } from '../../src/core/observation.js';
import { deriveStatus } from '../../src/core/status.js';
import { buildTestRunReport } from '../../src/core/test-run-report.js';
import type { PrAnswer } from '../../src/core/model.js';
import { ApiError } from '../../src/shared/errors.js';
import { plainWords } from '../../src/shared/format.js';
import { found, notFound, queue, readiness } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const running = queue([
  [1842, 'testing'],
  [1843, 'testing'],
  [1850, 'pending'],
]);
const testing = found({ stateChangedAt: '2026-11-25T11:48:00Z' });
const cancelled = found({ state: 'cancelled', isCurrentlySubmittedToQueue: false });
const conflicted = found({ readiness: readiness({ gitHubMergeability: 'not_mergeable' }) });

const first = (observation: Partial<Observation> = {}) =>
  buildReport({
    prNumber: 1842,
    observation: { pr: testing, queue: running, warnings: [], stop: { kind: 'answered' }, ...observation },
    waitFor: [],
    waitTimeoutMs: 60_000,
    failIfNotReady: false,
    nowMs: NOW,
  });
const status = (prNumber: number, answer: PrAnswer) => deriveStatus({ prNumber, answer, queue: running, nowMs: NOW });

describe('a test run fails only for a PR that left the queue', () => {
  it('every PR on its way: no failure, the batch ready, a line for the log about all of them', () => {
    const r = buildTestRunReport({
      first: first(),
      statuses: [status(1842, testing), status(1843, testing)],
      failIfNotReady: true,
    });
    expect(r.failures).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.batch).toMatchObject({ ready: true, reasons: [] });
    expect(plainWords(r.statusLine ?? '')).toBe(
      'The batch: #1842 being tested; #1843 being tested; all ready; the main queue is running.',
    );
  });

  it('a PR of it that left the queue fails the step with fail-if-not-ready, and only then', () => {
    const statuses = [status(1842, testing), status(1843, cancelled)];
    const gated = buildTestRunReport({ first: first(), statuses, failIfNotReady: true });
    expect(gated.failures).toEqual(['PR #1843 left the queue: it was cancelled from the queue (state_cancelled).']);
    expect(gated.batch).toMatchObject({ ready: false, reasons: ['1843:state_cancelled'], left: [1843] });
    const told = buildTestRunReport({ first: first(), statuses, failIfNotReady: false });
    expect(told.failures).toEqual([]);
    expect(told.batch?.ready).toBe(false);
  });

  it('a PR not on its way that is still in the queue is a warning; one Trunk no longer has fails', () => {
    const statuses = [status(1842, testing), status(1843, conflicted), status(1850, notFound)];
    const r = buildTestRunReport({ first: first(), statuses, failIfNotReady: true });
    expect(r.failures).toEqual(['PR #1850 is not ready: it is not submitted to this queue (not_submitted).']);
    expect(r.warnings).toEqual([
      "Not failing the merge queue's test run for this (only a PR it tests that left the queue does): PR #1843 is not ready: GitHub says it cannot merge (a conflict, or unmet branch protection rules) (testing, mergeability_not_mergeable).",
    ]);
  });

  it('one PR: its own log line, and the same rules', () => {
    const r = buildTestRunReport({
      first: first({ pr: cancelled }),
      statuses: [status(1842, cancelled)],
      failIfNotReady: true,
    });
    expect(r.statusLine).toMatch(/^PR #1842 is out of the queue after it was cancelled, not ready/);
    expect(r.failures).toHaveLength(1);
  });

  it('an error that stopped the verdict is a warning: the step passes with no verdict', () => {
    const error = new ApiError('getQueue', 'no answer from api.trunk.io:443 within 30 s');
    const r = buildTestRunReport({
      first: first({ pr: undefined, queue: undefined, stop: { kind: 'failed', error } }),
      failIfNotReady: true,
    });
    expect(r.failures).toEqual([]);
    expect(r.batch).toBeUndefined();
    expect(r.warnings).toEqual([
      expect.stringMatching(/^Not failing the merge queue's test run for this \(.*\): Trunk API getQueue: no answer/),
    ]);
  });

  it("the others' read failing is a warning too, and leaves no batch verdict", () => {
    const r = buildTestRunReport({
      first: first(),
      othersFailure: 'Trunk API v2 /v2/pull-requests: HTTP 500.',
      failIfNotReady: true,
    });
    expect(r.failures).toEqual([]);
    expect(r.batch).toBeUndefined();
    expect(r.warnings).toEqual([
      "Not failing the merge queue's test run for this (only a PR it tests that left the queue does): Trunk API v2 /v2/pull-requests: HTTP 500.",
    ]);
  });
});
