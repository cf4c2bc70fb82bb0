// What a run reports, decided from typed observations: which failures make up the error line and
// in what order, when the queue-state warning is owed, the estimate line and the notices. The
// sentences themselves are asserted where a whole run writes them (run/v1.test.ts, run/v2.test.ts);
// here, which of them a report carries.
import { describe, expect, it } from '@jest/globals';
import { buildReport, failureMessage, isUnexpected, type ReportInput } from '../../src/core/report.js';
import type { Observation, Stop } from '../../src/core/observation.js';
import type { Story } from '../../src/core/model.js';
import { ApiError, GitHubError, InputError } from '../../src/shared/errors.js';
import { found, queue, readiness } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const running = queue([
  [10, 'testing'],
  [1842, 'pending'],
]);
const notReady = found({ state: 'pending', readiness: readiness({ gitHubMergeability: 'in_progress' }) });
const timedOut: Stop = {
  kind: 'timed-out',
  deadlineAtMs: NOW,
  failedPolls: 0,
  endedOnFailure: false,
  everAnswered: true,
};

function seen(overrides: Partial<Observation> = {}): Observation {
  return { pr: found(), queue: running, warnings: [], stop: { kind: 'answered' }, ...overrides };
}

const report = (observation: Observation, overrides: Partial<ReportInput> = {}) =>
  buildReport({
    prNumber: 1842,
    observation,
    waitFor: ['merged'],
    waitTimeoutMs: 60_000,
    failIfNotReady: false,
    nowMs: NOW,
    ...overrides,
  });

const story = (overrides: Partial<Story> = {}): Story => ({ leftOut: [], ...overrides });

describe('failures: what stopped the run first, then the not-ready reasons', () => {
  it.each<[string, Stop]>([
    ['an answer', { kind: 'answered' }],
    ['a wait that reached its state', { kind: 'reached', state: 'testing' }],
  ])('%s is no failure', (_, stop) => {
    const r = report(seen({ stop }), { failIfNotReady: true });
    expect(r.failures).toEqual([]);
    expect(r.status).toMatchObject({ state: 'testing', verdict: { ready: true }, position: 2 });
  });

  it('a not-ready PR fails only with fail-if-not-ready, naming each reason code', () => {
    expect(report(seen({ pr: notReady })).failures).toEqual([]);
    const [failure, ...rest] = report(seen({ pr: notReady }), { failIfNotReady: true }).failures;
    expect(rest).toEqual([]);
    expect(failure).toBe(
      'PR #1842 is not ready: GitHub is still computing whether it can merge (pending, mergeability_in_progress).',
    );
  });

  it.each<[string, Stop, RegExp]>([
    ['a timed-out wait', timedOut, /^Timed out after 1 min waiting for PR #1842 to reach merged/],
    [
      'a final state not waited for',
      { kind: 'final-state', state: 'failed' },
      /^PR #1842 is out of the queue after failing, so it will never reach merged \(failed\)\.$/,
    ],
    ['a cancelled step', { kind: 'cancelled', reason: 'SIGTERM' }, /^The step was cancelled \(SIGTERM\)/],
  ])('%s comes first, the not-ready reasons after it', (_, stop, first) => {
    const pr = stop.kind === 'final-state' ? found({ state: 'failed' }) : notReady;
    const { failures } = report(seen({ pr, stop }), { failIfNotReady: true });
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(first);
    expect(failures[1]).toMatch(
      stop.kind === 'final-state' ? /^PR #1842 left the queue: / : /^PR #1842 is not ready: /,
    );
  });

  it('a request that failed before any answer: its own line, and no status to judge', () => {
    const error = new ApiError('getQueue', 'HTTP 401 (check api-token)');
    const r = report(seen({ pr: undefined, queue: undefined, stop: { kind: 'failed', error } }), {
      failIfNotReady: true,
    });
    expect(r).toMatchObject({ failures: [error.message], status: undefined, statusLine: undefined });
  });
});

describe('the status line', () => {
  it('places a listed PR by position, and an unlisted one by the queue length', () => {
    expect(report(seen()).statusLine).toContain(', 2nd of 2 in line; ');
    const merged = report(seen({ pr: found({ state: 'merged' }), queue: queue([[10, 'testing']]) }));
    expect(merged.statusLine).toContain(', not listed in the queue (1 entry); ');
  });
});

describe('the queue-state warning', () => {
  const paused = queue([[1842, 'pending']], { state: 'paused' });

  it('follows the warnings the reads gave, once', () => {
    const r = report(seen({ queue: paused, warnings: ['a read warned'] }));
    expect(r.warnings).toEqual(['a read warned', expect.stringMatching(/^The merge queue is paused: /)]);
  });

  it('is not repeated when the wait already gave it at its first read', () => {
    const first = report(seen({ queue: paused })).warnings[0];
    expect(report(seen({ queue: paused, queueWarning: first })).warnings).toEqual([]);
  });

  it('is owed by no running queue', () => {
    expect(report(seen()).warnings).toEqual([]);
  });
});

describe('the estimate line and the notices, from the story', () => {
  it.each<[string, Story['estimate'], string[]]>([
    ['available', { status: 'available', mergeAtMs: NOW + 60_000 }, []],
    ['not enabled', { status: 'not_enabled' }, []],
    ['unavailable, without a reason', { status: 'unavailable' }, ['Trunk has no merge estimate for PR #1842.']],
    [
      'unavailable, its reason with one full stop',
      { status: 'unavailable', reason: 'Not enough history.' },
      ['Trunk has no merge estimate for PR #1842: Not enough history.'],
    ],
  ])('an estimate %s', (_, estimate, lines) => {
    expect(report(seen({ story: story({ estimate }) })).lines).toEqual(lines);
  });

  it("notices are the story's left-out parts; no story, none", () => {
    const leftOut = ['The test run was left out: throttled.'];
    expect(report(seen({ story: story({ leftOut }) })).notices).toEqual(leftOut);
    expect(report(seen()).notices).toEqual([]);
  });
});

describe('an error as the one line', () => {
  it.each<[string, unknown, string, boolean]>([
    ['an InputError', new InputError('pr-number', 'must be a number.'), "Input 'pr-number' must be a number.", false],
    [
      'a GitHubError',
      new GitHubError('which pull request brought the commit in', 'HTTP 404.'),
      'GitHub API (which pull request brought the commit in): HTTP 404.',
      false,
    ],
    ['a plain Error', new TypeError('x is undefined'), 'Unexpected error: x is undefined', true],
    ['a thrown string', 'boom', 'Unexpected error: boom', true],
  ])('%s', (_, error, line, unexpected) => {
    expect(failureMessage(error)).toBe(line);
    expect(isUnexpected(error)).toBe(unexpected);
  });
});
