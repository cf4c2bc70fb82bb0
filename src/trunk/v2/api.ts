// Requests to Trunk's v2 API: GET with the API key as a bearer token, the retry policy of v1, and
// every answer that is not a 200 turned into a message that names Trunk's error code, the request
// id support asks for, and the input to check. 404s are handed back: what one means depends on
// what was asked.
import { detail, header, parseJson, redirectError, sendWithRetries, type RequestContext } from '../../http/request.js';
import { ApiError } from '../../shared/errors.js';
import type { RawResponse } from '../../http/transport.js';
import { parseBody } from '../validate.js';
import type { ZodMiniType } from 'zod/mini';

/** What a user can check when v2 answers what it should not. */
const CHECK = 'Check the inputs api-url and api-key.';

/**
 * How long a read the state needs keeps trying while Trunk throttles the key (5 requests a second
 * on /v2/pull-requests*, shared by every job that uses the key): forty jobs at once need some 8 s.
 */
const STATE_THROTTLE_PATIENCE_MS = 30_000;

/** A throttled story read is asked once more, within this long, then left out. */
const STORY_RETRY_WAIT_MS = 5_000;

export interface V2Request {
  /** The route as the messages name it: `/v2/pull-requests/{id}`. */
  route: string;
  /** The path and query to send. */
  path: string;
  /** A story read: retried once, within 5 s, so the story never costs the state. */
  story?: boolean;
}

export class V2Api {
  /**
   * Set when Trunk throttled a read since the source last cleared it (at the start of each full
   * read): the key is shared with other jobs and at its limit right now, so this read does not
   * spend it on the story's optional reads. The state comes first.
   */
  throttled = false;

  constructor(
    private readonly context: RequestContext,
    private readonly apiUrl: string,
    private readonly key: string,
    /** Both credentials: v2 only tells the story, so every read gets the story's small budget. */
    private readonly storyOnly = false,
  ) {}

  /** The 200 or 404 answer to a GET; anything else throws. */
  async get(request: V2Request, signal: AbortSignal): Promise<RawResponse> {
    const endpoint = `v2 ${request.route}`;
    const response = await sendWithRetries(
      this.context,
      {
        endpoint,
        method: 'GET',
        url: new URL(`${this.apiUrl}${request.path}`),
        headers: { authorization: `Bearer ${this.key}` },
        onThrottled: () => (this.throttled = true),
        describe: v2Detail,
        hint: CHECK,
        // The state's own reads wait their turn at a shared key's limit; the story's never do.
        ...(request.story || this.storyOnly
          ? { retries: Math.min(1, this.context.retries), maxWaitMs: STORY_RETRY_WAIT_MS }
          : { throttlePatienceMs: STATE_THROTTLE_PATIENCE_MS }),
      },
      signal,
    );
    const { status } = response;
    if (status === 200 || status === 404) return response;
    if (status === 401 || status === 403) {
      const what =
        errorCode(response) === 'INSUFFICIENT_PERMISSIONS'
          ? 'the API key may not read this'
          : 'the API key was refused';
      const notV2 = this.key.toLowerCase().startsWith('trunk_v2_')
        ? ''
        : ' It does not start with trunk_v2_: the v1 organization token goes in api-token, not api-key.';
      throw new ApiError(
        endpoint,
        `${what} (HTTP ${status}${v2Detail(response)}). Check that the api-key input holds a valid Trunk v2 API key (trunk_v2_…) of this repository's organization.${notV2}`,
      );
    }
    if (status === 400) {
      throw new ApiError(endpoint, `the request was rejected (HTTP 400${v2Detail(response)}). ${CHECK}`);
    }
    if (status >= 300 && status < 400) throw redirectError(endpoint, response);
    throw new ApiError(endpoint, `answered HTTP ${status}${v2Detail(response)}. ${CHECK}`);
  }

  /** A 200's body, validated; a 404 or a body that does not fit throws. */
  validate<T>(route: string, response: RawResponse, schema: ZodMiniType<T>): T {
    const endpoint = `v2 ${route}`;
    if (response.status !== 200) {
      throw new ApiError(endpoint, `answered HTTP ${response.status}${v2Detail(response)}. ${CHECK}`);
    }
    const result = parseBody(schema, parseJson(endpoint, response));
    if (!result.ok) throw new ApiError(endpoint, `the answer does not fit the API: ${result.problem}`);
    return result.value;
  }
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
    ? `: ${error.code}${error.message ? `: ${error.message.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`
    : detail(response);
  return `${said}${id ? `; request id ${id.slice(0, 100)}` : ''}`;
}
