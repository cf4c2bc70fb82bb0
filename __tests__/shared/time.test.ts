import { describe, expect, it } from '@jest/globals';
import { isoSeconds, parseTimestamp, validDate } from '../../src/shared/time.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('parseTimestamp', () => {
  it('reads offsets and a missing zone as UTC', () => {
    expect(parseTimestamp('2026-11-20T13:00:00+01:00')).toBe(NOW);
    expect(parseTimestamp('2026-11-20T12:00:00')).toBe(NOW);
    expect(parseTimestamp(' 2026-11-20 12:00Z ')).toBe(NOW);
  });

  it.each(['', 'yesterday', 'March 7', '2026-11-20', '1763640000', '2026-13-45T99:00:00Z', '+275760-09-13T00:00:01Z'])(
    'reads no time from %j',
    (text) => {
      expect(parseTimestamp(text)).toBeUndefined();
    },
  );
});

describe('isoSeconds', () => {
  it('writes UTC to the second, cutting the milliseconds', () => {
    expect(isoSeconds(NOW + 999)).toBe('2026-11-20T12:00:00Z');
  });

  it('writes nothing for a time no date can hold', () => {
    expect(isoSeconds(Number.POSITIVE_INFINITY)).toBe('');
    expect(isoSeconds(8.64e15 + 1)).toBe('');
    // Past year 9999 JavaScript writes +010000-01-01T00:00:00.000Z: not the format the outputs promise.
    expect(isoSeconds(Date.UTC(9999, 11, 31, 23, 59, 59))).toBe('9999-12-31T23:59:59Z');
    expect(isoSeconds(Date.UTC(10000, 0, 1))).toBe('');
    expect(isoSeconds(-1000)).toBe('1969-12-31T23:59:59Z');
    expect(isoSeconds(-62_167_219_200_000)).toBe('0000-01-01T00:00:00Z');
    expect(isoSeconds(-62_167_219_200_000 - 1000)).toBe('');
    expect(validDate(8.64e15)).toBe(true);
  });
});
