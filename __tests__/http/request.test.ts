// One request with the retry policy, over real HTTP on 127.0.0.1 (the simulator): which answers
// are retried and how long it waits between tries (on a virtual clock), what cuts it short, and
// which failures it calls transient. Each API's adapter says what a status means; the messages a
// user reads are asserted once, through run(), in run.test.ts.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { until } from '../helpers/simulator.js';
import { sendWithRetries, type RequestContext, type RequestSpec } from '../../src/http/request.js';
import { ApiError, CancelledError } from '../../src/shared/errors.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { rejection } from '../helpers/rejection.js';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { makeCertificates, type TestCertificates } from '../helpers/tls.js';
import { createRedactor } from '../../src/shared/redact.js';

describe('http/request', () => {
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
    return {
      requestTimeoutMs: 5000,
      retries: 3,
      log: (line) => logs.push(line),
      clock,
      random: () => 0,
      redactor: createRedactor([]),
      ...overrides,
    };
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

  const send = (
    options: { context?: Partial<RequestContext>; spec?: Partial<RequestSpec>; signal?: AbortSignal } = {},
  ) =>
    sendWithRetries(context(options.context), getQueue(options.spec), options.signal ?? new AbortController().signal);

  describe('answers', () => {
    it('gives the response as sent, the body untouched', async () => {
      const body = '{"b":1,"a":9007199254740993,"a":1.50}';
      sim.script('getQueue', [{ body, headers: { 'content-type': 'application/json' } }]);
      const response = await send();
      expect([response.status, response.body]).toEqual([200, body]);
      expect(sim.requests[0]?.body).toEqual(getQueue().payload);
    });

    it('gives every answer redacted as it arrives: body (still JSON) and headers, retried ones included', async () => {
      const key = 'trunk_v2_Tq2Wm9Xp4Lz8Nb3Vc7Hd';
      const echoed = JSON.stringify({ title: `x ${key.toUpperCase()} y`, [key]: [1.5, `${[...key].join('\u200b')}`] });
      sim.script('getQueue', [
        { status: 503, body: `busy ${Buffer.from(`Bearer ${key}`).toString('base64')}` },
        { body: echoed, headers: { 'content-type': 'application/json', 'x-request-id': `id-${key}` } },
      ]);
      const response = await send({ context: { redactor: createRedactor([key]) } });
      expect(response.body).toBe('{"title":"x *** y","***":[1.5,"***"]}');
      expect(response.headers['x-request-id']).toBe('id-***');
      expect(logs.join('\n')).toMatch(/^getQueue: HTTP 503: busy QmVhcmVyIH\*\*\*.{0,3}; retry 1 of 3/);
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
      expect(logs[0]).toBe('getQueue: HTTP 429 (rate limited); retry 1 of 3 in 5 s');
    });

    it('a patient request waits out throttling beyond its retries, and only for its patience', async () => {
      sim.script('getQueue', [{ status: 429, times: 6 }]);
      expect((await send({ context: { retries: 0 }, spec: { throttlePatienceMs: 30_000 } })).status).toBe(200);
      expect(sim.count('getQueue')).toBe(7);
      // 1 s, 2 s, then 4 s steps: never the long back-offs that would waste the limit's capacity.
      expect(clock.sleeps).toEqual([1000, 2000, 4000, 4000, 4000, 4000]);
      expect(logs[0]).toBe(
        'getQueue: HTTP 429 (rate limited); the key is shared and at its limit: trying again in 1 s (for up to 30 s)',
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

    it('asks admit before every attempt, retries included; when it refuses, nothing more is sent', async () => {
      sim.script('getQueue', [{ status: 503, times: Infinity }]);
      let admitted = 0;
      const spent = new Error('out of requests');
      const admit = () => {
        if (admitted === 2) throw spent;
        admitted++;
      };
      expect(await rejection(send({ spec: { admit } }))).toBe(spent);
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

  describe('a wrong address names api-url, and the proxy when one carries the request', () => {
    const variables = ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
    const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
    afterEach(() => {
      for (const name of variables) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });
    const useProxy = (url: string) => {
      for (const name of variables) delete process.env[name];
      process.env.HTTPS_PROXY = url;
    };
    let certificates: TestCertificates;
    beforeAll(async () => {
      certificates = await makeCertificates();
    });
    /** The simulator over https, with a certificate this process does not trust. */
    const untrusted = async () => {
      const secure = await startSimulator({ tls: certificates.server });
      closers.push(() => secure.close());
      return secure;
    };
    const closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((close) => close()));
    });
    const at = (url: string) => ({ spec: { url: new URL(url) } });
    const failure = async (options: Parameters<typeof send>[0]) => {
      const error = await rejection(send(options));
      if (!(error instanceof ApiError)) throw error;
      return error;
    };

    it('nothing listening: tried once more, not every retry, and api-url named', async () => {
      const url = `${sim.url}/v1/getQueue`;
      await sim.close();
      const error = await failure({ context: { retries: 3 }, ...at(url) });
      expect(error.message).toBe(
        `Trunk API getQueue: connection to ${new URL(url).host} failed (ECONNREFUSED) (after 2 attempts); nothing accepts connections there: check api-url`,
      );
      // Still transient: once Trunk has answered, a wait carries on past a refused poll.
      expect(error.options).toMatchObject({ transient: true, reached: false, unresolved: false });
      expect(clock.sleeps).toEqual([1000]);
      expect(logs).toEqual([
        'getQueue: connection to ' + new URL(url).host + ' failed (ECONNREFUSED); retry 1 of 1 in 1 s',
      ]);
      sim = await startSimulator();
    });

    it('with no retries, nothing listening is tried once', async () => {
      const url = `${sim.url}/v1/getQueue`;
      await sim.close();
      const error = await failure({ context: { retries: 0 }, ...at(url) });
      expect(error.message).toMatch(/failed \(ECONNREFUSED\); nothing accepts connections there: check api-url$/);
      expect(clock.sleeps).toEqual([]);
      sim = await startSimulator();
    });

    it('an unknown host: tried once more, and api-url named', async () => {
      const error = await failure({ context: { retries: 3 }, ...at('https://nonexistent.invalid/v1/getQueue') });
      expect(error.message).toMatch(
        /^Trunk API getQueue: connection to nonexistent\.invalid:443 failed \((ENOTFOUND|EAI_AGAIN)\) \(after 2 attempts\); the host name does not resolve: check api-url$/,
      );
      expect(error.options).toMatchObject({ reached: false });
      expect(clock.sleeps).toEqual([1000]);
    });

    it('a certificate not trusted: tried once, and api-url named after what to do about it', async () => {
      const secure = await untrusted();
      const error = await failure(at(`https://localhost:${secure.port}/v1/getQueue`));
      expect(error.message).toMatch(
        new RegExp(
          `^Trunk API getQueue: the TLS certificate of localhost:${secure.port} is not trusted \\([A-Z_]+\\)\\. This is a certificate problem, not a network one: if a proxy or a private CA signs this traffic, point NODE_EXTRA_CA_CERTS at its CA certificate\\. Check api-url\\.$`,
        ),
      );
      expect(error.transient).toBe(false);
      expect(secure.requests).toHaveLength(0);
      expect(clock.sleeps).toEqual([]);
    });

    describe('behind a proxy', () => {
      const target = 'https://api.trunk.test/v1/getQueue';
      const proxyThrough = async (upstreamPort: number, refuse?: string) => {
        const proxy = await startConnectProxy(upstreamPort, refuse ?? {});
        closers.push(() => proxy.close());
        useProxy(proxy.url);
        return proxy;
      };

      it('a proxy that will not open the tunnel: api-url and the proxy variable named', async () => {
        const proxy = await proxyThrough(sim.port, '403 Forbidden');
        const error = await failure({ context: { retries: 0 }, ...at(target) });
        expect(error.message).toBe(
          `Trunk API getQueue: connection to api.trunk.test:443 through proxy 127.0.0.1:${proxy.port} failed (the proxy did not open a tunnel: HTTP 403 Forbidden); check api-url and the proxy in HTTPS_PROXY`,
        );
      });

      it('a certificate not trusted, through the proxy: api-url and the proxy variable named', async () => {
        const secure = await untrusted();
        await proxyThrough(secure.port);
        const error = await failure(at(target));
        expect(error.message).toMatch(
          /NODE_EXTRA_CA_CERTS at its CA certificate\. Check api-url and the proxy in HTTPS_PROXY\.$/,
        );
        expect(clock.sleeps).toEqual([]);
      });

      it('nothing listening at the proxy: the proxy named, tried once more', async () => {
        const proxy = await proxyThrough(sim.port);
        await proxy.close();
        const error = await failure({ context: { retries: 3 }, ...at(target) });
        expect(error.message).toMatch(
          /failed \(the proxy did not open a tunnel: connect ECONNREFUSED [\d.:]+\) \(after 2 attempts\); the proxy could not be reached: check the proxy in HTTPS_PROXY$/,
        );
        expect(clock.sleeps).toEqual([1000]);
      });

      it("a proxy whose host does not resolve: the proxy named, in the variable's own spelling", async () => {
        for (const name of variables) delete process.env[name];
        process.env.https_proxy = 'http://proxy.invalid:3128';
        const error = await failure({ context: { retries: 0 }, ...at(target) });
        expect(error.message).toMatch(
          /through proxy proxy\.invalid:3128 failed \(the proxy did not open a tunnel: .*(ENOTFOUND|EAI_AGAIN).*\); the proxy's host name does not resolve: check the proxy in https_proxy$/,
        );
      });
    });
  });

  describe("the caller's signal", () => {
    it('cuts a hanging request off', async () => {
      sim.script('getQueue', [{ hang: true }]);
      const controller = new AbortController();
      const pending = send({ context: { requestTimeoutMs: 60_000 }, signal: controller.signal });
      await until(() => sim.count('getQueue') >= 1, 'the request');
      controller.abort();
      expect(await rejection(pending)).toBeInstanceOf(CancelledError);
    });

    it('cuts a retry wait off', async () => {
      sim.script('getQueue', [{ status: 429, headers: { 'retry-after': '30' } }]);
      expect(await rejection(send({ signal: clock.timeout(10_000) }))).toBeInstanceOf(CancelledError);
      expect(sim.count('getQueue')).toBe(1);
    });
  });
});
