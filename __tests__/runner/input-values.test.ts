// One input's value: each rule read directly, and the message that names the input and quotes
// the value (shortened; redaction is the caller's `show`). Whole sets of inputs: inputs.test.ts.
import { describe, expect, it } from '@jest/globals';
import { bool, milliseconds, parse, quote, waitFor, wholeNumber } from '../../src/runner/input-values.js';
import { InputError } from '../../src/shared/errors.js';

const read = <T>(schema: Parameters<typeof parse<T>>[1], raw: string) => parse('x', schema, raw, quote);

describe('rules', () => {
  it('bool takes the three spellings of each', () => {
    expect(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'].map((raw) => read(bool, raw))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('milliseconds rounds the decimal as written, within its bounds', () => {
    expect(read(milliseconds(0, true, 'above 0'), '1.0005')).toBe(1001);
    expect(() => read(milliseconds(0, true, 'above 0'), '0')).toThrow(
      'Input \'x\' must be a number of seconds above 0, got "0"',
    );
    expect(() => read(milliseconds(0, true, 'above 0'), '2000001')).toThrow('must be at most 2000000 seconds');
  });

  it('wholeNumber and waitFor', () => {
    expect(read(wholeNumber(0, 10, 'from 0 to 10'), '10')).toBe(10);
    expect(() => read(wholeNumber(0, 10, 'from 0 to 10'), '1.5')).toThrow(InputError);
    expect(read(waitFor, 'Merged, failed  cancelled')).toEqual(['merged', 'failed', 'cancelled']);
  });
});

describe('the message', () => {
  it('quotes the value shortened to 60 characters', () => {
    expect(() => read(bool, 'y'.repeat(100))).toThrow(`Input 'x' must be true or false, got "${'y'.repeat(59)}…"`);
  });
});
