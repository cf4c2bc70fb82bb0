// The verdict of one of Trunk's test runs, about every PR it tests: Trunk tests a queued PR on its
// own branch, and a batch on one branch named after all its PRs. The run is on its way when every
// PR of it is, by "The verdict" (./verdict.ts). Pure: it decides from each PR's own verdict.
import type { Verdict } from './verdict.js';

/** What the batch verdict reads of each PR: its number and its own verdict. */
export interface BatchMember {
  prNumber: number;
  verdict: Verdict;
}

export interface BatchVerdict {
  /** Every PR of the run is on its way into the branch, or already there. */
  ready: boolean;
  /**
   * Each PR's codes prefixed with its number (`1843:state_failed`), in the branch's order, so
   * that `contains(…, 'state_failed')` still matches and a script can tell the PRs apart.
   */
  reasons: string[];
  /** The PRs that are not on their way, in the branch's order. */
  notReady: number[];
  /** Of those, the PRs that have left the queue: the only answer that may turn a test run red. */
  left: number[];
}

/**
 * The codes that say a PR has left the queue: failed, cancelled, or no longer submitted. A PR still
 * in it (waiting on GitHub's mergeability, its failure being retested) is not ready, yet the test
 * run may still be what lets it in.
 */
const LEFT_QUEUE: ReadonlySet<string> = new Set(['state_failed', 'state_cancelled', 'not_submitted']);

export function leftTheQueue(verdict: Verdict): boolean {
  return verdict.reasons.some((code) => LEFT_QUEUE.has(code));
}

export function decideBatch(members: readonly BatchMember[]): BatchVerdict {
  const notReady = members.filter((member) => !member.verdict.ready);
  return {
    ready: notReady.length === 0,
    reasons: notReady.flatMap(({ prNumber, verdict }) => verdict.reasons.map((code) => `${prNumber}:${code}`)),
    notReady: notReady.map((member) => member.prNumber),
    left: notReady.filter((member) => leftTheQueue(member.verdict)).map((member) => member.prNumber),
  };
}
