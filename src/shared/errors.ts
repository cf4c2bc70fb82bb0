// Expected failures. Each carries the one line a user reads in the `::error::` annotation; only
// the entry point turns them into core.setFailed, and none of them prints a stack trace.

export class ActionError extends Error {
  override name = 'ActionError';
}

/** An input value the action cannot use; raised before any request is sent. */
export class InputError extends ActionError {
  override name = 'InputError';
  constructor(
    readonly input: string,
    problem: string,
  ) {
    super(`Input '${input}' ${problem}`);
  }
}

/** A request the API did not answer usefully, after any retries the policy allows. */
export class ApiError extends ActionError {
  override name = 'ApiError';
  constructor(
    /** What was asked, as the message names it: `getQueue`, `v2 GET /v2/merge-queues`. */
    readonly endpoint: string,
    message: string,
    readonly options: {
      /** Worth asking again later: throttling, a server error, a timeout or a lost connection. */
      transient?: boolean;
      /** False when no HTTP answer arrived at all (a connection that failed, a timeout). */
      reached?: boolean;
      /** A host name that does not resolve: asking again for an hour will not change that. */
      unresolved?: boolean;
      /** No answer within request-timeout-seconds. */
      timedOut?: boolean;
      /** HTTP 429: the API asked the action to slow down. */
      throttled?: boolean;
      /** Trunk has no merge queue for the branch asked about. */
      noQueue?: boolean;
    } = {},
  ) {
    super(`Trunk API ${endpoint}: ${message}`);
  }

  get transient(): boolean {
    return this.options.transient ?? false;
  }
}

/** GitHub's API did not answer usefully (the deploy gate's questions): the line says GitHub answered, not Trunk. */
export class GitHubError extends ActionError {
  override name = 'GitHubError';
  constructor(
    /** What was asked, as the line names it: "which pull request brought the commit in". */
    readonly what: string,
    message: string,
    /** Worth asking again: throttling, a server error, a lost connection. */
    readonly transient = false,
  ) {
    super(`GitHub API (${what}): ${message}`);
  }
}

/**
 * What a request was doing when its signal cut it short, for the wait to say why it ran out of
 * time: still waiting for an answer, or waiting to ask again after a failure.
 */
export type Interrupted =
  | { kind: 'answer'; endpoint: string; sentAtMs: number }
  | {
      kind: 'retry';
      endpoint: string;
      /** The failure being waited out, as the log said it: "HTTP 429 (rate limited …)". */
      problem: string;
      status?: number;
      /** When the retry was due. */
      dueAtMs: number;
      /** The time the server's Retry-After asked for, uncapped: it may be days away. */
      retryAfterAtMs?: number;
    };

/** Raised when the caller's signal (the wait's deadline, a sibling's failure, a cancelled job) cut a request short. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor(
    message: string,
    /** Set by the request layer: what the request was doing when it was cut short. */
    readonly interrupted?: Interrupted,
  ) {
    super(message);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
