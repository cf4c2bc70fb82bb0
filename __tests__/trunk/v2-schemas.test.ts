// The v2 adapter's schemas against Trunk's own OpenAPI document: for every field the document
// marks required, a body without it fails, naming the field, exactly when the action reads it;
// a field the action does not read (or only shows) may be missing. The bodies are the
// simulator's, which a test of its own validates against the same document.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { ZodMiniType } from 'zod/mini';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { parseBody } from '../../src/trunk/validate.js';
import {
  estimateSchema,
  historySchema,
  mergeQueueListSchema,
  orderSchema,
  pullRequestSchema,
  queueFacts,
  repositoryListSchema,
  verificationRunsSchema,
  type MergeQueue,
} from '../../src/trunk/v2/schemas.js';

describe('trunk/v2-schemas', () => {
  type Json = Record<string, unknown>;
  interface SchemaDoc {
    $ref?: string;
    required?: string[];
    properties?: Record<string, SchemaDoc>;
    items?: SchemaDoc;
  }
  const doc = JSON.parse(readFileSync(new URL('../../simulator/trunk-openapi-v2.json', import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, SchemaDoc> };
  };
  const resolve = (schema: SchemaDoc): SchemaDoc =>
    schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;

  let sim: Simulator;
  const bodies: Record<string, Json> = {};
  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'failed' });
    const get = async (path: string) =>
      (await (await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${sim.apiKey}` } })).json()) as Json;
    const repos = await get('/v2/repositories?providerUrl=https%3A%2F%2Fgithub.com%2Focto-org%2Focto-repo');
    const repositoryId = ((repos.data as Json[])[0] as Json).id as string;
    const queues = await get(`/v2/merge-queues?repositoryId=${repositoryId}&targetBranch=main`);
    const queueId = ((queues.data as Json[])[0] as Json).id as string;
    const prs = await get(`/v2/pull-requests?repositoryId=${repositoryId}&number=1842`);
    const pr = (prs.data as Json[])[0] as Json;
    const base = `/v2/pull-requests/${pr.id as string}`;
    Object.assign(bodies, {
      RepositoryList: repos,
      MergeQueueList: queues,
      MergeQueueOrder: await get(`/v2/merge-queues/${queueId}/order`),
      PullRequest: pr,
      QueueEntryHistoryList: await get(`${base}/queue-entry-history?direction=newest&limit=1`),
      VerificationRunList: await get(`${base}/verification-runs?limit=1`),
    });
  });
  afterAll(() => sim.close());

  /**
   * The fields each read's answer is checked for, as the adapter uses them (src/v2/source.ts,
   * story.ts, schemas.ts): written out here rather than taken from the schemas, so that a field the
   * adapter uses but declares optional shows up as a difference.
   */
  const READS: Record<string, readonly string[]> = {
    RepositoryList: ['data', 'data[0].id'],
    MergeQueueList: [
      'data',
      'data[0].id',
      'data[0].targetBranch',
      'data[0].state',
      'data[0].mode',
      'data[0].config',
      'data[0].config.testingTimeoutMinutes',
    ],
    MergeQueueOrder: [
      'batches',
      'batches[0].pullRequests',
      'batches[0].pullRequests[0].number',
      'pending',
      'pending[0].pullRequest',
      'pending[0].pullRequest.number',
      'pending[0].directlyAhead',
      'pending[0].directlyAhead[0].number',
      'awaitingAdmission',
      'awaitingAdmission[0].number',
      'awaitingAdmissionTotal',
    ],
    PullRequest: [
      'id',
      'number',
      'sha',
      'isCurrentlySubmittedToQueue',
      'queueEntry.mergeQueueId',
      'queueEntry.state',
      'queueEntry.stateChangedAt',
      'queueEntry.readiness',
      'queueEntry.readiness.requiresImpactedTargets',
      'queueEntry.readiness.doesBaseBranchMatch',
      'queueEntry.readiness.mergeability',
    ],
    QueueEntryHistoryList: [
      'data',
      'data[0].reason',
      'data[0].failed.failureCausingChecks',
      'data[0].failed.failureCausingChecks[0].name',
      'data[0].pendingFailure.failureCausingChecks',
      'data[0].pendingFailure.failureCausingChecks[0].name',
    ],
    VerificationRunList: ['data', 'data[0].status', 'data[0].testBranchPullRequest.url', 'data[0].testBranchCommitUrl'],
  };

  const pathText = (path: ReadonlyArray<string | number>) =>
    path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${key}`)).join('');

  /** Every object in the body with its place and its schema in the document. */
  function* objects(
    docSchema: SchemaDoc,
    path: Array<string | number>,
    body: unknown,
  ): Generator<{ path: Array<string | number>; doc: SchemaDoc }> {
    const resolved = resolve(docSchema);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    yield { path, doc: resolved };
    for (const [key, value] of Object.entries(body as Json)) {
      const child = resolved.properties?.[key];
      if (!child) continue;
      const items = resolve(child).items;
      if (items && Array.isArray(value) && value.length > 0) yield* objects(items, [...path, key, 0], value[0]);
      else yield* objects(child, [...path, key], value);
    }
  }

  const CASES: Array<[string, ZodMiniType<unknown>]> = [
    ['RepositoryList', repositoryListSchema],
    ['MergeQueueList', mergeQueueListSchema],
    ['MergeQueueOrder', orderSchema],
    ['PullRequest', pullRequestSchema],
    ['QueueEntryHistoryList', historySchema],
    ['VerificationRunList', verificationRunsSchema],
  ];

  describe.each(CASES)('%s', (name, schema) => {
    it('the simulator body fits', () => {
      expect(parseBody(schema, bodies[name]).ok).toBe(true);
    });

    it('each required field: named when missing if the action reads it, harmless if not', () => {
      const body = bodies[name] as Json;
      const reads = new Set(READS[name]);
      const checked: string[] = [];
      for (const object of objects(doc.components.schemas[name] as SchemaDoc, [], body)) {
        for (const field of object.doc.required ?? []) {
          const copy = structuredClone(body);
          let parent: Json = copy;
          for (const key of object.path) parent = (parent as unknown as Record<string | number, Json>)[key] as Json;
          delete parent[field];
          const where = pathText([...object.path, field]);
          const result = parseBody(schema, copy);
          if (reads.has(where)) expect(result).toEqual({ ok: false, problem: expect.stringContaining(`"${where}"`) });
          else expect({ where, ok: result.ok }).toEqual({ where, ok: true });
          checked.push(where);
        }
      }
      // Every field listed as read is one the document requires, or one the body has.
      expect(checked.length).toBeGreaterThan(0);
    });

    it('each field it reads, of the wrong type, is named', () => {
      for (const where of READS[name] ?? []) {
        const copy = structuredClone(bodies[name]) as Json;
        const keys = where.split(/\.|\[(\d+)\]/).filter((key) => key !== undefined && key !== '');
        let parent: unknown = copy;
        for (const key of keys.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[key];
        const last = keys.at(-1) as string;
        if (!parent || typeof parent !== 'object' || !(last in parent)) continue;
        (parent as Record<string, unknown>)[last] = Symbol.for('wrong type') as unknown as string;
        const result = parseBody(schema, copy);
        expect({ where, ok: result.ok }).toEqual({ where, ok: false });
      }
    });
  });

  it('the estimate: status is read; everything else may be missing', () => {
    expect(parseBody(estimateSchema, { status: 'unavailable' }).ok).toBe(true);
    expect(parseBody(estimateSchema, { kind: 'merge' })).toEqual({
      ok: false,
      problem: 'required field "status" is missing',
    });
  });

  describe('the line from the order', () => {
    const queue = () => parseBody(mergeQueueListSchema, bodies.MergeQueueList);
    const pr = (number: number) => ({ id: `id-${number}`, number, sha: 'a'.repeat(40), title: `PR ${number}` });

    it('finished batches are no longer in it, and those awaiting admission count to their total', () => {
      const listed = queue();
      if (!listed.ok) throw new Error(listed.problem);
      const order = parseBody(orderSchema, {
        batches: [
          { verificationRunId: 'a', state: 'merged', isBisection: false, pullRequests: [pr(1)] },
          { verificationRunId: 'b', state: 'testsPassed', isBisection: false, pullRequests: [pr(2)] },
          { verificationRunId: 'c', state: 'testing', isBisection: false, pullRequests: [pr(3)] },
        ],
        pending: [{ pullRequest: pr(4), schedulability: 'schedulable', directlyAhead: [pr(3)], heldBy: [] }],
        awaitingAdmission: [pr(5)],
        awaitingAdmissionTotal: 40,
      });
      if (!order.ok) throw new Error(order.problem);
      const facts = queueFacts(listed.value.data[0] as MergeQueue, order.value);
      expect(facts.entries.map((entry) => [entry.number, entry.state, entry.testing])).toEqual([
        [2, 'tests_passed', true],
        [3, 'testing', true],
        [4, 'pending', false],
        [5, 'pending', false],
      ]);
      expect(facts.length).toBe(43);
    });
  });
});
