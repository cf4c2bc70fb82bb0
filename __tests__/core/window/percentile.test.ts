// Percentiles as the contract defines them: nearest rank over values, and the upper bound of a
// histogram's bucket. Each row says which rank it lands on and why.
import { describe, expect, it } from '@jest/globals';
import type { Histogram } from '../../../src/core/history.js';
import { bucketBound, nearestRank } from '../../../src/core/window/percentile.js';

describe('nearestRank', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it.each<[string, number[], number, number | undefined]>([
    ['no values: undefined', [], 0.5, undefined],
    ['one value is every percentile: p50', [7], 0.5, 7],
    ['one value is every percentile: p90', [7], 0.9, 7],
    // n = 2: p50 rank ceil(1) = 1, the lower; p90 rank ceil(1.8) = 2, the higher. No averaging.
    ['two values: p50 is the lower, not their mean', [45, 40], 0.5, 40],
    ['two values: p90 is the higher', [40, 45], 0.9, 45],
    // The window's times in queue in minutes, unsorted; sorted 40 45 60 65 90 100.
    ['p50 of six: rank ceil(3) = 3, the third smallest', [100, 40, 90, 60, 45, 65], 0.5, 60],
    ['p90 of six: rank ceil(5.4) = 6, not the fifth', [100, 40, 90, 60, 45, 65], 0.9, 100],
    ['q = 0 is still rank 1, the smallest', [5, 3, 9], 0, 3],
    // 0.55 × 100 is 55.00000000000001 in floating point; ceil of that would be rank 56.
    ['a rank that is whole on paper stays whole: 0.55 of 1..100 is 55', hundred, 0.55, 55],
  ])('%s', (_, values, q, expected) => {
    expect(nearestRank(values, q)).toBe(expected);
  });

  it('sorts a copy: the values it was given keep their order', () => {
    const values = [3, 1, 2];
    nearestRank(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('bucketBound', () => {
  /** Trunk's buckets (seconds), with these cumulative counts; +Inf last unless `withInf` is false. */
  function histogram(counts: number[], count: number, withInf = true): Histogram {
    const les = [60, 300, 600, 900, 1800, 3600, 5400, 7200, Infinity].slice(0, withInf ? 9 : 8);
    return { buckets: les.map((le, i) => ({ le, count: counts[i] ?? count })), count };
  }
  const ten = histogram([0, 1, 3, 5, 8, 9, 9, 9, 10], 10);

  it.each<[string, Histogram, number, number | undefined]>([
    // rank ceil(0.5 × 10) = 5; the cumulative counts reach 5 first at le 900 (exactly 5 there).
    ['p50 of ten: the first bucket whose cumulative count reaches rank 5', ten, 0.5, 900],
    // rank 9: 8 at 1800, 9 at 3600.
    ['p90 of ten: rank 9, reached at 3600', ten, 0.9, 3600],
    ['one trip, under a minute: 60', histogram([1, 1, 1, 1, 1, 1, 1, 1, 1], 1), 0.5, 60],
    ['only +Inf reaches the rank: Infinity', histogram([0, 0, 0, 0, 0, 0, 0, 0, 2], 2), 0.5, Infinity],
    // count 3, every bucket sent holds 1: rank ceil(2.7) = 3 is only in the +Inf bucket Trunk left out.
    [
      '+Inf not sent and no bucket reaches the rank: Infinity',
      histogram([1, 1, 1, 1, 1, 1, 1, 1], 3, false),
      0.9,
      Infinity,
    ],
    // the same rank 3, with the 7200 bucket holding all 3: the +Inf bucket is not needed.
    [
      '+Inf not sent but a bucket reaches the rank: that bucket',
      histogram([1, 1, 1, 1, 1, 1, 1, 3], 3, false),
      0.9,
      7200,
    ],
    ['nothing counted: undefined', histogram([0, 0, 0, 0, 0, 0, 0, 0, 0], 0), 0.5, undefined],
    [
      // sorted, 300 holds 2 of 2 and comes before 600; taken in the given order, 600 would answer first.
      'buckets given out of order are read in ascending order',
      {
        buckets: [
          { le: 600, count: 2 },
          { le: 300, count: 2 },
          { le: Infinity, count: 2 },
        ],
        count: 2,
      },
      0.5,
      300,
    ],
  ])('%s', (_, given, q, expected) => {
    expect(bucketBound(given, q)).toBe(expected);
  });
});
