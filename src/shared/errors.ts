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
      /** HTTP 429: the API asked the action to slow down. */
      throttled?: boolean;
    } = {},
  ) {
    super(`Trunk API ${endpoint}: ${message}`);
  }

  get transient(): boolean {
    return this.options.transient ?? false;
  }
}

/** GitHub's API did not answer usefully (rule 5 of "Which PR"): the line says GitHub answered, not Trunk. */
export class GitHubError extends ActionError {
  override name = 'GitHubError';
  constructor(
    message: string,
    /** Worth asking again: throttling, a server error, a lost connection. */
    readonly transient = false,
  ) {
    super(`GitHub API (which pull request brought the commit in): ${message}`);
  }
}

/** Raised when the caller's signal (the wait's deadline, a sibling's failure, a cancelled job) cut a request short. */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
