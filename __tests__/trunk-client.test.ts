// The client against the simulator over real HTTP on 127.0.0.1: every status, fault and body
// the contract names, each with the message a user reads and how many requests it cost.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { startSimulator, type Simulator } from '../simulator/server.mjs';
import { ApiError } from '../src/errors.js';
import { DeadlineError, TrunkClient, type ClientOptions } from '../src/trunk-client.js';
import { queueBody } from './fixtures.js';

const ref = { host: 'github.com', owner: 'octo-org', name: 'octo-repo', targetBranch: 'main' };
let sim: Simulator;
let logs: string[];

beforeEach(async () => {
  sim = await startSimulator();
  logs = [];
});
afterEach(() => sim.close());

function client(options: Partial<ClientOptions> = {}): TrunkClient {
  return new TrunkClient({
    apiUrl: sim.url,
    token: sim.token,
    requestTimeoutMs: 5000,
    retries: 3,
    log: (line) => logs.push(line),
    random: () => 0,
    ...options,
  });
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('answers', () => {
  it('sends the documented request bodies with the token header and validates both answers', async () => {
    const c = client();
    const [answer, queue] = await Promise.all([c.getSubmittedPullRequest(ref, 1842), c.getQueue(ref)]);
    expect(answer.submitted && answer.pr.state).toBe('testing');
    expect(queue.enqueuedPullRequests.map((e) => e.prNumber)).toEqual([1840, 1842, 1845]);
    const bodies = Object.fromEntries(sim.requests.map((r) => [r.endpoint, r.body]));
    expect(bodies).toEqual({
      getSubmittedPullRequest: {
        repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
        targetBranch: 'main',
        pr: { number: 1842 },
      },
      getQueue: { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' },
    });
  });

  it('reads a 404 for the PR as not submitted, without retrying', async () => {
    sim.useScenario('not-submitted');
    expect(await client().getSubmittedPullRequest(ref, 1842)).toEqual({ submitted: false });
    expect(sim.requests).toHaveLength(1);
  });

  it('fails on a 404 for the queue, saying there is no queue', async () => {
    sim.useScenario('no-queue');
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: there is no merge queue for octo-org/octo-repo on branch "main" (HTTP 404: Merge queue not found). Check repo, repo-host and target-branch.',
    );
    expect(sim.requests).toHaveLength(1);
  });
});

describe('final errors are never retried', () => {
  it('401: the token was refused, naming api-token', async () => {
    const error = await apiError(client({ token: 'wrong' }).getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: the token was refused (HTTP 401: Unauthorized). Check that the api-token input holds a valid Trunk organization API token.',
    );
    expect(sim.requests).toHaveLength(1);
  });

  it('403 with an HTML page from the edge: named, not quoted', async () => {
    sim.script('getSubmittedPullRequest', [
      { status: 403, body: '<!DOCTYPE html><html><body><h1>403 Forbidden</h1></body></html>' },
    ]);
    const error = await apiError(client().getSubmittedPullRequest(ref, 1842));
    expect(error.message).toMatch(
      /^Trunk API getSubmittedPullRequest: the token was refused \(HTTP 403: an HTML page\)\. Check that the api-token input/,
    );
    expect(sim.requests).toHaveLength(1);
  });

  it("400: the request was rejected, with Trunk's plain-text reason", async () => {
    const error = await apiError(client().getSubmittedPullRequest(ref, 4294967296));
    expect(error.message).toBe(
      'Trunk API getSubmittedPullRequest: the request was rejected (HTTP 400: pr.number must be an integer from 0 to 4294967295)',
    );
    expect(sim.requests).toHaveLength(1);
  });

  it('a redirect is not followed, so the token stays with api-url', async () => {
    sim.script('getQueue', [{ status: 307, headers: { location: 'https://elsewhere.example/v1/getQueue' } }]);
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toMatch(
      /answered with a redirect \(HTTP 307\) to https:\/\/elsewhere\.example\/v1\/getQueue; redirects are not followed/,
    );
    expect(sim.requests).toHaveLength(1);
  });
});

describe('transient failures are retried', () => {
  it.each([500, 502, 503, 504])('%d, then success', async (status) => {
    sim.script('getQueue', [{ status, body: 'upstream trouble' }]);
    const queue = await client().getQueue(ref);
    expect(queue.state).toBe('running');
    expect(sim.count('getQueue')).toBe(2);
    expect(logs).toEqual([`getQueue: HTTP ${status}: upstream trouble; retry 1 of 3 in 1.0 s`]);
  });

  it('persistent 503: fails after 1 + retries attempts', async () => {
    sim.script('getQueue', [{ status: 503, body: 'Service Unavailable', times: Infinity }]);
    const error = await apiError(client({ retries: 2 }).getQueue(ref));
    expect(error.message).toBe('Trunk API getQueue: HTTP 503: Service Unavailable (after 3 attempts)');
    expect(error.transient).toBe(true);
    expect(sim.count('getQueue')).toBe(3);
    expect(logs).toEqual([
      'getQueue: HTTP 503: Service Unavailable; retry 1 of 2 in 1.0 s',
      'getQueue: HTTP 503: Service Unavailable; retry 2 of 2 in 2.0 s',
    ]);
  });

  it('429 with Retry-After in seconds waits at least that long', async () => {
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '2' } }]);
    await client().getQueue(ref);
    expect(logs).toEqual(['getQueue: HTTP 429 (rate limited); retry 1 of 3 in 2.0 s']);
    const [first, second] = sim.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1900);
  });

  it('429 with Retry-After as an HTTP date', async () => {
    const date = new Date(Date.now() + 3000).toUTCString();
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': date } }]);
    await client().getQueue(ref);
    expect(logs[0]).toMatch(/^getQueue: HTTP 429 \(rate limited\); retry 1 of 3 in (2\.\d|3\.0) s$/);
    expect(sim.count('getQueue')).toBe(2);
  });

  it('429 without Retry-After backs off from about 1 s', async () => {
    sim.script('getQueue', [{ status: 429 }, { status: 429 }]);
    await client().getQueue(ref);
    expect(logs).toEqual([
      'getQueue: HTTP 429 (rate limited); retry 1 of 3 in 1.0 s',
      'getQueue: HTTP 429 (rate limited); retry 2 of 3 in 2.0 s',
    ]);
    expect(sim.count('getQueue')).toBe(3);
  });

  it('a hang past the request timeout', async () => {
    sim.script('getQueue', [{ hang: true, times: 2 }]);
    const error = await apiError(client({ requestTimeoutMs: 300, retries: 1 }).getQueue(ref));
    expect(error.message).toBe('Trunk API getQueue: no answer within 0.3 s (after 2 attempts)');
    expect(sim.count('getQueue')).toBe(2);
  });

  it('a reset connection, then success', async () => {
    sim.script('getSubmittedPullRequest', [{ reset: true }]);
    const answer = await client().getSubmittedPullRequest(ref, 1842);
    expect(answer.submitted).toBe(true);
    expect(logs).toEqual([
      expect.stringMatching(/^getSubmittedPullRequest: connection failed \(ECONNRESET\); retry 1 of 3/),
    ]);
  });

  it('a body cut off mid-JSON, persistently', async () => {
    sim.script('getQueue', [{ truncate: true, times: 2 }]);
    const error = await apiError(client({ retries: 1 }).getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: the connection closed before the whole answer arrived (after 2 attempts)',
    );
    expect(sim.count('getQueue')).toBe(2);
  });

  it('connection refused', async () => {
    const port = await freePort();
    const error = await apiError(client({ apiUrl: `http://127.0.0.1:${port}`, retries: 1 }).getQueue(ref));
    expect(error.message).toBe('Trunk API getQueue: connection failed (ECONNREFUSED) (after 2 attempts)');
  });
});

