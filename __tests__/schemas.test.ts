import { describe, expect, it } from '@jest/globals';
import { parseBody, queueSchema, submittedPullRequestSchema } from '../src/schemas.js';
import { entry, prBody, queueBody } from './fixtures.js';

const queueWith = (entries: unknown[], overrides: Record<string, unknown> = {}) => ({
  ...queueBody(overrides),
  enqueuedPullRequests: entries,
});

describe('response schemas', () => {
  it("accepts Trunk's documented example bodies", () => {
    expect(parseBody(submittedPullRequestSchema, prBody()).ok).toBe(true);
    expect(parseBody(queueSchema, queueWith([entry(1, 'testing')])).ok).toBe(true);
  });

  it('keeps fields the action does not know (passthrough)', () => {
    const result = parseBody(submittedPullRequestSchema, prBody({ futureField: { a: 1 }, noBatch: true }));
    expect(result.ok && result.value).toMatchObject({ futureField: { a: 1 }, noBatch: true, verifiedByTestRun: null });
    const q = parseBody(queueSchema, queueWith([], { extensionEnabled: true, batchingRules: [] }));
    expect(q.ok && q.value).toMatchObject({ extensionEnabled: true, batchingRules: [] });
  });

  it('accepts uppercase and unknown enum values, lowercased', () => {
    const result = parseBody(
      submittedPullRequestSchema,
      prBody({
        state: 'TESTS_PASSED',
        readiness: { requiresImpactedTargets: false, doesBaseBranchMatch: true, gitHubMergeability: 'MERGEABLE' },
      }),
    );
    expect(result.ok && [result.value.state, result.value.readiness?.gitHubMergeability]).toEqual([
      'tests_passed',
      'mergeable',
    ]);
    const q = parseBody(
      queueSchema,
      queueWith([entry(1, 'Awaiting_Review')], { state: 'Frozen', mode: 'HYBRID', mergeMethod: 'FAST_FORWARD' }),
    );
    expect(q.ok && [q.value.state, q.value.mode, q.value.mergeMethod, q.value.enqueuedPullRequests[0]?.state]).toEqual([
      'frozen',
      'hybrid',
      'fast_forward',
      'awaiting_review',
    ]);
  });

  it('takes requiredStatuses: null, as Trunk sends it live', () => {
    expect(parseBody(queueSchema, queueWith([], { requiredStatuses: null })).ok).toBe(true);
  });

  it('names a missing required field', () => {
    const body = prBody();
    delete (body as Record<string, unknown>).prSha;
    expect(parseBody(submittedPullRequestSchema, body)).toEqual({
      ok: false,
      problem: 'required field "prSha" is missing',
    });
  });

  it('names a field of the wrong type, with its path in the body', () => {
    expect(parseBody(queueSchema, queueWith([entry(1, 'testing'), entry(2, 'pending', { prNumber: '2' })]))).toEqual({
      ok: false,
      problem: 'field "enqueuedPullRequests[1].prNumber" should be number but is string "2"',
    });
    expect(parseBody(submittedPullRequestSchema, prBody({ readiness: { requiresImpactedTargets: 'yes' } }))).toEqual({
      ok: false,
      problem: 'field "readiness.requiresImpactedTargets" should be boolean but is string "yes"',
    });
  });

  it('says so when the body is not an object at all', () => {
    expect(parseBody(queueSchema, [1, 2])).toEqual({ ok: false, problem: 'the body should be object but is an array' });
  });
});
