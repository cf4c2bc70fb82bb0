// A real CONNECT proxy on 127.0.0.1, as corporate runners have: it logs every tunnel it is asked
// for and connects each one to a fixed local port, so a made-up host such as api.trunk.test,
// which no resolver knows, is reachable only through it.
import net from 'node:net';

export interface ConnectProxy {
  url: string;
  /** The CONNECT targets asked for, as `host:port`. */
  targets: string[];
  close(): Promise<void>;
}

/** @param refuse a status line to answer every CONNECT with, instead of opening the tunnel */
export async function startConnectProxy(upstreamPort: number, refuse?: string): Promise<ConnectProxy> {
  const targets: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.once('data', (head) => {
      const [, target] = /^CONNECT (\S+) HTTP\/1\.[01]\r\n/.exec(head.toString('latin1')) ?? [];
      if (!target) {
        client.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
        return;
      }
      targets.push(target);
      if (refuse) {
        client.end(`HTTP/1.1 ${refuse}\r\n\r\n`);
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
    targets,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
