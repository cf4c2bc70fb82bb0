// The states in words, for what a person reads first: the summary's heading and the log's one-line
// account. A code there ("✅ Ready: PR #1842 not_ready") reads like a contradiction; the words say
// what the state means for the PR, and the code follows in parentheses for whoever greps for it.
// Outputs keep the codes. The queue's own states have words here too.

/** Words for each state the contract names. A Map: the state is API text, and could be "__proto__". */
const WORDS: ReadonlyMap<string, string> = new Map([
  ['not_submitted', 'never submitted to this queue'],
  ['not_ready', 'waiting to enter the queue'],
  ['pending', 'in the queue, waiting for a test run'],
  ['testing', 'being tested'],
  ['tests_passed', 'tests passed, merging'],
  ['pending_failure', 'failing, the queue is retrying it'],
  ['merged', 'merged'],
  ['failed', 'out of the queue after failing'],
  ['cancelled', 'out of the queue, cancelled'],
  ['no_pull_request', 'brought in by no pull request'],
]);

/**
 * The state as a phrase that follows "PR #1842 is": words, then the code in parentheses. A state
 * this version does not know is named as the API sent it, in parentheses too.
 */
export function stateWords(state: string): string {
  if (!state) return 'in no reported state';
  const words = WORDS.get(state);
  if (!words) return `in a state this version does not know (${state})`;
  // "merged (merged)" would only repeat itself.
  return words === state ? words : `${words} (${state})`;
}

/** The queue states with words of their own; a new one is shown as sent. */
const QUEUE_WORDS: ReadonlyMap<string, string> = new Map([
  ['running', 'running'],
  ['paused', 'paused'],
  ['draining', 'draining'],
  ['switching_modes', 'switching modes'],
]);

/** The queue's state as a phrase after "the main queue is": words, or the value as sent for a new one. */
export function queueStateWords(state: string): string {
  return QUEUE_WORDS.get(state) ?? `in a state this version does not know (${state})`;
}
