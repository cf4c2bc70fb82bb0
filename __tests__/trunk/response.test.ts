// Reading an answer, for both API versions: the one status ladder, the body as JSON, and the check
// against a schema. Pure: typed responses in, an answer or the error a user reads out. Each
// version's own wording (its dialect) is asserted through its adapter; here a plain one.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import type { RawResponse } from '../../src/http/transport.js';
import { ApiError } from '../../src/shared/errors.js';
import { answerOf, detail, validate, type Dialect } from '../../src/trunk/response.js';

function response(status: number, body = '', headers: Record<string, string> = {}): RawResponse {
  return { status, headers, body, bytes: Buffer.from(body) };
}

const plain: Dialect = { describe: detail, refused: (r) => `refused (HTTP ${r.status})` };
const withHint: Dialect = { ...plain, hint: 'Check the inputs api-url and api-key.' };

function thrown(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('the status ladder', () => {
  it.each([200, 404])('%d is an answer for the adapter to read', (status) => {
    const answer = response(status, '{}');
    expect(answerOf('getQueue', answer, plain)).toBe(answer);
  });

  it.each([401, 403])("%d is the dialect's refusal", (status) => {
    const error = thrown(() => answerOf('getQueue', response(status), plain));
    expect(error.message).toBe(`Trunk API getQueue: refused (HTTP ${status})`);
    expect(error.options).toMatchObject({ reached: true });
    expect(error.transient).toBe(false);
  });

  it("400 is a rejected request, with the body's start and the dialect's hint", () => {
    expect(thrown(() => answerOf('getQueue', response(400, 'bad  repo\n'), plain)).message).toBe(
      'Trunk API getQueue: the request was rejected (HTTP 400: bad repo)',
    );
    expect(thrown(() => answerOf('v2 /v2/x', response(400, 'bad'), withHint)).message).toBe(
      'Trunk API v2 /v2/x: the request was rejected (HTTP 400: bad). Check the inputs api-url and api-key.',
    );
  });

  it.each([301, 302, 307, 308])('%d is a redirect, named and not followed', (status) => {
    const error = thrown(() =>
      answerOf('getQueue', response(status, '', { location: 'https://elsewhere.example/' }), plain),
    );
    expect(error.message).toBe(
      `Trunk API getQueue: answered with a redirect (HTTP ${status}) to https://elsewhere.example/; redirects are not followed so the credentials stay with api-url. Set api-url to the API's own address.`,
    );
  });

  it.each([201, 204, 418, 500])('any other status (%d) is said as it came', (status) => {
    expect(thrown(() => answerOf('getQueue', response(status, 'nope'), plain)).message).toBe(
      `Trunk API getQueue: answered HTTP ${status}: nope`,
    );
  });
});

describe('validate', () => {
  const schema = z.looseObject({ n: z.number() });

  it("a 200 that fits is the schema's value", () => {
    expect(validate('getQueue', response(200, '{"n":1,"x":2}'), schema, plain)).toEqual({ n: 1, x: 2 });
  });

  it('any other status is not read: a 404 handed on by the ladder, say', () => {
    expect(thrown(() => validate('v2 /v2/x', response(404, 'gone'), schema, withHint)).message).toBe(
      'Trunk API v2 /v2/x: answered HTTP 404: gone. Check the inputs api-url and api-key.',
    );
  });

  it('a body that is not JSON says what it is instead', () => {
    expect(thrown(() => validate('getQueue', response(200, '<html>oops</html>'), schema, plain)).message).toBe(
      'Trunk API getQueue: answered HTTP 200 with a body that is not JSON: an HTML page',
    );
    const gzipped = response(200, '\u001f\u008b', { 'content-encoding': 'gzip' });
    expect(thrown(() => validate('getQueue', gzipped, schema, plain)).message).toMatch(
      /not JSON: the body is compressed \(Content-Encoding: gzip\)/,
    );
  });

  it('a body that does not fit names the field', () => {
    expect(thrown(() => validate('getQueue', response(200, '{"n":"1"}'), schema, plain)).message).toBe(
      'Trunk API getQueue: the answer does not fit the API: field "n" should be number but is string "1"',
    );
  });
});

describe('detail', () => {
  it('quotes the start of a body on one line, at most 200 characters', () => {
    expect(detail(response(500, ''))).toBe('');
    expect(detail(response(500, ' a\r\n\tb\u0000c '))).toBe(': a b c');
    const long = detail(response(500, 'x'.repeat(500)));
    expect(long).toBe(`: ${'x'.repeat(199)}…`);
  });

  it('names an HTML page instead of quoting it', () => {
    expect(detail(response(502, '<!DOCTYPE html><html>…'))).toBe(': an HTML page');
  });
});
