// Timelines cut into trips, on the fixed history (fixture.ts): each row's expected trips are read
// off the timeline by hand, and the comment says how.
import { describe, expect, it } from '@jest/globals';
import type { PrTimeline, Trip } from '../../../src/core/history.js';
import { tripsOf } from '../../../src/core/window/trips.js';
import { at, check, TIMELINES, timeline } from './fixture.js';

const reversed = (t: PrTimeline): PrTimeline => timeline(t.number, [...t.transitions].reverse());

describe('tripsOf', () => {
  it.each<[string, PrTimeline, Trip[]]>([
    [
      // 101: pending 20 → failed 60, then not_ready 100 → pending 110 → merged 155.
      'a resubmission is two trips, each from its own first pending, each with its own ending',
      TIMELINES[101],
      [
        {
          prNumber: 101,
          startMs: at(20),
          endMs: at(60),
          end: 'failed',
          reason: 'test_run_required_status_failed',
          failingChecks: [
            check('build', 'https://ci.example/b1'),
            check('lint', 'https://ci.example/l1'),
            check('zeta', 'https://ci.example/z1'),
          ],
        },
        {
          prNumber: 101,
          startMs: at(110),
          endMs: at(155),
          end: 'merged',
          reason: 'merge_graph_merge',
          failingChecks: [],
        },
      ],
    ],
    [
      // 102: pending 200, testing 210, pending 240 (restart), testing 250, merged 290.
      'a restart stays in the trip; a timeline may begin at pending, which starts it',
      TIMELINES[102],
      [
        {
          prNumber: 102,
          startMs: at(200),
          endMs: at(290),
          end: 'merged',
          reason: 'merge_graph_merge',
          failingChecks: [],
        },
      ],
    ],
    [
      // 103: not_ready 300, pending 310, ..., not_ready 330, pending 340, ..., failed 410: from 310, not 340.
      'back to not_ready and on again is one trip from its first pending',
      TIMELINES[103],
      [
        {
          prNumber: 103,
          startMs: at(310),
          endMs: at(410),
          end: 'failed',
          reason: 'test_run_timeout',
          failingChecks: [check('build', 'https://ci.example/b3'), check('lint', 'https://ci.example/l3')],
        },
      ],
    ],
    [
      // 104: not_ready 500 → cancelled 530, never pending.
      'cancelled while not ready: a cancelled trip with no start',
      TIMELINES[104],
      [
        {
          prNumber: 104,
          startMs: undefined,
          endMs: at(530),
          end: 'cancelled',
          reason: 'user_requested',
          failingChecks: [],
        },
      ],
    ],
    [
      // 105: not_ready 600 → merged 620 by hand.
      'merged by hand from not_ready: a merged trip with no start and its reason',
      TIMELINES[105],
      [{ prNumber: 105, startMs: undefined, endMs: at(620), end: 'merged', reason: 'manual_merge', failingChecks: [] }],
    ],
    [
      // Failed while waiting to enter (a not-ready timeout): never the queue's failure.
      'failed from not_ready, never pending: cancelled, with no start',
      timeline(120, [
        { state: 'not_ready', atMs: at(10), failingChecks: [] },
        { state: 'failed', atMs: at(40), reason: 'not_ready_timeout_expired', failingChecks: [] },
      ]),
      [
        {
          prNumber: 120,
          startMs: undefined,
          endMs: at(40),
          end: 'cancelled',
          reason: 'not_ready_timeout_expired',
          failingChecks: [],
        },
      ],
    ],
    [
      // 108: failed 765 with no reason; its checks as Trunk listed them (counting once per trip is the figures' job).
      'no reason sent: undefined, and the failing checks as listed',
      TIMELINES[108],
      [
        {
          prNumber: 108,
          startMs: at(700),
          endMs: at(765),
          end: 'failed',
          reason: undefined,
          failingChecks: [check('lint', null), check('e2e', null), check('e2e', 'https://ci.example/e8')],
        },
      ],
    ],
    // 109: pending 1400 … testing 1425 and nothing after.
    ['a trip under way is not returned', TIMELINES[109], []],
    ['no transitions: no trips', timeline(110, []), []],
    [
      // 102 given newest first: sorted, it is the same one trip 200 → 290 (unsorted, merged would come first).
      'transitions out of order are sorted by time first',
      reversed(TIMELINES[102]),
      [
        {
          prNumber: 102,
          startMs: at(200),
          endMs: at(290),
          end: 'merged',
          reason: 'merge_graph_merge',
          failingChecks: [],
        },
      ],
    ],
    [
      // failed and pending at the same minute, in that order: the pending starts the resubmission.
      'transitions at the same time keep the order they were given in',
      timeline(111, [
        { state: 'pending', atMs: at(0), failingChecks: [] },
        { state: 'failed', atMs: at(10), failingChecks: [] },
        { state: 'pending', atMs: at(10), failingChecks: [] },
        { state: 'merged', atMs: at(30), failingChecks: [] },
      ]),
      [
        { prNumber: 111, startMs: at(0), endMs: at(10), end: 'failed', reason: undefined, failingChecks: [] },
        { prNumber: 111, startMs: at(10), endMs: at(30), end: 'merged', reason: undefined, failingChecks: [] },
      ],
    ],
  ])('%s', (_, given, trips) => {
    expect(tripsOf(given)).toEqual(trips);
  });

  it('leaves the timeline it was given as it was', () => {
    const given = reversed(TIMELINES[102]);
    const before = structuredClone(given);
    tripsOf(given);
    expect(given).toEqual(before);
  });
});
