// The last hour of one queue from Trunk's metrics text: only the series of this branch's main
// queue count, summed over conclusion and any other label; what Trunk did not send is undefined.
import { describe, expect, it } from '@jest/globals';
import type { HourMetrics } from '../../src/core/history.js';
import { hourMetrics } from '../../src/trunk/hour-metrics.js';
import { parsePrometheusText, type Sample } from '../../src/trunk/prometheus.js';

const MAIN = 'repo="acme/app",branch="main",queue_type="main"';
const BISECTION = 'repo="acme/app",branch="main",queue_type="bisection"';
const RELEASE = 'repo="acme/app",branch="release/2.0",queue_type="main"';

/** Frozen, so that a reader that wrote into what it was given would throw. */
function frozen(samples: Sample[]): readonly Sample[] {
  for (const sample of samples) Object.freeze(Object.freeze(sample).labels);
  return Object.freeze(samples);
}

function hour(text: string | string[], branch = 'main'): HourMetrics {
  const { samples, skipped } = parsePrometheusText(Array.isArray(text) ? text.join('\n') : text);
  expect(skipped).toBe(0);
  return hourMetrics(frozen(samples), branch);
}

const NONE: HourMetrics = {
  merged: undefined,
  failed: undefined,
  cancelled: undefined,
  restarts: undefined,
  timeInQueue: undefined,
  testing: undefined,
};

const BOUNDS = [60, 300, 600, 900, 1800, 3600, 5400, 7200, Infinity];
/** A histogram with the documented bounds and these cumulative counts. */
const histogram = (counts: number[]) => ({
  buckets: BOUNDS.map((le, i) => ({ le, count: counts[i] })),
  count: counts.at(-1),
});

