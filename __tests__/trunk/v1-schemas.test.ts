// v1's answers: validate what the action decides on, tolerate what it does not. Every field Trunk's
// OpenAPI document (a copy beside the simulator) marks required is either decided on, and its
// absence is named; or only shown in the summary, and missing, null or of another type it is
// undefined (shown as "—"); or not read at all, and its absence is harmless. Values are normalised
// once, here, before anything decides on them.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseBody } from '../../src/trunk/validate.js';
import {
  enqueuedPullRequestSchema,
  prFacts,
  queueFacts,
  queueSchema,
  readinessSchema,
  submittedPullRequestSchema,
} from '../../src/trunk/v1/schemas.js';
import { entry, prBody, prFrom, queueBody, queueFrom, readiness } from '../helpers/fixtures.js';

interface ObjectSchema {
  required: string[];
  properties: Record<string, ObjectSchema & { items?: ObjectSchema }>;
}
const spec = JSON.parse(readFileSync(new URL('../../simulator/trunk-openapi-v1.json', import.meta.url), 'utf8')) as {
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

// Fields the action only shows in the summary (the contract's list): never a reason to fail a run.
const SHOWN: Record<string, string[]> = {
  getSubmittedPullRequest: ['priorityValue', 'priorityName', 'prTitle', 'prAuthor'],
  'getSubmittedPullRequest readiness': [],
  getQueue: [
    'concurrency',
    'batch',
    'batchingMinSize',
    'batchingMaxWaitTimeMinutes',
    'mergeMethod',
    'requiredStatuses',
  ],
  'getQueue entries': ['stateChangedAt', 'priorityName', 'prTitle', 'prAuthor'],
};

type Parse = (body: Record<string, unknown>) => ReturnType<typeof parseBody>;
const prParse: Parse = (body) => parseBody(submittedPullRequestSchema, body);
const queueParse: Parse = (body) => parseBody(queueSchema, body);

// [what, the spec's object, the fields the action declares, a valid body, how to parse a body
// that holds this object, where the object sits in that body, its path prefix in messages]
const cases = [
  [
    'getSubmittedPullRequest',
    prSpec,
    Object.keys(submittedPullRequestSchema.shape),
    prBody(),
    prParse,
    (o: object) => o,
    '',
  ],
  [
    'getSubmittedPullRequest readiness',
    readinessSpec,
    Object.keys(readinessSchema.shape),
    readiness(),
    prParse,
    (o: object) => prBody({ readiness: o }),
    'readiness.',
  ],
  ['getQueue', queueSpec, Object.keys(queueSchema.shape), queueWith([]), queueParse, (o: object) => o, ''],
  [
    'getQueue entries',
    entrySpec,
    Object.keys(enqueuedPullRequestSchema.shape),
    entry(1, 'testing'),
    queueParse,
    (o: object) => queueWith([o]),
    'enqueuedPullRequests[0].',
  ],
] as const;

describe.each(cases)('%s', (name, objectSpec, declared, valid, parse, place, prefix) => {
  const { required } = objectSpec;
  const shown = SHOWN[name] ?? [];
  const decided = declared.filter((field) => !shown.includes(field));
  const unread = required.filter((field) => !declared.includes(field));
  const parseWith = (field: string, value: unknown) =>
    parse(place({ ...valid, [field]: value }) as Record<string, unknown>);
  const parseWithout = (field: string) => parse(place(without(valid, field)) as Record<string, unknown>);

  it('declares only fields the spec knows, and shows only fields it declares', () => {
    expect(declared.filter((field) => !(field in objectSpec.properties))).toEqual([]);
    expect(shown.filter((field) => !declared.includes(field))).toEqual([]);
  });

  it.each(decided.filter((field) => required.includes(field)))(
    'a missing %s, which the action decides on, is named',
    (field) => {
      expect(parseWithout(field)).toEqual({ ok: false, problem: `required field "${prefix}${field}" is missing` });
    },
  );

  it.each(shown.length ? shown : ['(none)'])(
    'a %s missing, null or of another type, which only the summary shows, is harmless',
    (field) => {
      if (field === '(none)') return;
      for (const result of [parseWithout(field), parseWith(field, null), parseWith(field, { a: [1] })]) {
        expect(result.ok).toBe(true);
      }
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

  it.each([0, -3, 1.5, 4_294_967_296])('name a PR number that is none (%d): the action writes it as "PR #n"', (n) => {
    expect(parseBody(queueSchema, queueWith([entry(1, 'testing'), entry(n, 'pending')]))).toEqual({
      ok: false,
      problem:
        'field "enqueuedPullRequests[1].prNumber" is not a pull request number (a whole number from 1 to 4294967295)',
    });
  });

  it('refuse a state that held a credential: redacted on its way in, it is no state a gate can pass on', () => {
    expect(parseBody(submittedPullRequestSchema, prBody({ state: 'pending_***' }))).toEqual({
      ok: false,
      problem: 'field "state" holds text cut out as a credential (***), so the action cannot decide on it',
    });
  });

  it('say so when the body is not an object at all', () => {
    expect(parseBody(queueSchema, [1, 2])).toEqual({ ok: false, problem: 'the body should be object but is an array' });
  });
});

describe('the neutral facts', () => {
  it('normalise every value the action decides on once, whitespace and letter case included', () => {
    const pr = prFrom(
      JSON.stringify(prBody({ state: 'merged\n', readiness: readiness({ gitHubMergeability: ' Not_Mergeable\t' }) })),
    );
    expect([pr.state, pr.readiness?.mergeability]).toEqual(['merged', 'not_mergeable']);
    const { queue } = queueFrom(
      queueWith([entry(1, 'testing '), entry(2, '\r\nTESTS_PASSED'), entry(3, ' pending')], {
        state: ' Paused\n',
        mode: 'PARALLEL ',
      }),
    );
    expect([queue.state, queue.mode]).toEqual(['paused', 'parallel']);
    expect(queue.entries.map((e) => [e.state, e.testing])).toEqual([
      ['testing', true],
      ['tests_passed', true],
      ['pending', false],
    ]);
  });

  it('carry the PR as the adapter read it, and priorityValue as the body wrote it', () => {
    const text = JSON.stringify(prBody({ priorityValue: 7 })).replace('"priorityValue":7', '"priorityValue":1.50');
    expect(prFacts(submittedPullRequestSchema.parse(JSON.parse(text)), text)).toEqual({
      state: 'testing',
      submitted: true,
      readiness: {
        doesBaseBranchMatch: true,
        mergeability: 'mergeable',
        requiresImpactedTargets: true,
        hasImpactedTargets: true,
      },
      stateChangedAt: prBody().stateChangedAt,
      priorityName: 'medium',
      priorityValue: '1.50',
      title: 'Update documentation',
      author: 'octocat',
      sha: prBody().prSha,
    });
  });

  it('carry the queue, its settings and its line in order', () => {
    const facts = queueFacts(
      queueSchema.parse(
        queueWith([entry(5, 'testing'), entry(3, 'pending', { prTitle: 7 })], {
          batch: true,
          batchingMinSize: 3,
          batchingMaxWaitTimeMinutes: 10,
          requiredStatuses: null,
        }),
      ),
    );
    expect(facts).toMatchObject({
      state: 'running',
      mode: 'single',
      branch: 'main',
      testingTimeoutMinutes: 300,
      settings: {
        concurrency: 2,
        batching: { on: true, minSize: 3, maxWaitMinutes: 10 },
        mergeMethod: 'squash',
        requiredStatuses: [],
      },
    });
    expect(facts.entries.map((e) => [e.number, e.title])).toEqual([
      [5, 'Change number 5'],
      [3, undefined],
    ]);
  });
});

describe('numbers beyond what JavaScript holds', () => {
  it('getQueue with "testingTimeoutMinutes": 1e999 names the field and says why', () => {
    const text = JSON.stringify(queueWith([])).replace(/"testingTimeoutMinutes":\d+/, '"testingTimeoutMinutes":1e999');
    expect(parseBody(queueSchema, JSON.parse(text))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^field "testingTimeoutMinutes" is a number too large/),
    });
  });
});
