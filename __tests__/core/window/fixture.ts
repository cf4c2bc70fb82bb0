// One fixed history of a queue, for every test of the window report: a day of it (the window,
// minutes 0 to 1440 after T0) and the end of the day before. Times are minutes from T0 so that
// the answers the tests expect can be worked out by hand from this page.
import type { FailingCheck } from '../../../src/core/model.js';
import type { PrTimeline, TestingStretch, Transition } from '../../../src/core/history.js';

const T0 = Date.UTC(2026, 10, 20);

/** T0 plus `minutes`. */
export const at = (minutes: number): number => T0 + minutes * 60_000;

/** The run starts at the end of the day: the window is (at(0), at(1440)]. */
export const NOW = at(1440);
export const DAY_MS = 24 * 60 * 60_000;

export const check = (name: string, url: string | null): FailingCheck => ({ name, url, conclusion: 'failure' });

function move(state: string, minute: number, reason?: string, failingChecks: FailingCheck[] = []): Transition {
  return { state, atMs: at(minute), reason, failingChecks };
}

export const timeline = (number: number, transitions: Transition[]): PrTimeline => ({ number, transitions });

/** Each PR's timeline, by number; the comment says what it is there to show. */
export const TIMELINES = {
  // Failed, resubmitted, merged: two trips, 20→60 (40 min) and 110→155 (45 min).
  101: timeline(101, [
    move('not_ready', 10),
    move('pending', 20),
    move('testing', 30),
    move('failed', 60, 'test_run_required_status_failed', [
      check('build', 'https://ci.example/b1'),
      check('lint', 'https://ci.example/l1'),
      check('zeta', 'https://ci.example/z1'),
    ]),
    move('not_ready', 100),
    move('pending', 110),
    move('testing', 115),
    move('tests_passed', 150),
    move('merged', 155, 'merge_graph_merge'),
  ]),
  // Restarted (testing → pending → testing), straight in at pending: one trip, 200→290 (90 min).
  102: timeline(102, [
    move('pending', 200),
    move('testing', 210),
    move('pending', 240),
    move('testing', 250),
    move('tests_passed', 282),
    move('merged', 290, 'merge_graph_merge'),
  ]),
  // Back to not_ready mid-trip and on again: one trip from the first pending, 310→410 (100 min).
  103: timeline(103, [
    move('not_ready', 300),
    move('pending', 310),
    move('testing', 320),
    move('not_ready', 330),
    move('pending', 340),
    move('testing', 350),
    move('failed', 410, 'test_run_timeout', [
      check('build', 'https://ci.example/b3'),
      check('lint', 'https://ci.example/l3'),
    ]),
  ]),
  // Cancelled while waiting to enter: a cancelled trip with no start, ending at 530.
  104: timeline(104, [move('not_ready', 500), move('cancelled', 530, 'user_requested')]),
  // Merged by hand before it entered: a merged trip (a manual merge) with no start, ending at 620.
  105: timeline(105, [move('not_ready', 600), move('merged', 620, 'manual_merge')]),
  // Ended exactly at the window's start: in the day before, not in the window. -40→0 (40 min).
  106: timeline(106, [
    move('pending', -40),
    move('testing', -35),
    move('pending', -30),
    move('testing', -20),
    move('failed', 0, 'test_run_timeout', [check('lint', 'https://ci.example/l6')]),
  ]),
  // Ended exactly at the window's end: in it. 1380→1440 (60 min).
  107: timeline(107, [
    move('pending', 1380),
    move('testing', 1390),
    move('tests_passed', 1435),
    move('merged', 1440, 'merge_graph_merge'),
  ]),
  // Failed with no reason sent; names lint without a URL, and e2e twice (two runs of it). 700→765 (65 min).
  108: timeline(108, [
    move('pending', 700),
    move('testing', 710),
    move('failed', 765, undefined, [check('lint', null), check('e2e', null), check('e2e', 'https://ci.example/e8')]),
  ]),
  // Still in the queue at the run's start: an open trip, which no window counts.
  109: timeline(109, [move('pending', 1400), move('testing', 1405), move('pending', 1420), move('testing', 1425)]),
};

