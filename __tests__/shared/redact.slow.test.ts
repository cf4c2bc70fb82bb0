// The redactor over a 1 MB body with every kind of escape and no credential: it changes nothing
// (redact.test.ts has the rest).
import { describe, expect, it } from '@jest/globals';
import { createRedactor } from '../../src/shared/redact.js';

const token = 'Ab"c\\d<e>&f\'g/h-0123456789';
const r = createRedactor([token]);

describe('createRedactor, over a large body', () => {
  it('leaves a 1 MB body with every kind of escape and no credential as it was', () => {
    const body = JSON.stringify({ a: Array.from({ length: 20_000 }, (_, i) => `x"y\\z &amp; %41 \\u0041 ${i}`) });
    expect(r.text(body)).toBe(body);
  });
});
