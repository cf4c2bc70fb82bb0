// The two read endpoints of Trunk's v1 API: request, retry, and turn every answer into either a
// validated body or an ApiError a user can act on. Everything the API sends is untrusted: the
// token is cut out of it here, where it arrives, before any of it is shortened or reused.
import type { Clock } from './clock.js';
import { ApiError, type Endpoint } from './errors.js';
import { postJson, TransportError, type RawResponse } from './http-transport.js';
import type { Redactor } from './redact.js';
import { backoffMs, parseRetryAfter, RETRYABLE_STATUSES } from './retry-policy.js';
import type { ZodMiniType } from 'zod/mini';
import { parseBody, queueSchema, submittedPullRequestSchema, type PrAnswer, type QueueAnswer } from './schemas.js';

/** A real queue of thousands of entries is a few MB; anything far past that is refused. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface QueueRef {
  host: string;
  owner: string;
  name: string;
  targetBranch: string;
}

export interface ClientOptions {
  apiUrl: string;
  token: string;
  requestTimeoutMs: number;
  retries: number;
  /** One line per retry, for the log. */
  log: (line: string) => void;
  clock: Clock;
  random: () => number;
  redactor: Redactor;
}

/** Raised when the caller's signal (the wait's deadline, or a sibling's failure) cut a request short. */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** A response as it arrived, with its body as text for messages: the token cut out. */
type Answered = RawResponse & { text: string };
type Outcome = { response: Answered } | { failure: TransportError };

export class TrunkClient {
  constructor(private readonly options: ClientOptions) {}

  async getSubmittedPullRequest(ref: QueueRef, pr: number, signal?: AbortSignal): Promise<PrAnswer> {
    const endpoint = 'getSubmittedPullRequest';
    const response = await this.call(endpoint, { ...requestBody(ref), pr: { number: pr } }, signal);
    if (response.status === 404) return { found: false };
    const { value, body } = this.validate(endpoint, response, submittedPullRequestSchema);
    return { found: true, pr: value, body };
  }

  async getQueue(ref: QueueRef, signal?: AbortSignal): Promise<QueueAnswer> {
    const endpoint = 'getQueue';
    const response = await this.call(endpoint, requestBody(ref), signal);
    if (response.status === 404) {
      throw new ApiError(
        endpoint,
        `there is no merge queue for ${ref.owner}/${ref.name} on branch "${ref.targetBranch}" at ${this.options.redactor.text(this.options.apiUrl)} (HTTP 404${detail(response)}). Check the inputs repo, repo-host, target-branch and api-url.`,
      );
    }
    const { value, body } = this.validate(endpoint, response, queueSchema);
    return { queue: value, body };
  }

