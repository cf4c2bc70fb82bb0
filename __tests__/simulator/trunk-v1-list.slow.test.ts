// v1's POST /v1/listPullRequests over a week of the queue's past, against the week scenario: the
// same PRs in the same order as v2's list, `state` (current, v1's spelling), `since` (concluded
// since), `take` and uuid cursors, v1's plain-text 400s and 404s, bodies held to v1's document.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { SIM_QUEUE_ID } from '../../simulator/server.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { allPages, REPO, v1Post, type Json } from '../helpers/trunk-history.js';

const DAY = 86_400_000;
const START = Date.parse(minutesAgo(0));
const sim = useSimulator({ scenario: 'week', clock: () => START }, 'all');
beforeEach(() => sim.useScenario('week'));

const queue = `/v2/merge-queues/${SIM_QUEUE_ID}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const prs = async (query = '') =>
  (await allPages<{ number: number }>(sim.url, `${queue}/pull-requests?limit=100${query}`)).items;

describe('POST /v1/listPullRequests', () => {
  const v1Spec = JSON.parse(
    readFileSync(new URL('../../simulator/trunk-openapi-v1.json', import.meta.url), 'utf8'),
  ) as {
    paths: Record<string, { post: { responses: { 200: { content: { 'application/json': { schema: Json } } } } } }>;
  };
  const v1Schema = new Ajv2020({ strict: false, logger: false }).compile(
    v1Spec.paths['/listPullRequests']?.post.responses[200].content['application/json'].schema ?? {},
  );
  type V1Page = { pullRequests: Array<Json & { prNumber: number; state: string }>; nextCursor?: string };
  const list = async (body: Json) => {
    const rows: V1Page['pullRequests'] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await v1Post<V1Page>(sim.url, 'listPullRequests', {
        repo: REPO,
        targetBranch: 'main',
        ...body,
        ...(cursor ? { cursor } : {}),
      });
      expect(answer.status).toBe(200);
      expect(v1Schema(answer.body)).toBe(true);
      rows.push(...answer.body.pullRequests);
      cursor = answer.body.nextCursor;
      pages++;
    } while (cursor);
    return { rows, pages };
  };

  it('the same PRs as v2’s list, in the same order, 50 a page by default, in v1’s spelling', async () => {
    const { rows, pages } = await list({});
    expect(rows.map((row) => row.prNumber)).toEqual((await prs()).map((pr) => pr.number));
    expect(pages).toBe(Math.ceil(rows.length / 50));
    expect(rows.every((row) => !('createdAt' in row) && !('readiness' in row))).toBe(true);
    expect((await list({ state: 'tests_passed' })).rows).toEqual([]);
    expect((await list({ state: 'pending' })).rows.map((row) => row.prNumber)).toEqual([1845]);
  });

  it('since: the PRs that concluded since then, as v2’s concludedAfter; take sets the page', async () => {
    const since = iso(START - DAY);
    const { rows, pages } = await list({ since, take: 10 });
    expect(rows.map((row) => row.prNumber)).toEqual((await prs(`&concludedAfter=${since}`)).map((pr) => pr.number));
    expect(pages).toBe(Math.ceil(rows.length / 10));
  });

  const bad: Array<[string, Json]> = [
    ['take over 100', { take: 101 }],
    ['take 0', { take: 0 }],
    ['v2’s spelling of a state', { state: 'testsPassed' }],
    ['a since that is no date', { since: 'yesterday' }],
    ['a cursor that is no uuid', { cursor: 'abc' }],
    ['a cursor of another filter', { cursor: '00000000-0000-4000-8000-000000000032' }],
    ['no targetBranch', { targetBranch: undefined }],
  ];
  it.each(bad)('%s: 400 in plain text', async (_name, body) => {
    const answer = await v1Post(sim.url, 'listPullRequests', { repo: REPO, targetBranch: 'main', ...body });
    expect(answer.status).toBe(400);
    expect(typeof answer.body).toBe('string');
  });

  it('another branch, or no queue: 404', async () => {
    expect((await v1Post(sim.url, 'listPullRequests', { repo: REPO, targetBranch: 'develop' })).status).toBe(404);
    sim.useScenario('no-queue');
    expect((await v1Post(sim.url, 'listPullRequests', { repo: REPO, targetBranch: 'main' })).text).toBe(
      'Merge queue not found',
    );
  });
});
