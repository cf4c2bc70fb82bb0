// The PRs Trunk remembers (simulator/trunk-history.mjs): the builders' timelines, and every read
// that tells a remembered PR answering from the same record (v1's getSubmittedPullRequest, v2's
// lookup by number, the PR by id, its history and the batch history), in the document's shapes.
// The scenario's own PR keeps answering from its pr and prStates.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  SIM_API_KEY,
  SIM_PR_ID,
  SIM_REPO_ID,
  SIM_TOKEN,
  startSimulator,
  v2Error,
  type Simulator,
} from '../../simulator/server.mjs';
import { historyPr, mergedByTrunk, mergedManually, stillTesting } from '../../simulator/trunk-history.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { componentSchema, problems, responseSchema } from '../helpers/trunk-openapi.js';

type Json = Record<string, unknown>;
interface Transition {
  pullRequestId: string;
  state: string;
  changedAt: string;
  reason: string | null;
  [detail: string]: unknown;
}
interface Group {
  pullRequestId: string;
  transitions: Transition[];
}
interface Page<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
  total?: number;
}

const sim = useSimulator({}, 'all');
beforeEach(() => sim.useScenario('recent-merges'));

async function get<T = Json>(path: string, base = sim.url) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${SIM_API_KEY}` } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function submitted(number: number, targetBranch = 'main') {
  const response = await fetch(`${sim.url}/v1/getSubmittedPullRequest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-token': SIM_TOKEN },
    body: JSON.stringify({
      repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
      targetBranch,
      pr: { number },
    }),
  });
  const text = await response.text();
  return { status: response.status, body: response.status === 200 ? (JSON.parse(text) as Json) : text };
}

const lookUp = async (numbers: string) =>
  (
    await get<Page<Json & { number: number; id: string }>>(
      `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=${numbers}`,
    )
  ).body.data;
