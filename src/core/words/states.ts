// The states in words, for what a person reads first: a PR's state as the phrase after "PR #1842
// is", the queue's state, and what a queue that is not running means, in Trunk's own definitions
// (paused: nothing merges and no new test run starts; draining: the PRs already in it go on, none
// enqueued since starts testing). Outputs keep the codes; a line that wants one for grep adds it
// in parentheses itself, once.

import { outside } from '../../shared/format.js';

/** Words for each state the contract names. A Map: the state is API text, and could be "__proto__". */
const PR_STATES: ReadonlyMap<string, string> = new Map([
  ['not_submitted', 'not submitted to this queue'],
  ['not_ready', 'waiting to enter the queue'],
  ['pending', 'waiting in the queue for a test run'],
  ['testing', 'being tested'],
  ['tests_passed', 'through its tests and waiting to merge'],
  ['pending_failure', 'failing its test run while the queue retests it without the PRs ahead'],
  ['merged', 'merged'],
  ['failed', 'out of the queue after failing'],
  ['cancelled', 'out of the queue after it was cancelled'],
  ['no_pull_request', 'brought in by no pull request'],
]);

/**
 * The state as a phrase that follows "PR #1842 is": words only. A state this version does not
 * know is named as the API sent it, in parentheses, since there are no words for it.
 */
export function stateWords(state: string): string {
  if (!state) return 'in no state Trunk reported';
  return PR_STATES.get(state) ?? `in a state this version does not know (${outside(state)})`;
}

/** Whether the state has words of its own, so that a line can say its code beside them once. */
export function knownState(state: string): boolean {
  return PR_STATES.has(state);
}

/** The queue states with words of their own; a new one is shown as sent. */
const QUEUE_STATES: ReadonlyMap<string, string> = new Map([
  ['running', 'running'],
  ['paused', 'paused'],
  ['draining', 'draining'],
  ['switching_modes', 'switching modes'],
]);

/** The queue's state as a phrase after "the main queue is": words, or the value as sent for a new one. */
export function queueStateWords(state: string): string {
  return QUEUE_STATES.get(state) ?? `in a state this version does not know (${outside(state)})`;
}

/** Whether the queue's state has words of its own. */
export function knownQueueState(state: string): boolean {
  return QUEUE_STATES.has(state);
}

/** What a queue that is not running means for the PRs in it, as Trunk defines it. */
const QUEUE_MEANING: ReadonlyMap<string, string> = new Map([
  ['paused', 'nothing merges and no new test run starts until it resumes, though test runs already going may finish'],
  [
    'draining',
    'the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing',
  ],
  [
    'switching_modes',
    'as while draining, the PRs already in it go on, but none enqueued since the switch began starts testing until it ends',
  ],
]);

/** What the queue's state means; undefined for a running queue and for a state this version does not know. */
export function queueMeaning(state: string): string | undefined {
  return QUEUE_MEANING.get(state);
}

/**
 * What a queue that is not running means for one PR in it: "The merge queue is paused: nothing
 * merges and no new test run starts until it resumes (…), so PR #1842 will not merge until then."
 * @param listed whether the queue lists the PR (it is in the queue proper)
 */
export function queueNoteFor(state: string, prNumber: number, listed: boolean): string | undefined {
  const pr = `PR #${prNumber}`;
  switch (state) {
    case 'paused':
      return `The merge queue is paused: ${QUEUE_MEANING.get('paused')}, so ${pr} will not merge until then.`;
    case 'draining':
      return listed
        ? // Listed is not enough: a PR enqueued after the drain began is listed and will not start.
          `The merge queue is draining: ${QUEUE_MEANING.get('draining')}; ${pr} goes on only if it was in the queue before the drain began.`
        : `The merge queue is draining: ${QUEUE_MEANING.get('draining')}, so ${pr} cannot start testing until it runs again.`;
    case 'switching_modes':
      return `The merge queue is switching modes: ${QUEUE_MEANING.get('switching_modes')}${listed ? '' : `, so ${pr} waits`}.`;
    default:
      return undefined;
  }
}

/** States named as a person says them, for the states a wait is for: "tests passed or merged". */
export function wantedStates(states: readonly string[]): string {
  return states.map((state) => state.replace(/_/g, ' ')).join(' or ');
}
