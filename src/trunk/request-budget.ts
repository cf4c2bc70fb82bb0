// What the window report's history reads may spend, for both APIs: a number of requests (every
// attempt counts, retries included: each is one Trunk sees against the organization's limit) and
// a deadline on the run's clock. Once either is spent the reads stop, and what they read in full
// stands; a job cancelled by its caller is not a stop but a cancellation, and is thrown.
import type { WindowRequest } from '../core/history.js';
import { ApiError, CancelledError } from '../shared/errors.js';
import type { Clock } from '../shared/time.js';

/** Thrown by `admit` once the requests or the time are spent. */
class BudgetSpent extends Error {
  override name = 'BudgetSpent';
}

export class RequestBudget {
  /** Requests sent so far. */
  made = 0;
  /** The caller's signal and the deadline: what every read is sent with. */
  readonly signal: AbortSignal;

  constructor(
    private readonly clock: Clock,
    private readonly limits: Pick<WindowRequest, 'maxRequests' | 'deadlineMs'>,
    private readonly caller: AbortSignal,
  ) {
    const left = Math.max(0, limits.deadlineMs - clock.now());
    this.signal = AbortSignal.any([caller, clock.timeout(left)]);
  }

  /** Before each attempt: counts it, or throws when the budget is spent. */
  readonly admit = (): void => {
    // The clock is asked too: a virtual one fires its timeouts only when time moves.
    if (this.made >= this.limits.maxRequests || this.clock.now() >= this.limits.deadlineMs) {
      throw new BudgetSpent('the history reads are out of requests or time');
    }
    this.made++;
  };

  /** What stopped the reads, for a message: `the cap of 200 requests` or `the deadline`. */
  spentOn(): string {
    return this.made >= this.limits.maxRequests ? `the cap of ${this.limits.maxRequests} requests` : 'the deadline';
  }

  /**
   * What a read that threw came to: `stopped` by the budget, or the failure a warning names. A
   * cancelled job, and anything that is neither (a bug), is thrown.
   */
  outcome(error: unknown): 'stopped' | ApiError {
    if (this.caller.aborted) throw error;
    if (error instanceof BudgetSpent) return 'stopped';
    if (error instanceof ApiError) return error;
    if (error instanceof CancelledError && this.signal.aborted) return 'stopped';
    throw error;
  }
}
