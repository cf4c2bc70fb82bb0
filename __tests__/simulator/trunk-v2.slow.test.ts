// The simulator's v2 API, held to Trunk's own OpenAPI document (the copy beside it): every body it
// serves, in every scenario and state, fits the document's response schemas; its errors use
// Trunk's envelope and carry an X-Request-Id; its per-key limit throttles as Trunk's does; and v1
// and v2 describe the same world, so that tests may compare what the action makes of each.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { WAITABLE_STATES } from '../../src/core/verdict.js';
import {
  SCENARIOS,
  SIM_API_KEY,
  SIM_PR_ID,
  SIM_QUEUE_ID,
  SIM_REPO_ID,
  SIM_TOKEN,
  startSimulator,
  v2Error,
  type Simulator,
} from '../../simulator/server.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { ajv, componentSchema, problems, responseSchema } from '../helpers/trunk-openapi.js';

type Json = Record<string, unknown>;

// The estimate is on docs.trunk.io only (trunk-api-v2.md, item 8): its known fields.
const estimateSchema = ajv.compile({
  type: 'object',
  required: ['status', 'computedAt'],
  properties: {
    status: { enum: ['available', 'unavailable'] },
    computedAt: { type: 'string', format: 'date-time' },
    kind: { enum: ['merge', 'pendingFailureResolution'] },
    estimatedAt: { type: 'string', format: 'date-time' },
    reason: { type: 'string' },
  },
  if: { properties: { status: { const: 'available' } } },
  then: { required: ['kind', 'estimatedAt'] },
});
const envelopeSchema = componentSchema('ErrorResponse');
const envelopeShape = ajv.compile({
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' } } } },
});

/** What each of the action's reads is, in the document. */
const READS = {
  'v2.repositories': '/v2/repositories',
  'v2.mergeQueues': '/v2/merge-queues',
  'v2.order': '/v2/merge-queues/{id}/order',
  'v2.pullRequests': '/v2/pull-requests',
  'v2.pullRequest': '/v2/pull-requests/{id}',
  'v2.history': '/v2/pull-requests/{id}/queue-entry-history',
  'v2.verificationRuns': '/v2/pull-requests/{id}/verification-runs',
  'v2.historyBatch': '/v2/queue-entry-history',
  'v2.queuePullRequests': '/v2/merge-queues/{id}/pull-requests',
  'v2.testingResults': '/v2/merge-queues/{id}/testing-results',
} as const;

const pr = `/v2/pull-requests/${SIM_PR_ID}`;
/** Another PR's id, as the simulator makes them from its number. */
const otherId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
const REQUESTS: Array<[keyof typeof READS | 'v2.estimate', string]> = [
  ['v2.repositories', '/v2/repositories?providerUrl=https://github.com/octo-org/octo-repo'],
  ['v2.mergeQueues', `/v2/merge-queues?repositoryId=${SIM_REPO_ID}&targetBranch=main`],
  ['v2.order', `/v2/merge-queues/${SIM_QUEUE_ID}/order`],
  ['v2.pullRequests', `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1842`],
  ['v2.pullRequests', `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1842,1843`],
  // The PRs of each scenario's queue, as a report on the queue asks for them.
  ['v2.pullRequests', `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1838,1839,1840,1845,1850,2000`],
  ['v2.pullRequest', pr],
  ['v2.history', `${pr}/queue-entry-history?direction=newest&limit=1`],
  ['v2.history', `${pr}/queue-entry-history`],
  ['v2.verificationRuns', `${pr}/verification-runs?limit=1`],
  ['v2.estimate', `${pr}/queue-entry-estimate`],
  // The reads over the queue's past, and the PRs of each scenario's queue in one history read.
  [
    'v2.historyBatch',
    `/v2/queue-entry-history?pullRequestIds=${SIM_PR_ID},${[1838, 1840, 1845, 1850].map(otherId).join(',')}`,
  ],
  ['v2.queuePullRequests', `/v2/merge-queues/${SIM_QUEUE_ID}/pull-requests?limit=100`],
  ['v2.testingResults', `/v2/merge-queues/${SIM_QUEUE_ID}/testing-results?since=${dayAgo}&limit=100`],
];

