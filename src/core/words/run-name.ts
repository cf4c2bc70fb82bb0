// A workflow run as the log names it, for the deploy gate's range and the alert's previous verdict.
// A file of its own so that a report on the queue, which loads with every run, does not load the
// commit verdict's words with it.
import type { PastRun } from '../commit-range.js';

/** "run #57", or "run 4242" when GitHub sent no number. */
export function runName(run: PastRun): string {
  return run.number === undefined ? `run ${run.id}` : `run #${run.number}`;
}
