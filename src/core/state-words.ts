// The states in words, for what a person reads first: the summary's heading and the log's one-line
// account. A code there ("✅ Ready: PR #1842 not_ready") reads like a contradiction; the words say
// what the state means for the PR, and the code follows in parentheses for whoever greps for it.
// Outputs keep the codes.

/** Words for each state the contract names. A Map: the state is API text, and could be "__proto__". */
const WORDS: ReadonlyMap<string, string> = new Map([
  ['not_submitted', 'never submitted to this queue'],
  ['not_ready', 'waiting to enter the queue'],
  ['pending', 'in the queue, waiting for a test run'],
  ['testing', 'being tested'],
  ['tests_passed', 'tests passed, merging'],
  ['pending_failure', 'failing, the queue is retrying it'],
  ['merged', 'merged'],
  ['failed', 'failed in the queue'],
  ['cancelled', 'cancelled from the queue'],
  ['no_pull_request', 'brought in by no pull request'],
]);

/**
 * The state as a phrase that follows "PR #1842 is": words, then the code in parentheses. A state
 * this version does not know is named as the API sent it, in parentheses too.
 */
export function stateWords(state: string): string {
  if (!state) return 'in no reported state';
  const words = WORDS.get(state);
  return words ? `${words} (${state})` : `in a state this version does not know (${state})`;
}