  /** Sends one request with retries; answers with a 200 or 404 response, or throws. */
  private async call(endpoint: Endpoint, payload: unknown, signal?: AbortSignal): Promise<Answered> {
    const { retries, log, clock, random } = this.options;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(endpoint, payload, signal);
      const problem = transientProblem(outcome);
      if (problem === undefined) return finalResponse(endpoint, outcome);
      if (attempt >= retries) {
        const tries = retries === 0 ? '' : ` (after ${attempt + 1} attempts)`;
        throw new ApiError(endpoint, `${problem}${tries}`, true);
      }
      const retryAfter =
        'response' in outcome ? parseRetryAfter(header(outcome.response, 'retry-after'), clock.now()) : undefined;
      const waitMs = backoffMs(attempt, retryAfter, random);
      log(`${endpoint}: ${problem}; retry ${attempt + 1} of ${retries} in ${(waitMs / 1000).toFixed(1)} s`);
      try {
        await clock.sleep(waitMs, signal);
      } catch {
        throw new CancelledError(`cut short while waiting to retry ${endpoint}`);
      }
    }
  }

  private async attempt(endpoint: Endpoint, payload: unknown, signal?: AbortSignal): Promise<Outcome> {
    if (signal?.aborted) throw new CancelledError(`cut short before ${endpoint}`);
    const { redactor } = this.options;
    try {
      const raw = await postJson(new URL(`${this.options.apiUrl}/v1/${endpoint}`), payload, {
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': 'merge-queue-status',
          'x-api-token': this.options.token,
        },
        timeoutMs: this.options.requestTimeoutMs,
        maxBodyBytes: MAX_BODY_BYTES,
        signal,
      });
      // Where API text enters: messages take `text` and the redacted location; validate() cuts the
      // token out of the parsed body itself.
      const location = header(raw, 'location');
      const headers = location === undefined ? raw.headers : { ...raw.headers, location: redactor.text(location) };
      return { response: { ...raw, headers, text: redactor.text(raw.body) } };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (error.kind === 'aborted') throw new CancelledError(`cut short during ${endpoint}`);
      const message = redactor.text(error.message);
      if (error.kind === 'too_large' || error.kind === 'certificate') throw new ApiError(endpoint, message);
      return { failure: new TransportError(error.kind, message) };
    }
  }

  private validate<T>(endpoint: Endpoint, response: Answered, schema: ZodMiniType<T>): { value: T; body: unknown } {
    // Without a backslash in the body, each string in it is a plain stretch of its text, so the
    // redacted text parses to the same strings with the token cut out. With one, an escape (a
    // \u0041, or one written inside a string as \\u0041) can spell the token in a way only the
    // parsed string shows, and the text's redaction may have cut part of such an echo, leaving
    // the rest unrecognisable: then the parsed strings are redacted instead, one by one, which
    // costs a large queue some 20 ms.
    const escaped = response.body.includes('\\');
    let redacted: unknown;
    try {
      redacted = escaped ? this.options.redactor.json(JSON.parse(response.body)) : JSON.parse(response.text);
    } catch {
      throw new ApiError(endpoint, `answered HTTP ${response.status} with a body that is not JSON${detail(response)}`);
    }
    const result = parseBody(schema, redacted);
    if (!result.ok) throw new ApiError(endpoint, `the answer does not fit the API: ${result.problem}`);
    return { value: result.value, body: redacted };
  }
}

function requestBody(ref: QueueRef) {
  return { repo: { host: ref.host, owner: ref.owner, name: ref.name }, targetBranch: ref.targetBranch };
}

/** Why a retry is worth it, or undefined when the outcome is final. */
function transientProblem(outcome: Outcome): string | undefined {
  if ('failure' in outcome) return outcome.failure.message;
  const { status } = outcome.response;
  if (!RETRYABLE_STATUSES.has(status)) return undefined;
  return status === 429
    ? `HTTP 429 (rate limited${detail(outcome.response)})`
    : `HTTP ${status}${detail(outcome.response)}`;
}

function finalResponse(endpoint: Endpoint, outcome: Outcome): Answered {
  if (!('response' in outcome)) throw new ApiError(endpoint, outcome.failure.message);
  const { response } = outcome;
  const { status } = response;
  if (status === 200 || status === 404) return response;
  if (status === 401 || status === 403) {
    throw new ApiError(
      endpoint,
      `the token was refused (HTTP ${status}${detail(response)}). Check that the api-token input holds a valid Trunk organization API token.`,
    );
  }
  if (status === 400) throw new ApiError(endpoint, `the request was rejected (HTTP 400${detail(response)})`);
  if (status >= 300 && status < 400) {
    throw new ApiError(
      endpoint,
      `answered with a redirect (HTTP ${status}) to ${header(response, 'location') ?? 'nowhere'}; redirects are not followed so the token stays with api-url. Set api-url to the API's own address.`,
    );
  }
  throw new ApiError(endpoint, `answered HTTP ${status}${detail(response)}`);
}

function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The start of a plain-text body, for a message; an HTML page is named, not quoted. */
function detail(response: Answered): string {
  const text = response.text.trim();
  if (!text) return '';
  if (/^<(!doctype|html|head|body)/i.test(text)) return ': an HTML page';
  // eslint-disable-next-line no-control-regex -- control characters would break the one-line message
  const line = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ');
  return `: ${line.length > 200 ? `${line.slice(0, 199)}…` : line}`;
}
