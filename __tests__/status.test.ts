import { describe, expect, it } from '@jest/globals';
import { deriveStatus, OUTPUT_LIMIT_BYTES, readinessReasons, toOutputs } from '../src/status.js';
import { OUTPUT_NAMES } from '../src/states.js';
import { pr, queue } from './fixtures.js';

const readiness = (overrides: Record<string, unknown>) => ({
  hasImpactedTargets: true,
  requiresImpactedTargets: true,
  doesBaseBranchMatch: true,
  gitHubMergeability: 'mergeable',
  ...overrides,
});
const noWait = { waitedSeconds: 0, timedOut: false };

describe('readinessReasons', () => {
  it('is empty when every readiness rule holds', () => {
    expect(readinessReasons({ submitted: true, pr: pr() })).toEqual([]);
  });

  it('does not need impacted targets when they are not required', () => {
    const answer = {
      submitted: true as const,
      pr: pr({ readiness: readiness({ requiresImpactedTargets: false, hasImpactedTargets: undefined }) }),
    };
    expect(readinessReasons(answer)).toEqual([]);
  });

  it.each([
    [{ doesBaseBranchMatch: false }, ['base_branch_mismatch']],
    [{ gitHubMergeability: 'in_progress' }, ['mergeability_in_progress']],
    [{ gitHubMergeability: 'NOT_MERGEABLE' }, ['mergeability_not_mergeable']],
    [{ gitHubMergeability: 'unspecified' }, ['mergeability_unspecified']],
    [{ gitHubMergeability: 'blocked-by rules' }, ['mergeability_blocked_by_rules']],
    [{ hasImpactedTargets: false }, ['impacted_targets_missing']],
    [{ hasImpactedTargets: undefined }, ['impacted_targets_missing']],
    [
      { doesBaseBranchMatch: false, gitHubMergeability: 'in_progress', hasImpactedTargets: false },
      ['base_branch_mismatch', 'mergeability_in_progress', 'impacted_targets_missing'],
    ],
  ])('names every rule that fails: %j', (overrides, reasons) => {
    expect(readinessReasons({ submitted: true, pr: pr({ readiness: readiness(overrides) }) })).toEqual(reasons);
  });

  it('says not_submitted for a 404 and readiness_unknown when the API sent none', () => {
    expect(readinessReasons({ submitted: false })).toEqual(['not_submitted']);
    expect(readinessReasons({ submitted: true, pr: pr({ readiness: undefined }) })).toEqual(['readiness_unknown']);
    expect(readinessReasons({ submitted: true, pr: pr({ readiness: null }) })).toEqual(['readiness_unknown']);
  });

  it('is not ready when the PR is no longer submitted, even with good readiness', () => {
    expect(readinessReasons({ submitted: true, pr: pr({ isCurrentlySubmittedToQueue: false }) })).toEqual([
      'not_submitted',
    ]);
  });
});

describe('deriveStatus', () => {
  const q = queue([
    [10, 'testing'],
    [11, 'testing'],
    [1842, 'pending'],
    [12, 'pending'],
  ]);

  it('finds the 1-based position and the PRs ahead', () => {
    const status = deriveStatus(1842, { submitted: true, pr: pr() }, q);
    expect(status.position).toBe(3);
    expect(status.prsAhead).toEqual([10, 11]);
    expect(status.ready).toBe(true);
  });

  it('leaves position empty for a PR the queue does not list', () => {
    const status = deriveStatus(1842, { submitted: true, pr: pr({ state: 'not_ready' }) }, queue([[10, 'testing']]));
    expect(status.position).toBeUndefined();
    expect(status.prsAhead).toEqual([]);
  });

  it('reports not_submitted for a 404', () => {
    const status = deriveStatus(1842, { submitted: false }, q);
    expect(status).toMatchObject({
      state: 'not_submitted',
      submitted: false,
      ready: false,
      reasons: ['not_submitted'],
    });
  });

  it('compares the event head SHA with the queue, in any letter case', () => {
    const answer = { submitted: true as const, pr: pr({ prSha: 'ABCDEF' }) };
    expect(deriveStatus(1842, answer, q, 'abcdef').stale).toBe(false);
    expect(deriveStatus(1842, answer, q, '123456').stale).toBe(true);
    expect(deriveStatus(1842, answer, q, undefined).stale).toBeUndefined();
    expect(deriveStatus(1842, { submitted: false }, q, 'abcdef').stale).toBeUndefined();
  });
});

describe('toOutputs', () => {
  it('sets every output of the contract as a string', () => {
    const status = deriveStatus(
      1842,
      { submitted: true, pr: pr() },
      queue([
        [10, 'testing'],
        [1842, 'testing'],
      ]),
      pr().prSha,
    );
    const { outputs, omitted } = toOutputs(status, { waitedSeconds: 12, timedOut: true });
    expect(Object.keys(outputs)).toEqual([...OUTPUT_NAMES]);
    expect(omitted).toEqual([]);
    expect(outputs).toMatchObject({
      state: 'testing',
      submitted: 'true',
      ready: 'true',
      'not-ready-reasons': '',
      'does-base-branch-match': 'true',
      'github-mergeability': 'mergeable',
      'requires-impacted-targets': 'true',
      'has-impacted-targets': 'true',
      position: '2',
      'prs-ahead': '10',
      'queue-length': '2',
      'queue-state': 'running',
      'queue-mode': 'single',
      'priority-name': 'medium',
      'priority-value': '100',
      'pr-sha': pr().prSha,
      stale: 'false',
      'waited-seconds': '12',
      'timed-out': 'true',
    });
    expect(JSON.parse(outputs['pr-json'])).toMatchObject({ prNumber: 1842, noBatch: false });
    expect(JSON.parse(outputs['queue-json']).enqueuedPullRequests).toHaveLength(2);
  });

  it('gives the empty string, never undefined, for what a not-submitted PR lacks', () => {
    const { outputs } = toOutputs(deriveStatus(1842, { submitted: false }, queue([])), noWait);
    for (const name of [
      'does-base-branch-match',
      'github-mergeability',
      'position',
      'prs-ahead',
      'priority-name',
      'pr-sha',
      'stale',
      'pr-json',
    ]) {
      expect(outputs[name as keyof typeof outputs]).toBe('');
    }
    expect(outputs['not-ready-reasons']).toBe('not_submitted');
    expect(outputs['queue-length']).toBe('0');
  });

  it('sets only the wait outputs when there is no status', () => {
    const { outputs } = toOutputs(undefined, noWait);
    expect(outputs.state).toBe('');
    expect(outputs['waited-seconds']).toBe('0');
    expect(outputs['timed-out']).toBe('false');
  });

  it('leaves out a body over 1 MB and says so', () => {
    const big = queue(Array.from({ length: 4000 }, (_, i) => [i + 1, 'pending'] as [number, string]));
    const { outputs, omitted } = toOutputs(deriveStatus(1842, { submitted: true, pr: pr() }, big), noWait);
    expect(JSON.stringify(big).length).toBeGreaterThan(OUTPUT_LIMIT_BYTES);
    expect(outputs['queue-json']).toBe('');
    expect(outputs['pr-json']).not.toBe('');
    expect(omitted).toEqual([
      expect.stringMatching(/^Output queue-json left out: the body is [\d.]+ MB, over GitHub's 1 MB/),
    ]);
  });
});
