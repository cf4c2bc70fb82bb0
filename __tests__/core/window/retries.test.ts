// How many tries a merge takes, which PRs keep failing, and which checks failed PRs that merged on
// a later try: on the fixed histories of fixture.ts, each answer worked out by hand in its comment.
// The window is (at(0), at(1440)], the day before (at(-1440), at(0)].
import { describe, expect, it } from '@jest/globals';
import type { Span, Trip } from '../../../src/core/history.js';
import { checkRetries, retryFigures } from '../../../src/core/window/retries.js';
import { figuresFromHistory } from '../../../src/core/window/figures.js';
import { tripsOf } from '../../../src/core/window/trips.js';
import { at, check, RETRY_TIMELINES, TIMELINES } from './fixture.js';

const RETRIES = Object.values(RETRY_TIMELINES).flatMap(tripsOf);
const FIRST = Object.values(TIMELINES).flatMap(tripsOf);
const WINDOW: Span = { fromMs: at(0), toMs: at(1440) };
const DAY_BEFORE: Span = { fromMs: at(-1440), toMs: at(0) };

describe('retryFigures', () => {
  it.each([
    // Merged in the window: 201 (2 tries: −200 failed, 180), 202 (3: 220 cancelled, 350 failed,
    // 480), 204 (3: 720, 760 failed, 800), 205 (1: its cancellation at 810 never entered), 206 (1:
    // counted from its merge at −600). 10 tries ÷ 5 merges = 2.0. Retried: 201, 202, 204. Failed
    // twice or more in the window: 203 (540, 600, 660), 204 (720, 760).
    [
      'the retry history, the window',
      RETRIES,
      WINDOW,
      {
        attemptsPerMerge: 2,
        retriedMerges: 3,
        repeatFailing: [
          { prNumber: 203, failed: 3 },
          { prNumber: 204, failed: 2 },
        ],
      },
    ],
    // Merged in the day before: 206 at −600 after failing at −700: 2 tries, retried. 201's failure
    // at −200 and 206's at −700 are one each: no loop.
    [
      'the retry history, the day before',
      RETRIES,
      DAY_BEFORE,
      { attemptsPerMerge: 2, retriedMerges: 1, repeatFailing: [] },
    ],
    // 101 (2 tries: 60 failed, 155), 102, 105 (by hand, never entered: 1), 107: 5 ÷ 4 = 1.25 → 1.3.
    ['the first history, the window', FIRST, WINDOW, { attemptsPerMerge: 1.3, retriedMerges: 1, repeatFailing: [] }],
    // Only 106 ended in the day before, failed: nothing merged, so no tries per merge.
    [
      'nothing merged: no tries per merge, never 0',
      FIRST,
      DAY_BEFORE,
      { attemptsPerMerge: undefined, retriedMerges: 0, repeatFailing: [] },
    ],
    // Both together: 10 + 5 tries over 9 merges = 1.67 → 1.7; retried 3 + 1.
    [
      'both histories, the window',
      [...FIRST, ...RETRIES],
      WINDOW,
      {
        attemptsPerMerge: 1.7,
        retriedMerges: 4,
        repeatFailing: [
          { prNumber: 203, failed: 3 },
          { prNumber: 204, failed: 2 },
        ],
      },
    ],
  ])('%s', (_, trips, span, expected) => {
    expect(retryFigures(trips, span)).toEqual(expected);
  });
});

describe('checkRetries', () => {
  it.each([
    // ci/integration failed 202 (350), 203 (540, 600) and 204 (760): 4 trips, 3 PRs; 202 merged
    // at 480 and 204 at 800, later; 203 never did.
    ['ci/integration', { name: 'ci/integration', failedTrips: 4, prs: 3, mergedLater: 2 }],
    // ci/unit failed 203 (600, 660) and 204 (720): 3 trips, 2 PRs; 204 merged at 800.
    ['ci/unit', { name: 'ci/unit', failedTrips: 3, prs: 2, mergedLater: 1 }],
    ['a check that failed nothing in the window', { name: 'ci/lint', failedTrips: 0, prs: 0, mergedLater: 0 }],
  ])('%s', (_, expected) => {
    expect(checkRetries(RETRIES, WINDOW, [expected.name])).toEqual([expected]);
  });

  it('a later try may be after the span: the day before', () => {
    // 206 failed at −700 and merged at −600; 201 failed at −200 and merged in the window, at 180.
    expect(checkRetries(RETRIES, DAY_BEFORE, ['ci/integration'])).toEqual([
      { name: 'ci/integration', failedTrips: 2, prs: 2, mergedLater: 2 },
    ]);
  });

  it('a merge before the failure is not a later try', () => {
    // Merged at 100, reopened, failed at 200 on ci/unit, and not merged since.
    const trip = (endMs: number, end: Trip['end']): Trip => ({
      prNumber: 300,
      startMs: endMs - 10,
      endMs,
      end,
      failingChecks: end === 'failed' ? [check('ci/unit', null)] : [],
    });
    const trips = [trip(at(100), 'merged'), trip(at(200), 'failed')];
    expect(checkRetries(trips, WINDOW, ['ci/unit'])).toEqual([
      { name: 'ci/unit', failedTrips: 1, prs: 1, mergedLater: 0 },
    ]);
  });
});

describe('in the window figures', () => {
  it('beside the other figures, the checks in the order of the checks that failed most', () => {
    const f = figuresFromHistory({ trips: RETRIES, span: WINDOW });
    expect([f.attemptsPerMerge, f.retriedMerges, f.repeatFailures]).toEqual([2, 3, 2]);
    expect(f.topFailingChecks?.map((row) => [row.name, row.count])).toEqual([
      ['ci/integration', 4],
      ['ci/unit', 3],
    ]);
    expect(f.checkRetries?.map((row) => [row.name, row.mergedLater])).toEqual([
      ['ci/integration', 2],
      ['ci/unit', 1],
    ]);
  });

  it('trips not read: unknown, not 0', () => {
    const f = figuresFromHistory({ span: WINDOW });
    expect([f.attemptsPerMerge, f.retriedMerges, f.repeatFailures, f.checkRetries]).toEqual(Array(4).fill(undefined));
  });
});
