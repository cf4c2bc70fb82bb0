// The redactor that every text from outside passes on its way in (answers, messages, the event)
// and every text on its way out of the action (log, outputs, summary, error line). The rule: no
// 12-character fragment of a credential, in any letter case, in any spelling the text's format
// gives it, as base64, or broken up by white space and invisible characters. Whole runs are
// asserted in run/planted-credentials.slow.test.ts and run/outside-text.test.ts; here, the spellings
// and the fragments themselves.
import { describe, expect, it } from '@jest/globals';
import { createRedactor, FRAGMENT, MIN_CREDENTIAL_CHARS, REDACTED, unmaskable } from '../../src/shared/redact.js';
import { fragmentsLeft } from '../helpers/token-fragments.js';

const token = 'Ab"c\\d<e>&f\'g/h-0123456789';
const r = createRedactor([token]);
const htmlNumeric = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unicode = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

describe('createRedactor', () => {
  it.each([
    ['as is', token],
    ['in another letter case', token.toUpperCase()],
    ['JSON-escaped', jsonInner(token)],
    ['JSON-escaped with \\/', jsonInner(token).replace(/\//g, '\\/')],
    ['as HTML numeric entities', htmlNumeric(token)],
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
    ['\\u-escaped, every character', unicode(token)],
    ['JSON-escaped twice (an error body quoting a JSON body)', jsonInner(jsonInner(token))],
    ['HTML-escaped JSON', htmlNumeric(jsonInner(token))],
  ])('cuts the token out %s', (_, spelling) => {
    expect(r.text(`before ${spelling} after`)).toBe(`before ${REDACTED} after`);
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
    // A plain backslash before an escape reads two ways (JSON: a backslash, then text); some
    // characters may stay, but no 12 of them in any reading.
    const cut = r.text(`<${mixed}>`);
    expect(cut).toMatch(/^<.{0,20}\*\*\*>$/);
    expect(fragmentsLeft(cut, token)).toEqual([]);
    expect(fragmentsLeft(`<${mixed}>`, token).length).toBeGreaterThan(0);
  });

  it('cuts any fragment of 12 characters, and leaves 11', () => {
    expect(FRAGMENT).toBe(12);
    const twelve = token.slice(-12);
    expect(r.text(`echo: ${twelve}.`)).toBe(`echo: ${REDACTED}.`);
    expect(r.text(`echo: ${twelve.slice(1)}.`)).toBe(`echo: ${twelve.slice(1)}.`);
    // Anywhere in the token, not only at its ends.
    expect(r.text(`(${token.slice(5, 17)})`)).toBe(`(${REDACTED})`);
  });

  it('cuts the 18-character middle of a UUID-shaped token: its separators do not hide it', () => {
    const uuid = createRedactor(['3f0c1b9e-5d7a-4c1e-9a52-0b8f2c6d7e11']);
    const middle = '5d7a-4c1e-9a52-0b8';
    expect(middle).toHaveLength(18);
    expect(uuid.text(`id ${middle} end`)).toBe(`id ${REDACTED} end`);
    expect(uuid.text(`id ${middle.toUpperCase()} end`)).toBe(`id ${REDACTED} end`);
  });

  it('cuts a 14-character fragment full of specials, HTML-escaped or \\u-escaped', () => {
    const fragment = token.slice(1, 15);
    expect(fragment).toBe('b"c\\d<e>&f\'g/h');
    for (const spelling of [htmlNumeric(fragment), unicode(fragment), htmlNumeric(jsonInner(fragment))]) {
      expect(r.text(`[${spelling}]`)).toBe(`[${REDACTED}]`);
    }
  });

  it('cuts a fragment out of a JSON body quoted, escaped, in another JSON body', () => {
    const inner = JSON.stringify({ title: `x ${token.slice(3)} y`, n: 1 });
    const outer = JSON.stringify({ error: `upstream said ${inner}` });
    const cut = r.text(outer);
    expect(cut).not.toContain('0123456789');
    expect(cut).toContain(`x ${REDACTED} y`);
    expect(cut).toMatch(/^\{"error":"upstream said \{\\"title\\":\\"x \*\*\* y\\",\\"n\\":1\}"\}$/);
  });

  it('reads a text each way it can be read: a token that looks like an escape stays itself', () => {
    // "%aE" is not percent-encoding in an HTML page, nor "\\f" a form feed in JSON that was escaped.
    const odd = "wx%aE'zn1\\fBcj<RG#";
    const cut = createRedactor([odd]);
    for (const spelling of [htmlNumeric(odd), jsonInner(odd), htmlNumeric(jsonInner(jsonInner(odd)))]) {
      expect(cut.text(`[${spelling}]`)).toBe(`[${REDACTED}]`);
    }
    // A plain backslash, then the next character \u-escaped: a backslash and a quote.
    const quoted = createRedactor(["cosmuockWc\\'Y7h54N"]);
    expect(fragmentsLeft(quoted.text(jsonInner(jsonInner('cosmuockWc\\\\u0027Y7'))), "cosmuockWc\\'Y7h54N")).toEqual(
      [],
    );
  });

  it('cuts every credential it was given', () => {
    const both = createRedactor(['tok-0123456789abcdef', 'trunk_v2_ZYXWVUTSRQPONM']);
    expect(both.text('a tok-0123456789abcdef b trunk_v2_zyxwvutsrqponm c')).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });

  it('cuts a short credential only whole, wherever it is', () => {
    const short = createRedactor(['failure']);
    expect(short.text('state pending_failure; fail')).toBe(`state pending_${REDACTED}; fail`);
  });

  it('changes nothing else: no credential, or text without one', () => {
    expect(createRedactor([]).text('a b')).toBe('a b');
    expect(createRedactor(['']).text('a b')).toBe('a b');
    const text = 'pending_failure &amp; \\u0041 %41 {"a":"\\"b"}';
    expect(r.text(text)).toBe(text);
  });
});

describe('createRedactor: base64 and text broken up', () => {
  const key = 'trunk_v2_Tq2Wm9Xp4Lz8Nb3Vc7Hd';
  const byKey = createRedactor([key]);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const b64url = (text: string) => Buffer.from(text).toString('base64url');
  /** What base64 decodes to at every alignment, for the test to look for the key in. */
  const decodedAt = (text: string) =>
    [0, 1, 2, 3].map((skip) => Buffer.from(text.replace(/\*\*\*/g, 'AAAA').slice(skip), 'base64').toString('latin1'));

  it.each([
    ['base64', b64(key)],
    ['base64 of Bearer <key>', b64(`Bearer ${key}`)],
    ['base64 of token <key>', b64(`token ${key}`)],
    ['base64 of x:<key> (basic auth)', b64(`x:${key}`)],
    ['URL-safe base64 of Bearer <key>', b64url(`Bearer ${key}`)],
    ['base64, lowercased', b64(`Bearer ${key}`).toLowerCase()],
    ['base64 wrapped at 20 characters', b64(`token ${key}`).replace(/(.{20})/g, '$1\n')],
    ['base64, JSON-escaped inside a body', JSON.stringify({ auth: b64(`Bearer ${key}`) })],
  ])('cuts the key out as %s, at each alignment', (_, spelled) => {
    for (const lead of ['', 'a', 'ab']) {
      const cut = byKey.text(`${lead}${spelled} after`);
      expect(cut).toContain(REDACTED);
      for (const decoded of decodedAt(
        cut
          .replace(/[^A-Za-z0-9+/_-]/g, '')
          .replace(/-/g, '+')
          .replace(/_/g, '/'),
      )) {
        expect(fragmentsLeft(decoded, key)).toEqual([]);
      }
    }
  });

  it.each([
    ['a line break every 11 characters', (t: string) => t.replace(/(.{11})/g, '$1\n')],
    ['a space between every character', (t: string) => [...t].join(' ')],
    ['zero-width spaces', (t: string) => [...t].join('\u200b')],
    ['soft hyphens every 3 characters', (t: string) => t.replace(/(.{3})/g, '$1\u00ad')],
    ['a bidi override and word joiners', (t: string) => `\u202e${[...t].join('\u2060')}\u202c`],
    ['tag characters (outside the BMP)', (t: string) => [...t].join('\u{E0020}')],
    ['CRLF and tabs, JSON-escaped', (t: string) => JSON.stringify(t.replace(/(.{5})/g, '$1\r\n\t')).slice(1, -1)],
    ['zero-width spaces, percent-encoded as UTF-8', (t: string) => [...t].join('%E2%80%8B')],
    ['zero-width spaces as HTML entities', (t: string) => [...t].join('&#8203;')],
  ])('cuts the key out when it is broken up by %s', (_, split) => {
    // Invisible characters before and after the key may stay; the surfaces remove them (format.ts).
    const cut = byKey.text(`before ${split(key)} after`);
    expect(cut.replace(/[\p{Cf}]/gu, '')).toBe(`before ${REDACTED} after`);
  });

  it('cuts a piece of 12 visible characters out of a broken-up text, and leaves 11', () => {
    const twelve = key.slice(9, 21);
    expect(byKey.text(`(${[...twelve].join('\u200b')})`)).toBe(`(${REDACTED})`);
    expect(byKey.text(`(${[...twelve.slice(1)].join('\u200b')})`)).toBe(`(${[...twelve.slice(1)].join('\u200b')})`);
  });

  it('changes nothing in ordinary base64 or spaced text', () => {
    const text = `${b64('Bearer some-other-key-0123456789')} ${[...'Tq2Wm9Xp4Lz'].join(' ')}, ${key.slice(0, 11)}…`;
    expect(byKey.text(text)).toBe(text);
  });
});

describe('json and jsonText', () => {
  const token = 'tok_Zx9Yw8Vu7Ts6Rq5Po4';
  const r2 = createRedactor([token]);

  it('redacts every string and key of a parsed value, however deep, and keeps a __proto__ key a key', () => {
    const depth = 10_000;
    const deep = `${'['.repeat(depth)}{"leaf":"x ${token} y"}${']'.repeat(depth)}`;
    const value = JSON.parse(
      `{"__proto__":"${token}","${token}":1,"list":[{"n":2,"s":"${token.toUpperCase()}"}],"deep":${deep}}`,
    ) as Record<string, unknown>;
    const cut = r2.json(value);
    expect(cut).toBe(value);
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(cut, '__proto__')?.value).toBe(REDACTED);
    expect(cut[REDACTED]).toBe(1);
    expect(cut['list']).toEqual([{ n: 2, s: REDACTED }]);
    let leaf: unknown = cut['deep'];
    for (let i = 0; i < depth; i++) leaf = (leaf as unknown[])[0];
    expect(leaf).toEqual({ leaf: `x ${REDACTED} y` });
  });

  it('redacts a JSON body as text, and keeps it JSON', () => {
    const body = JSON.stringify({ title: `a ${token} b`, n: 1.5 });
    expect(r2.jsonText(body)).toBe(`{"title":"a ${REDACTED} b","n":1.5}`);
    expect(r2.jsonText('not json ' + token)).toBe(`not json ${REDACTED}`);
  });

  it('keeps a body JSON when a cut would cross a string boundary: string by string instead', () => {
    const quoted = 'abc"def:ghij"klmnopq';
    const r3 = createRedactor([quoted]);
    // The credential spelled across a key and its value: `{"x":"abc"def:ghij"klmnopq"}` is not it.
    const body = '{"abc":"def:ghij","klmnopq":"abc\\"def:ghij\\"klmnopq"}';
    expect(() => JSON.parse(body)).not.toThrow();
    const cut = r3.jsonText(body);
    expect(() => JSON.parse(cut)).not.toThrow();
    expect(fragmentsLeft(cut, quoted)).toEqual([]);
  });
});

describe('unmaskable', () => {
  it.each(['true', 'false', 'FALSE', 'null', '0', '1234', 'abcdefg'])(
    'refuses %j: under 8 characters, it would hide ordinary words',
    (value) => {
      expect(MIN_CREDENTIAL_CHARS).toBe(8);
      expect(unmaskable(value)).toBe('is under 8 characters');
    },
  );

  it.each(['12345678', '20261120123456789', '-12345678', '1234.5678', '1.5e+300', '.1234567'])(
    'refuses %j: a number, it would hide numbers the action writes',
    (value) => {
      expect(unmaskable(value)).toBe('is a number');
    },
  );

  it.each(['tok-1234', '12345678x', '0x1234567', 'sim-token-0123456789', 'trunk_v2_k3yK3yk3y'])('takes %j', (value) => {
    expect(unmaskable(value)).toBeUndefined();
  });
});
