// Why a wait timed out, decided from what its attempts did last: one row per cause, from typed
// facts as the wait records them. The run-level tests (run/wait-causes.test.ts) show the request
// layer records them so; the sentences are asserted here.
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../src/shared/errors.js';
import type { TimedOut } from '../../src/core/observation.js';
import { timedOutMessage } from '../../src/core/wait-cause.js';

const DEADLINE = Date.parse('2026-11-25T12:01:00Z');
const headline = 'Timed out after 1 min waiting for PR #1842 to reach merged';
const now = '; it is being tested (testing), ready';

function stop(overrides: Partial<TimedOut> = {}): TimedOut {
  return {
    kind: 'timed-out',
    deadlineAtMs: DEADLINE,
    failedPolls: 0,
    endedOnFailure: false,
    everAnswered: true,
    ...overrides,
  };
}

const throttled = (retryAfterAtMs: number | undefined, dueAtMs = DEADLINE + 30_000) =>
  ({
    kind: 'retry',
    endpoint: 'getSubmittedPullRequest',
    problem: 'HTTP 429 (rate limited)',
    status: 429,
    dueAtMs,
    retryAfterAtMs,
  }) as const;

const message = (facts: TimedOut, seen = now, queueNote = '') =>
  timedOutMessage(facts, { headline, now: seen, queueNote });

describe('a throttled wait names the 429 and its Retry-After, not the network', () => {
  it.each([
    ['Retry-After: 60, past the deadline', DEADLINE + 20_000, 'Retry-After until 12:01:20 UTC, beyond the deadline'],
    [
      'an HTTP date in 2099',
      Date.parse('2099-01-01T00:00:00Z'),
      'Retry-After until 2099-01-01 00:00:00 UTC, beyond the deadline',
    ],
    [
      'Retry-After: 999999 (11 days)',
      DEADLINE + 999_999_000,
      'Retry-After until 2026-12-07 01:47:39 UTC, beyond the deadline',
    ],
  ])('%s', (_, retryAfterAtMs, said) => {
    expect(message(stop({ interrupted: throttled(retryAfterAtMs) }))).toBe(
      `${headline}${now}: Trunk throttled it (HTTP 429 to getSubmittedPullRequest, ${said}). The key's limit may be shared with other jobs: a longer poll-interval-seconds spends less of it.`,
    );
  });

  it('a Retry-After within the deadline, its jittered retry past it: both times', () => {
    expect(message(stop({ interrupted: throttled(DEADLINE - 1_000, DEADLINE + 400) }))).toContain(
      '(HTTP 429 to getSubmittedPullRequest, Retry-After until 12:00:59 UTC; the retry was due at 12:01:00 UTC, after the deadline)',
    );
  });

  it('without Retry-After: when the retry was due', () => {
    expect(message(stop({ interrupted: throttled(undefined) }))).toContain(
      '(HTTP 429 to getSubmittedPullRequest; the retry was due at 12:01:30 UTC, after the deadline)',
    );
  });

  it('before any answer: still the throttling, with nothing about the PR', () => {
    expect(message(stop({ everAnswered: false, interrupted: throttled(DEADLINE + 60_000) }), '')).toMatch(
      /^Timed out after 1 min waiting for PR #1842 to reach merged: Trunk throttled it \(HTTP 429 /,
    );
  });
});

describe('a retry the deadline came before, for another failure', () => {
  const retry = (status: number | undefined, problem: string) =>
    ({ kind: 'retry', endpoint: 'getQueue', problem, status, dueAtMs: DEADLINE + 2_000 }) as const;

  it('a refused connection, never answered: Trunk was never reached, and where to look', () => {
    const problem = 'connection to 127.0.0.1:9 failed (ECONNREFUSED); nothing accepts connections there: check api-url';
    expect(message(stop({ everAnswered: false, interrupted: retry(undefined, problem) }), '')).toBe(
      `${headline}: Trunk was never reached; getQueue failed with ${problem}, and the deadline came before its retry at 12:01:02 UTC.`,
    );
  });

  it('a 503 after answers: the PR as last seen, then the failure', () => {
    expect(message(stop({ interrupted: retry(503, 'HTTP 503: upstream down') }))).toBe(
      `${headline}${now}; getQueue failed with HTTP 503: upstream down, and the deadline came before its retry at 12:01:02 UTC.`,
    );
  });
});

