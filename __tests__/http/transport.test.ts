// The transport against real servers on 127.0.0.1, in this process: what it sends, what it
// refuses, and how each failure is classed (kind, transient) and worded. The cases that need a
// trusted certificate (NODE_EXTRA_CA_CERTS is read only at start-up) run the bundle, in
// transport.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { getJson, postJson, TransportError, type RawResponse, type RequestOptions } from '../../src/http/transport.js';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { makeCertificates, PROXIED_HOST } from '../helpers/tls.js';

describe('http/transport', () => {
  interface Seen {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }

  type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** An http server that records each request and answers it with `handler`. */
  async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
    const seen: Seen[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { method = '', url = '', headers } = request;
        seen.push({ method, url, headers, body: Buffer.concat(chunks).toString('utf8') });
        handler(request, response);
      });
    });
    return { url: await listen(server), seen };
  }

  /** A server that writes `answer` as raw bytes once the request arrives: for what no HTTP server sends. */
  async function serveRaw(answer: string, then: 'end' | 'hold' = 'hold'): Promise<string> {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.once('data', () => (then === 'end' ? socket.end(answer) : socket.write(answer)));
    });
    return listen(server);
  }

  async function listen(server: net.Server): Promise<string> {
    const sockets = new Set<net.Socket>();
    server.on('connection', (socket: net.Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    );
    return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  }

  const options = (more: Partial<RequestOptions> = {}): RequestOptions => ({
    headers: { accept: 'application/json' },
    timeoutMs: 5000,
    maxBodyBytes: 1024,
    redact: (text) => text,
    ...more,
  });

  async function failure(request: Promise<RawResponse>): Promise<TransportError> {
    const error = await request.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof TransportError)) throw new Error(`expected a TransportError, got ${String(error)}`);
    return error;
  }

  describe('what is sent and what comes back', () => {
    it('getJson: a GET without a body, asking for the bytes as sent', async () => {
      const server = await serve((_request, response) => response.end('{"a":1}'));
      const answer = await getJson(new URL(`${server.url}/v2/pull-requests/7?x=1`), options());
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/v2/pull-requests/7?x=1', body: '' });
      expect(server.seen[0]?.headers).toMatchObject({ accept: 'application/json', 'accept-encoding': 'identity' });
      expect(server.seen[0]?.headers).not.toHaveProperty('content-length');
      expect(server.seen[0]?.headers).not.toHaveProperty('transfer-encoding');
      expect(answer).toMatchObject({ status: 200, body: '{"a":1}' });
      expect(answer.bytes).toEqual(Buffer.from('{"a":1}'));
    });

    it('postJson: the payload as JSON, with its length, and the same Accept-Encoding', async () => {
      const server = await serve((_request, response) => response.end('{}'));
      await postJson(new URL(`${server.url}/v1/getQueue`), { repo: 'ü' }, options());
      expect(server.seen[0]).toMatchObject({ method: 'POST', body: '{"repo":"ü"}' });
      expect(server.seen[0]?.headers).toMatchObject({ 'content-length': '13', 'accept-encoding': 'identity' });
    });

    it('the Host header carries no port the URL does not', async () => {
      const server = await serve((_request, response) => response.end('{}'));
      await getJson(new URL(server.url), options());
      expect(server.seen[0]?.headers.host).toBe(new URL(server.url).host);
    });

    it('a redirect is the answer: not followed, the token stays with the host it was sent to', async () => {
      const server = await serve((request, response) => {
        response.writeHead(request.url === '/start' ? 302 : 200, { location: '/elsewhere' }).end();
      });
      const answer = await getJson(new URL(`${server.url}/start`), options());
      expect(answer.status).toBe(302);
      expect(server.seen.map((seen) => seen.url)).toEqual(['/start']);
    });

    it('the bytes are kept as they arrived, beside the text', async () => {
      const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xff]);
      const server = await serve((_request, response) => response.end(bytes));
      const answer = await getJson(new URL(server.url), options());
      expect(answer.bytes).toEqual(bytes);
      expect(answer.body).toBe('\ufeff{}\ufffd');
    });
  });

  describe('failures: final or transient', () => {
    it.each([
      ['declared', { 'content-length': '2048' }],
      ['streamed', { 'transfer-encoding': 'chunked' }],
    ])('an answer over the size limit (%s) is refused, and asking again would not help', async (_how, headers) => {
      const server = await serve((_request, response) => {
        response.writeHead(200, headers);
        response.write('x'.repeat(600));
        response.write('x'.repeat(600));
      });
      const error = await failure(getJson(new URL(server.url), options()));
      expect(error).toMatchObject({ kind: 'too_large', transient: false });
      expect(error.message).toBe('the answer is larger than 0 MiB, more than any real queue needs; refused');
    });

    it('no answer by the deadline: a timeout, worth another try', async () => {
      const server = await serve(() => undefined);
      const error = await failure(getJson(new URL(server.url), options({ timeoutMs: 200 })));
      expect(error).toMatchObject({ kind: 'timeout', transient: true });
      expect(error.message).toBe(`no answer from ${new URL(server.url).host} within 0.2 s`);
    });

    it("the caller's signal: aborted, not a failure to retry", async () => {
      const server = await serve(() => undefined);
      const controller = new AbortController();
      const request = postJson(new URL(server.url), {}, options({ signal: controller.signal }));
      setTimeout(() => controller.abort(), 50);
      expect(await failure(request)).toMatchObject({ kind: 'aborted', transient: false });
    });

    it('a refused connection names the host and port, and is worth another try', async () => {
      const url = await serveRaw('');
      await Promise.all(closers.splice(0).map((close) => close()));
      const error = await failure(getJson(new URL(url), options()));
      expect(error).toMatchObject({ kind: 'connection', transient: true });
      expect(error.message).toBe(`connection to ${new URL(url).host} failed (ECONNREFUSED)`);
    });

    it('an answer cut off before its end: a lost connection', async () => {
      const url = await serveRaw('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"partial":', 'end');
      const error = await failure(getJson(new URL(url), options()));
      expect(error).toMatchObject({ kind: 'connection', transient: true });
    });

    it('an untrusted certificate: final, and said to be a certificate problem', async () => {
      const certificates = await makeCertificates();
      const server = https.createServer(certificates.server, (_request, response) => response.end('{}'));
      const url = (await listen(server)).replace('http:', 'https:');
      const error = await failure(getJson(new URL(url), options()));
      expect(error).toMatchObject({ kind: 'certificate', transient: false });
      expect(error.message).toMatch(/^the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \([A-Z_]+\)\./);
    });
  });

  describe('answers that are not answers', () => {
    it.each([
      ['bare', 'HTTP/1.1 101 Switching Protocols\r\n\r\n'],
      [
        'with an Upgrade header',
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      ],
    ])('101 Switching Protocols (%s) settles with a final error', async (_how, answer) => {
      const url = await serveRaw(answer);
      const error = await failure(getJson(new URL(url), options()));
      expect(error).toMatchObject({ kind: 'protocol', transient: false });
      expect(error.message).toBe(
        `${new URL(url).host} answered HTTP 101 Switching Protocols instead of answering the request: it asks to switch to another protocol, which no API request wants, so the server at that address is not the API`,
      );
    });

    it('interim answers (100, 103) are passed over for the real one', async () => {
      const url = await serveRaw(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}',
      );
      expect(await getJson(new URL(url), options())).toMatchObject({ status: 200, body: '{}' });
    });

    it('an interim answer and then nothing: the lost connection is reported, the promise settles', async () => {
      const url = await serveRaw('HTTP/1.1 103 Early Hints\r\n\r\n', 'end');
      expect(await failure(getJson(new URL(url), options()))).toMatchObject({ kind: 'connection', transient: true });
    });
  });

  describe('proxy variables', () => {
    const names = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    const target = new URL(`https://${PROXIED_HOST}/v1/getQueue`);
    afterEach(() => {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });
    const setEnv = (values: Record<string, string>) => {
      for (const name of names) delete process.env[name];
      Object.assign(process.env, values);
    };

    it.each([
      ['HTTPS_PROXY', 'not a url', 'is not a URL: give it as http://host:port, or http://user:password@host:port'],
      ['https_proxy', 'http://[::1', 'is not a URL: give it as http://host:port, or http://user:password@host:port'],
      ['HTTPS_PROXY', 'socks5://user:pw@proxy.corp:1080', 'names a socks5 proxy; only http:// and https:// proxies'],
    ])('%s=%j: a final error naming the variable, not its value', async (name, value, problem) => {
      setEnv({ [name]: value });
      const error = await failure(getJson(target, options()));
      expect(error).toMatchObject({ kind: 'proxy', transient: false });
      expect(error.message).toContain(`the proxy variable ${name} ${problem}`);
      expect(error.message).not.toContain(value);
    });

    it('the lower-case spelling wins, as in GitHub’s own actions, and is the one named', async () => {
      setEnv({ https_proxy: 'not a url', HTTPS_PROXY: 'http://127.0.0.1:9' });
      expect((await failure(getJson(target, options()))).message).toContain('https_proxy');
    });

    it('a request that goes direct (loopback) does not read the variable', async () => {
      const server = await serve((_request, response) => response.end('{}'));
      setEnv({ HTTP_PROXY: 'not a url' });
      expect((await getJson(new URL(server.url), options())).status).toBe(200);
    });

    describe('a proxy that asks for credentials', () => {
      let upstreamPort: number;
      beforeAll(async () => {
        // Behind the proxy: a port that accepts the tunnel and then says nothing.
        const upstream = net.createServer((socket) => socket.on('error', () => socket.destroy()));
        upstreamPort = Number(new URL(await listen(upstream)).port);
        // listen() leaves its closer to the first test's afterEach; this one lives for the block.
        upstreamClose = closers.pop();
      });
      let upstreamClose: (() => Promise<void>) | undefined;
      afterAll(() => upstreamClose?.());

      it('407 with credentials: final, the proxy refused them, and they are not repeated', async () => {
        const proxy = await startConnectProxy(upstreamPort, { credentials: 'mona:right' });
        closers.push(() => proxy.close());
        setEnv({ HTTPS_PROXY: `http://mona:wr%40ng-s3cret@127.0.0.1:${proxy.port}` });
        const error = await failure(getJson(target, options()));
        expect(error).toMatchObject({ kind: 'proxy', transient: false });
        expect(error.message).toBe(
          `connection to ${PROXIED_HOST}:443 through proxy 127.0.0.1:${proxy.port} failed: the proxy refused authentication (HTTP 407 Proxy Authentication Required); check the user name and password in HTTPS_PROXY (special characters in them percent-encoded)`,
        );
        expect(proxy.authorizations).toEqual([`Basic ${Buffer.from('mona:wr@ng-s3cret').toString('base64')}`]);
      });

      it('407 without credentials: says the variable carries none', async () => {
        const proxy = await startConnectProxy(upstreamPort, { credentials: 'mona:right' });
        closers.push(() => proxy.close());
        setEnv({ https_proxy: `http://127.0.0.1:${proxy.port}` });
        const error = await failure(getJson(target, options()));
        expect(error).toMatchObject({ kind: 'proxy', transient: false });
        expect(error.message).toMatch(
          /the proxy refused authentication \(HTTP 407 Proxy Authentication Required\); https_proxy carries no credentials: give them as http:\/\/user:password@host:port$/,
        );
        expect(proxy.authorizations).toEqual([undefined]);
      });

      it('other refusals are a connection failure, worth another try', async () => {
        const proxy = await startConnectProxy(upstreamPort, '502 Bad Gateway');
        closers.push(() => proxy.close());
        setEnv({ HTTPS_PROXY: proxy.url });
        const error = await failure(getJson(target, options()));
        expect(error).toMatchObject({ kind: 'connection', transient: true });
        expect(error.message).toBe(
          `connection to ${PROXIED_HOST}:443 through proxy 127.0.0.1:${proxy.port} failed (the proxy did not open a tunnel: HTTP 502 Bad Gateway)`,
        );
      });

      it('a scheme-less value is an http proxy, as curl reads it, and the tunnel opens', async () => {
        const proxy = await startConnectProxy(upstreamPort, { credentials: 'mona:right' });
        closers.push(() => proxy.close());
        setEnv({ HTTPS_PROXY: `mona:right@localhost:${proxy.port}` });
        // The tunnel opens with the credentials sent; behind it nobody speaks, so the deadline ends it.
        const error = await failure(getJson(target, options({ timeoutMs: 300 })));
        expect(error.kind).toBe('timeout');
        expect(proxy.targets).toEqual([`${PROXIED_HOST}:443`]);
        expect(proxy.authorizations).toEqual([`Basic ${Buffer.from('mona:right').toString('base64')}`]);
      });
    });
  });
});
