// A PR run's verdict in words, where they are made: the heading (which Slack's first line is too),
// the log's account, the error line of fail-if-not-ready, a wait's account of an answer, and what
// a queue that is not running means for the PR. Words first; codes once, in parentheses, at the
// end of a line; the blocker named in words when the story knows it.
import { describe, expect, it } from '@jest/globals';
import type { Story } from '../../../src/core/model.js';
import { deriveStatus, type StatusInput } from '../../../src/core/status.js';
import { answerWords, notReadyLine, prHeadline, prQueueNote, prStatusLine } from '../../../src/core/words/pr.js';
import { plainWords } from '../../../src/shared/format.js';
import { found, notFound, queue, readiness } from '../../helpers/fixtures.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const twelveMinutesAgo = '2026-11-25T11:48:00Z';
const line = queue([
  [1840, 'testing'],
  [1842, 'pending'],
]);

const status = (overrides: Partial<StatusInput> = {}) =>
  deriveStatus({
    prNumber: 1842,
    answer: found({ state: 'testing', stateChangedAt: twelveMinutesAgo }),
    queue: line,
    nowMs: NOW,
    ...overrides,
  });
const heading = (overrides: Partial<StatusInput> = {}, stepFailed = false) => {
  const { icon, text } = prHeadline(status(overrides), stepFailed);
  return `${icon} ${plainWords(text)}`;
};
const notReady = found({
  state: 'not_ready',
  stateChangedAt: twelveMinutesAgo,
  readiness: readiness({ gitHubMergeability: 'not_mergeable' }),
});
const blocked: Story = {
  leftOut: [],
  blockReasons: [
    { code: 'review_required', message: 'needs 1 more approving review', have: 1, need: 2 },
    { code: 'failing_check', message: 'required check build is failing', check: 'build' },
  ],
};

describe('the heading', () => {
  it.each<[string, Partial<StatusInput>, boolean, string]>([
    [
      'ready: the state, for how long, and the place in line',
      {},
      false,
      '✅ Ready: PR #1842 is being tested for 12 min, 2nd in line',
    ],
    [
      'parallel mode: the place in the order the queue considers PRs in',
      {
        queue: queue(
          [
            [1840, 'testing'],
            [1842, 'pending'],
          ],
          { mode: 'parallel' },
        ),
      },
      false,
      "✅ Ready: PR #1842 is being tested for 12 min, 2nd in the queue's order",
    ],
    [
      'not ready: waiting, not a failure',
      { answer: notReady, queue: queue([[1840, 'testing']]) },
      false,
      '⏳ Not ready: PR #1842 is waiting to enter the queue for 12 min',
    ],
    [
      'failed: a red mark',
      {
        answer: found({ state: 'failed', isCurrentlySubmittedToQueue: false, stateChangedAt: twelveMinutesAgo }),
        queue: queue([[1840, 'testing']]),
      },
      false,
      '❌ Not ready: PR #1842 is out of the queue after failing, 12 min ago',
    ],
    [
      'not submitted: no age, and no code',
      { answer: notFound },
      false,
      '⏳ Not ready: PR #1842 is not submitted to this queue, 2nd in line',
    ],
    [
      'merged: never called not ready',
      { answer: found({ state: 'merged', isCurrentlySubmittedToQueue: false, stateChangedAt: twelveMinutesAgo }) },
      false,
      '✅ Merged: PR #1842 merged 12 min ago',
    ],
    [
      'a step that failed is never headed green',
      {},
      true,
      '❌ Ready, but the step failed: PR #1842 is being tested for 12 min, 2nd in line',
    ],
    [
      'a paused queue: not a bare ✅, and the heading names it',
      { queue: queue([[1842, 'pending']], { state: 'paused' }) },
      false,
      '⚠️ Ready, but the queue is paused: PR #1842 is being tested for 12 min, 1st in line',
    ],
    [
      'a draining queue too',
      { queue: queue([[1842, 'pending']], { state: 'draining' }) },
      false,
      '⚠️ Ready, but the queue is draining: PR #1842 is being tested for 12 min, 1st in line',
    ],
    [
      'a stale commit: not a bare ✅ either',
      { eventHeadSha: 'f'.repeat(40) },
      false,
      '⚠️ Ready: PR #1842 is being tested for 12 min, 2nd in line; the queue has another commit of it (stale)',
    ],
  ])('%s', (_, overrides, stepFailed, expected) => {
    expect(heading(overrides, stepFailed)).toBe(expected);
  });

  it('a state this version does not know is named, once, in parentheses; a queue state too', () => {
    // The readiness rule decides a state this version does not know.
    expect(heading({ answer: found({ state: 'awaiting_merge', stateChangedAt: twelveMinutesAgo }) })).toBe(
      '✅ Ready: PR #1842 is in a state this version does not know (awaiting_merge) for 12 min, 2nd in line',
    );
    expect(heading({ queue: queue([[1842, 'pending']], { state: 'frozen' }) })).toBe(
      '✅ Ready: PR #1842 is being tested for 12 min, 1st in line',
    );
  });
});

