import { describe, expect, it } from '@jest/globals';
import { createRedactor } from '../src/redact.js';

const token = 'Ab"c\\d<e>&f\'g/h-0123456789';
const r = createRedactor(token);

describe('createRedactor', () => {
  it.each([
    ['as is', token],
    ['in another letter case', token.toUpperCase()],
    ['JSON-escaped', JSON.stringify(token).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(token).slice(1, -1).replace(/\//g, '\\/')],
    ['as HTML numeric entities', token.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)],
    [
      'as HTML named entities',
      token
        .replace('&', '&amp;')
        .replace('<', '&lt;')
        .replace('>', '&gt;')
        .replace('"', '&quot;')
        .replace("'", '&#x27;'),
    ],
    ['percent-encoded', encodeURIComponent(token)],
  ])('cuts the token out %s', (_, spelling) => {
    expect(r.text(`before ${spelling} after`)).toBe('before *** after');
  });

  it('cuts the token out when each character takes a different spelling', () => {
    const mixed = [...token]
      .map(
        (c, i) =>
          [
            c,
            `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
            `&#x${c.charCodeAt(0).toString(16)};`,
            `%${c.charCodeAt(0).toString(16)}`,
          ][i % 4],
      )
      .join('');
    expect(r.text(`<${mixed}>`)).toBe('<***>');
  });

  it('cuts out a run of eight or more of its letters and digits, should only part of it come back', () => {
    expect(r.text('echo: 01234567 and 0123456')).toBe('echo: *** and 0123456');
  });

  it('cuts it out of every string and key of a JSON value', () => {
    expect(r.json({ a: [token, { [token]: `x${token}y` }], n: 1, b: null })).toEqual({
      a: ['***', { '***': 'x***y' }],
      n: 1,
      b: null,
    });
  });

  it('changes nothing without a token', () => {
    const none = createRedactor('');
    expect(none.text('a b')).toBe('a b');
    expect(none.json({ a: 1 })).toEqual({ a: 1 });
  });
});
