// The states in words: every state a PR can be in reads after "PR #1842 is" with no code in it,
// the queue's states read as Trunk defines them, and what a paused or draining queue means for a
// PR says exactly what Trunk says it means.
import { describe, expect, it } from '@jest/globals';
import { knownState, queueMeaning, queueNoteFor, queueStateWords, stateWords } from '../../../src/core/words/states.js';
import { WAITABLE_STATES } from '../../../src/core/verdict.js';
import { outside } from '../../../src/shared/format.js';

const SNAKE_CODE = /\b[a-z]+_[a-z_]+\b/;

describe('stateWords', () => {
  it.each([...WAITABLE_STATES, 'no_pull_request'])('%s: words only, no code, and known', (state) => {
    const text = stateWords(state);
    expect(text).not.toMatch(/does not know/);
    expect(text).not.toMatch(SNAKE_CODE);
    expect(text).not.toContain(state.includes('_') ? state : '\u0000');
    expect(knownState(state)).toBe(true);
  });

  it.each([
    ['not_ready', 'waiting to enter the queue'],
    ['tests_passed', 'through its tests and waiting to merge'],
    ['not_submitted', 'not submitted to this queue'],
    ['failed', 'out of the queue after failing'],
  ])('%s reads as %j after "PR #1842 is"', (state, words) => {
    expect(stateWords(state)).toBe(words);
  });

  it('names a state this version does not know, once, in parentheses, and one the API did not send', () => {
    expect(stateWords('awaiting_review')).toBe(`in a state this version does not know (${outside('awaiting_review')})`);
    expect(stateWords('__proto__')).toBe(`in a state this version does not know (${outside('__proto__')})`);
    expect(knownState('__proto__')).toBe(false);
    expect(stateWords('')).toBe('in no state Trunk reported');
  });
});

describe('the queue', () => {
  it('its states in words: no snake_case code outside parentheses', () => {
    expect(['running', 'paused', 'draining', 'switching_modes', 'new_state'].map(queueStateWords)).toEqual([
      'running',
      'paused',
      'draining',
      'switching modes',
      `in a state this version does not know (${outside('new_state')})`,
    ]);
  });

  it('paused and draining, as Trunk defines them: nothing merges and no new run starts; PRs in it go on', () => {
    expect(queueMeaning('paused')).toBe(
      'nothing merges and no new test run starts until it resumes, though test runs already going may finish',
    );
    expect(queueMeaning('draining')).toBe(
      'the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing',
    );
    expect(queueMeaning('running')).toBeUndefined();
    expect(queueMeaning('new_state')).toBeUndefined();
  });

  it.each<[string, boolean, unknown]>([
    [
      'paused',
      true,
      'The merge queue is paused: nothing merges and no new test run starts until it resumes, though test runs already going may finish, so PR #1842 will not merge until then.',
    ],
    [
      'draining',
      true,
      'The merge queue is draining: the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing; PR #1842 goes on only if it was in the queue before the drain began.',
    ],
    [
      'draining',
      false,
      'The merge queue is draining: the PRs already in it are still tested and merged, but none enqueued since the drain began starts testing, so PR #1842 cannot start testing until it runs again.',
    ],
    ['switching_modes', false, expect.stringMatching(/^The merge queue is switching modes: .*, so PR #1842 waits\.$/)],
    ['running', true, undefined],
  ])('what a %s queue means for a PR (listed: %s)', (state, listed, note) => {
    expect(queueNoteFor(state, 1842, listed)).toEqual(note);
  });

  it('never says that a paused queue tests nothing: runs already going may finish', () => {
    for (const listed of [true, false]) expect(queueNoteFor('paused', 1842, listed)).not.toMatch(/nothing is tested/);
  });
});
