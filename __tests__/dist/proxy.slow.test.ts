// The path users take: https to Trunk, often through a corporate proxy. Node reads
// NODE_EXTRA_CA_CERTS only when a process starts, so the runs that reach Trunk over https run the
// committed bundle as the runner does, with a CA made at test time, the simulator serving https
// and a real CONNECT proxy. The runs that fail before any certificate is trusted (a refused tunnel,
// a proxy that cannot be reached or wants other credentials, a bad variable, NO_PROXY, a
// certificate not trusted) run in-process, in __tests__/run/proxy.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction, type RunResult } from '../../simulator/runner.mjs';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { makeCertificates, PROXIED_HOST, type TestCertificates } from '../helpers/tls.js';

let certificates: TestCertificates & { caFile: string };
let sim: Simulator;
let proxy: ConnectProxy;
const caDir = mkdtempSync(join(tmpdir(), 'mqs-ca-'));

beforeAll(async () => {
  const made = await makeCertificates();
  certificates = { ...made, caFile: join(caDir, 'ca.pem') };
  writeFileSync(certificates.caFile, made.ca);
  sim = await startSimulator({ tls: certificates.server });
  proxy = await startConnectProxy(sim.port);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
  rmSync(caDir, { recursive: true, force: true });
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

  it('without a proxy, to a loopback address (never proxied, whatever HTTPS_PROXY says)', async () => {
    const result = await run(sim.url, { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile });
    expect(result.code).toBe(0);
    expect(result.outputs.state).toBe('testing');
    expect(proxy.targets).toEqual([]);
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
});
