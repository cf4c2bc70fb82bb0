// The exact text of a value inside a JSON document: what pr-json, queue-json and priority-value are
// made of, so that the outputs carry Trunk's answer as sent rather than a re-serialisation of it.
import { describe, expect, it } from '@jest/globals';
import { rawJsonAt } from '../../src/trunk/json-text.js';

describe('rawJsonAt', () => {
  it('gives the whole document for the empty path, as written', () => {
    const text = ' {"b": 1, "a": [1.50, 9007199254740993], "b": 2}\n';
    expect(rawJsonAt(text, [])).toBe(text.trim());
  });

  it('gives a number as written, not as JavaScript would print it', () => {
    const text = '{"priorityValue": 1.50, "big": 9007199254740993, "exp": 1E+2, "neg": -0.0}';
    expect(rawJsonAt(text, ['priorityValue'])).toBe('1.50');
    expect(rawJsonAt(text, ['big'])).toBe('9007199254740993');
    expect(rawJsonAt(text, ['exp'])).toBe('1E+2');
    expect(rawJsonAt(text, ['neg'])).toBe('-0.0');
  });

  it('takes the last of a repeated key, as JSON.parse does', () => {
    const text = '{"priorityValue": 1, "x": {"priorityValue": 5}, "priorityValue": 2.0}';
    expect(JSON.parse(text).priorityValue).toBe(2);
    expect(rawJsonAt(text, ['priorityValue'])).toBe('2.0');
  });

  it('walks objects and arrays, past strings that hold brackets, quotes and escapes', () => {
    const text = '{"s": "}]\\"{[", "list": [ {"n": "a,b"} , [1, 2], {"n": 3.10} ], "k\\"ey": true}';
    expect(rawJsonAt(text, ['list', 2, 'n'])).toBe('3.10');
    expect(rawJsonAt(text, ['list', 1])).toBe('[1, 2]');
    expect(rawJsonAt(text, ['list', 0, 'n'])).toBe('"a,b"');
    expect(rawJsonAt(text, ['k"ey'])).toBe('true');
    expect(rawJsonAt(text, ['s'])).toBe('"}]\\"{["');
  });

  it('is undefined for a path that is not there', () => {
    const text = '{"a": [1], "b": null}';
    expect(rawJsonAt(text, ['c'])).toBeUndefined();
    expect(rawJsonAt(text, ['a', 1])).toBeUndefined();
    expect(rawJsonAt(text, ['a', 'x'])).toBeUndefined();
    expect(rawJsonAt(text, ['b', 'x'])).toBeUndefined();
    expect(rawJsonAt(text, ['b'])).toBe('null');
  });

  it('finds a field after one nested 100,000 levels deep, without running out of stack', () => {
    const depth = 100_000;
    const text = `{"deep": ${'['.repeat(depth)}${']'.repeat(depth)}, "priorityValue": 1.50}`;
    expect(rawJsonAt(text, ['priorityValue'])).toBe('1.50');
    expect(rawJsonAt(text, ['deep'])?.length).toBe(2 * depth);
  });
});
