// Checking a parsed body: the first offending field named as a user finds it in the body, and
// numbers JSON carries but JavaScript cannot hold exactly (1e999, 2^53 + 1) said to be so.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import { exactNumber, parseBody, shown } from '../../src/trunk/validate.js';

const schema = z.looseObject({
  testingTimeoutMinutes: exactNumber,
  entries: z.array(z.looseObject({ number: exactNumber })),
  concurrency: shown(z.number()),
});
const parse = (text: string) => parseBody(schema, JSON.parse(text) as unknown);

describe('numbers JavaScript cannot hold', () => {
  it('1e999 (legal JSON, read as Infinity) is named as too large, not "number null"', () => {
    expect(parse('{"testingTimeoutMinutes": 1e999, "entries": []}')).toEqual({
      ok: false,
      problem:
        'field "testingTimeoutMinutes" is a number too large for JavaScript to hold (JSON.parse reads it as Infinity); a finite number is expected',
    });
    expect(parse('{"testingTimeoutMinutes": 1, "entries": [{"number": -1e999}]}')).toMatchObject({
      problem: expect.stringMatching(/^field "entries\[0\]\.number" is a number too large .* as -Infinity\)/),
    });
  });

  it('beyond 2^53, where JavaScript rounds, is named too', () => {
    expect(parse('{"testingTimeoutMinutes": 1, "entries": [{"number": 9007199254740993}]}')).toEqual({
      ok: false,
      problem:
        'field "entries[0].number" is a number beyond 2^53 (9007199254740991), which JavaScript cannot hold exactly',
    });
  });

  it('2^53 - 1, fractions and negatives are held exactly enough, and pass', () => {
    expect(
      parse('{"testingTimeoutMinutes": 1.5, "entries": [{"number": 9007199254740991}, {"number": -3}]}'),
    ).toMatchObject({
      ok: true,
    });
  });

  it('a field only shown in the summary tolerates 1e999: it shows as "—", like any unusable value', () => {
    expect(parse('{"testingTimeoutMinutes": 1, "entries": [], "concurrency": 1e999}')).toEqual({
      ok: true,
      value: { testingTimeoutMinutes: 1, entries: [], concurrency: undefined },
    });
  });

  it('another type where a number belongs is said as before', () => {
    expect(parse('{"testingTimeoutMinutes": "5", "entries": []}')).toMatchObject({
      problem: 'field "testingTimeoutMinutes" should be number but is string "5"',
    });
  });
});