const idOf = async (number: number) => (await lookUp(String(number)))[0]?.id ?? '';
const batch = (query: string) => get<Page<Group>>(`/v2/queue-entry-history?${query}`);
/** A PR's whole history through the single read, page by page. */
async function singleHistory(id: string, direction = 'oldest'): Promise<Transition[]> {
  const all: Transition[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `direction=${direction}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const { body } = await get<Page<Transition>>(`/v2/pull-requests/${id}/queue-entry-history?${query}`);
    all.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return all;
}

describe('the builders', () => {
  it('historyPr: v2 transitions oldest first, in whole seconds, with the usual reasons and particulars', () => {
    const pr = historyPr(1830, [
      ['notReady', 60],
      ['pending', 55],
      ['testing', 50],
      ['testsPassed', 12],
      ['merged', 11, 'MERGE_GRAPH_MERGE'],
    ]);
    expect(pr).toMatchObject({ number: 1830, title: 'Change number 1830', baseBranch: 'main' });
    expect(pr.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(pr.transitions.map((t) => [t.state, t.reason])).toEqual([
      ['notReady', 'USER_REQUESTED'],
      ['pending', 'MERGE_ITEM_NOW_READY'],
      ['testing', null],
      ['testsPassed', 'TEST_RUN_PASSED'],
      ['merged', 'MERGE_GRAPH_MERGE'],
    ]);
    const at = pr.transitions.map((t) => Date.parse(t.changedAt));
    expect(at.every((ms) => ms % 1000 === 0)).toBe(true);
    expect((at[4] ?? 0) - (at[0] ?? 0)).toBe(49 * 60_000);
    expect(pr.transitions.every((t) => t.pullRequestId === pr.id)).toBe(true);
    const transition = componentSchema('QueueEntryStateTransition');
    expect(pr.transitions.flatMap((t) => problems(transition, t))).toEqual([]);
    // The run that testing opened is the one that passed.
    expect(pr.transitions[3]?.verificationRunId).toBe(pr.transitions[2]?.verificationRunId);
  });

  it('the shorthands, and a failure that names its checks', () => {
    expect(mergedByTrunk(1, 10).transitions.at(-1)).toMatchObject({ state: 'merged', reason: 'MERGE_GRAPH_MERGE' });
    expect(mergedManually(2, 10).transitions.at(-1)).toMatchObject({ state: 'merged', reason: 'MANUAL_MERGE' });
    expect(stillTesting(3, 10).transitions.map((t) => t.state)).toEqual(['notReady', 'pending', 'testing']);
    const failed = historyPr(4, [
      ['testing', 20],
      ['failed', 10],
    ]).transitions[1];
    expect(failed).toMatchObject({
      reason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
      failed: {
        failureCausingChecks: [{ name: 'ci/test', url: expect.stringMatching(/^https:\/\//) }],
        blockReasons: [],
      },
    });
    const conflict = historyPr(5, [['failed', 1, 'START_TEST_RUN_MERGE_CONFLICT']]).transitions[0];
    expect(conflict).toMatchObject({ failed: { failureCausingChecks: [] } });
    expect(conflict).not.toHaveProperty('verificationRunId');
    const overridden = historyPr(6, [['cancelled', 1, 'USER_REQUESTED', { actor: { gitHubLogin: 'alice' } }]], {
      author: 'carol',
    });
    expect([overridden.author, overridden.transitions[0]?.actor]).toEqual(['carol', { gitHubLogin: 'alice' }]);
  });

  it('refuses a timeline out of order, an empty one, and the scenario’s own PR', () => {
    expect(() =>
      historyPr(7, [
        ['pending', 5],
        ['testing', 9],
      ]),
    ).toThrow(/before the step ahead/);
    expect(() => historyPr(8, [])).toThrow(/at least one/);
    expect(() => mergedByTrunk(1842, 5)).toThrow(/scenario's own PR/);
  });
});

describe('v1: getSubmittedPullRequest knows the remembered PRs', () => {
  it('answers from the newest transition, in v1 spellings; final states are no longer submitted', async () => {
    const merged = await submitted(1837);
    expect(merged.body).toMatchObject({
      state: 'merged',
      isCurrentlySubmittedToQueue: false,
      prNumber: 1837,
      prTitle: 'Change number 1837',
      prBaseBranch: 'main',
      prAuthor: 'dev3',
      verifiedByTestRun: null,
    });
    const testing = (await submitted(1841)).body as Json;
    expect([testing.state, testing.isCurrentlySubmittedToQueue]).toEqual(['testing', true]);
    const byTrunk = (await submitted(1836)).body as Json;
    expect(byTrunk.verifiedByTestRun).toEqual(expect.any(String));
  });

  it('not on another branch, and a number nobody remembers is still never submitted', async () => {
    expect((await submitted(1837, 'release/1.x')).status).toBe(404);
    expect(await submitted(1835)).toEqual({ status: 404, body: 'Pull request not found' });
  });

  it("a remembered PR's answer does not move the scenario's PR along its states", async () => {
    sim.useScenario('merging');
    sim.setHistory([mergedByTrunk(1830, 5)]);
    for (let i = 0; i < 3; i++) expect((await submitted(1830)).status).toBe(200);
    expect(((await submitted(1842)).body as Json).state).toBe('testing');
  });

  it('a scenario without history remembers nothing', async () => {
    sim.useScenario('testing');
    expect((await submitted(1837)).status).toBe(404);
    expect(await lookUp('1836,1837')).toEqual([]);
  });
});

describe('v2: the PRs by number and by id', () => {
  it('a lookup of several: full PullRequests with their entries, without hasImpactedTargets', async () => {
    const found = await get(`/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1836,1837,1839,1841,1842`);
    expect(problems(responseSchema('/v2/pull-requests', 200), found.body)).toEqual([]);
    const data = (found.body as unknown as Page<{ number: number; queueEntry: Json & { readiness: Json } }>).data;
    expect(data.map((pr) => [pr.number, pr.queueEntry.state])).toEqual([
      [1842, 'merged'],
      [1836, 'merged'],
      [1837, 'merged'],
      [1839, 'merged'],
      [1841, 'testing'],
    ]);
    expect(data.some((pr) => 'hasImpactedTargets' in pr.queueEntry.readiness)).toBe(false);
  });

  it('one number: hasImpactedTargets, and the entry created at the first submission ever', async () => {
    const [pr] = (await lookUp('1839')) as unknown as Array<Json & { queueEntry: Json & { readiness: Json } }>;
    expect(pr?.queueEntry.readiness.hasImpactedTargets).toBe(true);
    const history = await singleHistory(String(pr?.id));
    expect(history.filter((t) => t.state === 'notReady')).toHaveLength(2);
    expect(pr?.queueEntry.createdAt).toBe(history[0]?.changedAt);
    expect(pr?.queueEntry.stateChangedAt).toBe(history.at(-1)?.changedAt);
  });

  it('by id: the same PR, its history in both directions, no runs kept, no estimate', async () => {
    const id = await idOf(1837);
    const byId = await get(`/v2/pull-requests/${id.toUpperCase()}`);
    expect(byId.status).toBe(200);
    expect(problems(responseSchema('/v2/pull-requests/{id}', 200), byId.body)).toEqual([]);
    expect(byId.body).toMatchObject({ number: 1837, state: 'merged', isCurrentlySubmittedToQueue: false });
    const oldest = await singleHistory(id);
    expect(oldest.map((t) => t.state)).toEqual(['notReady', 'pending', 'testing', 'merged']);
    expect(await singleHistory(id, 'newest')).toEqual([...oldest].reverse());
    const page = await get(`/v2/pull-requests/${id}/queue-entry-history`);
    expect(problems(responseSchema('/v2/pull-requests/{id}/queue-entry-history', 200), page.body)).toEqual([]);
    expect((await get(`/v2/pull-requests/${id}/verification-runs`)).body).toMatchObject({ data: [] });
    expect((await get(`/v2/pull-requests/${id}/queue-entry-estimate`)).body).toMatchObject({ status: 'unavailable' });
  });
});

describe('v2: the batch history, GET /v2/queue-entry-history', () => {
  it('a group per id asked, in that order, lowercased; an unknown id is an empty group, not a 404', async () => {
    const ids = [await idOf(1839), SIM_PR_ID, '11111111-2222-4333-8444-555555555555', await idOf(1837)];
    const answer = await batch(`pullRequestIds=${ids.map((id) => id.toUpperCase()).join(',')}`);
    expect(answer.status).toBe(200);
    expect(problems(responseSchema('/v2/queue-entry-history', 200), answer.body)).toEqual([]);
    expect(answer.body.data.map((g) => [g.pullRequestId, g.transitions.length])).toEqual([
      [ids[0], 9],
      [SIM_PR_ID, 5],
      [ids[2], 0],
      [ids[3], 4],
    ]);
  });

  it('agrees with the single read for every PR Trunk knows: remembered, the scenario’s, the queue’s others', async () => {
    for (const [scenario, numbers] of [
      ['recent-merges', '1836,1837,1839,1841,1842'],
      ['testing', '1840,1842,1845'],
      ['failed', '1840,1842,1845'],
    ] as const) {
      sim.useScenario(scenario);
      const ids = (await lookUp(numbers)).map((pr) => pr.id);
      for (const direction of ['oldest', 'newest']) {
        const groups = (await batch(`pullRequestIds=${ids.join(',')}&direction=${direction}`)).body.data;
        for (const [i, id] of ids.entries()) {
          expect(groups[i]).toEqual({ pullRequestId: id, transitions: await singleHistory(id, direction) });
          expect(groups[i]?.transitions.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('limit counts PRs, and pages over the ids asked; includeTotal counts them', async () => {
    const ids = [1836, 1837, 1839, 1841, 1842].map(
      (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    );
    const query = `pullRequestIds=${ids.join(',')}&limit=2&includeTotal=true`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { body }: { body: Page<Group> } = await batch(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.total).toBe(5);
      seen.push(...body.data.map((g) => g.pullRequestId));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect([pages, seen]).toEqual([3, ids]);
  });

  it('a repeated id is read once', async () => {
    const id = await idOf(1836);
    expect((await batch(`pullRequestIds=${id},${id.toUpperCase()},${id}`)).body.data).toHaveLength(1);
  });

  const bad: Array<[string, string, string, RegExp]> = [
    ['no ids', '', 'VALIDATION_FAILED', /pullRequestIds is required/],
    ['a member that is no uuid', `pullRequestIds=${SIM_PR_ID},1842`, 'VALIDATION_FAILED', /"1842" is not a uuid/],
    ['an empty member', `pullRequestIds=${SIM_PR_ID},`, 'VALIDATION_FAILED', /"" is not a uuid/],
    [
      '51 ids',
      `pullRequestIds=${Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`,
      'VALIDATION_FAILED',
      /at most 50/,
    ],
    ['a direction it does not know', `pullRequestIds=${SIM_PR_ID}&direction=up`, 'VALIDATION_FAILED', /direction/],
    ['a limit over 100', `pullRequestIds=${SIM_PR_ID}&limit=101`, 'VALIDATION_FAILED', /limit/],
    ['a cursor not minted here', `pullRequestIds=${SIM_PR_ID}&cursor=abc`, 'INVALID_CURSOR', /cursor/],
  ];
  it.each(bad)('%s: 400 in the envelope', async (_name, query, code, message) => {
    const answer = await get<{ error: { code: string; message: string } }>(`/v2/queue-entry-history?${query}`);
    expect([answer.status, answer.body.error.code]).toEqual([400, code]);
    expect(answer.body.error.message).toMatch(message);
    expect(problems(componentSchema('ErrorResponse'), answer.body)).toEqual([]);
  });

  it('exactly 50 ids are fine', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await batch(`pullRequestIds=${ids.join(',')}&limit=100`)).body.data).toHaveLength(50);
  });

  it('a cursor is bound to the ids and direction it was minted for', async () => {
    const ids = [await idOf(1836), await idOf(1837)];
    const first = await batch(`pullRequestIds=${ids.join(',')}&limit=1`);
    const cursor = String(first.body.nextCursor);
    expect((await batch(`pullRequestIds=${ids.join(',')}&limit=1&cursor=${cursor}`)).body.data[0]?.pullRequestId).toBe(
      ids[1],
    );
    for (const other of [`pullRequestIds=${ids[0]}`, `pullRequestIds=${ids.join(',')}&direction=newest`]) {
      const answer = await get<{ error: { code: string } }>(
        `/v2/queue-entry-history?${other}&limit=1&cursor=${cursor}`,
      );
      expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_CURSOR']);
    }
  });

  it('scripted faults play on it, by its route name', async () => {
    sim.script('v2.historyBatch', [{ status: 503, body: v2Error('INTERNAL_ERROR', 'try again') }, { status: 429 }]);
    expect((await batch(`pullRequestIds=${SIM_PR_ID}`)).status).toBe(503);
    expect((await batch(`pullRequestIds=${SIM_PR_ID}`)).status).toBe(429);
    expect((await batch(`pullRequestIds=${SIM_PR_ID}`)).status).toBe(200);
    expect(sim.requests.slice(-3).map((r) => [r.endpoint, r.status])).toEqual([
      ['v2.historyBatch', 503],
      ['v2.historyBatch', 429],
      ['v2.historyBatch', 200],
    ]);
  });
});

describe('the limits', () => {
  let limited: Simulator;
  beforeEach(async () => {
    limited = await startSimulator({ scenario: 'recent-merges', v2RateLimit: { perSecondPerKey: 1, now: () => 0 } });
  });
  afterEach(() => limited.close());

  it('the batch history is not under /v2/pull-requests, so the per-key limit does not count it', async () => {
    expect((await get(`/v2/pull-requests/${SIM_PR_ID}`, limited.url)).status).toBe(200);
    expect((await get(`/v2/pull-requests/${SIM_PR_ID}`, limited.url)).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      expect((await get(`/v2/queue-entry-history?pullRequestIds=${SIM_PR_ID}`, limited.url)).status).toBe(200);
    }
  });
});