describe('bodies that do not fit', () => {
  it('an HTML page with status 200', async () => {
    sim.script('getQueue', [{ status: 200, body: '<html><body>Maintenance</body></html>' }]);
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe('Trunk API getQueue: answered HTTP 200 with a body that is not JSON: an HTML page');
    expect(sim.requests).toHaveLength(1);
  });

  it('a body that is not JSON', async () => {
    sim.script('getQueue', [{ status: 200, body: '{"state":"running",' }]);
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: answered HTTP 200 with a body that is not JSON: {"state":"running",',
    );
  });

  it('a missing required field, named', async () => {
    const { mode, ...body } = { ...queueBody(), enqueuedPullRequests: [] };
    expect(mode).toBe('single');
    sim.script('getQueue', [{ status: 200, body }]);
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe('Trunk API getQueue: the answer does not fit the API: required field "mode" is missing');
  });

  it('a field of the wrong type, named', async () => {
    sim.script('getQueue', [{ status: 200, body: { ...queueBody({ concurrency: 'two' }), enqueuedPullRequests: [] } }]);
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: the answer does not fit the API: field "concurrency" should be number but is string "two"',
    );
  });

  it('a 50 MB body is refused early, with memory bounded', async () => {
    sim.script('getQueue', [{ bytes: 50 * 1024 * 1024 }]);
    const before = process.memoryUsage().rss;
    const error = await apiError(client().getQueue(ref));
    expect(error.message).toBe(
      'Trunk API getQueue: the answer is larger than 16 MiB, more than any real queue needs; refused',
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(45 * 1024 * 1024);
    expect(sim.requests).toHaveLength(1);
  });
});

describe('a deadline', () => {
  it('cuts a hanging request off at once', async () => {
    sim.script('getQueue', [{ hang: true }]);
    const deadline = AbortSignal.timeout(200);
    await expect(client({ requestTimeoutMs: 60_000 }).getQueue(ref, deadline)).rejects.toBeInstanceOf(DeadlineError);
    expect(deadline.aborted).toBe(true);
  });

  it('cuts a retry wait off', async () => {
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '60' } }]);
    await expect(client().getQueue(ref, AbortSignal.timeout(300))).rejects.toThrow(
      'the deadline passed while waiting to retry getQueue',
    );
    expect(sim.count('getQueue')).toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
