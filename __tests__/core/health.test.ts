// The queue's health, rule by rule, on the neutral model with the clock given: what a report on
// the queue itself (scope: queue) decides, whichever API answered.
import { describe, expect, it } from '@jest/globals';
import { assessQueue, type QueueHealth } from '../../src/core/health.js';
import type { QueueEntry, QueueFacts } from '../../src/core/model.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** An entry in `state`, in it for `minutes` (undefined: Trunk sent no time). */
function entry(number: number, state: string, minutes: number | undefined): QueueEntry {
  return {
    number,
    state,
    testing: state === 'testing' || state === 'tests_passed',
    stateChangedAt: minutes === undefined ? undefined : ago(minutes),
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

const assess = (facts: QueueFacts, stallMinutes = 30): QueueHealth =>
  assessQueue({ queue: facts, nowMs: NOW, stallMinutes });

describe('the rules', () => {
  const moving = [entry(1, 'testing', 5), entry(2, 'pending', 10)];
  const stuck = [entry(1, 'pending', 45), entry(2, 'pending', 31)];

  it.each<[string, QueueFacts, string[], number?]>([
    ['running and moving: healthy', queue('running', moving), []],
    ['running and empty: healthy', queue('running', []), []],
    ['paused', queue('paused', moving), ['queue_paused']],
    ['draining', queue('draining', moving), ['queue_draining']],
    ['switching modes', queue('switching_modes', moving), ['queue_switching_modes']],
    ['a state this version does not know', queue('frozen', moving), ['queue_frozen']],
    [
      'an unknown state that would not survive a comma split',
      queue('on hold, sort of', moving),
      ['queue_on_hold_sort_of'],
    ],
    ['testing longer than the timeout', queue('running', [entry(1, 'testing', 61)]), ['testing_overdue']],
    ['testing exactly as long as the timeout: not yet over it', queue('running', [entry(1, 'testing', 60)]), []],
    ['tests passed long ago: merging, not a test run', queue('running', [entry(1, 'tests_passed', 600)]), []],
    [
      'a timeout of 0 means no limit, so never overdue',
      queue('running', [entry(1, 'testing', 6000)], { testingTimeoutMinutes: 0 }),
      [],
    ],
    [
      'no timeout sent means no limit either',
      queue('running', [entry(1, 'testing', 6000)], { testingTimeoutMinutes: undefined }),
      [],
    ],
    [
      'waiting, none testing, no change for longer than stall-minutes: stalled',
      queue('running', stuck),
      ['queue_stalled'],
    ],
    ['no change for exactly stall-minutes: stalled', queue('running', [entry(1, 'pending', 30)]), ['queue_stalled']],
    ['a change inside stall-minutes: not stalled', queue('running', [...stuck, entry(3, 'pending', 29)]), []],
    ['a longer stall-minutes: not stalled', queue('running', stuck), [], 60],
    ['something testing: not stalled, however old', queue('running', [entry(1, 'testing', 50), ...stuck]), []],
    ['a pending failure waits too: stalled', queue('running', [entry(1, 'pending_failure', 40)]), ['queue_stalled']],
    ['paused and quiet: paused, not stalled (only a running queue stalls)', queue('paused', stuck), ['queue_paused']],
    [
      'draining with a run past its timeout: both, the queue state first',
      queue('draining', [entry(1, 'testing', 90), entry(2, 'pending', 5)]),
      ['queue_draining', 'testing_overdue'],
    ],
  ])('%s', (_, facts, reasons, stallMinutes = 30) => {
    const health = assess(facts, stallMinutes);
    expect(health.reasons).toEqual(reasons);
    expect(health.ready).toBe(reasons.length === 0);
  });
});

describe('counts and ages', () => {
  it('testing counts testing and tests_passed; every other entry waits', () => {
    const health = assess(
      queue('running', [
        entry(1, 'testing', 5),
        entry(2, 'tests_passed', 2),
        entry(3, 'pending_failure', 7),
        entry(4, 'pending', 12),
      ]),
    );
    expect([health.testing, health.waiting]).toEqual([2, 2]);
  });

  it('the longest wait is among waiting entries only; the oldest test run among testing ones', () => {
    const health = assess(
      queue('running', [entry(1, 'testing', 50), entry(2, 'pending', 12), entry(3, 'pending', 40)]),
    );
    expect(health.longestWait?.entry.number).toBe(3);
    expect(health.longestWait?.ageSeconds).toBe(2400);
    expect(health.oldestTesting?.ageSeconds).toBe(3000);
  });

  it('no waiting entry: no longest wait; nothing testing: no oldest test run', () => {
    expect(assess(queue('running', [entry(1, 'testing', 5)])).longestWait).toBeUndefined();
    expect(assess(queue('running', [entry(1, 'pending', 5)])).oldestTesting).toBeUndefined();
  });

  it('whole seconds; a time ahead of the clock is 0, not negative', () => {
    const health = assess(queue('running', [{ ...entry(1, 'pending', 0), stateChangedAt: ago(-5) }]));
    expect(health.longestWait?.ageSeconds).toBe(0);
    const odd = assess(queue('running', [{ ...entry(1, 'pending', 0), stateChangedAt: '2026-11-20T11:59:00.900Z' }]));
    expect(odd.longestWait?.ageSeconds).toBe(59);
  });

  it('entries counted but not listed (v2 lists only the first awaiting admission) wait, with ages unknown', () => {
    const health = assess(queue('running', [entry(1, 'testing', 5)], { length: 40 }));
    expect([health.testing, health.waiting, health.unknownAges]).toEqual([1, 39, 39]);
  });
});

// An age Trunk did not send is unknown: no rule fires on a guess, and what could not be checked
// is said, so a queue is never called healthy because the data was missing.
describe('unknown ages', () => {
  it('waiting, none testing, and no time for any entry: not stalled, but the check is undecided', () => {
    const health = assess(queue('running', [entry(1, 'pending', undefined), entry(2, 'pending', undefined)]));
    expect(health.reasons).toEqual([]);
    expect(health.undecided).toEqual(['queue_stalled']);
    expect(health.unknownAges).toBe(2);
    expect(health.longestWait).toBeUndefined();
  });

  it('a test run with no time, under a timeout: not overdue, but undecided', () => {
    const health = assess(queue('running', [entry(1, 'testing', undefined), entry(2, 'pending', 5)]));
    expect(health.reasons).toEqual([]);
    expect(health.undecided).toEqual(['testing_overdue']);
  });

  it('no timeout: nothing to decide about a test run with no time', () => {
    const health = assess(queue('running', [entry(1, 'testing', undefined)], { testingTimeoutMinutes: 0 }));
    expect(health.undecided).toEqual([]);
  });

  it('the known ages decide when there are some: all of them quiet is stalled', () => {
    const health = assess(queue('running', [entry(1, 'pending', 40), entry(2, 'pending', undefined)]));
    expect(health.reasons).toEqual(['queue_stalled']);
    expect([health.undecided, health.unknownAges]).toEqual([[], 1]);
  });

  it('a time that cannot be read is unknown, not zero', () => {
    const health = assess(queue('running', [{ ...entry(1, 'pending', 0), stateChangedAt: 'soon' }]));
    expect(health.unknownAges).toBe(1);
    expect(health.undecided).toEqual(['queue_stalled']);
  });

  it('a paused queue is not ready whatever is known of ages: the stall check does not apply', () => {
    const health = assess(queue('paused', [entry(1, 'pending', undefined)]));
    expect([health.reasons, health.undecided]).toEqual([['queue_paused'], []]);
  });
});
