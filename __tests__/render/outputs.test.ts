// Every output as the string the runner stores: the empty string for what a run lacks, single
// lines from API text, the JSON bodies exact and bounded (a 120,000-entry queue's: outputs.slow.test.ts).
import { describe, expect, it } from '@jest/globals';
import {
  OUTPUT_LIMIT_BYTES,
  OUTPUT_NAMES,
  redactOutputs,
  toOutputs,
  withoutVerdict,
} from '../../src/render/outputs.js';
import { deriveStatus, type StatusInput } from '../../src/core/status.js';
import { found, notFound, queue, queueBody, queueFrom } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const facts = { pr: 1842, mergeQueueRun: false };
const status = (overrides: Partial<StatusInput> = {}) =>
  deriveStatus({
    prNumber: 1842,
    answer: found({ stateChangedAt: '2026-11-20T11:48:00Z' }),
    queue: queue([
      [10, 'testing'],
      [11, 'pending'],
      [1842, 'testing'],
    ]),
    nowMs: NOW,
    ...overrides,
  });

describe('toOutputs', () => {
  it('sets every output of the contract as a string', () => {
    const { outputs, omitted } = toOutputs(
      status(),
      { pr: 1842, mergeQueueRun: true },
      { waitFor: ['merged'], waitedSeconds: 12, timedOut: true, ended: 'timed out', polls: 3 },
    );
    expect(Object.keys(outputs)).toEqual([...OUTPUT_NAMES]);
    expect(omitted).toEqual([]);
    expect(outputs).toMatchObject({
      state: 'testing',
      pr: '1842',
      'merge-queue-run': 'true',
      submitted: 'true',
      ready: 'true',
      'not-ready-reasons': '',
      'does-base-branch-match': 'true',
      'github-mergeability': 'mergeable',
      'requires-impacted-targets': 'true',
      'has-impacted-targets': 'true',
      position: '3',
      'prs-ahead': '10,11',
      'ahead-testing': '1',
      'ahead-pending': '1',
      'state-changed-at': '2026-11-20T11:48:00Z',
      'state-age-seconds': '720',
      'testing-deadline': '2026-11-20T16:48:00Z',
      'queue-length': '3',
      'queue-state': 'running',
      'queue-mode': 'single',
      'priority-name': 'medium',
      'priority-value': '100',
      stale: '',
      'waited-seconds': '12',
      'timed-out': 'true',
    });
    expect(JSON.parse(outputs['pr-json'])).toMatchObject({ noBatch: false, forceEnqueued: false });
    expect(JSON.parse(outputs['queue-json']).enqueuedPullRequests).toHaveLength(3);
  });

  it('gives the empty string, never undefined, for what a not-submitted PR lacks', () => {
    const { outputs } = toOutputs(status({ answer: notFound, queue: queue([]) }), facts, undefined);
    for (const name of OUTPUT_NAMES) expect(typeof outputs[name]).toBe('string');
    expect(outputs).toMatchObject({
      'does-base-branch-match': '',
      'github-mergeability': '',
      position: '',
      'prs-ahead': '',
      'ahead-testing': '',
      'ahead-pending': '',
      'state-changed-at': '',
      'state-age-seconds': '',
      'testing-deadline': '',
      'priority-name': '',
      'pr-sha': '',
      stale: '',
      'pr-json': '',
      'not-ready-reasons': 'not_submitted',
      'queue-length': '0',
      'waited-seconds': '0',
      'timed-out': 'false',
    });
  });

  it('sets only what the run knows when there is no status', () => {
    const { outputs } = toOutputs(undefined, { mergeQueueRun: false }, undefined);
    expect(outputs).toMatchObject({ state: '', pr: '', 'merge-queue-run': 'false', 'waited-seconds': '0' });
  });

  it('makes API strings single lines and keeps the JSON exact', () => {
    const answer = found({ state: 'testing\nghadelimiter_x', priorityName: '\r\n high \u2028', prSha: 'abc\u0000def' });
    const { outputs } = toOutputs(status({ answer }), facts, undefined);
    expect(outputs).toMatchObject({ state: 'testing ghadelimiter_x', 'priority-name': 'high', 'pr-sha': 'abc def' });
    expect(outputs['pr-json']).toBe(answer.found && answer.json);
    expect(JSON.parse(outputs['pr-json']).state).toBe('testing\nghadelimiter_x');
    for (const name of OUTPUT_NAMES.filter((n) => !n.endsWith('-json'))) expect(outputs[name]).not.toMatch(/[\r\n]/);
  });

  it('leaves out a body over 1 MB and says so', () => {
    const big = queue(Array.from({ length: 4000 }, (_, i) => [i + 1, 'pending'] as [number, string]));
    const { outputs, omitted } = toOutputs(status({ queue: big }), facts, undefined);
    expect(big.json.length).toBeGreaterThan(OUTPUT_LIMIT_BYTES);
    expect(outputs['queue-json']).toBe('');
    expect(outputs['pr-json']).not.toBe('');
    expect(omitted).toEqual([
      expect.stringMatching(/^Output queue-json left out: it is [\d.]+ MB, over GitHub's 1 MB output limit\.$/),
    ]);
  });

  it('keeps prs-ahead up to the limit', () => {
    const line = Array.from({ length: 1000 }, (_, i) => ({ prNumber: 10_000_000 + i, state: 'pending' }));
    line.push({ prNumber: 1842, state: 'pending' });
    const { outputs, omitted } = toOutputs(
      status({ queue: queueFrom({ ...queueBody(), enqueuedPullRequests: line }) }),
      facts,
      undefined,
    );
    expect(outputs['prs-ahead'].split(',')).toHaveLength(1000);
    expect(omitted).toEqual([]);
  });
});

describe('withoutVerdict: a run that reached no verdict, in any scope', () => {
  it('ready is false with not_checked, never empty, so that ready == false catches a gate that could not look', () => {
    const { outputs } = toOutputs(undefined, { mergeQueueRun: false }, undefined);
    expect(withoutVerdict(outputs)).toMatchObject({ ready: 'false', 'not-ready-reasons': 'not_checked' });
  });

  it('a verdict stands as it was, either way', () => {
    const ready = toOutputs(status(), facts, undefined).outputs;
    expect(withoutVerdict(ready)).toEqual(ready);
    const held = { ...ready, ready: 'false', 'not-ready-reasons': 'not_submitted' };
    expect(withoutVerdict(held)).toEqual(held);
  });
});

describe('redactOutputs', () => {
  it("redacts every output that carries text from outside, and none of the action's own", () => {
    const { outputs } = toOutputs(
      status(),
      { pr: 1842, mergeQueueRun: true, batchPrs: [1842, 1843] },
      { waitFor: ['merged'], waitedSeconds: 12, timedOut: false, ended: 'merged', polls: 3 },
    );
    const written = redactOutputs(outputs, () => '***');
    const own = OUTPUT_NAMES.filter((name) => written[name] !== '***');
    expect(outputs['batch-prs']).toBe('1842,1843');
    expect(own).toEqual([
      'pr',
      'merge-queue-run',
      'batch-prs',
      'submitted',
      'ready',
      'does-base-branch-match',
      'requires-impacted-targets',
      'has-impacted-targets',
      'position',
      'prs-ahead',
      'ahead-testing',
      'ahead-pending',
      'state-age-seconds',
      'testing-deadline',
      'queue-length',
      'priority-value',
      'stale',
      'waited-seconds',
      'timed-out',
      'estimated-merge-at',
      'directly-ahead',
      'queue-testing',
      'queue-waiting',
      'queue-longest-wait-seconds',
      'queue-oldest-testing-seconds',
      'previous-ready',
      'changed',
      'unhealthy-since',
      'pr-found-by',
      'commit-sha',
      'commits-checked',
      'commits-not-from-queue',
      'merged-count',
      'failed-count',
      'cancelled-count',
      'failure-rate',
      'time-in-queue-p50-seconds',
      'time-in-queue-p90-seconds',
      'testing-p50-seconds',
      'testing-p90-seconds',
      'restarts',
      'attempts-per-merge',
      'retried-merges',
      'repeat-failures',
      'percentile-kind',
      'markdown',
      'slack-text',
    ]);
    for (const name of own) expect(written[name]).toBe(outputs[name]);
    expect(written.state).toBe('***');
  });
});
