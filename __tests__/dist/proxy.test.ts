// The path users take: https to Trunk, often through a corporate proxy. Node reads
// NODE_EXTRA_CA_CERTS only when a process starts, so these run the committed bundle as the runner
// does, with a CA made at test time, the simulator serving https and a real CONNECT proxy.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runAction, type RunResult } from '../../simulator/runner.mjs';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { makeCertificates, PROXIED_HOST, type TestCertificates } from '../helpers/tls.js';

let certificates: TestCertificates;
let sim: Simulator;
let proxy: ConnectProxy;

beforeAll(async () => {
  certificates = await makeCertificates();
  sim = await startSimulator({ tls: certificates.server });
  proxy = await startConnectProxy(sim.port);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

function run(apiUrl: string, env: Record<string, string | undefined>, retries = '0'): Promise<RunResult> {
  proxy.targets.length = 0;
  return runAction({ inputs: { 'api-token': sim.token, 'api-url': apiUrl, retries }, env });
}
// Both requests fail alike in these cases: the first to fail is reported and the other aborted,
// so either endpoint may be the one named.
const errorLine = (result: RunResult) => result.stdout.split('\n').find((line) => line.startsWith('::error::'));

describe('https', () => {
  it('through HTTPS_PROXY, as a CONNECT tunnel, to a host only the proxy can reach', async () => {
    const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
      HTTPS_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: certificates.caFile,
    });
    expect(errorLine(result)).toBeUndefined();
    expect(result.outputs.state).toBe('testing');
    expect(proxy.targets).toEqual([`${PROXIED_HOST}:${sim.port}`, `${PROXIED_HOST}:${sim.port}`]);
  });

  it('https_proxy in lower case too', async () => {
    const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
      https_proxy: proxy.url,
      NODE_EXTRA_CA_CERTS: certificates.caFile,
    });
    expect(result.code).toBe(0);
    expect(proxy.targets).toHaveLength(2);
  });

  it('NO_PROXY sends the request direct: the proxy sees nothing, and the error names the host', async () => {
    const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
      HTTPS_PROXY: proxy.url,
      NO_PROXY: `example.com,${PROXIED_HOST}`,
      NODE_EXTRA_CA_CERTS: certificates.caFile,
    });
    expect(proxy.targets).toEqual([]);
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^::error::Trunk API (getSubmittedPullRequest|getQueue): connection to ${PROXIED_HOST}:${sim.port} failed \\((ENOTFOUND|EAI_AGAIN)\\); the host name does not resolve: check api-url$`,
      ),
    );
  });

  it('without a proxy, to a loopback address (never proxied, whatever HTTPS_PROXY says)', async () => {
    const result = await run(sim.url, { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile });
    expect(result.code).toBe(0);
    expect(result.outputs.state).toBe('testing');
    expect(proxy.targets).toEqual([]);
  });

  it('an untrusted certificate: a certificate problem, said plainly, tried once', async () => {
    const before = sim.connections();
    const result = await run(sim.url, {}, '3');
    expect(result.code).toBe(1);
    expect(errorLine(result)).toMatch(
      /^::error::Trunk API (getSubmittedPullRequest|getQueue): the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \([A-Z_]+\)\. This is a certificate problem, not a network one: .*NODE_EXTRA_CA_CERTS/,
    );
    expect(result.stdout).not.toMatch(/retry \d of/);
    // At most one connection for each endpoint (the second may be aborted first): no retry.
    expect(sim.connections() - before).toBeGreaterThanOrEqual(1);
    expect(sim.connections() - before).toBeLessThanOrEqual(2);
  });

  it('a proxy that refuses the tunnel: its answer is in the message', async () => {
    const refusing = await startConnectProxy(sim.port, '403 Forbidden');
    try {
      const result = await runAction({
        inputs: { 'api-token': sim.token, 'api-url': `https://${PROXIED_HOST}`, retries: '0' },
        env: { HTTPS_PROXY: refusing.url },
      });
      expect(errorLine(result)).toMatch(
        /through proxy 127\.0\.0\.1:\d+ failed \(the proxy did not open a tunnel: HTTP 403 Forbidden\); check api-url and the proxy in HTTPS_PROXY$/,
      );
      expect(refusing.targets).toEqual([`${PROXIED_HOST}:443`, `${PROXIED_HOST}:443`]);
    } finally {
      await refusing.close();
    }
  });

  it("a proxy that cannot be reached is named, without the proxy URL's credentials", async () => {
    const closed = await startConnectProxy(sim.port);
    const address = closed.url.replace('http://', '');
    await closed.close();
    const result = await run(`https://${PROXIED_HOST}`, { HTTPS_PROXY: `http://user:s3cret-pass@${address}` });
    expect(errorLine(result)?.replace(/getSubmittedPullRequest|getQueue/, 'ENDPOINT')).toBe(
      `::error::Trunk API ENDPOINT: connection to ${PROXIED_HOST}:443 through proxy ${address} failed (the proxy did not open a tunnel: connect ECONNREFUSED ${address}); the proxy could not be reached: check the proxy in HTTPS_PROXY`,
    );
    expect(result.stdout + result.stderr + result.summary).not.toContain('s3cret');
  });

  it('a certificate for another host says so, names both, and is tried once', async () => {
    const wrongHost = 'wrong.trunk.test';
    const result = await run(
      `https://${wrongHost}:${sim.port}`,
      { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile },
      '3',
    );
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^::error::Trunk API (getSubmittedPullRequest|getQueue): the TLS certificate of ${wrongHost}:${sim.port} through proxy 127\\.0\\.0\\.1:\\d+ is for another host: it names ${PROXIED_HOST}, localhost, 127\\.0\\.0\\.1, not ${wrongHost} \\(ERR_TLS_CERT_ALTNAME_INVALID\\)\\. This is a certificate problem`,
      ),
    );
    expect(result.stdout).not.toMatch(/retry \d of/);
    expect(proxy.targets.length).toBeLessThanOrEqual(2);
  });
});

describe('proxy settings as users write them', () => {
  it('HTTPS_PROXY without a scheme is an http proxy, as curl reads it', async () => {
    const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
      HTTPS_PROXY: `localhost:${proxy.port}`,
      NODE_EXTRA_CA_CERTS: certificates.caFile,
    });
    expect(errorLine(result)).toBeUndefined();
    expect(result.outputs.state).toBe('testing');
    expect(proxy.targets).toHaveLength(2);
  });

  it('credentials in the proxy URL are sent, and no deprecation warning reaches the log', async () => {
    const guarded = await startConnectProxy(sim.port, { credentials: 'mona:pa ss@word' });
    try {
      const result = await run(`https://${PROXIED_HOST}:${sim.port}`, {
        HTTPS_PROXY: `http://mona:pa%20ss%40word@127.0.0.1:${guarded.port}`,
        NODE_EXTRA_CA_CERTS: certificates.caFile,
      });
      expect(result.outputs.state).toBe('testing');
      expect(guarded.targets).toHaveLength(2);
      expect(result.stderr).not.toMatch(/DEP0005|DeprecationWarning/);
      expect(result.stdout + result.stderr + result.summary).not.toMatch(/pa%20ss|pa ss@word/);
    } finally {
      await guarded.close();
    }
  });

  it('407 is final: the proxy refused authentication, said once, not retried', async () => {
    const guarded = await startConnectProxy(sim.port, { credentials: 'mona:right' });
    try {
      const result = await run(
        `https://${PROXIED_HOST}`,
        { HTTPS_PROXY: `http://mona:wr0ng-s3cret@127.0.0.1:${guarded.port}` },
        '3',
      );
      expect(errorLine(result)?.replace(/getSubmittedPullRequest|getQueue/, 'ENDPOINT')).toBe(
        `::error::Trunk API ENDPOINT: connection to ${PROXIED_HOST}:443 through proxy 127.0.0.1:${guarded.port} failed: the proxy refused authentication (HTTP 407 Proxy Authentication Required); check the user name and password in HTTPS_PROXY (special characters in them percent-encoded)`,
      );
      // One CONNECT per endpoint at most (the second may be aborted first), none for a retry.
      expect(guarded.targets.length).toBeGreaterThanOrEqual(1);
      expect(guarded.targets.length).toBeLessThanOrEqual(2);
      expect(result.stdout).not.toMatch(/retry \d of/);
      expect(result.stdout + result.stderr + result.summary).not.toContain('s3cret');
    } finally {
      await guarded.close();
    }
  });

  it('a proxy variable that is not a URL is named in a clear error, before any request', async () => {
    const result = await run(`https://${PROXIED_HOST}:${sim.port}`, { HTTPS_PROXY: 'not a url' });
    expect(result.code).toBe(1);
    expect(errorLine(result)?.replace(/getSubmittedPullRequest|getQueue/, 'ENDPOINT')).toBe(
      '::error::Trunk API ENDPOINT: the proxy variable HTTPS_PROXY is not a URL: give it as http://host:port, or http://user:password@host:port',
    );
    expect(result.stdout + result.stderr).not.toMatch(/Invalid URL|Unexpected error/);
  });
});
