// What the status derives from the two answers: place, who is ahead, time in state, the testing
// deadline, staleness, and what a queue that is not running means for the PR.
import { describe, expect, it } from '@jest/globals';
import { toOutputs } from '../../src/render/outputs.js';
import { deriveStatus, type StatusInput } from '../../src/core/status.js';
import { isoSeconds } from '../../src/shared/time.js';
import { found, notFound, queue } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const q = queue([
  [10, 'testing'],
  [11, 'tests_passed'],
  [12, 'pending'],
  [1842, 'pending'],
  [13, 'pending'],
]);
const status = (overrides: Partial<StatusInput> = {}) =>
  deriveStatus({ prNumber: 1842, answer: found(), queue: q, nowMs: NOW, ...overrides });

describe('place in the queue', () => {
  it('finds the 1-based position, the PRs ahead, and how many of them test or wait', () => {
    expect(status()).toMatchObject({ position: 4, prsAhead: [10, 11, 12], aheadTesting: 2, aheadPending: 1 });
  });

  it('first in line: nobody ahead', () => {
    const s = status({ queue: queue([[1842, 'testing']]) });
    expect(s).toMatchObject({ position: 1, prsAhead: [], aheadTesting: 0, aheadPending: 0 });
  });

  it('a PR the queue does not list has no place and no one ahead', () => {
    const s = status({ answer: found({ state: 'not_ready' }), queue: queue([[10, 'testing']]) });
    expect(s).toMatchObject({ position: undefined, prsAhead: [], aheadTesting: undefined, aheadPending: undefined });
  });

  it('counts entries of an unknown or missing state as waiting', () => {
    const s = status({
      queue: queue([
        [1, 'bisecting'],
        [2, 'testing'],
        [1842, 'pending'],
      ]),
    });
    expect([s.aheadTesting, s.aheadPending]).toEqual([1, 1]);
  });
});

describe('time in state and the testing deadline', () => {
  it('whole seconds since stateChangedAt', () => {
    expect(status({ answer: found({ stateChangedAt: '2026-11-20T11:48:00.900Z' }) }).stateAgeSeconds).toBe(719);
  });

  it('a timestamp in the future counts as just now', () => {
    expect(status({ answer: found({ stateChangedAt: '2026-11-20T12:05:00Z' }) }).stateAgeSeconds).toBe(0);
  });

  it.each(['', 'yesterday', 'March 7', '2026-11-20', '1763640000', '2026-13-45T99:00:00Z'])(
    'an unparseable timestamp %j gives no age and no deadline',
    (stateChangedAt) => {
      const s = status({ answer: found({ state: 'testing', stateChangedAt }) });
      expect([s.stateChangedMs, s.stateAgeSeconds, s.testingDeadlineMs]).toEqual([undefined, undefined, undefined]);
    },
  );

  it('while testing: stateChangedAt plus the testing timeout, even when already passed', () => {
    const at = (stateChangedAt: string) =>
      status({ answer: found({ state: 'testing', stateChangedAt }), queue: queue([], { testingTimeoutMinutes: 60 }) })
        .testingDeadlineMs;
    expect(isoSeconds(at('2026-11-20T11:30:00Z') as number)).toBe('2026-11-20T12:30:00Z');
    expect(isoSeconds(at('2026-11-20T09:00:00Z') as number)).toBe('2026-11-20T10:00:00Z');
  });

  it('no deadline, and no crash, when the timeout puts it past any date (1e12 minutes)', () => {
    const s = status({ answer: found({ state: 'testing' }), queue: queue([], { testingTimeoutMinutes: 1e12 }) });
    expect(s.testingDeadlineMs).toBeUndefined();
    expect(toOutputs(s, { pr: 1842, mergeQueueRun: false }, undefined).outputs['testing-deadline']).toBe('');
  });

  it('no deadline with a timeout of 0, or when not testing', () => {
    expect(status({ queue: queue([], { testingTimeoutMinutes: 0 }) }).testingDeadlineMs).toBeUndefined();
    expect(status({ answer: found({ state: 'pending' }) }).testingDeadlineMs).toBeUndefined();
    expect(status({ answer: found({ state: 'tests_passed' }) }).testingDeadlineMs).toBeUndefined();
  });

  it('nothing for a PR never submitted', () => {
    const s = status({ answer: notFound });
    expect([s.stateChangedMs, s.stateAgeSeconds, s.testingDeadlineMs, s.submitted]).toEqual([
      undefined,
      undefined,
      undefined,
      false,
    ]);
  });
});

describe('stale', () => {
  it('compares the event head SHA with the queue, in any letter case', () => {
    const answer = found({ prSha: 'ABCDEF' });
    expect(status({ answer, eventHeadSha: 'abcdef' }).stale).toBe(false);
    expect(status({ answer, eventHeadSha: '123456' }).stale).toBe(true);
    expect(status({ answer, eventHeadSha: undefined }).stale).toBeUndefined();
    expect(status({ answer: notFound, eventHeadSha: 'abcdef' }).stale).toBeUndefined();
  });
});