describe('a request still waiting for its answer at the deadline', () => {
  const waiting = { kind: 'answer', endpoint: 'getQueue', sentAtMs: DEADLINE - 25_000 } as const;

  it('never answered: Trunk did not answer within the wait, naming the request', () => {
    expect(message(stop({ everAnswered: false, interrupted: waiting }), '')).toBe(
      `${headline}: Trunk did not answer within it (getQueue, sent 25 s before the deadline, still had no answer). Check api-url, and request-timeout-seconds against wait-timeout-seconds.`,
    );
  });

  it('answered before: a slow answer, not an unreachable Trunk', () => {
    expect(message(stop({ interrupted: waiting }))).toBe(
      `${headline}${now}: Trunk answered slowly: getQueue, sent 25 s before the deadline, still had no answer; check request-timeout-seconds against wait-timeout-seconds.`,
    );
  });

  it.each([0, 999])(
    'a poll sent %d ms before the deadline was only due at it: not a cause, the wait just ran out',
    (ms) => {
      const due = { ...waiting, sentAtMs: DEADLINE - ms };
      expect(message(stop({ interrupted: due }))).toBe(`${headline}${now}.`);
      expect(message(stop({ everAnswered: false, interrupted: due }), '')).toBe(`${headline}.`);
    },
  );

  it('one sent a second before it had been waiting: Trunk was slow', () => {
    expect(message(stop({ interrupted: { ...waiting, sentAtMs: DEADLINE - 1_000 } }))).toMatch(
      /: Trunk answered slowly: getQueue, sent 1 s before the deadline/,
    );
  });
});

describe('the deadline between attempts: what the last finished attempt did', () => {
  const timeout = new ApiError('getQueue', 'no answer from 127.0.0.1:9 within 5 s (after 4 attempts)', {
    transient: true,
    reached: false,
    timedOut: true,
  });
  const refused = new ApiError(
    'getQueue',
    'connection to 127.0.0.1:9 failed (ECONNREFUSED); nothing accepts connections there: check api-url',
    { transient: true, reached: false },
  );
  const serverError = new ApiError('getQueue', 'HTTP 502 (after 4 attempts)', { transient: true, reached: true });

  it('request timeouts, never answered: never reached, the timeout, and where to look', () => {
    expect(message(stop({ everAnswered: false, failedPolls: 4, lastFailure: timeout, endedOnFailure: true }), '')).toBe(
      `${headline}: Trunk was never reached. The last of 4 attempts failed: ${timeout.message} — check request-timeout-seconds against wait-timeout-seconds, then api-url and the network or proxy between the runner and Trunk.`,
    );
  });

  it('refused connections: the request already named api-url, so it is not said twice', () => {
    const said = message(stop({ everAnswered: false, failedPolls: 3, lastFailure: refused, endedOnFailure: true }), '');
    expect(said).toBe(`${headline}: Trunk was never reached. The last of 3 attempts failed: ${refused.message}.`);
  });

  it('a server that answers only errors: never a usable answer', () => {
    expect(
      message(stop({ everAnswered: false, failedPolls: 2, lastFailure: serverError, endedOnFailure: true }), ''),
    ).toBe(`${headline}: Trunk never gave a usable answer. The last of 2 attempts failed: ${serverError.message}.`);
  });

  it('the last poll failed after answers: how many failed, and the last cause', () => {
    expect(message(stop({ failedPolls: 39, lastFailure: serverError, endedOnFailure: true }))).toBe(
      `${headline}${now}; 39 polls failed, the last with: ${serverError.message}.`,
    );
  });

  it('failures earlier, the last poll answered: the PR did not get there in time, and no failure is blamed', () => {
    expect(
      message(stop({ failedPolls: 2, lastFailure: serverError, endedOnFailure: false }), now, '; the queue is paused'),
    ).toBe(`${headline}${now}; the queue is paused.`);
  });

  it('nothing failed: the PR did not get there in time', () => {
    expect(message(stop())).toBe(`${headline}${now}.`);
  });
});
