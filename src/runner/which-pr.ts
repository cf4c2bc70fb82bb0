// Which PR the run asks about, and the facts that go with it: the contract's "Which PR" rules.
// Pure. The event's own facts (its head SHA, its base branch) describe only the event's own PR,
// so they are used only when the PR asked about is that one.
import { ActionError, InputError } from '../shared/errors.js';
import type { EventFacts } from './event.js';

export interface PrTarget {
  pr: number;
  /** True in one of Trunk's test runs (`trunk-merge/pr-<N>/<id>`), whichever PR is asked about. */
  mergeQueueRun: boolean;
  targetBranch: string;
  /** The head SHA to compare with the queue's, for `stale`; undefined when the event does not describe this PR. */
  eventHeadSha?: string;
}

/**
 * @param prInput the `pr` input, already validated; undefined when empty
 * @param branchInput the `target-branch` input, already validated and without `refs/heads/`; empty for its default
 */
export function whichPr(prInput: number | undefined, branchInput: string, event: EventFacts): PrTarget {
  const mergeQueueRun = event.mergeQueuePr !== undefined;
  const pr = prInput ?? event.mergeQueuePr ?? event.prNumber;
  if (pr === undefined) {
    if (event.problem) throw new ActionError(`${event.problem}, so the pull request is unknown; set the pr input.`);
    throw new InputError('pr', 'is empty and this event has no pull request; set pr to the pull request number');
  }
  // In a test run the event's PR, if any, is Trunk's draft from the test branch: its facts are
  // its own, used only when the draft itself is asked about.
  const eventsOwnPr = event.prNumber === pr;
  const draftOfThisPr = mergeQueueRun && event.mergeQueuePr === pr;

  let targetBranch = branchInput;
  if (!targetBranch) {
    if (event.problem) {
      throw new ActionError(`${event.problem}, so target-branch has no default; set the target-branch input.`);
    }
    const eventBase = eventsOwnPr || draftOfThisPr ? event.baseRef : undefined;
    targetBranch = eventBase ?? event.defaultBranch ?? 'main';
  }
  return {
    pr,
    mergeQueueRun,
    targetBranch,
    eventHeadSha: eventsOwnPr ? event.headSha : undefined,
  };
}
