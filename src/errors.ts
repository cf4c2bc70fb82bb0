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

export type Endpoint = 'getSubmittedPullRequest' | 'getQueue';

/** A request the API did not answer usefully, after any retries the policy allows. */
export class ApiError extends ActionError {
  override name = 'ApiError';
  constructor(
    readonly endpoint: Endpoint,
    message: string,
    /** Worth asking again later: throttling, a server error, a timeout or a lost connection. */
    readonly transient = false,
  ) {
    super(`Trunk API ${endpoint}: ${message}`);
  }
}

/** The step's own verdict: not ready with fail-if-not-ready, or a wait that ended badly. */
export class VerdictError extends ActionError {
  override name = 'VerdictError';
}
