// The v2 adapter's schemas against Trunk's own OpenAPI document: for every field the document
// marks required, a body without it fails, naming the field, exactly when the action reads it;
// a field the action does not read (or only shows) may be missing. The bodies are the
// simulator's, which a test of its own validates against the same document.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { ZodMiniType } from 'zod/mini';
import { startSimulator, type Simulator } from '../simulator/server.mjs';
import { parseBody } from '../src/validate.js';
import {
  estimateSchema,
  historySchema,
  mergeQueueListSchema,
  orderSchema,
  pullRequestSchema,
  repositoryListSchema,
  verificationRunsSchema,
} from '../src/v2/schemas.js';

type Json = Record<string, unknown>;
interface SchemaDoc {
  $ref?: string;
  required?: string[];
  properties?: Record<string, SchemaDoc>;
  items?: SchemaDoc;
}
const doc = JSON.parse(readFileSync(new URL('../simulator/trunk-openapi-v2.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, SchemaDoc> };
};
const resolve = (schema: SchemaDoc): SchemaDoc =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;

/** The action's zod schema for an object: which of its keys it requires. */
interface ZodShape {
  _zod: {
    def: { type: string; shape?: Record<string, ZodShape>; element?: ZodShape; innerType?: ZodShape };
    optin?: string;
  };
}
function shapeOf(schema: ZodShape): Record<string, ZodShape> | undefined {
  const { def } = schema._zod;
  return def.shape ?? (def.innerType ? shapeOf(def.innerType) : undefined);
}

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

/** Every (path, object schema, action's shape) pair below a document schema, as far as the action reads. */
function* objects(
  docSchema: SchemaDoc,
  shape: Record<string, ZodShape> | undefined,
  path: Array<string | number>,
  body: unknown,
): Generator<{ path: Array<string | number>; doc: SchemaDoc; shape: Record<string, ZodShape> }> {
  const resolved = resolve(docSchema);
  if (!shape || body === null || typeof body !== 'object') return;
  yield { path, doc: resolved, shape };
  for (const [key, child] of Object.entries(shape)) {
    const childDoc = resolved.properties?.[key];
    const value = (body as Json)[key];
    // A shown object is all optional: when any of it is unusable, it is left out as a whole.
    if (!childDoc || value === undefined || child._zod.def.type === 'catch') continue;
    const items = resolve(childDoc).items;
    const element = child._zod.def.element ?? (child._zod.def.innerType?._zod.def.element as ZodShape | undefined);
    if (items && Array.isArray(value) && value.length > 0 && element) {
      yield* objects(items, shapeOf(element), [...path, key, 0], value[0]);
    } else {
      yield* objects(childDoc, shapeOf(child), [...path, key], value);
    }
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
    const checked: string[] = [];
    for (const object of objects(
      doc.components.schemas[name] as SchemaDoc,
      shapeOf(schema as unknown as ZodShape),
      [],
      body,
    )) {
      for (const field of object.doc.required ?? []) {
        const copy = structuredClone(body);
        let parent: Json = copy;
        for (const key of object.path) parent = (parent as unknown as Record<string | number, Json>)[key] as Json;
        delete parent[field];
        const result = parseBody(schema, copy);
        const reads = field in object.shape && object.shape[field]?._zod.optin !== 'optional';
        const where = [...object.path, field]
          .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
          .join('')
          .slice(1);
        if (reads) {
          expect(result).toEqual({ ok: false, problem: expect.stringContaining(where.replace(/\.\[/g, '[')) });
        } else {
          expect(result.ok).toBe(true);
        }
        checked.push(where);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});

it('the estimate: status is read; everything else may be missing', () => {
  expect(parseBody(estimateSchema, { status: 'unavailable' }).ok).toBe(true);
  expect(parseBody(estimateSchema, { kind: 'merge' })).toEqual({
    ok: false,
    problem: 'required field "status" is missing',
  });
});
