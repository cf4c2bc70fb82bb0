// A test run's verdict over every PR it tests, decided from each PR's own verdict.
import { describe, expect, it } from '@jest/globals';
import { decideBatch, leftTheQueue } from '../../src/core/batch.js';
import { decideVerdict } from '../../src/core/verdict.js';
import { found, notFound, readiness } from '../helpers/fixtures.js';

const member = (prNumber: number, answer = found()) => ({ prNumber, verdict: decideVerdict(answer) });
const failed = found({ state: 'failed', isCurrentlySubmittedToQueue: false });
const cancelled = found({ state: 'cancelled', isCurrentlySubmittedToQueue: false });
const conflicted = found({ readiness: readiness({ gitHubMergeability: 'not_mergeable' }) });

describe('decideBatch', () => {
  it('ready when every PR is on its way; no reasons', () => {
    expect(decideBatch([member(1842), member(1843, found({ state: 'merged' }))])).toEqual({
      ready: true,
      reasons: [],
      notReady: [],
      left: [],
    });
  });

  it("names the PRs that are not, each code after its PR, in the branch's order", () => {
    const verdict = decideBatch([member(1843, failed), member(1842), member(1850, conflicted)]);
    expect(verdict).toEqual({
      ready: false,
      reasons: ['1843:state_failed', '1850:mergeability_not_mergeable'],
      notReady: [1843, 1850],
      left: [1843],
    });
    // A workflow's contains(…, 'state_failed') still matches.
    expect(verdict.reasons.join(',')).toContain('state_failed');
  });

  it('a PR Trunk does not have in this queue has left it; one of one is a batch too', () => {
    expect(decideBatch([member(1842, notFound)])).toEqual({
      ready: false,
      reasons: ['1842:not_submitted'],
      notReady: [1842],
      left: [1842],
    });
  });
});

describe('leftTheQueue', () => {
  it.each([
    ['failed', failed, true],
    ['cancelled', cancelled, true],
    ['not submitted', notFound, true],
    ['no longer submitted, not yet final', found({ state: 'pending', isCurrentlySubmittedToQueue: false }), true],
    ['its failure being retested', found({ state: 'pending_failure' }), false],
    ['not mergeable while testing', conflicted, false],
    ['waiting to enter', found({ state: 'not_ready', readiness: readiness({ hasImpactedTargets: false }) }), false],
    ['testing', found(), false],
    ['merged', found({ state: 'merged', isCurrentlySubmittedToQueue: false }), false],
  ])('%s', (_, answer, left) => {
    expect(leftTheQueue(decideVerdict(answer))).toBe(left);
  });
});
