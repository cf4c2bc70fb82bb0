// One request to Trunk with the retry policy applied, for both APIs: send, and on a transient
// failure (429, 5xx, a timeout, a lost connection) wait and send again, up to the retries allowed.
// Answers with the first response that is not worth retrying, whatever its status; reading it is
// the adapters' (../trunk/response.ts). Every answer is redacted as it arrives, its body and its
// headers, before anything quotes, parses, clips or changes the case of a word of it: a
// credential Trunk echoes never reaches the model, a code or a message.
import type { Clock } from '../shared/time.js';
import type { Redactor } from '../shared/redact.js';
import { ApiError, CancelledError } from '../shared/errors.js';
import { millis } from '../shared/format.js';
import { getJson, header, postJson, TransportError, type RawResponse } from './transport.js';
import { backoffMs, parseRetryAfter, retryAfterAt, RETRYABLE_STATUSES } from './retry-policy.js';

/** A real queue of thousands of entries is a few MB; anything far past that is refused. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface RequestContext {
  requestTimeoutMs: number;
  retries: number;
  /** One line per retry, for the log. */
  log: (line: string) => void;
  clock: Clock;
  random: () => number;
  /** The run's credentials, cut out of every answer as it arrives. */
  redactor: Redactor;
}

export interface RequestSpec {
  /** How messages name it: `getQueue`, `v2 GET /v2/merge-queues`. */
  endpoint: string;
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /** POST only: sent as JSON. */
  payload?: unknown;
  /** Overrides the context's retries (a story read is retried once). */
  retries?: number;
  /** The longest wait before a retry (a story read waits at most 5 s). */
  maxWaitMs?: number;
  /** Told of every 429: the caller may then spare the limit its optional reads. */
  onThrottled?: () => void;
  /** How a response is quoted in messages: the adapter's reading (v2: Trunk's error code and the request id). */
  describe: (response: RawResponse) => string;
  /** Said after a failure that retries could not fix: the inputs to check. */
  hint?: string;
  /**
   * How long a throttled request keeps trying beyond `retries`: a limit shared by every job using
   * the same key is a queue to wait in, not a fault, and a fixed count of tries loses to chance.
   */
  throttlePatienceMs?: number;
  /**
   * Asked before every attempt, retries included; throws to send nothing more: a read with a budget
   * of requests (the window report's) counts each one Trunk would see.
   */
  admit?: () => void;
}

/** A patient throttled request waits at most this step's back-off (4 s, with its jitter) between tries. */
const PATIENT_STEP = 2;

type Outcome = { response: RawResponse } | { failure: TransportError };

export async function sendWithRetries(
  context: RequestContext,
  spec: RequestSpec,
  signal: AbortSignal,
): Promise<RawResponse> {
  const { log, clock, random } = context;
  const retries = spec.retries ?? context.retries;
  const started = clock.now();
  /** Failures that count against `retries`: all but the throttled ones a patient request waits out. */
  let counted = 0;
  for (let attempt = 0; ; attempt++) {
    const outcome = await sendOnce(context, spec, signal);
    const problem = transientProblem(outcome, spec.describe);
    if (problem === undefined) {
      if ('failure' in outcome) throw transportFailure(spec.endpoint, outcome.failure, false);
      return outcome.response;
    }
    const throttled = 'response' in outcome && outcome.response.status === 429;
    if (throttled) spec.onThrottled?.();
    const patient =
      throttled && spec.throttlePatienceMs !== undefined && clock.now() - started < spec.throttlePatienceMs;
    const allowed =
      'failure' in outcome && misdirected(outcome.failure) ? Math.min(retries, MISDIRECTED_RETRIES) : retries;
    if (!patient && counted >= allowed) {
      const tries = attempt === 0 ? '' : ` (after ${attempt + 1} attempts)`;
      if ('failure' in outcome) throw transportFailure(spec.endpoint, outcome.failure, true, tries);
      const hint = spec.hint ? `. ${spec.hint}` : '';
      throw new ApiError(spec.endpoint, `${problem}${tries}${hint}`, { transient: true, reached: true, throttled });
    }
    if (!patient) counted++;
    const retryAfterHeader = 'response' in outcome ? header(outcome.response, 'retry-after') : undefined;
    const retryAfter = parseRetryAfter(retryAfterHeader, clock.now());
    const step = patient ? Math.min(attempt, PATIENT_STEP) : counted - 1;
    const waitMs = Math.min(backoffMs(step, retryAfter, random, throttled), spec.maxWaitMs ?? Number.POSITIVE_INFINITY);
    log(
      patient
        ? `${spec.endpoint}: ${problem}; the key is shared and at its limit: trying again in ${millis(waitMs)} (for up to ${millis(spec.throttlePatienceMs ?? 0)})`
        : `${spec.endpoint}: ${problem}; retry ${counted} of ${allowed} in ${millis(waitMs)}`,
    );
    const dueAtMs = clock.now() + waitMs;
    try {
      await clock.sleep(waitMs, signal);
    } catch {
      throw new CancelledError(`cut short while waiting to retry ${spec.endpoint}`, {
        kind: 'retry',
        endpoint: spec.endpoint,
        problem: 'failure' in outcome ? `${problem}${whatToCheck(outcome.failure)}` : problem,
        status: 'response' in outcome ? outcome.response.status : undefined,
        dueAtMs,
        retryAfterAtMs: retryAfterAt(retryAfterHeader, dueAtMs - waitMs),
      });
    }
  }
}

