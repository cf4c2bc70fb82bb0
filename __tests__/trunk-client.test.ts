// The client against the simulator over real HTTP on 127.0.0.1: what it sends, which answers it
// retries and how long it waits between tries (on a virtual clock), what cuts it short, and that
// the token is gone from API text as soon as it arrives. The messages a user reads are asserted
// once, through run(), in run.test.ts.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../simulator/server.mjs';
import { ApiError } from '../src/errors.js';
import { createRedactor } from '../src/redact.js';
import { CancelledError, TrunkClient, type ClientOptions } from '../src/trunk-client.js';
import { VirtualClock } from './helpers/virtual-clock.js';
import { prBody } from './fixtures.js';

const ref = { host: 'github.com', owner: 'octo-org', name: 'octo-repo', targetBranch: 'main' };
let sim: Simulator;
let logs: string[];
let clock: VirtualClock;

beforeEach(async () => {
  sim = await startSimulator();
  logs = [];
  clock = new VirtualClock();
});
afterEach(() => sim.close());

function client(options: Partial<ClientOptions> = {}): TrunkClient {
  return new TrunkClient({
    apiUrl: sim.url,
    token: sim.token,
    requestTimeoutMs: 5000,
    retries: 3,
    log: (line) => logs.push(line),
    clock,
    random: () => 0,
    redactor: createRedactor(sim.token),
    ...options,
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('requests', () => {
  it('sends the documented bodies with the token header', async () => {
    const c = client();
    const [answer, queue] = await Promise.all([c.getSubmittedPullRequest(ref, 1842), c.getQueue(ref)]);
    expect(answer.found && answer.pr.state).toBe('testing');
    expect(queue.queue.enqueuedPullRequests.map((e) => e.prNumber)).toEqual([1840, 1842, 1845]);
    expect(Object.fromEntries(sim.requests.map((r) => [r.endpoint, r.body]))).toEqual({
      getSubmittedPullRequest: {
        repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
        targetBranch: 'main',
        pr: { number: 1842 },
      },
      getQueue: { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' },
    });
  });

  it('reads a 404 for the PR as not found, without retrying', async () => {
    sim.useScenario('not-submitted');
    expect(await client().getSubmittedPullRequest(ref, 1842)).toEqual({ found: false });
    expect(sim.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [400, 'bad'],
    [404, 'Not Found'],
    [307, ''],
  ])('never retries %d', async (status, body) => {
    sim.script('getQueue', [{ status, body, times: Infinity }]);
    const error = await rejection(client().getQueue(ref));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).transient).toBe(false);
    expect(sim.count('getQueue')).toBe(1);
  });

  it('backs off about 1 s, then 2 s, 4 s, and gives up after 1 + retries attempts', async () => {
    sim.script('getQueue', [{ status: 503, times: Infinity }]);
    const error = await rejection(client({ retries: 3 }).getQueue(ref));
    expect((error as ApiError).transient).toBe(true);
    expect(sim.count('getQueue')).toBe(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('adds jitter on top, so throttled runs do not come back in step', async () => {
    sim.script('getQueue', [{ status: 503, times: 2 }]);
    await client({ random: () => 0.5 }).getQueue(ref);
    expect(clock.sleeps).toEqual([1250, 2500]);
  });

  it('waits at least Retry-After, in seconds or as an HTTP date, capped at 60 s', async () => {
    const date = new Date(clock.now() + 9000).toUTCString();
    sim.script('getQueue', [
      { status: 429, headers: { 'retry-after': '5' } },
      { status: 429, headers: { 'retry-after': date } },
      { status: 503, headers: { 'retry-after': '3600' } },
    ]);
    await client().getQueue(ref);
    expect(clock.sleeps).toEqual([5000, expect.any(Number), 60_000]);
    // The date was 9 s (less its milliseconds) ahead when the clock stood 5 s earlier.
    expect(clock.sleeps[1]).toBeGreaterThan(3000);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(4000);
    expect(logs[0]).toBe('getQueue: HTTP 429 (rate limited); retry 1 of 3 in 5.0 s');
  });

  it('retries a reset connection, a cut-off body and a request timeout', async () => {
    sim.script('getQueue', [{ reset: true }, { truncate: true }, { hang: true }]);
    const queue = await client({ requestTimeoutMs: 200 }).getQueue(ref);
    expect(queue.queue.state).toBe('running');
    expect(sim.count('getQueue')).toBe(4);
  });

  it('does not retry a body that is too large or does not fit', async () => {
    sim.script('getQueue', [{ status: 200, body: { state: 'running' } }]);
    expect(await rejection(client().getQueue(ref))).toBeInstanceOf(ApiError);
    expect(sim.count('getQueue')).toBe(1);
  });

  it('reads a 50 MB body no further than the limit, with memory bounded', async () => {
    sim.script('getQueue', [{ bytes: 50 * 1024 * 1024 }]);
    const before = process.memoryUsage().rss;
    expect(await rejection(client().getQueue(ref))).toBeInstanceOf(ApiError);
    expect(process.memoryUsage().rss - before).toBeLessThan(45 * 1024 * 1024);
    expect(sim.requests).toHaveLength(1);
  });
});

describe("the caller's signal", () => {
  it('cuts a hanging request off', async () => {
    sim.script('getQueue', [{ hang: true }]);
    const controller = new AbortController();
    const pending = client({ requestTimeoutMs: 60_000 }).getQueue(ref, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await rejection(pending)).toBeInstanceOf(CancelledError);
  });

  it('cuts a retry wait off', async () => {
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '30' } }]);
    const deadline = clock.timeout(10_000);
    expect(await rejection(client().getQueue(ref, deadline))).toBeInstanceOf(CancelledError);
    expect(sim.count('getQueue')).toBe(1);
  });
});

describe('the token in API text', () => {
  const token = 'Tok"en\\<&>/\'-0123456789';
  const spellings = [token, JSON.stringify(token).slice(1, -1), token.toUpperCase()];

  it('is cut out of error bodies before they are shortened', async () => {
    const body = `${'x'.repeat(185)} ${token} ${token.toLowerCase()}`;
    sim.script('getQueue', [{ status: 400, body }]);
    const error = (await rejection(
      client({ token: sim.token, redactor: createRedactor(token) }).getQueue(ref),
    )) as Error;
    expect(error.message).toMatch(/x \*\*\* \*\*\*\)$/);
  });

  it('is cut out of every string of a body, however the JSON spells it', async () => {
    const escaped = JSON.stringify(token).slice(1, -1);
    const unicode = [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const raw = JSON.stringify(prBody({ prTitle: 'TITLE', prAuthor: 'AUTHOR', [token]: 1 }))
      .replace('TITLE', `a ${escaped} b`)
      .replace('AUTHOR', unicode);
    sim.script('getSubmittedPullRequest', [{ body: raw, headers: { 'content-type': 'application/json' } }]);
    const answer = await client({ redactor: createRedactor(token) }).getSubmittedPullRequest(ref, 1842);
    const text = JSON.stringify(answer);
    for (const spelling of spellings) expect(text.toLowerCase()).not.toContain(spelling.toLowerCase());
    expect(answer.found && [answer.pr.prTitle, answer.pr.prAuthor]).toEqual(['a *** b', '***']);
  });
});