function stretch(prNumber: number, from: number, to: number, outcome?: string, isBisection = false): TestingStretch {
  return { prNumber, endedAtMs: at(to), durationMs: (to - from) * 60_000, outcome, isBisection };
}

/** Trunk's testing results for the same PRs: one row per stretch of testing, length in minutes in the comment. */
export const STRETCHES: TestingStretch[] = [
  stretch(101, 30, 60, 'failed'), // 30
  stretch(101, 115, 150, 'passed'), // 35
  stretch(102, 210, 240, 'interrupted'), // a restart
  stretch(102, 250, 282, 'passed'), // 32
  stretch(103, 320, 330, 'cancelled'), // back to not_ready: neither a run's length nor a restart
  stretch(103, 350, 410, 'failed'), // 60
  stretch(108, 710, 765, 'failed'), // 55
  stretch(108, 770, 840, 'passed', true), // 70, bisection
  stretch(107, 1390, 1440, 'passed'), // 50, ended at the window's end
  stretch(106, -35, -30, 'interrupted'), // a restart in the day before
  stretch(106, -20, 0, 'failed'), // 20, ended at the window's start
  stretch(109, 1405, 1420, 'interrupted'), // a restart
];

/**
 * Tries and retries, for the figures of how many tries a merge takes (retries.ts): other PRs over
 * the same window and day before, kept apart from TIMELINES so that its counts stay as they are.
 * Failed trips name `ci/integration` and `ci/unit`.
 */
export const RETRY_TIMELINES = {
  // Failed in the day before (−300 → −200), merged in the window (100 → 180): a retried merge, 2 tries.
  201: timeline(201, [
    move('pending', -300),
    move('failed', -200, 'test_run_required_status_failed', [check('ci/integration', null)]),
    move('pending', 100),
    move('merged', 180, 'merge_graph_merge'),
  ]),
  // Cancelled in the queue (200 → 220), failed (300 → 350), merged (400 → 480): 3 tries.
  202: timeline(202, [
    move('pending', 200),
    move('cancelled', 220, 'user_requested'),
    move('pending', 300),
    move('failed', 350, 'test_run_required_status_failed', [check('ci/integration', null)]),
    move('pending', 400),
    move('merged', 480, 'merge_graph_merge'),
  ]),
  // An eviction loop: failed three times (540, 600, 660), never merged.
  203: timeline(203, [
    move('pending', 500),
    move('failed', 540, 'test_run_required_status_failed', [check('ci/integration', null)]),
    move('pending', 560),
    move('failed', 600, 'test_run_required_status_failed', [check('ci/integration', null), check('ci/unit', null)]),
    move('pending', 620),
    move('failed', 660, 'test_run_required_status_failed', [check('ci/unit', null)]),
  ]),
  // Failed twice (720 on ci/unit, 760 on ci/integration), then merged (770 → 800): 3 tries.
  204: timeline(204, [
    move('pending', 700),
    move('failed', 720, 'test_run_required_status_failed', [check('ci/unit', null)]),
    move('pending', 730),
    move('failed', 760, 'test_run_required_status_failed', [check('ci/integration', null)]),
    move('pending', 770),
    move('merged', 800, 'merge_graph_merge'),
  ]),
  // Cancelled before it ever entered (810), then merged (820 → 900): 1 try, not a retried merge.
  205: timeline(205, [
    move('not_ready', 800),
    move('cancelled', 810, 'user_requested'),
    move('pending', 820),
    move('merged', 900, 'merge_graph_merge'),
  ]),
  // Failed (−700) and merged (−600) in the day before; reopened and merged again (1000 → 1100):
  // the second merge took 1 try, counted from the first.
  206: timeline(206, [
    move('pending', -800),
    move('failed', -700, 'test_run_timeout', [check('ci/integration', null)]),
    move('pending', -650),
    move('merged', -600, 'merge_graph_merge'),
    move('pending', 1000),
    move('merged', 1100, 'merge_graph_merge'),
  ]),
};
