// The tests read the action's outputs from its GITHUB_OUTPUT file with parseOutputFile, a port of
// the Actions runner's own reader (actions/runner src/Runner.Worker/FileCommandManager.cs). These
// cases pin the runner's rules, including where Linux/macOS and Windows runners differ.
import { afterEach, describe, expect, it } from '@jest/globals';
import * as core from '@actions/core';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOutputFile } from '../../simulator/runner.mjs';
import { propertyRuns } from '../helpers/property-runs.js';

const linux = (text: string) => parseOutputFile(text, { windows: false });
const windows = (text: string) => parseOutputFile(text, { windows: true });

describe('parseOutputFile: name=value', () => {
  it('splits at the first "=", so values keep theirs', () => {
    expect(linux('url=https://example.com/?a=1&b=2\nempty=\nequation=x=y=z\n')).toEqual({
      url: 'https://example.com/?a=1&b=2',
      empty: '',
      equation: 'x=y=z',
    });
  });

  it('is a name=value line when "=" comes before "<<"', () => {
    expect(linux('shift=1<<4\n')).toEqual({ shift: '1<<4' });
  });

  it('keeps a "\\r" before the line break on Linux and macOS, as the runner does there', () => {
    expect(linux('state=testing\r\nready=true\r\n')).toEqual({ state: 'testing\r', ready: 'true\r' });
    expect(linux('note=a\rb\n')).toEqual({ note: 'a\rb' });
  });

  it('treats "\\r\\n" as a line break on Windows only, and keeps a lone "\\r" there too', () => {
    expect(windows('state=testing\r\nready=true\r\n')).toEqual({ state: 'testing', ready: 'true' });
    expect(windows('note=a\rb\r\n')).toEqual({ note: 'a\rb' });
  });

  it('skips empty lines, takes the later of two values, reads a last line without a line break', () => {
    expect(linux('\n\na=1\n\na=2\nb=3')).toEqual({ a: '2', b: '3' });
  });

  it('accepts an empty name, as the runner does (it checks the line, not the name)', () => {
    expect(linux('=orphan\n')).toEqual({ '': 'orphan' });
  });

  it('drops a UTF-8 byte order mark, as File.ReadAllText does', () => {
    expect(linux('\uFEFFstate=merged\n')).toEqual({ state: 'merged' });
  });

  it('treats __proto__ as a plain name', () => {
    const outputs = linux('__proto__=x\n');
    expect(Object.getPrototypeOf(outputs)).toBe(Object.prototype);
    expect(Object.entries(outputs)).toEqual([['__proto__', 'x']]);
  });
});

describe('parseOutputFile: name<<DELIMITER', () => {
  it('reads a heredoc up to its delimiter line, without the last line break', () => {
    const text = 'pr-json<<EOF\n{"a": "b=c"}\n\nsecond line\nEOF\nstate=testing\n';
    expect(linux(text)).toEqual({ 'pr-json': '{"a": "b=c"}\n\nsecond line', state: 'testing' });
  });

  it('reads an empty heredoc, and a delimiter on the last line without a line break', () => {
    expect(linux('empty<<EOF\nEOF\nlast<<X\nvalue\nX')).toEqual({ empty: '', last: 'value' });
  });

  it('is a heredoc when "<<" comes before "=", so the delimiter may hold "="', () => {
    expect(linux('a<<x=y\nvalue\nx=y\n')).toEqual({ a: 'value' });
  });

  it('keeps the line endings inside the value as written', () => {
    expect(linux('a<<EOF\none\r\ntwo\nEOF\n')).toEqual({ a: 'one\r\ntwo' });
    expect(windows('a<<EOF\r\none\r\ntwo\nEOF\r\n')).toEqual({ a: 'one\r\ntwo' });
  });

  it('on Linux a "\\r" before the last line break is part of the value', () => {
    expect(linux('a<<EOF\nvalue\r\nEOF\n')).toEqual({ a: 'value\r' });
  });

  it('on Linux a CRLF heredoc has "EOF\\r" as its delimiter, which "EOF\\r" lines close', () => {
    expect(linux('a<<EOF\r\nvalue\r\nEOF\r\n')).toEqual({ a: 'value\r' });
    expect(() => linux('a<<EOF\r\nvalue\nEOF\n')).toThrow("Invalid value. Matching delimiter not found 'EOF\r'");
  });

  it('fails, as the runner does, when the delimiter never comes', () => {
    expect(() => linux('a<<EOF\nvalue\n')).toThrow("Invalid value. Matching delimiter not found 'EOF'");
    expect(() => linux('a<<EOF\n')).toThrow("Invalid value. Matching delimiter not found 'EOF'");
    expect(() => linux('a<<EOF\nvalue\nEOF \n')).toThrow('Matching delimiter not found');
  });

  it('fails when the file ends in an unterminated line that is not the delimiter', () => {
    expect(() => linux('a<<EOF\nvalue')).toThrow('Invalid value. EOF marker missing new line.');
  });

  it('fails on an empty name or delimiter, and on a line that is neither form', () => {
    expect(() => linux('<<EOF\nx\nEOF\n')).toThrow("Invalid format '<<EOF'. Name must not be empty");
    expect(() => linux('a<<\n')).toThrow(
      "Invalid format 'a<<'. Name must not be empty and delimiter must not be empty",
    );
    expect(() => linux('state=ok\njust text\n')).toThrow("Invalid format 'just text'");
  });
});

describe('parseOutputFile reads back what @actions/core writes', () => {
  let dir: string | undefined;
  const saved = process.env.GITHUB_OUTPUT;
  afterEach(() => {
    if (saved === undefined) delete process.env.GITHUB_OUTPUT;
    else process.env.GITHUB_OUTPUT = saved;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('any value, line breaks and "\\r" included, on this OS', () => {
    dir = mkdtempSync(join(tmpdir(), 'mqs-output-'));
    const file = join(dir, 'output');
    process.env.GITHUB_OUTPUT = file;
    const value = fc.string({ unit: fc.constantFrom('a', '=', '<', ' ', '\r', '\n', 'é', 'EOF') });
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z][a-z-]{0,9}$/), value), (outputs) => {
        writeFileSync(file, '');
        for (const [name, text] of Object.entries(outputs)) core.setOutput(name, text);
        const read = parseOutputFile(readFileSync(file, 'utf8'), { windows: EOL === '\r\n' });
        expect(read).toEqual(outputs);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
