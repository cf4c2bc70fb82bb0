// One request with the retry policy, over real HTTP on 127.0.0.1 (the simulator): which answers
// are retried and how long it waits between tries (on a virtual clock), what cuts it short, and
// which failures it calls transient. Each API's adapter says what a status means; the messages a
// user reads are asserted once, through run(), in run.test.ts.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { sendWithRetries, type RequestContext, type RequestSpec } from '../../src/http/request.js';
import { ApiError, CancelledError } from '../../src/shared/errors.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { rejection } from '../helpers/rejection.js';

let sim: Simulator;
let logs: string[];
let clock: VirtualClock;

beforeEach(async () => {
  sim = await startSimulator();
  logs = [];
  clock = new VirtualClock();
});
afterEach(() => sim.close());

function context(overrides: Partial<RequestContext> = {}): RequestContext {
  return { requestTimeoutMs: 5000, retries: 3, log: (line) => logs.push(line), clock, random: () => 0, ...overrides };
}

function getQueue(overrides: Partial<RequestSpec> = {}): RequestSpec {
  return {
    endpoint: 'getQueue',
    method: 'POST',
    url: new URL(`${sim.url}/v1/getQueue`),
    headers: { 'content-type': 'application/json', 'x-api-token': sim.token },
    payload: { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' },
    describe: (response) => (response.body ? `: ${response.body}` : ''),
    ...overrides,
  };
}

const send = (options: { context?: Partial<RequestContext>; spec?: Partial<RequestSpec>; signal?: AbortSignal } = {}) =>
  sendWithRetries(context(options.context), getQueue(options.spec), options.signal ?? new AbortController().signal);

describe('answers', () => {
  it('gives the response as sent, the body untouched', async () => {
    const body = '{"b":1,"a":9007199254740993,"a":1.50}';
    sim.script('getQueue', [{ body, headers: { 'content-type': 'application/json' } }]);
    const response = await send();
    expect([response.status, response.body]).toEqual([200, body]);
    expect(sim.requests[0]?.body).toEqual(getQueue().payload);
  });

  it.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [400, 'bad'],
    [404, 'Not Found'],
    [307, ''],
  ])('never retries %d: it is the answer', async (status, body) => {
    sim.script('getQueue', [{ status, body, times: Infinity }]);
    expect((await send()).status).toBe(status);
    expect(sim.count('getQueue')).toBe(1);
  });
});

describe('retries', () => {
  it('backs off about 1 s, then 2 s, 4 s, and gives up after 1 + retries attempts', async () => {
    sim.script('getQueue', [{ status: 503, times: Infinity }]);
    const error = await rejection(send({ context: { retries: 3 } }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).transient).toBe(true);
    expect((error as ApiError).message).toBe('Trunk API getQueue: HTTP 503 (after 4 attempts)');
    expect(sim.count('getQueue')).toBe(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('adds jitter on top, so throttled runs do not come back in step', async () => {
    sim.script('getQueue', [{ status: 503, times: 2 }]);
    await send({ context: { random: () => 0.5 } });
    expect(clock.sleeps).toEqual([1250, 2500]);
  });

  it('waits at least Retry-After, in seconds or as an HTTP date, capped at 60 s', async () => {
    const date = new Date(clock.now() + 9000).toUTCString();
    sim.script('getQueue', [
      { status: 429, headers: { 'retry-after': '5' } },
      { status: 429, headers: { 'retry-after': date } },
      { status: 503, headers: { 'retry-after': '3600' } },
    ]);
    expect((await send()).status).toBe(200);
    expect(clock.sleeps).toEqual([5000, expect.any(Number), 60_000]);
    // The date was 9 s (less its milliseconds) ahead when the clock stood 5 s earlier.
    expect(clock.sleeps[1]).toBeGreaterThan(3000);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(4000);
    expect(logs[0]).toBe('getQueue: HTTP 429 (rate limited); retry 1 of 3 in 5.0 s');
  });

  it('a patient request waits out throttling beyond its retries, and only for its patience', async () => {
    sim.script('getQueue', [{ status: 429, times: 6 }]);
    expect((await send({ context: { retries: 0 }, spec: { throttlePatienceMs: 30_000 } })).status).toBe(200);
    expect(sim.count('getQueue')).toBe(7);
    // 1 s, 2 s, then 4 s steps: never the long back-offs that would waste the limit's capacity.
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 4000, 4000, 4000]);
    expect(logs[0]).toBe(
      'getQueue: HTTP 429 (rate limited); the key is shared and at its limit: trying again in 1.0 s (for up to 30 s)',
    );
  });

  it('a patient request gives up once its patience is spent, and a fault that is not throttling counts', async () => {
    sim.script('getQueue', [{ status: 429, times: Infinity }]);
    const error = await rejection(send({ context: { retries: 0 }, spec: { throttlePatienceMs: 10_000 } }));
    expect(error).toMatchObject({ options: { throttled: true } });
    // 1 + 2 + 4 s pass; at 7 s it still has patience, at 11 s it has none.
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 4000]);
  });

  it("takes the spec's own retries and longest wait (a story read: once, within 5 s)", async () => {
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '30' }, times: Infinity }]);
    const error = await rejection(send({ spec: { retries: 1, maxWaitMs: 5000 } }));
    expect(error).toMatchObject({ options: { transient: true, throttled: true, reached: true } });
    expect(clock.sleeps).toEqual([5000]);
    expect(sim.count('getQueue')).toBe(2);
  });

  it('retries a reset connection, a cut-off body and a request timeout', async () => {
    sim.script('getQueue', [{ reset: true }, { truncate: true }, { hang: true }]);
    expect((await send({ context: { requestTimeoutMs: 200 } })).status).toBe(200);
    expect(sim.count('getQueue')).toBe(4);
  });

  it('does not retry a body that is too large, and reads it no further than the limit', async () => {
    sim.script('getQueue', [{ bytes: 50 * 1024 * 1024 }]);
    const before = process.memoryUsage().rss;
    const error = await rejection(send());
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).transient).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(45 * 1024 * 1024);
    expect(sim.requests).toHaveLength(1);
  });
});

describe('a host that is not there', () => {
  it('a connection refused is transient: the API may be back on the next poll', async () => {
    const url = `${sim.url}/v1/getQueue`;
    await sim.close();
    const error = await rejection(send({ context: { retries: 1 }, spec: { url: new URL(url) } }));
    expect(error).toMatchObject({ options: { transient: true, reached: false, unresolved: false } });
    sim = await startSimulator();
  });

  it('a name that does not resolve is marked so, and says to check api-url', async () => {
    const error = await rejection(
      send({ context: { retries: 1 }, spec: { url: new URL('https://nonexistent.invalid/v1/getQueue') } }),
    );
    expect(error).toMatchObject({ options: { reached: false, unresolved: true } });
    expect((error as ApiError).message).toMatch(/\(ENOTFOUND\).*; the host name does not resolve: check api-url$/);
  });
});

describe("the caller's signal", () => {
  it('cuts a hanging request off', async () => {
    sim.script('getQueue', [{ hang: true }]);
    const controller = new AbortController();
    const pending = send({ context: { requestTimeoutMs: 60_000 }, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await rejection(pending)).toBeInstanceOf(CancelledError);
  });

  it('cuts a retry wait off', async () => {
    sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '30' } }]);
    expect(await rejection(send({ signal: clock.timeout(10_000) }))).toBeInstanceOf(CancelledError);
    expect(sim.count('getQueue')).toBe(1);
  });
});
