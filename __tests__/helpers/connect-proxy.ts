// A real CONNECT proxy on 127.0.0.1, as corporate runners have: it logs every tunnel it is asked
// for and connects each one to a fixed local port, so a made-up host such as api.trunk.test,
// which no resolver knows, is reachable only through it.
import net from 'node:net';

export interface ConnectProxy {
  url: string;
  port: number;
  /** The CONNECT targets asked for, as `host:port`, one per request the proxy received. */
  targets: string[];
  /** The Proxy-Authorization header of each CONNECT, in the same order (undefined when absent). */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** A status line to answer every CONNECT with, instead of opening the tunnel. */
  refuse?: string;
  /** `user:password`: a CONNECT without these credentials (Basic) is answered 407. */
  credentials?: string;
}

export async function startConnectProxy(
  upstreamPort: number,
  options: string | ConnectProxyOptions = {},
): Promise<ConnectProxy> {
  const { refuse, credentials } = typeof options === 'string' ? { refuse: options, credentials: undefined } : options;
  const expected = credentials && `Basic ${Buffer.from(credentials).toString('base64')}`;
  const targets: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.once('data', (head) => {
      const text = head.toString('latin1');
      const [, target] = /^CONNECT (\S+) HTTP\/1\.[01]\r\n/.exec(text) ?? [];
      if (!target) {
        client.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
        return;
      }
      targets.push(target);
      const authorization = /^proxy-authorization: *(.*?) *$/im.exec(text.split('\r\n\r\n')[0] ?? '')?.[1];
      authorizations.push(authorization);
      if (refuse) {
        client.end(`HTTP/1.1 ${refuse}\r\n\r\n`);
        return;
      }
      if (expected && authorization !== expected) {
        client.end(
          'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
      const upstream = net.connect(upstreamPort, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client).pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    targets,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
