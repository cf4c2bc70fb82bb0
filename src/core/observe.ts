// Asks the API, once or until the PR reaches a wanted state (./wait.ts), and answers with one
// observation. It never throws for a normal ending (a deadline, a final state, a cancelled job, an
// API that failed): the entry point derives the outputs, the summary and the error line from the
// observation, whatever happened.
import { CancelledError } from '../shared/errors.js';
import { absorb, cancelReason, type Observation, type ObserveOptions, type Stop } from './observation.js';
import { waitForState } from './wait.js';

export async function observe(options: ObserveOptions): Promise<Observation> {
  const seen: Observation = { warnings: [], stop: { kind: 'answered' } };
  if (options.waitFor.length > 0) {
    await waitForState(options, seen);
    return seen;
  }
  try {
    absorb(seen, await options.source.read(options.cancel));
    if (options.cancel.aborted) seen.stop = { kind: 'cancelled', reason: cancelReason(options.cancel) };
  } catch (error) {
    seen.stop = stopFor(error, options.cancel);
  }
  return seen;
}

function stopFor(error: unknown, cancel: AbortSignal): Stop {
  if (error instanceof CancelledError && cancel.aborted) return { kind: 'cancelled', reason: cancelReason(cancel) };
  return { kind: 'failed', error };
}
