// Validate what the action reads, tolerate what it does not: every field Trunk's OpenAPI document
// (a copy beside the simulator) marks required is either read, and its absence is named, or not
// read, and its absence is harmless.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  enqueuedPullRequestSchema,
  parseBody,
  queueSchema,
  readinessSchema,
  submittedPullRequestSchema,
} from '../src/schemas.js';
import { entry, prBody, queueBody, readiness } from './fixtures.js';

interface ObjectSchema {
  required: string[];
  properties: Record<string, ObjectSchema & { items?: ObjectSchema }>;
}
const spec = JSON.parse(readFileSync(new URL('../simulator/trunk-openapi-v1.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    { post: { responses: { 200: { content: { 'application/json': { schema: ObjectSchema } } } } } }
  >;
};
const response = (path: string) =>
  spec.paths[path]?.post.responses[200].content['application/json'].schema as ObjectSchema;
const prSpec = response('/getSubmittedPullRequest');
const queueSpec = response('/getQueue');
const entrySpec = queueSpec.properties.enqueuedPullRequests?.items as ObjectSchema;
const readinessSpec = prSpec.properties.readiness as ObjectSchema;

const queueWith = (entries: unknown[], overrides: Record<string, unknown> = {}) => ({
  ...queueBody(overrides),
  enqueuedPullRequests: entries,
});
const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

// [what, the spec's object, the fields the action reads, the body without a field, its path prefix]
const cases = [
  [
    'getSubmittedPullRequest',
    prSpec,
    Object.keys(submittedPullRequestSchema.shape),
    (f: string) => parseBody(submittedPullRequestSchema, without(prBody(), f)),
    '',
  ],
  [
    'getSubmittedPullRequest readiness',
    readinessSpec,
    Object.keys(readinessSchema.shape),
    (f: string) => parseBody(submittedPullRequestSchema, prBody({ readiness: without(readiness(), f) })),
    'readiness.',
  ],
  [
    'getQueue',
    queueSpec,
    Object.keys(queueSchema.shape),
    (f: string) => parseBody(queueSchema, without(queueWith([]), f)),
    '',
  ],
  [
    'getQueue entries',
    entrySpec,
    Object.keys(enqueuedPullRequestSchema.shape),
    (f: string) => parseBody(queueSchema, queueWith([without(entry(1, 'testing'), f)])),
    'enqueuedPullRequests[0].',
  ],
] as const;

describe.each(cases)('%s', (_name, objectSpec, read, parseWithout, prefix) => {
  const { required } = objectSpec;
  const unread = required.filter((field) => !read.includes(field));

  it('reads only fields the spec knows', () => {
    expect(read.filter((field) => !(field in objectSpec.properties))).toEqual([]);
  });

  it.each(read.filter((field) => required.includes(field)))(
    'a missing %s, which the action reads, is named',
    (field) => {
      expect(parseWithout(field)).toEqual({ ok: false, problem: `required field "${prefix}${field}" is missing` });
    },
  );

  it.each(unread.length ? unread : ['(none)'])('a missing %s, which the action does not read, is harmless', (field) => {
    expect(parseWithout(field).ok).toBe(true);
  });
});

describe('response schemas', () => {
  it('tolerate a wrong type in a field the action does not read', () => {
    expect(parseBody(submittedPullRequestSchema, prBody({ forceEnqueued: 'yes', skipTheLine: null })).ok).toBe(true);
    expect(parseBody(queueSchema, queueWith([entry(1, 'testing', { noBatch: 'x' })], { commentsEnabled: 1 })).ok).toBe(
      true,
    );
  });

  it('keep fields the action does not know or read (passthrough)', () => {
    const result = parseBody(submittedPullRequestSchema, prBody({ futureField: { a: 1 }, noBatch: true }));
    expect(result.ok && result.value).toMatchObject({
      futureField: { a: 1 },
      noBatch: true,
      verifiedByTestRun: null,
      forceEnqueued: false,
    });
    const q = parseBody(queueSchema, queueWith([], { extensionEnabled: true, batchingRules: [] }));
    expect(q.ok && q.value).toMatchObject({ extensionEnabled: true, batchingRules: [], bisectionConcurrency: 1 });
  });

  it('accept uppercase and unknown enum values, lowercased', () => {
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

  it('take requiredStatuses: null, as Trunk sends it live', () => {
    expect(parseBody(queueSchema, queueWith([], { requiredStatuses: null })).ok).toBe(true);
  });

  it('name a field of the wrong type, with its path in the body', () => {
    expect(parseBody(queueSchema, queueWith([entry(1, 'testing'), entry(2, 'pending', { prNumber: '2' })]))).toEqual({
      ok: false,
      problem: 'field "enqueuedPullRequests[1].prNumber" should be number but is string "2"',
    });
    expect(parseBody(submittedPullRequestSchema, prBody({ readiness: { requiresImpactedTargets: 'yes' } }))).toEqual({
      ok: false,
      problem: 'field "readiness.requiresImpactedTargets" should be boolean but is string "yes"',
    });
  });

  it('say so when the body is not an object at all', () => {
    expect(parseBody(queueSchema, [1, 2])).toEqual({ ok: false, problem: 'the body should be object but is an array' });
  });
});