async function sendOnce(context: RequestContext, spec: RequestSpec, signal: AbortSignal): Promise<Outcome> {
  if (signal.aborted) throw new CancelledError(`cut short before ${spec.endpoint}`);
  spec.admit?.();
  const sentAtMs = context.clock.now();
  const options = {
    headers: { accept: 'application/json', 'user-agent': 'merge-queue-status', ...spec.headers },
    timeoutMs: context.requestTimeoutMs,
    maxBodyBytes: MAX_BODY_BYTES,
    signal,
    redact: context.redactor.text,
  };
  try {
    const response =
      spec.method === 'GET' ? await getJson(spec.url, options) : await postJson(spec.url, spec.payload ?? {}, options);
    return { response: redacted(response, context.redactor) };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    if (error.kind === 'aborted') {
      throw new CancelledError(`cut short during ${spec.endpoint}`, {
        kind: 'answer',
        endpoint: spec.endpoint,
        sentAtMs,
      });
    }
    return { failure: error };
  }
}

/**
 * The answer with the credentials cut out of its body (still JSON when it was) and its headers
 * (a redirect's location, a request id). The bytes stay as sent: they are only looked at to tell
 * a compressed body or a byte-order mark, never quoted.
 */
function redacted(response: RawResponse, redactor: Redactor): RawResponse {
  const headers: RawResponse['headers'] = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name] = Array.isArray(value)
      ? value.map(redactor.text)
      : value === undefined
        ? value
        : redactor.text(value);
  }
  return { ...response, headers, body: redactor.jsonText(response.body) };
}

function transportFailure(endpoint: string, failure: TransportError, transient: boolean, tries = ''): ApiError {
  const unresolved = failure.facts.code === 'ENOTFOUND';
  const said = `${failure.message}${tries}${whatToCheck(failure)}`;
  return new ApiError(endpoint, said, { transient, reached: false, unresolved, timedOut: failure.kind === 'timeout' });
}

// The URL the adapters send to is the api-url input's; a proxy is the variable it came from.
const URL_INPUT = 'api-url';
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/**
 * A host name that does not resolve, or a port where nothing listens, is a wrong address far more
 * often than an outage: one retry covers a server that is restarting, more only delay the message
 * that names the input to fix. A reset or a timeout gets every retry.
 */
const MISDIRECTED_RETRIES = 1;

function misdirected(failure: TransportError): boolean {
  const { code } = failure.facts;
  return code !== undefined && (code === 'ECONNREFUSED' || UNRESOLVED.has(code));
}

/** After a connection that failed, where to look: api-url, and the proxy when one carried the request. */
function whatToCheck(failure: TransportError): string {
  const { code = '', proxy, stage } = failure.facts;
  const andProxy = proxy ? ` and the proxy in ${proxy}` : '';
  if (failure.kind === 'certificate') return ` Check ${URL_INPUT}${andProxy}.`;
  if (failure.kind === 'timeout') {
    const inputs = proxy
      ? `request-timeout-seconds, ${URL_INPUT}${andProxy}`
      : `request-timeout-seconds and ${URL_INPUT}`;
    return `: Trunk was slow, or unreachable; re-run, and check ${inputs}`;
  }
  if (failure.kind !== 'connection') return '';
  if (stage === 'proxy') {
    const why = UNRESOLVED.has(code) ? "the proxy's host name does not resolve" : 'the proxy could not be reached';
    return `; ${why}: check the proxy in ${proxy}`;
  }
  // The proxy answered, and would not or could not reach the host: the address, or its rules.
  if (stage === 'tunnel') return `; check ${URL_INPUT}${andProxy}`;
  if (UNRESOLVED.has(code)) return `; the host name does not resolve: check ${URL_INPUT}${andProxy}`;
  if (code === 'ECONNREFUSED') return `; nothing accepts connections there: check ${URL_INPUT}${andProxy}`;
  return '';
}

/** Why a retry is worth it, or undefined when the outcome is final. */
function transientProblem(outcome: Outcome, describe: (response: RawResponse) => string): string | undefined {
  if ('failure' in outcome) return outcome.failure.transient ? outcome.failure.message : undefined;
  const { status } = outcome.response;
  if (!RETRYABLE_STATUSES.has(status)) return undefined;
  const why = describe(outcome.response);
  return status === 429 ? `HTTP 429 (rate limited${why})` : `HTTP ${status}${why}`;
}

/**
 * Requests sent together: the first failure aborts the others rather than leave them to finish
 * their retries, since the caller cannot go on without all of them.
 */
export async function together<A, B>(
  signal: AbortSignal,
  start: (signal: AbortSignal) => [Promise<A>, Promise<B>],
): Promise<[A, B]> {
  const sibling = new AbortController();
  const both = AbortSignal.any([signal, sibling.signal]);
  const settle = <T>(request: Promise<T>) =>
    request.catch((error: unknown) => {
      sibling.abort();
      throw error;
    });
  const [a, b] = start(both);
  return Promise.all([settle(a), settle(b)]);
}