const sim = useSimulator({}, 'all');
beforeEach(() => sim.useScenario('testing'));

interface Answer {
  status: number;
  requestId: string | null;
  text: string;
  body: unknown;
}

async function get(path: string, headers: Record<string, string> = { authorization: `Bearer ${SIM_API_KEY}` }) {
  const response = await fetch(`${sim.url}${path}`, { headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, requestId: response.headers.get('x-request-id'), text, body } as Answer;
}

async function post(endpoint: string, body: unknown, headers: Record<string, string> = { 'x-api-token': SIM_TOKEN }) {
  const response = await fetch(`${sim.url}/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: response.status === 200 ? (JSON.parse(text) as Json) : undefined };
}

const v1Request = (overrides: Json = {}) => ({
  repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
  targetBranch: 'main',
  ...overrides,
});

/** Every v2 read, checked against the schema of what it answered. */
async function checkEveryRead(where: string): Promise<string[]> {
  const found: string[] = [];
  for (const [route, path] of REQUESTS) {
    const answer = await get(path);
    const schema =
      route === 'v2.estimate'
        ? answer.status === 200
          ? estimateSchema
          : envelopeShape
        : responseSchema(READS[route], answer.status);
    found.push(...problems(schema, answer.body).map((p) => `${where} ${path} (${answer.status}): ${p}`));
  }
  return found;
}

describe('every body fits the document', () => {
  it.each(Object.keys(SCENARIOS))('the %s scenario', async (scenario) => {
    sim.useScenario(scenario);
    expect(await checkEveryRead(scenario)).toEqual([]);
  });

  it.each([...WAITABLE_STATES])('a PR in state %s', async (state) => {
    for (const scenario of ['testing', 'parallel']) {
      sim.useScenario(scenario);
      sim.setPrStates([state]);
      expect(await checkEveryRead(`${scenario}/${state}`)).toEqual([]);
    }
  });

  it('and the check can fail: a PR without a field the document requires does not fit', async () => {
    const { createdAt: _createdAt, ...body } = (await get(pr)).body as Json;
    expect(problems(responseSchema(READS['v2.pullRequest'], 200), body)).toEqual([
      "/ must have required property 'createdAt'",
    ]);
  });
});

describe('errors: the envelope, the code, and an X-Request-Id on every answer', () => {
  const cases: Array<[string, string, Record<string, string> | undefined, number, string]> = [
    ['no key', pr, {}, 401, 'AUTHENTICATION_REQUIRED'],
    ['the v1 token in its own header', pr, { 'x-api-token': SIM_TOKEN }, 401, 'AUTHENTICATION_REQUIRED'],
    ['the v1 token as a key', pr, { authorization: `Bearer ${SIM_TOKEN}` }, 401, 'INVALID_TOKEN'],
    ['another scheme', pr, { authorization: `Basic ${SIM_API_KEY}` }, 401, 'INVALID_TOKEN'],
    [
      'another repository',
      '/v2/repositories?providerUrl=https://github.com/octo-org/other-repo',
      undefined,
      404,
      'PROVIDER_URL_NOT_FOUND',
    ],
    [
      'another host',
      '/v2/repositories?providerUrl=https://ghe.example.com/octo-org/octo-repo',
      undefined,
      404,
      'PROVIDER_URL_NOT_FOUND',
    ],
    [
      'a URL that is not one',
      '/v2/repositories?providerUrl=octo-org/octo-repo',
      undefined,
      404,
      'PROVIDER_URL_NOT_FOUND',
    ],
    ['no providerUrl', '/v2/repositories', undefined, 400, 'VALIDATION_FAILED'],
    ['an unknown PR id', '/v2/pull-requests/11111111-2222-4333-8444-555555555555', undefined, 404, 'PR_NOT_FOUND'],
    ['a PR id that is no UUID', '/v2/pull-requests/1842', undefined, 400, 'VALIDATION_FAILED'],
    ['an unknown queue id', '/v2/merge-queues/nope/order', undefined, 404, 'MERGE_QUEUE_NOT_FOUND'],
    ['a lookup without repositoryId', '/v2/pull-requests?number=1842', undefined, 400, 'VALIDATION_FAILED'],
    ['a branch without repositoryId', '/v2/merge-queues?targetBranch=main', undefined, 400, 'VALIDATION_FAILED'],
    ['history in no known direction', `${pr}/queue-entry-history?direction=up`, undefined, 400, 'VALIDATION_FAILED'],
    ['a limit over 100', `${pr}/verification-runs?limit=101`, undefined, 400, 'VALIDATION_FAILED'],
    ['a cursor not minted here', `${pr}/verification-runs?cursor=abc`, undefined, 400, 'INVALID_CURSOR'],
    ['a path Trunk does not serve', '/v2/queues', undefined, 404, 'NOT_FOUND'],
  ];

  it.each(cases)('%s: %s', async (_name, path, headers, status, code) => {
    const answer = await get(path, headers);
    expect([answer.status, (answer.body as { error?: { code?: string } }).error?.code]).toEqual([status, code]);
    expect(problems(envelopeSchema, answer.body)).toEqual([]);
    expect(answer.requestId).toMatch(/^req-\d+$/);
  });

  it('a queue that serves no estimates: 404 ESTIMATE_NOT_ENABLED, a code the document does not list yet', async () => {
    sim.useScenario('no-estimates');
    const answer = await get(`${pr}/queue-entry-estimate`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(v2Error('ESTIMATE_NOT_ENABLED', expect.any(String) as unknown as string));
    expect(answer.requestId).toMatch(/^req-\d+$/);
  });

  it('every answer has its own request id, successes included', async () => {
    const ids = [];
    for (const [, path] of REQUESTS) ids.push((await get(path)).requestId);
    expect(ids.every((id) => /^req-\d+$/.test(String(id)))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the v2 key is refused by v1, as the v1 token is by v2', async () => {
    const answer = await post('getQueue', v1Request(), { 'x-api-token': SIM_API_KEY });
    expect([answer.status, answer.text]).toEqual([401, 'Unauthorized']);
    const bearer = await post('getQueue', v1Request(), { authorization: `Bearer ${SIM_API_KEY}` });
    expect(bearer.status).toBe(401);
  });
});

describe('the PRs in the queue', () => {
  it('v2: a lookup by number finds the queued PRs, in this queue, with the times v1 lists them with', async () => {
    sim.useScenario('testing');
    const v1 = (await post('getQueue', v1Request())).body as { enqueuedPullRequests: Json[] };
    const found = (await get(`/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1840,1845,7`)).body as {
      data: Array<{ number: number; author: string; queueEntry: Json }>;
    };
    const listed = (n: number) => v1.enqueuedPullRequests.find((entry) => entry.prNumber === n) as Json;
    expect(found.data.map((pr) => pr.number)).toEqual([1840, 1845]);
    for (const pr of found.data) {
      expect(pr.author).toBe(listed(pr.number).prAuthor);
      expect(pr.queueEntry).toMatchObject({
        mergeQueueId: SIM_QUEUE_ID,
        stateChangedAt: listed(pr.number).stateChangedAt,
        priorityName: listed(pr.number).priorityName,
      });
    }
  });
});

describe('what Trunk does not serve', () => {
  it('v2: a branch without a queue and a PR Trunk has not indexed are empty lists, not errors', async () => {
    const queues = await get(`/v2/merge-queues?repositoryId=${SIM_REPO_ID}&targetBranch=develop`);
    const prs = await get(`/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=5`);
    expect([queues.status, queues.body]).toEqual([200, { data: [], nextCursor: null, hasMore: false }]);
    expect([prs.status, prs.body]).toEqual([200, { data: [], nextCursor: null, hasMore: false }]);
    sim.useScenario('no-queue');
    expect((await get(`/v2/merge-queues?repositoryId=${SIM_REPO_ID}&targetBranch=main`)).body).toMatchObject({
      data: [],
    });
  });

  it('v2: the repository in any spelling GitHub accepts', async () => {
    for (const url of ['https://github.com/Octo-Org/octo-repo.git', 'https://github.com/octo-org/octo-repo/']) {
      expect((await get(`/v2/repositories?providerUrl=${encodeURIComponent(url)}`)).status).toBe(200);
    }
  });

  const elsewhere: Array<[string, Json]> = [
    ['another owner', { repo: { host: 'github.com', owner: 'someone', name: 'octo-repo' } }],
    ['another name', { repo: { host: 'github.com', owner: 'octo-org', name: 'other' } }],
    ['another host', { repo: { host: 'ghe.example.com', owner: 'octo-org', name: 'octo-repo' } }],
    ['another branch', { targetBranch: 'release/1.x' }],
  ];

  it.each(elsewhere)('v1, %s: no queue (404) and no PR in it (404)', async (_name, overrides) => {
    const queue = await post('getQueue', v1Request(overrides));
    const submitted = await post('getSubmittedPullRequest', v1Request({ ...overrides, pr: { number: 1842 } }));
    expect([queue.status, queue.text]).toEqual([404, 'Merge queue not found']);
    expect([submitted.status, submitted.text]).toEqual([404, 'Pull request not found']);
  });

  it('v1: the repository with its letters in another case is the same one', async () => {
    const repo = { host: 'GitHub.com', owner: 'Octo-Org', name: 'Octo-Repo' };
    expect((await post('getQueue', v1Request({ repo }))).status).toBe(200);
  });
});

describe("Trunk's limit of 5 requests a second per key on GET /v2/pull-requests*", () => {
  const other = 'trunk_v2_sim_another_key_000000';
  let limited: Simulator;
  let now = 0;
  beforeEach(async () => {
    now = 0;
    limited = await startSimulator({
      apiKey: [SIM_API_KEY, other],
      v2RateLimit: { perSecondPerKey: 5, now: () => now },
    });
  });
  afterEach(() => limited.close());

  const read = async (path: string, key = SIM_API_KEY) => {
    const response = await fetch(`${limited.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, text: await response.text(), requestId: response.headers.get('x-request-id') };
  };

  it("throttles one key's 6th request within a second, not another key's, nor other paths", async () => {
    const statuses = [];
    for (const path of [pr, `${pr}/queue-entry-history`, pr, `${pr}/verification-runs`, pr, pr]) {
      statuses.push((await read(path)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await read(pr, other)).status).toBe(200);
    expect((await read(`/v2/merge-queues/${SIM_QUEUE_ID}/order`)).status).toBe(200);
    expect([limited.throttled('v2'), limited.throttled('v1'), limited.throttled()]).toEqual([1, 0, 1]);
    expect(limited.requests.filter((r) => r.status === 429).map((r) => r.endpoint)).toEqual(['v2.pullRequest']);
  });

  it('the window slides: a second after the first request, one more may go', async () => {
    for (let i = 0; i < 5; i++) {
      now = i * 100;
      expect((await read(pr)).status).toBe(200);
    }
    now = 999;
    expect((await read(pr)).status).toBe(429);
    now = 1000;
    expect((await read(pr)).status).toBe(200);
    expect((await read(pr)).status).toBe(429);
  });

  it('answers 429 in the envelope, or with no body at all when asked to, as the edge does', async () => {
    for (let i = 0; i < 5; i++) await read(pr);
    const wrapped = await read(pr);
    expect(wrapped.status).toBe(429);
    expect(JSON.parse(wrapped.text)).toEqual(v2Error('RATE_LIMIT_EXCEEDED', expect.any(String) as unknown as string));
    expect(wrapped.requestId).toMatch(/^req-\d+$/);

    const bare = await startSimulator({ v2RateLimit: { perSecondPerKey: 1, body: 'empty', now: () => 0 } });
    try {
      const headers = { authorization: `Bearer ${SIM_API_KEY}` };
      await fetch(`${bare.url}${pr}`, { headers }).then((r) => r.text());
      const response = await fetch(`${bare.url}${pr}`, { headers });
      expect([response.status, await response.text()]).toEqual([429, '']);
    } finally {
      await bare.close();
    }
  });
});

describe('scripts and state sequences on v2 routes', () => {
  it('a scripted step answers instead of the world, then the world answers again; records name the route', async () => {
    sim.script('v2.order', [{ status: 503, body: v2Error('INTERNAL_ERROR', 'try again') }]);
    sim.script('v2.estimate', [
      { body: { status: 'unavailable', reason: 'scripted', computedAt: '2026-01-01T00:00:00Z' } },
    ]);
    const failed = await get(`/v2/merge-queues/${SIM_QUEUE_ID}/order`);
    expect([failed.status, failed.body, failed.requestId]).toEqual([
      503,
      v2Error('INTERNAL_ERROR', 'try again'),
      expect.stringMatching(/^req-\d+$/),
    ]);
    expect((await get(`/v2/merge-queues/${SIM_QUEUE_ID}/order`)).status).toBe(200);
    expect((await get(`${pr}/queue-entry-estimate`)).body).toMatchObject({ reason: 'scripted' });
    const routes = sim.requests.slice(-3).map((r) => [r.endpoint, r.status]);
    expect(routes).toEqual([
      ['v2.order', 503],
      ['v2.order', 200],
      ['v2.estimate', 200],
    ]);
  });

  it('GET of the PR polls the sequence as getSubmittedPullRequest does; the order agrees with its last answer', async () => {
    sim.useScenario('merging');
    const before = sim.count('v2.pullRequest');
    const states = [];
    const listed = [];
    for (let i = 0; i < 5; i++) {
      states.push(((await get(pr)).body as { queueEntry: { state: string } }).queueEntry.state);
      const order = (await get(`/v2/merge-queues/${SIM_QUEUE_ID}/order`)).body as {
        batches: Array<{ pullRequests: Array<{ number: number }> }>;
      };
      listed.push(order.batches.some((b) => b.pullRequests.some((p) => p.number === 1842)));
    }
    expect(states).toEqual(['testing', 'testing', 'testsPassed', 'merged', 'merged']);
    expect(listed).toEqual([true, true, true, false, false]);
    expect(sim.count('v2.pullRequest') - before).toBe(5);
  });

  it('the lookup by number is the first answer only when nothing has read the PR yet', async () => {
    const lookUp = async () =>
      (
        (await get(`/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1842`)).body as {
          data: Array<{ queueEntry?: { state: string } }>;
        }
      ).data[0]?.queueEntry?.state;
    sim.setPrStates(['pending', 'testing', 'merged']);
    expect(await lookUp()).toBe('pending');
    expect(await lookUp()).toBe('pending');
    expect(((await get(pr)).body as { queueEntry: { state: string } }).queueEntry.state).toBe('testing');

    // Both APIs in one run (v1 decides, v2 tells the story): v1's read is the PR's first answer.
    sim.setPrStates(['pending', 'testing', 'merged']);
    expect((await post('getSubmittedPullRequest', v1Request({ pr: { number: 1842 } }))).body?.state).toBe('pending');
    expect(await lookUp()).toBe('pending');
    expect((await post('getSubmittedPullRequest', v1Request({ pr: { number: 1842 } }))).body?.state).toBe('testing');
  });

  it('a PR not yet submitted has no queue entry, no history and no test run', async () => {
    sim.setPrStates(['not_submitted']);
    const found = (await get(pr)).body as Json;
    expect([found.isCurrentlySubmittedToQueue, 'queueEntry' in found]).toEqual([false, false]);
    expect((await get(`${pr}/queue-entry-history`)).body).toMatchObject({ data: [] });
    expect((await get(`${pr}/verification-runs`)).body).toMatchObject({ data: [] });
  });
});

// The spellings of trunk-api-v2.md ("v1 → v2 spellings"), written out here rather than taken from
// the simulator, so that its tables are checked against the page's.
const STATES: Json = {
  not_ready: 'notReady',
  pending: 'pending',
  testing: 'testing',
  tests_passed: 'testsPassed',
  pending_failure: 'pendingFailure',
  merged: 'merged',
  failed: 'failed',
  cancelled: 'cancelled',
};
const QUEUE_STATES: Json = {
  running: 'running',
  paused: 'paused',
  draining: 'draining',
  switching_modes: 'switchingModes',
};
const MODES: Json = { single: 'queue', parallel: 'graph' };
const MERGEABILITY: Json = {
  mergeable: 'mergeable',
  not_mergeable: 'notMergeable',
  in_progress: 'inProgress',
  unspecified: 'unspecified',
};

interface V2Pr {
  number: number;
  title: string;
  sha: string;
  author: string;
  baseBranch: string;
  queueEntry?: {
    state: string;
    stateChangedAt: string;
    priorityValue?: number;
    priorityName?: string;
    readiness: { mergeability: string; hasImpactedTargets?: boolean; doesBaseBranchMatch: boolean };
  };
}
interface V2Order {
  mode: string;
  queueState: string;
  batches: Array<{ pullRequests: Array<{ number: number }> }>;
  pending: Array<{ pullRequest: { number: number } }>;
  awaitingAdmission: Array<{ number: number }>;
}

describe('v1 and v2 describe the same world', () => {
  it.each(Object.keys(SCENARIOS).filter((name) => name !== 'flaky'))('the %s scenario', async (scenario) => {
    sim.useScenario(scenario);
    const v1Pr = await post('getSubmittedPullRequest', v1Request({ pr: { number: 1842 } }));
    const v1Queue = await post('getQueue', v1Request());

    const repository = (
      (await get('/v2/repositories?providerUrl=https://github.com/octo-org/octo-repo')).body as {
        data: Array<{ id: string }>;
      }
    ).data[0];
    const queues = (await get(`/v2/merge-queues?repositoryId=${repository?.id}&targetBranch=main`)).body as {
      data: Array<{ id: string; state: string; mode: string; config: { testingTimeoutMinutes: number } }>;
    };
    const found = (await get(`/v2/pull-requests?repositoryId=${repository?.id}&number=1842`)).body as {
      data: V2Pr[];
    };
    const v2Pr = found.data[0];

    // The PR: submitted in both or in neither, in the same state, with the same facts.
    if (v1Pr.status === 404) {
      expect(v2Pr?.queueEntry).toBeUndefined();
    } else {
      const v1 = v1Pr.body as Json & { readiness: Json };
      expect(v2Pr?.queueEntry).toMatchObject({
        state: STATES[String(v1.state)],
        stateChangedAt: v1.stateChangedAt,
        priorityValue: v1.priorityValue,
        priorityName: v1.priorityName,
        readiness: {
          mergeability: MERGEABILITY[String(v1.readiness.gitHubMergeability)],
          hasImpactedTargets: v1.readiness.hasImpactedTargets,
          doesBaseBranchMatch: v1.readiness.doesBaseBranchMatch,
        },
      });
      expect(v2Pr).toMatchObject({
        number: v1.prNumber,
        title: v1.prTitle,
        sha: v1.prSha,
        author: v1.prAuthor,
        baseBranch: v1.prBaseBranch,
      });
    }

    // The queue: there in both or in neither; the same state and mode; the PR at the same place
    // in a line of the same length.
    if (v1Queue.status === 404) {
      expect(queues.data).toEqual([]);
      return;
    }
    const v1q = v1Queue.body as Json & { enqueuedPullRequests: Array<{ prNumber: number }> };
    const queue = queues.data[0];
    expect(queue).toMatchObject({
      state: QUEUE_STATES[String(v1q.state)],
      mode: MODES[String(v1q.mode)],
      config: { testingTimeoutMinutes: v1q.testingTimeoutMinutes },
    });
    const order = (await get(`/v2/merge-queues/${queue?.id}/order`)).body as V2Order;
    expect([order.queueState, order.mode]).toEqual([queue?.state, queue?.mode]);
    const line = [
      ...order.batches.flatMap((b) => b.pullRequests.map((p) => p.number)),
      ...order.pending.map((p) => p.pullRequest.number),
      ...order.awaitingAdmission.map((p) => p.number),
    ];
    expect(line).toEqual(v1q.enqueuedPullRequests.map((e) => e.prNumber));
  });

  it('a parallel queue with batching says whom the PR waits for directly', async () => {
    sim.useScenario('parallel');
    const order = (await get(`/v2/merge-queues/${SIM_QUEUE_ID}/order`)).body as {
      pending: Array<{ pullRequest: { number: number }; directlyAhead: Array<{ number: number }> }>;
    };
    const mine = order.pending.find((p) => p.pullRequest.number === 1842);
    expect(mine?.directlyAhead.map((p) => p.number)).toEqual([1851, 1853]);
  });
});

describe('the story', () => {
  const newest = async () =>
    ((await get(`${pr}/queue-entry-history?direction=newest&limit=1`)).body as { data: Json[] }).data[0];
  const run = async () => ((await get(`${pr}/verification-runs?limit=1`)).body as { data: Json[] }).data[0];

  it("not-ready: why, in Trunk's reasons", async () => {
    sim.useScenario('not-ready');
    const body = (await get(pr)).body as { queueEntry: { readiness: { mergeabilityDetails: { reasons: Json[] } } } };
    expect(body.queueEntry.readiness.mergeabilityDetails.reasons).toEqual([
      expect.objectContaining({ code: 'reviewRequired', message: 'needs 1 more approving review', have: 1, need: 2 }),
      expect.objectContaining({ code: 'failingCheck', check: 'build' }),
      expect.objectContaining({ code: 'conflict', ontoPrNumber: 1840 }),
    ]);
  });

  it('failed: the reason, the failing check and the test run, as https links', async () => {
    sim.useScenario('failed');
    expect(await newest()).toMatchObject({
      state: 'failed',
      reason: 'TEST_RUN_REQUIRED_STATUS_FAILED',
      failed: { failureCausingChecks: [{ name: 'ci/test', url: expect.stringMatching(/^https:\/\//) }] },
    });
    expect(await run()).toMatchObject({
      status: 'failed',
      testBranchPullRequest: { number: 9001, url: expect.stringMatching(/^https:\/\//) },
    });
  });

  it('cancelled: by whom', async () => {
    sim.useScenario('cancelled');
    expect(await newest()).toMatchObject({
      state: 'cancelled',
      reason: 'USER_REQUESTED',
      actor: { gitHubLogin: 'alice' },
    });
  });

  it('testing: a run in progress and a merge estimate; paused: no estimate, and why', async () => {
    expect(await run()).toMatchObject({ status: 'inProgress' });
    const estimate = (await get(`${pr}/queue-entry-estimate`)).body as Json;
    expect(estimate).toMatchObject({ status: 'available', kind: 'merge' });
    expect(Date.parse(String(estimate.estimatedAt))).toBeGreaterThan(Date.parse(String(estimate.computedAt)));
    sim.useScenario('paused');
    expect((await get(`${pr}/queue-entry-estimate`)).body).toMatchObject({
      status: 'unavailable',
      reason: expect.any(String),
    });
  });

  it('hostile-story: markup, line breaks and javascript: links where story text goes', async () => {
    sim.useScenario('hostile-story');
    const texts = JSON.stringify([(await get(pr)).body, await newest(), await run()]);
    expect(texts).toMatch(/javascript:/);
    expect(texts).toMatch(/<script>/);
    expect(texts).toMatch(/\\n/);
  });
});
