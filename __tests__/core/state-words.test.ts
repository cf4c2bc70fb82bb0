import { describe, expect, it } from '@jest/globals';
import { queueStateWords, stateWords } from '../../src/core/state-words.js';
import { WAITABLE_STATES } from '../../src/core/verdict.js';

const SNAKE_CODE = /\b[a-z]+_[a-z_]+\b/;
const outsideParentheses = (text: string) => text.replace(/\([^)]*\)/g, '');

describe('stateWords', () => {
  it.each([...WAITABLE_STATES])('%s: words, and the code only in parentheses', (state) => {
    const text = stateWords(state);
    expect(text).not.toMatch(/does not know/);
    expect(text === state || text.endsWith(`(${state})`)).toBe(true);
    expect(outsideParentheses(text)).not.toMatch(SNAKE_CODE);
  });

  it.each([
    ['not_ready', 'waiting to enter the queue (not_ready)'],
    ['tests_passed', 'tests passed, merging (tests_passed)'],
    ['pending_failure', 'failing, the queue is retrying it (pending_failure)'],
    ['not_submitted', 'never submitted to this queue (not_submitted)'],
  ])('%s reads as %j', (state, words) => {
    expect(stateWords(state)).toBe(words);
  });

  it('names a state this version does not know, and one the API did not send', () => {
    expect(stateWords('awaiting_review')).toBe('in a state this version does not know (awaiting_review)');
    expect(stateWords('__proto__')).toBe('in a state this version does not know (__proto__)');
    expect(stateWords('')).toBe('in no reported state');
  });
});

describe('queueStateWords', () => {
  it('queue states in words: no snake_case code outside parentheses', () => {
    expect(['running', 'paused', 'draining', 'switching_modes', 'new_state'].map(queueStateWords)).toEqual([
      'running',
      'paused',
      'draining',
      'switching modes',
      'in a state this version does not know (new_state)',
    ]);
  });
});
