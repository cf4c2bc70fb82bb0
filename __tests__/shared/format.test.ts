import { describe, expect, it } from '@jest/globals';
import {
  clip,
  duration,
  formatCharsEscaped,
  grouped,
  millis,
  oneLine,
  ordinal,
  outside,
  shortSha,
  plural,
  spaced,
  utcClock,
} from '../../src/shared/format.js';

describe('text as people read it', () => {
  it('oneLine folds controls and line breaks', () => {
    expect(oneLine(' a\r\nb\u0000c\u2028d\u0085 ')).toBe('a b c d');
  });

  it('oneLine and spaced remove invisible format characters: bidi controls, zero-width ones, soft hyphens, tags', () => {
    // "required check ‮deliaf‬ passed" would read "required check passed failed" the other way round.
    const spoof = 'check \u202edeliaf\u202c passed, s\u00adhy, zero\u200bwidth, join\u2060ed, tag\u{E0041}, \ufeffbom';
    const clean = 'check deliaf passed, shy, zerowidth, joined, tag, bom';
    expect(oneLine(spoof)).toBe(clean);
    expect(oneLine(spoof, { squeeze: true })).toBe(clean);
    expect(spaced(` ${spoof}\n`)).toBe(` ${clean} `);
    // Emoji and letters with combining marks are not format characters.
    expect(oneLine('✅ ⚠️ café')).toBe('✅ ⚠️ café');
  });

  it('formatCharsEscaped writes them as JSON escapes: the same JSON, nothing invisible', () => {
    const body = JSON.stringify({ title: 'a\u202eb\u200bc', tag: '\u{E0041}', plain: 'x' });
    const escaped = formatCharsEscaped(body);
    expect(escaped).toBe('{"title":"a\\u202eb\\u200bc","tag":"\\udb40\\udc41","plain":"x"}');
    expect(JSON.parse(escaped)).toEqual(JSON.parse(body));
  });

  it('shortSha shortens a SHA, and quotes anything else as text from outside, never as a commit', () => {
    expect(shortSha('A'.repeat(40))).toBe('AAAAAAA');
    expect(shortSha('b'.repeat(64))).toBe('bbbbbbb');
    expect(shortSha('@here x')).toBe(outside('@here x'));
    expect(shortSha('c'.repeat(39))).toBe(outside('c'.repeat(39)));
    expect(shortSha('x'.repeat(100))).toBe(outside(`${'x'.repeat(39)}…`));
  });

  it('oneLine keeps spaces as they are, unless asked to squeeze every run of white space', () => {
    expect(oneLine('a  b\t\tc')).toBe('a  b c');
    expect(oneLine(' a  b\t\n c\u00a0 d ', { squeeze: true })).toBe('a b c d');
  });

  it('clip cuts to at most max characters, the last an ellipsis, never half a surrogate pair', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('a😀bc', 3)).toBe('a…');
    expect(clip('ab😀cd', 5)).toBe('ab😀…');
  });

  it.each([
    [0, '0 s'],
    [0.9, '0 s'],
    [40, '40 s'],
    [59, '59 s'],
    [60, '1 min'],
    [240, '4 min'],
    [270, '4 min'],
    [3599, '59 min'],
    [3600, '1 h'],
    [3659, '1 h'],
    [3900, '1 h 5 min'],
    [3930, '1 h 5 min'],
    [47 * 3600, '1 d 23 h'],
    [2 * 86_400 + 3 * 3600 + 59, '2 d 3 h'],
    [2 * 86_400 + 59, '2 d'],
    [-5, '0 s'],
  ])('duration(%d) is %s: two largest units, truncated, seconds only under a minute', (seconds, text) => {
    expect(duration(seconds)).toBe(text);
  });

  it.each([
    [200, '0.2 s'],
    [50, '0.05 s'],
    [1000, '1 s'],
    [2500, '2 s'],
    [30_000, '30 s'],
    [90_000, '1 min'],
  ])('millis(%d) is %s: a part of a second as itself, never 0 s; else the one format', (ms, text) => {
    expect(millis(ms)).toBe(text);
  });

  it('plurals and ordinals, with thousands grouped', () => {
    expect([plural(1, 'entry', 'entries'), plural(0, 'poll'), plural(4320, 'PR')]).toEqual([
      '1 entry',
      '0 polls',
      '4,320 PRs',
    ]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 4321].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
      '4,321st',
    ]);
    expect(grouped(1234567)).toBe('1,234,567');
  });

  it('utcClock names the date only when it is not today', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(utcClock(Date.parse('2026-11-20T14:05:30Z'), now)).toBe('14:05 UTC');
    expect(utcClock(Date.parse('2026-11-19T23:59:00Z'), now)).toBe('2026-11-19 23:59 UTC');
  });
});