describe('which series are this queue', () => {
  it("another branch's series are not this queue's", () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} 5`,
      `mq_pr_conclusions_1h_total{${RELEASE},conclusion="merged"} 7`,
      `mq_pr_restarts_1h_total{${MAIN}} 1`,
      `mq_pr_restarts_1h_total{${RELEASE}} 2`,
    ];
    expect(hour(text, 'main')).toMatchObject({ merged: 5, restarts: 1 });
    expect(hour(text, 'release/2.0')).toMatchObject({ merged: 7, restarts: 2 });
  });

  it('the branch is matched exactly: case, blanks and prefixes differ', () => {
    const text = `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} 5`;
    expect(hour(text, 'main').merged).toBe(5);
    for (const other of ['Main', 'main ', 'mai', 'main2', 'refs/heads/main']) expect(hour(text, other).merged).toBe(0);
  });

  it("the bisection queue's series of the same branch are not the main queue's", () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="failed"} 2`,
      `mq_pr_conclusions_1h_total{${BISECTION},conclusion="failed"} 9`,
      `mq_pr_restarts_1h_total{${MAIN}} 1`,
      `mq_pr_restarts_1h_total{${BISECTION}} 4`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},le="+Inf"} 3`,
      `mq_pr_test_duration_1h_seconds_bucket{${BISECTION},le="+Inf"} 8`,
    ];
    expect(hour(text)).toEqual({
      ...NONE,
      merged: 0,
      failed: 2,
      cancelled: 0,
      restarts: 1,
      testing: { buckets: [{ le: Infinity, count: 3 }], count: 3 },
    });
  });

  it('a series without queue_type is not known to be the main queue, and does not count', () => {
    expect(hour(`mq_pr_restarts_1h_total{repo="acme/app",branch="main"} 4`).restarts).toBe(0);
  });

  it('repo as owner/name or as the name alone: both count, summed', () => {
    const text = [
      `mq_pr_restarts_1h_total{repo="acme/app",branch="main",queue_type="main"} 1`,
      `mq_pr_restarts_1h_total{repo="app",branch="main",queue_type="main"} 2`,
    ];
    expect(hour(text).restarts).toBe(3);
  });
});

describe('summing', () => {
  it('each conclusion over the labels this version does not know', () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged",shard="a"} 2`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged",shard="b"} 3`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="failed",shard="a"} 1`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="timed_out"} 6`,
      `mq_pr_restarts_1h_total{${MAIN},reason="push"} 1`,
      `mq_pr_restarts_1h_total{${MAIN},reason="timeout"} 2`,
    ];
    expect(hour(text)).toEqual({ ...NONE, merged: 5, failed: 1, cancelled: 0, restarts: 3 });
  });

  it('a histogram over conclusion: buckets of the same bound added, counts added', () => {
    const text = [
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="merged",le="300"} 1`,
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="merged",le="+Inf"} 4`,
      `mq_pr_time_in_queue_1h_seconds_count{${MAIN},conclusion="merged"} 4`,
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="failed",le="300"} 2`,
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="failed",le="+Inf"} 3`,
      `mq_pr_time_in_queue_1h_seconds_count{${MAIN},conclusion="failed"} 3`,
    ];
    expect(hour(text).timeInQueue).toEqual({
      buckets: [
        { le: 300, count: 3 },
        { le: Infinity, count: 7 },
      ],
      count: 7,
    });
  });

  it('bounds are numbers: "60", "60.0" and "6e1" are one bucket; the result is ascending whatever the order sent', () => {
    const text = [
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="merged",le="+Inf"} 5`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="merged",le="600"} 4`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="merged",le="60"} 1`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="failed",le="60.0"} 1`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="cancelled",le="6e1"} 2`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="failed",le="Inf"} 1`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},conclusion="cancelled",le="+Inf"} 2`,
    ];
    expect(hour(text).testing).toEqual({
      buckets: [
        { le: 60, count: 4 },
        { le: 600, count: 4 },
        { le: Infinity, count: 8 },
      ],
      count: 8,
    });
  });
});

describe('what Trunk did not send', () => {
  it('no metrics at all: every figure undefined, never 0', () => {
    expect(hour('')).toEqual(NONE);
  });

  it('the gauges alone: the hour is still undefined', () => {
    const text = [
      `mq_depth_current{${MAIN}} 7`,
      `mq_awaiting_mergeability{${MAIN}} 3`,
      `mq_testing_slots_active{${MAIN}} 4`,
    ];
    expect(hour(text)).toEqual(NONE);
  });

  it('the conclusions without a cancelled series: cancelled is 0, the others undefined as before', () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} 5`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="failed"} 1`,
    ];
    expect(hour(text)).toEqual({ ...NONE, merged: 5, failed: 1, cancelled: 0 });
  });

  it("a metric sent for other queues only: this queue's figures are 0 and its histograms empty", () => {
    const text = [
      `mq_pr_conclusions_1h_total{${RELEASE},conclusion="merged"} 5`,
      `mq_pr_restarts_1h_total{${BISECTION}} 1`,
      `mq_pr_time_in_queue_1h_seconds_count{${RELEASE}} 5`,
      `mq_pr_test_duration_1h_seconds_bucket{${BISECTION},le="+Inf"} 2`,
    ];
    expect(hour(text)).toEqual({
      merged: 0,
      failed: 0,
      cancelled: 0,
      restarts: 0,
      timeInQueue: { buckets: [], count: 0 },
      testing: { buckets: [], count: 0 },
    });
  });

  it('NaN is as if not sent: a metric of NaN alone is undefined', () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} NaN`,
      `mq_pr_restarts_1h_total{${MAIN}} NaN`,
      `mq_pr_test_duration_1h_seconds_bucket{${MAIN},le="+Inf"} NaN`,
      `mq_pr_test_duration_1h_seconds_count{${MAIN}} NaN`,
    ];
    expect(hour(text)).toEqual(NONE);
  });

  it("NaN in one of this queue's series: that figure is unknown, not the sum of the rest", () => {
    const text = [
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} NaN`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="failed"} 2`,
      `mq_pr_restarts_1h_total{${MAIN},shard="a"} NaN`,
      `mq_pr_restarts_1h_total{${MAIN},shard="b"} 3`,
    ];
    // A merged count short by a series Trunk could not give would lower the failure rate.
    expect(hour(text)).toMatchObject({ merged: undefined, failed: 2, cancelled: 0, restarts: undefined });
  });

  it("NaN in another queue's series is passed over", () => {
    const text = [
      `mq_pr_conclusions_1h_total{${RELEASE},conclusion="merged"} NaN`,
      `mq_pr_conclusions_1h_total{${BISECTION},conclusion="merged"} NaN`,
      `mq_pr_conclusions_1h_total{${MAIN},conclusion="merged"} 5`,
      `mq_pr_restarts_1h_total{${RELEASE}} NaN`,
      `mq_pr_restarts_1h_total{${MAIN}} 1`,
    ];
    expect(hour(text)).toMatchObject({ merged: 5, failed: 0, cancelled: 0, restarts: 1 });
  });

  it.each<[string, string[], HourMetrics['testing']]>([
    [
      'no _count: the +Inf bucket counts',
      [`le="60"} 1`, `le="+Inf"} 4`],
      {
        buckets: [
          { le: 60, count: 1 },
          { le: Infinity, count: 4 },
        ],
        count: 4,
      },
    ],
    ['a NaN _count: no count to trust, so none', [`le="+Inf"} 4`, 'NaN'], undefined],
    ['a NaN bucket: none', [`le="60"} NaN`, `le="+Inf"} 4`, '4'], undefined],
    ['a _count and no buckets', ['4'], { buckets: [], count: 4 }],
    [
      'a _count that differs from +Inf: the _count is what Trunk counted',
      [`le="+Inf"} 4`, '5'],
      { buckets: [{ le: Infinity, count: 4 }], count: 5 },
    ],
    ['neither a _count nor a +Inf bucket: no count to trust, so none', [`le="60"} 1`, `le="600"} 3`], undefined],
    [
      'a bucket without a readable bound is left out',
      [`le="soon"} 1`, `le="NaN"} 1`, `le="+Inf"} 4`],
      { buckets: [{ le: Infinity, count: 4 }], count: 4 },
    ],
  ])('%s', (_rule, lines, expected) => {
    // A line ending in `} n` is a bucket; a bare number is the _count.
    const text = lines.map((line) =>
      line.includes('}')
        ? `mq_pr_test_duration_1h_seconds_bucket{${MAIN},${line}`
        : `mq_pr_test_duration_1h_seconds_count{${MAIN}} ${line}`,
    );
    expect(hour(text).testing).toEqual(expected);
  });

  it("one conclusion's series without a _count takes its own +Inf, not the others'", () => {
    const text = [
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="merged",le="+Inf"} 12`,
      `mq_pr_time_in_queue_1h_seconds_count{${MAIN},conclusion="merged"} 12`,
      `mq_pr_time_in_queue_1h_seconds_bucket{${MAIN},conclusion="failed",le="+Inf"} 3`,
    ];
    expect(hour(text).timeInQueue?.count).toBe(15);
  });
});

describe('a whole exposition, as v1 serves it for a repository with two branches', () => {
  // By hand: the documented series for main (its main and bisection queues) and release/2.0,
  // the repository named both ways, with series this version does not read mixed in.
  const EXPOSITION = `# HELP mq_depth_current PRs in the queue now.
# TYPE mq_depth_current gauge
mq_depth_current{repo="acme/app",branch="main",queue_type="main"} 7
mq_depth_current{repo="acme/app",branch="main",queue_type="bisection"} 2
mq_depth_current{repo="app",branch="release/2.0",queue_type="main"} 1
# HELP mq_awaiting_mergeability PRs waiting to be mergeable before they enter.
# TYPE mq_awaiting_mergeability gauge
mq_awaiting_mergeability{repo="acme/app",branch="main",queue_type="main"} 3
mq_awaiting_mergeability{repo="app",branch="release/2.0",queue_type="main"} 0
# HELP mq_testing_slots_active Test runs going now.
# TYPE mq_testing_slots_active gauge
mq_testing_slots_active{repo="acme/app",branch="main",queue_type="main"} 4
mq_testing_slots_active{repo="acme/app",branch="main",queue_type="bisection"} 1
mq_testing_slots_active{repo="app",branch="release/2.0",queue_type="main"} 1
# HELP mq_pr_conclusions_1h_total PRs that left the queue in the last hour, by conclusion.
# TYPE mq_pr_conclusions_1h_total gauge
mq_pr_conclusions_1h_total{repo="acme/app",branch="main",queue_type="main",conclusion="merged"} 12
mq_pr_conclusions_1h_total{repo="acme/app",branch="main",queue_type="main",conclusion="failed"} 3
mq_pr_conclusions_1h_total{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled"} 1
mq_pr_conclusions_1h_total{repo="acme/app",branch="main",queue_type="bisection",conclusion="failed"} 2
mq_pr_conclusions_1h_total{repo="acme/app",branch="main",queue_type="bisection",conclusion="cancelled"} 1
mq_pr_conclusions_1h_total{repo="app",branch="release/2.0",queue_type="main",conclusion="merged"} 4
mq_pr_conclusions_1h_total{repo="app",branch="release/2.0",queue_type="main",conclusion="failed"} 1
# HELP mq_pr_restarts_1h_total Test runs restarted in the last hour.
# TYPE mq_pr_restarts_1h_total gauge
mq_pr_restarts_1h_total{repo="acme/app",branch="main",queue_type="main"} 5
mq_pr_restarts_1h_total{repo="acme/app",branch="main",queue_type="bisection"} 2
mq_pr_restarts_1h_total{repo="app",branch="release/2.0",queue_type="main"} 1
# HELP mq_pr_wait_duration_1h_seconds Time waiting to enter the queue.
# TYPE mq_pr_wait_duration_1h_seconds histogram
mq_pr_wait_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="60"} 9
mq_pr_wait_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="300"} 14
mq_pr_wait_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="+Inf"} 16
mq_pr_wait_duration_1h_seconds_sum{repo="acme/app",branch="main",queue_type="main"} 1450
mq_pr_wait_duration_1h_seconds_count{repo="acme/app",branch="main",queue_type="main"} 16
# HELP mq_pr_test_duration_1h_seconds Length of test runs that ended in the last hour.
# TYPE mq_pr_test_duration_1h_seconds histogram
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="60"} 0
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="300"} 2
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="600"} 8
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="900"} 13
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="1800"} 15
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="3600"} 15
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="5400"} 15
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="7200"} 15
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",le="+Inf"} 15
mq_pr_test_duration_1h_seconds_sum{repo="acme/app",branch="main",queue_type="main"} 7000
mq_pr_test_duration_1h_seconds_count{repo="acme/app",branch="main",queue_type="main"} 15
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="60"} 1
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="300"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="600"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="900"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="1800"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="3600"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="5400"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="7200"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",le="+Inf"} 3
mq_pr_test_duration_1h_seconds_sum{repo="acme/app",branch="main",queue_type="bisection"} 500
mq_pr_test_duration_1h_seconds_count{repo="acme/app",branch="main",queue_type="bisection"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="60"} 0
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="300"} 1
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="600"} 3
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="900"} 5
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="1800"} 5
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="3600"} 5
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="5400"} 5
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="7200"} 5
mq_pr_test_duration_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",le="+Inf"} 5
mq_pr_test_duration_1h_seconds_sum{repo="app",branch="release/2.0",queue_type="main"} 2400
mq_pr_test_duration_1h_seconds_count{repo="app",branch="release/2.0",queue_type="main"} 5
# HELP mq_pr_time_in_queue_1h_seconds Time from entering the queue to leaving it, for PRs that left in the last hour.
# TYPE mq_pr_time_in_queue_1h_seconds histogram
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="60"} 0
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="300"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="600"} 4
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="900"} 7
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="1800"} 10
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="3600"} 11
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="5400"} 12
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="7200"} 12
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="merged",le="+Inf"} 12
mq_pr_time_in_queue_1h_seconds_sum{repo="acme/app",branch="main",queue_type="main",conclusion="merged"} 11800
mq_pr_time_in_queue_1h_seconds_count{repo="acme/app",branch="main",queue_type="main",conclusion="merged"} 12
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="60"} 0
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="300"} 0
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="600"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="900"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="1800"} 2
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="3600"} 3
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="5400"} 3
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="7200"} 3
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="failed",le="+Inf"} 3
mq_pr_time_in_queue_1h_seconds_sum{repo="acme/app",branch="main",queue_type="main",conclusion="failed"} 4300
mq_pr_time_in_queue_1h_seconds_count{repo="acme/app",branch="main",queue_type="main",conclusion="failed"} 3
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="60"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="300"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="600"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="900"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="1800"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="3600"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="5400"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="7200"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled",le="+Inf"} 1
mq_pr_time_in_queue_1h_seconds_sum{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled"} 40
mq_pr_time_in_queue_1h_seconds_count{repo="acme/app",branch="main",queue_type="main",conclusion="cancelled"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",conclusion="failed",le="900"} 1
mq_pr_time_in_queue_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="bisection",conclusion="failed",le="+Inf"} 2
mq_pr_time_in_queue_1h_seconds_count{repo="acme/app",branch="main",queue_type="bisection",conclusion="failed"} 2
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="60"} 0
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="300"} 0
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="600"} 2
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="900"} 3
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="1800"} 4
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="3600"} 4
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="5400"} 4
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="7200"} 4
mq_pr_time_in_queue_1h_seconds_bucket{repo="app",branch="release/2.0",queue_type="main",conclusion="merged",le="+Inf"} 4
mq_pr_time_in_queue_1h_seconds_sum{repo="app",branch="release/2.0",queue_type="main",conclusion="merged"} 2900
mq_pr_time_in_queue_1h_seconds_count{repo="app",branch="release/2.0",queue_type="main",conclusion="merged"} 4
# HELP mq_pr_state_duration_1h_seconds Time spent in each state.
# TYPE mq_pr_state_duration_1h_seconds histogram
mq_pr_state_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",state="testing",le="600"} 8
mq_pr_state_duration_1h_seconds_bucket{repo="acme/app",branch="main",queue_type="main",state="testing",le="+Inf"} 15
mq_pr_state_duration_1h_seconds_count{repo="acme/app",branch="main",queue_type="main",state="testing"} 15
`;

  it('reads without a skipped line', () => {
    expect(parsePrometheusText(EXPOSITION).skipped).toBe(0);
  });

  it("main: its main queue's figures, summed over conclusion", () => {
    // Time in queue, per bound: merged + failed + cancelled (0+0+1, 1+0+1, 4+1+1, 7+1+1, 10+2+1,
    // 11+3+1, 12+3+1, ...); the count 12 + 3 + 1.
    expect(hour(EXPOSITION, 'main')).toEqual({
      merged: 12,
      failed: 3,
      cancelled: 1,
      restarts: 5,
      timeInQueue: histogram([1, 2, 6, 9, 13, 15, 16, 16, 16]),
      testing: histogram([0, 2, 8, 13, 15, 15, 15, 15, 15]),
    });
  });

  it('release/2.0: its own figures; it sent no cancelled series, so none were cancelled', () => {
    expect(hour(EXPOSITION, 'release/2.0')).toEqual({
      merged: 4,
      failed: 1,
      cancelled: 0,
      restarts: 1,
      timeInQueue: histogram([0, 0, 2, 3, 4, 4, 4, 4, 4]),
      testing: histogram([0, 1, 3, 5, 5, 5, 5, 5, 5]),
    });
  });

  it('the same text with CRLF line ends gives the same figures', () => {
    expect(hour(EXPOSITION.replaceAll('\n', '\r\n'), 'main')).toEqual(hour(EXPOSITION, 'main'));
  });
});
