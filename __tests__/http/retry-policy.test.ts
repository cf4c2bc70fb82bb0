import { describe, expect, it } from '@jest/globals';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../src/http/retry-policy.js';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['3', 3000],
    [' 0 ', 0],
    ['1.5', 1500],
    ['3600', MAX_RETRY_AFTER_MS],
    ['Sat, 21 Nov 2026 12:00:10 GMT', 10_000],
    ['Sat, 21 Nov 2026 11:59:00 GMT', 0],
    ['Sat, 21 Nov 2026 13:00:00 GMT', MAX_RETRY_AFTER_MS],
  ])('reads %j as %d ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([undefined, '', 'soon', '-5'])('ignores %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('starts near 1 s and doubles, with jitter added on top of the least wait', () => {
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, undefined, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect([0, 1, 2, 3].map((retry) => backoffMs(retry, undefined, () => 1))).toEqual([1500, 3000, 6000, 12000]);
  });

  it('waits at least Retry-After, and jitters above it', () => {
    expect(backoffMs(0, 5000, () => 0)).toBe(5000);
    expect(backoffMs(0, 5000, () => 0.999)).toBeGreaterThan(5400);
    expect(backoffMs(2, 1000, () => 0)).toBe(4000);
  });

  it('never waits more than the caps allow', () => {
    expect(backoffMs(30, MAX_RETRY_AFTER_MS, () => 1)).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS + 16_000);
  });
});
