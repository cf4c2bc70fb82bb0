// Requests to Trunk's v2 API: GET with the API key as a bearer token, the retry policy of v1, and
// every answer that is not a 200 turned into a message that names Trunk's error code, the request
// id support asks for, and the input to check. 404s are handed back: what one means depends on
// what was asked.
import type { ZodMiniType } from 'zod/mini';
import { sendWithRetries, type RequestContext, type RequestSpec } from '../../http/request.js';
import { header, type RawResponse } from '../../http/transport.js';
import { clip, oneLine } from '../../shared/format.js';
import type { Clock } from '../../shared/time.js';
import { answerOf, detail, validate, type Dialect } from '../response.js';

/** What a user can check when v2 answers what it should not. */
const CHECK = 'Check the inputs api-url and api-key.';

/**
 * How long a read the state needs keeps trying while Trunk throttles the key (5 requests a second
 * on /v2/pull-requests*, shared by every job that uses the key): forty jobs at once need some 8 s.
 */
const STATE_THROTTLE_PATIENCE_MS = 30_000;

/** A throttled story read is asked once more, within this long, then left out. */
const STORY_RETRY_WAIT_MS = 5_000;

/**
 * Whether Trunk throttled any request of one read so far. Each full read makes its own and hands it
 * to its requests; what it says then goes to the story as a value: a key shared with other jobs
 * and at its limit right now is not spent on the story's optional reads. The state comes first.
 */
export interface Throttle {
  seen: boolean;
}

export interface V2Request {
  /** The route as the messages name it: `/v2/pull-requests/{id}`. */
  route: string;
  /** The path and query to send. */
  path: string;
  /** A story read: retried once, within 5 s, so the story never costs the state. */
  story?: boolean;
  /** Told when Trunk throttles this request. */
  throttle?: Throttle;
  /**
   * A read of the queue's history (the window report): the context's retries in every mode, and no
   * patience beyond them, as its reads share one deadline. Wins over `story` and the mixed mode.
   */
  history?: boolean;
  /** Asked before every attempt, retries included; throws to send nothing more (a request budget). */
  admit?: () => void;
}

/** What a read needs of the API: a module that reads with a budget hands its own to shared readers. */
export type V2Reader = Pick<V2Api, 'get' | 'validate'>;

export class V2Api {
  private readonly dialect: Dialect;
  private readonly authorization: string;

  constructor(
    private readonly context: RequestContext,
    private readonly apiUrl: string,
    key: string,
    /** Both credentials: v2 only tells the story, so every read gets the story's small budget. */
    private readonly storyOnly = false,
  ) {
    this.dialect = v2Dialect(key);
    this.authorization = `Bearer ${key}`;
  }

  /** The run's clock, which the history reads' deadline is measured on. */
  get clock(): Clock {
    return this.context.clock;
  }

  /** The 200 or 404 answer to a GET; anything else throws. */
  async get(request: V2Request, signal: AbortSignal): Promise<RawResponse> {
    const endpoint = `v2 ${request.route}`;
    const { throttle } = request;
    const response = await sendWithRetries(
      this.context,
      {
        endpoint,
        method: 'GET',
        url: new URL(`${this.apiUrl}${request.path}`),
        headers: { authorization: this.authorization },
        onThrottled: throttle && (() => (throttle.seen = true)),
        describe: v2Detail,
        hint: CHECK,
        admit: request.admit,
        ...this.retryPolicy(request),
      },
      signal,
    );
    return answerOf(endpoint, response, this.dialect);
  }

  private retryPolicy(request: V2Request): Pick<RequestSpec, 'retries' | 'maxWaitMs' | 'throttlePatienceMs'> {
    if (request.history) return {};
    // The state's own reads wait their turn at a shared key's limit; the story's never do.
    return request.story || this.storyOnly
      ? { retries: Math.min(1, this.context.retries), maxWaitMs: STORY_RETRY_WAIT_MS }
      : { throttlePatienceMs: STATE_THROTTLE_PATIENCE_MS };
  }

  /** A 200's body, validated; a 404 or a body that does not fit throws. */
  validate<T>(route: string, response: RawResponse, schema: ZodMiniType<T>): T {
    return validate(`v2 ${route}`, response, schema, this.dialect);
  }
}

/** How v2's answers read: Trunk's error envelope and request id; a refusal is the API key's. */
function v2Dialect(key: string): Dialect {
  const notV2 = key.toLowerCase().startsWith('trunk_v2_')
    ? ''
    : ' It does not start with trunk_v2_: the v1 organization token goes in api-token, not api-key.';
  return {
    describe: v2Detail,
    refused: (response) => {
      const what =
        errorCode(response) === 'INSUFFICIENT_PERMISSIONS'
          ? 'the API key may not read this'
          : 'the API key was refused';
      return `${what} (HTTP ${response.status}${v2Detail(response)}). Check that the api-key input holds a valid Trunk v2 API key (trunk_v2_…) of this repository's organization.${notV2}`;
    },
    hint: CHECK,
  };
}

/** Trunk's error code from the `{"error":{"code","message"}}` envelope, when the body is one. */
export function errorCode(response: RawResponse): string | undefined {
  return envelope(response)?.code;
}

function envelope(response: RawResponse): { code?: string; message?: string } | undefined {
  try {
    const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } } | null;
    const error = body?.error;
    if (!error || typeof error !== 'object') return undefined;
    return {
      code: typeof error.code === 'string' ? error.code : undefined,
      message: typeof error.message === 'string' ? error.message : undefined,
    };
  } catch {
    return undefined;
  }
}

/** `: NOT_FOUND: No such pull request; request id req-42`, or the body's start when it is no envelope. */
export function v2Detail(response: RawResponse): string {
  const error = envelope(response);
  const id = header(response, 'x-request-id');
  const said = error?.code
    ? `: ${error.code}${error.message ? `: ${clip(oneLine(error.message, { squeeze: true }), 200)}` : ''}`
    : detail(response);
  return `${said}${id ? `; request id ${clip(oneLine(id), 100)}` : ''}`;
}
