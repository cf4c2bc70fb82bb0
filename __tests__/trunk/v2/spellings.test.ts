// v2's camelCase enums in the contract's (v1) words: known values by table, never by changing
// their case, and a value this version does not know converted to snake_case so it still shows.
import { describe, expect, it } from '@jest/globals';
import { ENTRY_STATES as SIMULATED_ENTRY_STATES } from '../../../simulator/trunk-v2-bodies.mjs';
import {
  ENTRY_STATES,
  MERGE_METHODS,
  MERGEABILITY,
  QUEUE_MODES,
  QUEUE_STATES,
  snakeCase,
  toV1,
} from '../../../src/trunk/v2/spellings.js';

describe('toV1', () => {
  it('reads every entry state the simulator spells in v2 back as its v1 word', () => {
    const pairs = Object.entries(SIMULATED_ENTRY_STATES);
    expect(pairs.length).toBeGreaterThan(0);
    for (const [v1, v2] of pairs) expect(toV1(ENTRY_STATES, v2)).toBe(v1);
  });

  const tables = { QUEUE_MODES, QUEUE_STATES, MERGEABILITY, MERGE_METHODS };
  it.each([
    ['QUEUE_MODES', 'queue', 'single'],
    ['QUEUE_MODES', 'graph', 'parallel'],
    ['QUEUE_STATES', 'switchingModes', 'switching_modes'],
    ['MERGEABILITY', 'notMergeable', 'not_mergeable'],
    ['MERGE_METHODS', 'mergeCommit', 'merge_commit'],
  ] as const)('%s: %s is %s, by the table', (name, value, expected) => {
    expect(toV1(tables[name], value)).toBe(expected);
  });

  it('trims a known value before looking it up', () => {
    expect(toV1(QUEUE_MODES, ' graph\n')).toBe('parallel');
  });

  it('converts a value the table does not know to snake_case, so it shows beside the others', () => {
    expect(toV1(ENTRY_STATES, 'newState')).toBe('new_state');
    // A v1 word sent where a v2 one belongs is not the mode it happens to resemble.
    expect(toV1(QUEUE_MODES, 'single')).toBe('single');
  });
});

describe('snakeCase', () => {
  it.each([
    ['reviewRequired', 'review_required'],
    ['TEST_RUN_TIMEOUT', 'test_run_timeout'],
    ['heldBehindFailure', 'held_behind_failure'],
    ['http2Error', 'http2_error'],
    ['  prClosed ', 'pr_closed'],
    ['branch-protection unmet', 'branch_protection_unmet'],
    ['a<b>"c"', 'a_b_c_'],
  ])('%j → %j', (value, expected) => {
    expect(snakeCase(value)).toBe(expected);
  });
});
