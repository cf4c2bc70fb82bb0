// The contract's verdict table, row by row: every state, with and without a readiness object.
import { describe, expect, it } from '@jest/globals';
import { decideVerdict, PR_STATES } from '../../src/core/verdict.js';
import { found, notFound, readiness } from '../helpers/fixtures.js';

const failing = readiness({ gitHubMergeability: 'in_progress', hasImpactedTargets: false });
const failingReasons = ['mergeability_in_progress', 'impacted_targets_missing'];

describe('the verdict table', () => {
  it('not_submitted (404): not ready, not_submitted', () => {
    expect(decideVerdict(notFound)).toEqual({ ready: false, reasons: ['not_submitted'] });
  });

  it.each([
    ['with good readiness', readiness()],
    ['with failing readiness', failing],
    ['without readiness', undefined],
  ])('merged %s: ready, no reasons (the PR is done)', (_, r) => {
    expect(decideVerdict(found({ state: 'merged', readiness: r, isCurrentlySubmittedToQueue: false }))).toEqual({
      ready: true,
      reasons: [],
    });
  });

  it.each([
    ['failed', 'state_failed'],
    ['cancelled', 'state_cancelled'],
    ['pending_failure', 'state_pending_failure'],
  ])('%s: not ready, its state reason first, then any readiness reasons', (state, reason) => {
    expect(decideVerdict(found({ state, readiness: readiness() }))).toEqual({ ready: false, reasons: [reason] });
    expect(decideVerdict(found({ state, readiness: failing }))).toEqual({
      ready: false,
      reasons: [reason, ...failingReasons],
    });
    expect(decideVerdict(found({ state, readiness: undefined }))).toEqual({ ready: false, reasons: [reason] });
  });

  it.each(['pending', 'testing', 'tests_passed'])('%s: the readiness rule; ready without readiness', (state) => {
    expect(decideVerdict(found({ state, readiness: readiness() }))).toEqual({ ready: true, reasons: [] });
    expect(decideVerdict(found({ state, readiness: failing }))).toEqual({ ready: false, reasons: failingReasons });
    expect(decideVerdict(found({ state, readiness: undefined }))).toEqual({ ready: true, reasons: [] });
    expect(decideVerdict(found({ state, readiness: null }))).toEqual({ ready: true, reasons: [] });
  });

  it.each([
    ['not_ready', 'not_ready'],
    ['no state', undefined],
    ['a state this version does not know', 'awaiting_review'],
  ])('%s: the readiness rule; readiness_unknown without readiness', (_, state) => {
    expect(decideVerdict(found({ state, readiness: readiness() }))).toEqual({ ready: true, reasons: [] });
    expect(decideVerdict(found({ state, readiness: failing }))).toEqual({ ready: false, reasons: failingReasons });
    expect(decideVerdict(found({ state, readiness: undefined }))).toEqual({
      ready: false,
      reasons: ['readiness_unknown'],
    });
  });

  it.each(['__proto__', 'constructor', 'toString'])(
    'a state named like an object property (%s) is just unknown',
    (state) => {
      expect(decideVerdict(found({ state, readiness: undefined }))).toEqual({
        ready: false,
        reasons: ['readiness_unknown'],
      });
    },
  );

  it('covers every known state', () => {
    const covered = [
      'merged',
      'failed',
      'cancelled',
      'pending_failure',
      'pending',
      'testing',
      'tests_passed',
      'not_ready',
    ];
    expect([...PR_STATES].sort()).toEqual(covered.sort());
  });
});

describe('the readiness rule', () => {
  it.each([
    [{ doesBaseBranchMatch: false }, ['base_branch_mismatch']],
    [{ gitHubMergeability: 'not_mergeable' }, ['mergeability_not_mergeable']],
    [{ gitHubMergeability: 'unspecified' }, ['mergeability_unspecified']],
    [{ gitHubMergeability: 'blocked-by rules' }, ['mergeability_blocked_by_rules']],
    [{ gitHubMergeability: '' }, ['mergeability_unspecified']],
    [{ hasImpactedTargets: false }, ['impacted_targets_missing']],
    [{ hasImpactedTargets: undefined }, ['impacted_targets_missing']],
    [{ requiresImpactedTargets: false, hasImpactedTargets: false }, []],
    [
      { doesBaseBranchMatch: false, gitHubMergeability: 'in_progress', hasImpactedTargets: false },
      ['base_branch_mismatch', 'mergeability_in_progress', 'impacted_targets_missing'],
    ],
  ])('%j gives %j', (overrides, reasons) => {
    expect(decideVerdict(found({ state: 'not_ready', readiness: readiness(overrides) })).reasons).toEqual(reasons);
  });

  it('a PR still in play but no longer submitted also gets not_submitted', () => {
    for (const state of ['not_ready', 'pending', 'testing', 'tests_passed', 'pending_failure', undefined]) {
      expect(decideVerdict(found({ state, isCurrentlySubmittedToQueue: false })).reasons).toContain('not_submitted');
    }
    for (const state of ['merged', 'failed', 'cancelled']) {
      expect(decideVerdict(found({ state, isCurrentlySubmittedToQueue: false })).reasons).not.toContain(
        'not_submitted',
      );
    }
  });
});
