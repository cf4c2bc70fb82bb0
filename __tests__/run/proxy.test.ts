// Whole runs behind a proxy, in-process: the proxy variables in process.env, where the transport
// reads them, a real CONNECT proxy on 127.0.0.1 and the simulator serving https. These are the
// runs that end before any certificate would have to be trusted: a request NO_PROXY sends direct,
// a certificate not trusted, a proxy that refuses the tunnel, cannot be reached or wants other
// credentials, a variable that is not a URL. The runs that reach Trunk over https need the test
// CA, which Node reads only as a process starts (NODE_EXTRA_CA_CERTS): they run the committed
// bundle, in __tests__/dist/proxy.slow.test.ts. What each failure says is decided in http/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { makeCertificates, PROXIED_HOST } from '../helpers/tls.js';

describe('run/proxy', () => {
  const VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));

  let sim: Simulator;
  let proxy: ConnectProxy;

  beforeAll(async () => {
    sim = await startSimulator({ tls: (await makeCertificates()).server });
    proxy = await startConnectProxy(sim.port);
  });
  afterAll(async () => {
    await proxy.close();
    await sim.close();
  });
  afterEach(() => {
    for (const name of VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  /** A whole run with these proxy variables, and only these, in process.env. */
  function run(apiUrl: string, variables: Record<string, string>, retries = '0'): Promise<InProcessResult> {
    for (const name of VARIABLES) delete process.env[name];
    Object.assign(process.env, variables);
    proxy.targets.length = 0;
    return runInProcess({ inputs: { 'api-token': sim.token, 'api-url': apiUrl, retries } });
  }
  // Both requests fail alike in these cases: the first to fail is reported and the other aborted,
  // so either endpoint may be the one named.
  const anyEndpoint = (error: string | undefined) => error?.replace(/getSubmittedPullRequest|getQueue/, 'ENDPOINT');
  /** Everything the run wrote: the log, the error, the outputs and the summary. */
  const everything = (result: InProcessResult) =>
    [...result.lines, result.error ?? '', ...Object.values(result.outputs), result.summary].join('\n');

  describe('https', () => {
    it('NO_PROXY sends the request direct: the proxy sees nothing, and the error names the host', async () => {
      const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
        HTTPS_PROXY: proxy.url,
        NO_PROXY: `example.com,${PROXIED_HOST}`,
      });
      expect(proxy.targets).toEqual([]);
      expect(result.error).toMatch(
        new RegExp(
          `^Trunk API (getSubmittedPullRequest|getQueue): connection to ${PROXIED_HOST}:${sim.port} failed \\((ENOTFOUND|EAI_AGAIN)\\); the host name does not resolve: check api-url$`,
        ),
      );
    });

    it('an untrusted certificate: a certificate problem, said plainly, tried once', async () => {
      const before = sim.connections();
      const result = await run(sim.url, {}, '3');
      expect(result.code).toBe(1);
      expect(result.error).toMatch(
        /^Trunk API (getSubmittedPullRequest|getQueue): the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \([A-Z_]+\)\. This is a certificate problem, not a network one: .*NODE_EXTRA_CA_CERTS/,
      );
      expect(result.log).not.toMatch(/retry \d of/);
      // At most one connection for each endpoint (the second may be aborted first): no retry.
      expect(sim.connections() - before).toBeGreaterThanOrEqual(1);
      expect(sim.connections() - before).toBeLessThanOrEqual(2);
    });

    it('a proxy that refuses the tunnel: its answer is in the message', async () => {
      const refusing = await startConnectProxy(sim.port, '403 Forbidden');
      try {
        const result = await run(`https://${PROXIED_HOST}`, { HTTPS_PROXY: refusing.url });
        expect(result.error).toMatch(
          /through proxy 127\.0\.0\.1:\d+ failed \(the proxy did not open a tunnel: HTTP 403 Forbidden\); check api-url and the proxy in HTTPS_PROXY$/,
        );
        // The API's host at its default port; the second request may be aborted before it asks.
        expect(new Set(refusing.targets)).toEqual(new Set([`${PROXIED_HOST}:443`]));
        expect(refusing.targets.length).toBeLessThanOrEqual(2);
      } finally {
        await refusing.close();
      }
    });

    it("a proxy that cannot be reached is named, without the proxy URL's credentials", async () => {
      const closed = await startConnectProxy(sim.port);
      const address = closed.url.replace('http://', '');
      await closed.close();
      const result = await run(`https://${PROXIED_HOST}`, { HTTPS_PROXY: `http://user:s3cret-pass@${address}` });
      expect(anyEndpoint(result.error)).toBe(
        `Trunk API ENDPOINT: connection to ${PROXIED_HOST}:443 through proxy ${address} failed (the proxy did not open a tunnel: connect ECONNREFUSED ${address}); the proxy could not be reached: check the proxy in HTTPS_PROXY`,
      );
      expect(everything(result)).not.toContain('s3cret');
    });
  });

  describe('proxy settings as users write them', () => {
    it('407 is final: the proxy refused authentication, said once, not retried', async () => {
      const guarded = await startConnectProxy(sim.port, { credentials: 'mona:right' });
      try {
        const result = await run(
          `https://${PROXIED_HOST}`,
          { HTTPS_PROXY: `http://mona:wr0ng-s3cret@127.0.0.1:${guarded.port}` },
          '3',
        );
        expect(anyEndpoint(result.error)).toBe(
          `Trunk API ENDPOINT: connection to ${PROXIED_HOST}:443 through proxy 127.0.0.1:${guarded.port} failed: the proxy refused authentication (HTTP 407 Proxy Authentication Required); check the user name and password in HTTPS_PROXY (special characters in them percent-encoded)`,
        );
        // One CONNECT per endpoint at most (the second may be aborted first), none for a retry.
        expect(guarded.targets.length).toBeGreaterThanOrEqual(1);
        expect(guarded.targets.length).toBeLessThanOrEqual(2);
        expect(result.log).not.toMatch(/retry \d of/);
        expect(everything(result)).not.toContain('s3cret');
      } finally {
        await guarded.close();
      }
    });

    it('a proxy variable that is not a URL is named in a clear error, before any request', async () => {
      const result = await run(`https://${PROXIED_HOST}:${sim.port}`, { HTTPS_PROXY: 'not a url' });
      expect(result.code).toBe(1);
      expect(anyEndpoint(result.error)).toBe(
        'Trunk API ENDPOINT: the proxy variable HTTPS_PROXY is not a URL: give it as http://host:port, or http://user:password@host:port',
      );
      expect(everything(result)).not.toMatch(/Invalid URL|Unexpected error/);
    });
  });
});
