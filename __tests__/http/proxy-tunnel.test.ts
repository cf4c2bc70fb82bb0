// The CONNECT tunnel, through a real proxy on 127.0.0.1 to real servers behind it: what the
// CONNECT asks for, the credentials it carries, a refusal and an unreachable proxy told apart, and
// TLS spoken to the API (not the proxy) inside the tunnel. transport.test.ts turns these into the
// messages a user reads.
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProxyRoute } from '../../src/http/proxy.js';
import { TunnelFailed, TunnelRefused, tunnelThrough } from '../../src/http/proxy-tunnel.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { makeCertificates, PROXIED_HOST } from '../helpers/tls.js';

describe('http/proxy-tunnel', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function listen(server: net.Server): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    return (server.address() as net.AddressInfo).port;
  }

  /** Behind the proxy: an API that answers with the Host and path it was asked for. */
  const echo = () =>
    listen(
      http.createServer((request, response) => {
        request.resume();
        response.end(`${request.headers.host} ${request.url}`);
      }),
    );

  async function proxy(upstreamPort: number, options: Parameters<typeof startConnectProxy>[1] = {}) {
    const started = await startConnectProxy(upstreamPort, options);
    closers.push(() => started.close());
    return started;
  }

  const routeTo = (started: ConnectProxy, authorization?: string): ProxyRoute => ({
    variable: 'HTTPS_PROXY',
    protocol: 'http:',
    host: '127.0.0.1',
    port: started.port,
    authorization,
  });

  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

  /** A GET of `target` through the tunnel: the body, or the error the request failed with. */
  function get(target: URL, route: ProxyRoute, signal = new AbortController().signal): Promise<string> {
    const secure = target.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        { createConnection: tunnelThrough(route, target, signal), defaultPort: secure ? 443 : 80 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the request succeeded');
      },
      (error: unknown) => error,
    );

  describe('tunnelThrough', () => {
    it("asks the proxy for the API's host and default port, and the request reaches the API inside", async () => {
      const through = await proxy(await echo());
      const body = await get(new URL(`http://${PROXIED_HOST}/v1/getQueue?x=1`), routeTo(through));
      expect(through.targets).toEqual([`${PROXIED_HOST}:80`]);
      expect(body).toBe(`${PROXIED_HOST} /v1/getQueue?x=1`);
    });

    it('an IPv6 target is asked for in brackets, with its own port', async () => {
      const through = await proxy(await echo());
      await get(new URL('http://[::1]:8443/v1/getQueue'), routeTo(through));
      expect(through.targets).toEqual(['[::1]:8443']);
    });

    it("sends the route's credentials, and a proxy that wants others is a TunnelRefused with its status", async () => {
      const through = await proxy(await echo(), { credentials: 'mona:s3cret' });
      const target = new URL(`http://${PROXIED_HOST}/v1/getQueue`);
      expect(await get(target, routeTo(through, basic('mona:s3cret')))).toBe(`${PROXIED_HOST} /v1/getQueue`);
      const refused = await failure(get(target, routeTo(through)));
      expect(refused).toBeInstanceOf(TunnelRefused);
      expect(refused).toMatchObject({ status: 407, message: 'HTTP 407 Proxy Authentication Required' });
      expect(through.authorizations).toEqual([basic('mona:s3cret'), undefined]);
    });

    it("a refusal carries the proxy's status, its words cut short", async () => {
      const through = await proxy(await echo(), `502 ${'Bad Gateway '.repeat(10)}`);
      const refused = await failure(get(new URL(`http://${PROXIED_HOST}/`), routeTo(through)));
      expect(refused).toBeInstanceOf(TunnelRefused);
      expect((refused as TunnelRefused).status).toBe(502);
      expect((refused as Error).message).toMatch(/^HTTP 502 Bad Gateway Bad Gateway .{1,50}…$/);
      expect((refused as Error).message.length).toBeLessThanOrEqual('HTTP 502 '.length + 60);
    });

    it('a proxy nobody listens at is a TunnelFailed with Node’s code, not a refusal', async () => {
      const through = await proxy(await echo());
      await through.close();
      const failed = await failure(get(new URL(`http://${PROXIED_HOST}/`), routeTo(through)));
      expect(failed).toBeInstanceOf(TunnelFailed);
      expect(failed).toMatchObject({ code: 'ECONNREFUSED' });
    });

    describe('an https API behind the proxy', () => {
      let serverCert: { key: string; cert: string };
      beforeAll(async () => {
        serverCert = (await makeCertificates()).server;
      });
      /** The names clients asked for in SNI, in order; a hello without one adds nothing. */
      const servernames: string[] = [];

      async function secureApi(): Promise<number> {
        servernames.splice(0);
        const context = tls.createSecureContext(serverCert);
        const server = tls.createServer({
          ...serverCert,
          SNICallback: (name, done) => {
            servernames.push(name);
            done(null, context);
          },
        });
        // The client refuses the certificate and drops the connection mid-handshake.
        server.on('tlsClientError', () => undefined);
        return listen(server);
      }

      it('speaks TLS to the API inside the tunnel, names it in SNI, and checks its certificate', async () => {
        const through = await proxy(await secureApi());
        const failed = await failure(get(new URL(`https://${PROXIED_HOST}/v1/getQueue`), routeTo(through)));
        // Signed by a CA this process does not trust: checked, and refused by the client.
        expect(failed).toMatchObject({ code: expect.stringMatching(/CERT|VERIFY|SIGNATURE/) });
        expect(through.targets).toEqual([`${PROXIED_HOST}:443`]);
        expect(servernames).toEqual([PROXIED_HOST]);
      });

      it('an address is no name: no SNI is sent for it', async () => {
        const through = await proxy(await secureApi());
        const failed = await failure(get(new URL('https://127.0.0.1/v1/getQueue'), routeTo(through)));
        // The handshake got as far as the certificate: the hello reached the API without a name.
        expect(failed).toMatchObject({ code: expect.stringMatching(/CERT|VERIFY|SIGNATURE/) });
        expect(through.targets).toEqual(['127.0.0.1:443']);
        expect(servernames).toEqual([]);
      });
    });
  });
});
