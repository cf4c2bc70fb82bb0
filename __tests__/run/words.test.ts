// Every sentence a person reads first, for every scenario the demo offers (each Trunk scenario
// for a PR and for the queue, through v1 and v2; each GitHub scenario for a push): the summary's
// heading, every log line, the error line and the Slack text. None shows a code outside
// parentheses or a code span, none names one code twice, and none says "is tests passed". And on
// each surface (the summary, the log with its error line, the Slack text) each sentence is said
// once, and no code comes after words that already say it. A sample here (helpers/words-guard.ts), the rest in words.slow.test.ts.
import { describe, expect, it } from '@jest/globals';
import { SAMPLE, problems, repeated } from '../helpers/words-guard.js';
import { sweepWords } from '../helpers/words-sweep.js';

describe('run/words', () => {
  sweepWords((scenario) => SAMPLE.has(scenario));

  describe('the check itself', () => {
    it.each([
      ['PR #1842 is not_ready', ['bare code not_ready']],
      ['PR #1842 is waiting (not_ready)', []],
      ['not ready (not_submitted), not ready (not_submitted)', ['not_submitted twice']],
      ['PR #1842 is tests passed, merging', ['"is tests passed"']],
      ['required check `build_all` is failing', []],
      ['PR #1842 left the queue: the queue failed it (failed, state_failed).', ['state_failed says failed again']],
      ['PR #1842 is waiting, ready; the main queue is paused (pending).', ["the PR's pending after the queue's state"]],
      ['Queue main is paused (queue_paused).', []],
      ['it needs 1 more approving review `review_required`', ['review_required glued to words']],
      ['it needs 1 more approving review (<code>review_required</code>)', []],
    ])('%j', (line, expected) => {
      expect(problems(line)).toEqual(expected);
    });

    it.each([
      [
        [
          'Queue main is paused: nothing merges and no new test run starts until it resumes',
          'the queue is paused: nothing merges and no new test run starts until it resumes (queue_paused)',
        ],
        ['said twice: is paused nothing merges and no new test run starts until'],
      ],
      // Short sentences about different things, and a clause shared by items about different checks.
      [['PR #1842 is merged, ready; 3 s waited', 'PR #1842 is merged, ready, not listed in the queue'], []],
      [
        [
          '`lint` failed 3 trips; 1 of those PRs merged on a later try',
          '`build` failed 2 trips; 1 of those PRs merged on a later try',
        ],
        [],
      ],
      [
        ['required check `build` is failing (Trunk: required check build is failing)'],
        ['(required check build is failing) after the same words'],
      ],
      [['required check `lint` is failing (Trunk: a required check is red)'], []],
      [['Merged 4 (▲ 4 on the 7 days before)', 'Failed 4 (▲ 4 on the 7 days before)'], []],
    ])('%j', (lines, expected) => {
      expect(repeated(lines)).toEqual(expected);
    });
  });
});
