// notJsonReason: why a body that did not parse is not JSON, from its bytes and headers.
import { describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import type http from 'node:http';
import { notJsonReason } from '../../src/http/body-text.js';
import type { RawResponse } from '../../src/http/transport.js';

function response(bytes: Buffer, headers: http.IncomingHttpHeaders = {}): RawResponse {
  return { status: 200, headers, body: bytes.toString('utf8'), bytes };
}

const json = Buffer.from('{"state":"testing"}');
const compressedByTheWay =
  'a proxy or gateway between the runner and the API is probably compressing it, and must pass answers on unchanged';

describe('notJsonReason', () => {
  it.each(['gzip', 'br', 'deflate', 'GZIP', 'gzip, br'])('Content-Encoding: %s is named', (encoding) => {
    expect(notJsonReason(response(gzipSync(json), { 'content-encoding': encoding }))).toBe(
      `the body is compressed (Content-Encoding: ${encoding}) although the action asks for an uncompressed answer (Accept-Encoding: identity); ${compressedByTheWay}`,
    );
  });

  it('gzip bytes without a Content-Encoding are recognised by their magic number', () => {
    expect(notJsonReason(response(gzipSync(json)))).toBe(
      `the body is gzip-compressed data, sent without a Content-Encoding header that would say so; ${compressedByTheWay}`,
    );
  });

  it('a UTF-8 byte-order mark before valid JSON: said, with the rest being fine', () => {
    expect(notJsonReason(response(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json])))).toBe(
      'the body starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; the rest of it is valid JSON',
    );
  });

  it('a byte-order mark before something else: the mark only', () => {
    expect(notJsonReason(response(Buffer.from('\ufeff<html>', 'utf8')))).toBe(
      'the body starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow',
    );
  });

  it.each([
    ['utf16le', 'FF FE', 'UTF-16'],
    ['utf16be', 'FE FF', 'UTF-16'],
    ['utf32le', 'FF FE 00 00', 'UTF-32'],
  ])('%s text is named by its mark', (form, hex, name) => {
    const mark = Buffer.from(hex.split(' ').map((byte) => parseInt(byte, 16)));
    const text = Buffer.from('{"a":1}', 'utf16le');
    const bytes = Buffer.concat([mark, form === 'utf16be' ? text.swap16() : text]);
    expect(notJsonReason(response(bytes))).toBe(
      `the body is ${name} text (it starts with the byte-order mark ${hex}); JSON over HTTP is UTF-8`,
    );
  });

  it.each([
    ['an HTML page', Buffer.from('<!doctype html><p>Bad gateway</p>')],
    ['plain text', Buffer.from('upstream connect error')],
    ['an empty body', Buffer.alloc(0)],
    ['a single 0x1f byte', Buffer.from([0x1f])],
  ])('%s: nothing to add', (_what, bytes) => {
    expect(notJsonReason(response(bytes))).toBeUndefined();
  });

  it('Content-Encoding: identity is no compression', () => {
    expect(notJsonReason(response(Buffer.from('oops'), { 'content-encoding': 'identity' }))).toBeUndefined();
  });

  it('a header value with line breaks is quoted on one line, and short', () => {
    const reason = notJsonReason(response(json, { 'content-encoding': `gzip\r\n${'x'.repeat(100)}` }));
    expect(reason).toContain(`(Content-Encoding: gzip ${'x'.repeat(34)}…)`);
  });
});