describe("the log's account", () => {
  it.each<[string, Partial<StatusInput>, string]>([
    ['ready', {}, 'PR #1842 is being tested (testing), ready, 2nd of 2 in line; the main queue is running.'],
    [
      'not submitted: its code once, never twice',
      { answer: notFound },
      'PR #1842 is not submitted to this queue (not_submitted), not ready, 2nd of 2 in line; the main queue is running.',
    ],
    [
      'merged: no code that only repeats the word',
      { answer: found({ state: 'merged', isCurrentlySubmittedToQueue: false }), queue: queue([[1840, 'testing']]) },
      'PR #1842 is merged, ready, not listed in the queue (1 entry); the main queue is running.',
    ],
    [
      'tests passed: a sentence, not "is tests passed"',
      { answer: found({ state: 'tests_passed' }) },
      'PR #1842 is through its tests and waiting to merge (tests_passed), ready, 2nd of 2 in line; the main queue is running.',
    ],
  ])('%s', (_, overrides, expected) => {
    expect(plainWords(prStatusLine(status(overrides)))).toBe(expected);
  });
});

describe('the error line of fail-if-not-ready', () => {
  it("names the blocker in words when the story knows it, instead of GitHub's mergeability", () => {
    expect(plainWords(notReadyLine(status({ answer: notReady, story: blocked })))).toBe(
      'PR #1842 is not ready: it needs 1 more approving review, and required check `build` is failing (not_ready, mergeability_not_mergeable).',
    );
  });

  it('without the story: each reason in words, the codes once', () => {
    expect(plainWords(notReadyLine(status({ answer: notReady })))).toBe(
      'PR #1842 is not ready: GitHub says it cannot merge (a conflict, or unmet branch protection rules) (not_ready, mergeability_not_mergeable).',
    );
    expect(plainWords(notReadyLine(status({ answer: notFound })))).toBe(
      'PR #1842 is not ready: it is not submitted to this queue (not_submitted).',
    );
  });

  it('a PR the queue failed: the failing check, with its link', () => {
    const story: Story = {
      leftOut: [],
      exit: {
        reason: 'test_run_required_status_failed',
        failingChecks: [{ name: 'ci/test', url: 'https://github.com/o/r/actions/runs/1', conclusion: 'failure' }],
      },
    };
    const failed = found({ state: 'failed', isCurrentlySubmittedToQueue: false });
    expect(plainWords(notReadyLine(status({ answer: failed, story })))).toBe(
      'PR #1842 left the queue: required check `ci/test` failed (https://github.com/o/r/actions/runs/1) (state_failed).',
    );
    expect(plainWords(notReadyLine(status({ answer: failed })))).toBe(
      'PR #1842 left the queue: the queue failed it (state_failed).',
    );
  });

  it('a cancelled PR says by whom, when Trunk names someone; a link that is not https is not written', () => {
    const story: Story = { leftOut: [], exit: { reason: 'user_requested', actor: 'alice', failingChecks: [] } };
    const cancelled = found({ state: 'cancelled', isCurrentlySubmittedToQueue: false });
    expect(plainWords(notReadyLine(status({ answer: cancelled, story })))).toBe(
      'PR #1842 left the queue: it was cancelled on request by alice (state_cancelled).',
    );
    const insecure: Story = {
      leftOut: [],
      exit: {
        reason: 'test_run_required_status_failed',
        failingChecks: [{ name: 'lint', url: 'http://ci.example/1', conclusion: null }],
      },
    };
    expect(notReadyLine(status({ answer: found({ state: 'failed' }), story: insecure }))).not.toContain('http://');
  });

  it("Trunk's texts are marked as from outside: the exit that writes them redacts and escapes them", () => {
    const story: Story = { leftOut: [], blockReasons: [{ code: 'failing_check', check: '<b>build</b>' }] };
    expect(notReadyLine(status({ answer: notReady, story }))).toContain('`\uE000<b>build</b>\uE001`');
  });
});

describe("a wait's account of an answer", () => {
  it.each([
    [found({ state: 'testing' }), 'being tested (testing), ready'],
    [found({ state: 'merged' }), 'merged, ready'],
    [notReady, 'waiting to enter the queue (not_ready), not ready (mergeability_not_mergeable)'],
    [notFound, 'not submitted to this queue (not_submitted), not ready'],
  ])('%#: the state in words, ready or not, the codes once at the end', (answer, words) => {
    expect(answerWords(answer)).toBe(words);
  });
});

describe('what the queue state means for the PR', () => {
  const note = (state: string, listed = true) =>
    prQueueNote(status({ queue: queue(listed ? [[1842, 'pending']] : [], { state }) }));

  it('running, or a state this version does not know: nothing to say', () => {
    expect(note('running')).toBeUndefined();
    expect(note('frozen')).toBeUndefined();
  });

  it('paused: nothing merges and no new test run starts', () => {
    expect(note('paused')).toMatch(/^The merge queue is paused: nothing merges and no new test run starts/);
  });

  it('nothing for a PR that is finished: nothing holds it back', () => {
    for (const state of ['merged', 'failed', 'cancelled']) {
      expect(prQueueNote(status({ answer: found({ state }), queue: queue([], { state: 'paused' }) }))).toBeUndefined();
    }
  });
});
