// Reading Trunk's answers, for both API versions: the one status ladder (a 200 or a 404 is an
// answer; a refused credential, a 400, a redirect and the rest are errors), the body as JSON, and
// the check against what the action reads. Sending is ../http/request.ts's. Each version gives its
// dialect: how its answers are quoted, what a refused credential means, which inputs to check.
import type { ZodMiniType } from 'zod/mini';
import { notJsonReason } from '../http/body-text.js';
import { header, type RawResponse } from '../http/transport.js';
import { ApiError } from '../shared/errors.js';
import { clip, oneLine } from '../shared/format.js';
import { parseBody } from './validate.js';

export interface Dialect {
  /** How an answer is quoted after its status: `: Not Found`, `: NOT_FOUND: …; request id req-42`. */
  describe(response: RawResponse): string;
  /** What a 401 or 403 means, naming the input that holds the credential. */
  refused(response: RawResponse): string;
  /** The inputs to check, said after any other failure (v2 names them; v1's messages do not). */
  hint?: string;
}

/**
 * The one status ladder: a 200 or a 404 is handed back, since what a 404 means depends on what was
 * asked; anything else throws the error a user reads.
 */
export function answerOf(endpoint: string, response: RawResponse, dialect: Dialect): RawResponse {
  const { status } = response;
  if (status === 200 || status === 404) return response;
  if (status === 401 || status === 403) throw new ApiError(endpoint, dialect.refused(response), { reached: true });
  if (status === 400) {
    const said = `the request was rejected (HTTP 400${dialect.describe(response)})${hintOf(dialect)}`;
    throw new ApiError(endpoint, said, { reached: true });
  }
  if (status >= 300 && status < 400) throw redirectError(endpoint, response);
  throw unexpected(endpoint, response, dialect);
}

/** A 200's body, parsed and checked against `schema`; any other status, or a body that does not fit, throws. */
export function validate<T>(endpoint: string, response: RawResponse, schema: ZodMiniType<T>, dialect: Dialect): T {
  if (response.status !== 200) throw unexpected(endpoint, response, dialect);
  const result = parseBody(schema, parseJson(endpoint, response));
  if (!result.ok) throw new ApiError(endpoint, `the answer does not fit the API: ${result.problem}`);
  return result.value;
}

/** The start of a body, for a message: plain text quoted on one line, an HTML page named. */
export function detail(response: RawResponse): string {
  const text = response.body.trim();
  if (!text) return '';
  if (/^<(!doctype|html|head|body)/i.test(text)) return ': an HTML page';
  return `: ${clip(oneLine(text, { squeeze: true }), 200)}`;
}

function unexpected(endpoint: string, response: RawResponse, dialect: Dialect): ApiError {
  const said = `answered HTTP ${response.status}${dialect.describe(response)}${hintOf(dialect)}`;
  return new ApiError(endpoint, said, { reached: true });
}

const hintOf = (dialect: Dialect) => (dialect.hint ? `. ${dialect.hint}` : '');

/** A redirect is never followed: it would carry the credentials to wherever it points. */
function redirectError(endpoint: string, response: RawResponse): ApiError {
  return new ApiError(
    endpoint,
    `answered with a redirect (HTTP ${response.status}) to ${header(response, 'location') ?? 'nowhere'}; redirects are not followed so the credentials stay with api-url. Set api-url to the API's own address.`,
    { reached: true },
  );
}

/** The body as JSON, or an error that says what it is instead. */
function parseJson(endpoint: string, response: RawResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    // Compressed or with a byte-order mark, the body may look like JSON when quoted: say which.
    const reason = notJsonReason(response);
    const why = reason ? `: ${reason}` : detail(response);
    throw new ApiError(endpoint, `answered HTTP ${response.status} with a body that is not JSON${why}`);
  }
}
