// The CONNECT tunnel alone, through a real proxy on 127.0.0.1 to the simulator: what it asks the
// proxy for (the API's authority, IPv6 in brackets, its credentials as sent), and how a refusal or
// an unreachable proxy comes back. Requests through it, TLS included, are in transport.test.ts.
import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { ProxyRoute } from '../../src/http/proxy.js';
import { TunnelFailed, TunnelRefused, tunnelThrough } from '../../src/http/proxy-tunnel.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');
let proxy: ConnectProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const route = (port: number, authorization?: string): ProxyRoute => ({
  variable: 'HTTPS_PROXY',
  protocol: 'http:',
  host: '127.0.0.1',
  port,
  authorization,
});

/** GET through the tunnel; the status, or the error the tunnel failed with. */
function get(target: URL, through: ProxyRoute): Promise<number | Error> {
  return new Promise((resolve) => {
    const request = http.request(target, {
      createConnection: tunnelThrough(through, target, new AbortController().signal),
      headers: { 'x-api-token': sim.token },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', resolve);
    request.end();
  });
}

describe('tunnelThrough', () => {
  it("asks the proxy for the API's host and port, with the proxy's credentials, and carries the request", async () => {
    proxy = await startConnectProxy(Number(new URL(sim.url).port), { credentials: 'user:pass' });
    const status = await get(
      new URL('http://api.trunk.test/v1/nothing'),
      route(proxy.port, `Basic ${Buffer.from('user:pass').toString('base64')}`),
    );
    expect(typeof status).toBe('number');
    expect(proxy.targets).toEqual(['api.trunk.test:80']);
    expect(proxy.authorizations).toEqual([`Basic ${Buffer.from('user:pass').toString('base64')}`]);
  });

  it('an IPv6 host is asked for in brackets', async () => {
    proxy = await startConnectProxy(Number(new URL(sim.url).port));
    await get(new URL('http://[::1]:8080/'), route(proxy.port));
    expect(proxy.targets).toEqual(['[::1]:8080']);
  });

  it("a refusal is the proxy's status, its words kept short", async () => {
    proxy = await startConnectProxy(1, `403 ${'Forbidden by policy '.repeat(10)}`);
    const error = await get(new URL('http://api.trunk.test/'), route(proxy.port));
    expect(error).toBeInstanceOf(TunnelRefused);
    expect((error as TunnelRefused).status).toBe(403);
    expect((error as Error).message.length).toBeLessThanOrEqual('HTTP 403 '.length + 60);
  });

  it('an unreachable proxy fails with its code', async () => {
    const error = await get(new URL('http://api.trunk.test/'), route(1));
    expect(error).toBeInstanceOf(TunnelFailed);
    expect((error as TunnelFailed).code).toBe('ECONNREFUSED');
  });
});
