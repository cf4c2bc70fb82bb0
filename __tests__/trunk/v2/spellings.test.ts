// v2 spells states and settings its own way; the outputs use the contract's (v1's) words. The
// table wins; a value it does not know is converted to snake_case, never dropped.
import { describe, expect, it } from '@jest/globals';
import { ENTRY_STATES, QUEUE_STATES, snakeCase, toV1 } from '../../../src/trunk/v2/spellings.js';

describe('toV1', () => {
  it.each([...ENTRY_STATES, ...QUEUE_STATES])('%s → %s by the table', (v2, v1) => {
    expect(toV1(ENTRY_STATES.has(v2) ? ENTRY_STATES : QUEUE_STATES, ` ${v2} `)).toBe(v1);
  });

  it('a value the table does not know is converted, not dropped', () => {
    expect(toV1(ENTRY_STATES, 'WAITING_FOR_BISECTION')).toBe('waiting_for_bisection');
  });
});

describe('snakeCase', () => {
  it.each([
    ['reviewRequired', 'review_required'],
    ['TEST_RUN_TIMEOUT', 'test_run_timeout'],
    ['ciFailed2x', 'ci_failed2x'],
    ['  spaced out-value ', 'spaced_out_value'],
  ])('%s → %s', (value, expected) => {
    expect(snakeCase(value)).toBe(expected);
  });
});
