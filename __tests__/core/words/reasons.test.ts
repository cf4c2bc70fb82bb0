// What each reason code means and what clears it: every code has both, as clauses that read after
// "PR #1842 is not ready:" and carry no code of their own; the commands shown carry real values.
import { describe, expect, it } from '@jest/globals';
import { FIXED_REASONS } from '../../../src/core/verdict.js';
import { codesAfter, codeWords, describeReason, fixForReason } from '../../../src/core/words/reasons.js';
import { outside } from '../../../src/shared/format.js';

const SNAKE_CODE = /\b[a-z]+_[a-z_]+\b/;
const outsideCode = (text: string) => text.replace(/`[^`]*`|\([^)]*\)/g, '');

describe('describeReason', () => {
  it.each([...FIXED_REASONS])('%s: a clause in words, no code in it', (code) => {
    const words = describeReason(code);
    expect(words).toMatch(/^[a-zA-Z].{8,}[^.]$/);
    expect(outsideCode(words)).not.toMatch(SNAKE_CODE);
  });

  it.each([
    ['mergeability_in_progress', 'GitHub is still computing whether it can merge'],
    ['mergeability_not_mergeable', 'GitHub says it cannot merge (a conflict, or unmet branch protection rules)'],
    ['mergeability_unspecified', 'GitHub has not said whether it can merge'],
    [
      'mergeability_blocked_by_robots',
      `GitHub reports a mergeability this version does not know (${outside('blocked_by_robots')})`,
    ],
  ] as const)('%s: by its value, a new one named in parentheses', (code, words) => {
    expect(describeReason(code)).toBe(words);
  });
});

describe('codeWords and codesAfter', () => {
  it('mark the value Trunk sent in a code this version does not know, and nothing the action knows', () => {
    expect(codeWords('mergeability_blocked_by_robots')).toBe(`mergeability_${outside('blocked_by_robots')}`);
    expect(codeWords('queue_frozen')).toBe(`queue_${outside('frozen')}`);
    for (const code of [
      ...FIXED_REASONS,
      'mergeability_in_progress',
      'queue_paused',
      'queue_stalled',
      'testing_overdue',
    ]) {
      expect(codeWords(code)).toBe(code);
    }
    expect(codesAfter(['not_ready', 'mergeability_x'])).toBe(` (not_ready, mergeability_${outside('x')})`);
    expect(codesAfter([])).toBe('');
  });
});

describe('fixForReason', () => {
  it.each([...FIXED_REASONS])('%s: says what to do', (code) => {
    expect(fixForReason(code, 1842)).toMatch(/^[a-z].{10,}/);
  });

  it('shows the command with the real PR number, and no command at all when the number is not known', () => {
    expect(fixForReason('not_submitted', 1842)).toContain('`trunk merge 1842`');
    expect(fixForReason('not_submitted', 1842)).not.toMatch(/<PR/);
    expect(fixForReason('not_submitted')).toBe('submit it: comment `/trunk merge` on the PR or use the Trunk web app');
  });

  it('a mergeability this version does not know has no fix to offer', () => {
    expect(fixForReason('mergeability_blocked_by_robots')).toBeUndefined();
    expect(fixForReason('mergeability_in_progress')).toBe(
      'wait, then re-run the job: GitHub computes this after every push to the PR',
    );
  });
});
