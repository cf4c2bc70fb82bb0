// A CONNECT tunnel through a proxy, as a request's `createConnection`: the request then talks to
// the API (TLS included, certificate checked for the API's host) inside the proxy's socket.
//
// Why not the agent @actions/http-client builds (the `tunnel` package): it reads the proxy
// variable itself and cannot be handed a corrected one, so `HTTPS_PROXY=proxy.corp:3128` went
// direct without a word; and it passes credentials to `tunnel`, which encodes them with the
// deprecated `new Buffer()`. In the bundle that call is not under node_modules, so Node printed
// DEP0005 into the step's log. Sending the Proxy-Authorization header from here avoids the call
// itself, where silencing it (process.noDeprecation, a patched emitWarning) would hide every other
// warning of the process too.
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { ProxyRoute } from './proxy.js';
import { clip } from '../shared/format.js';

/** The proxy answered the CONNECT with something other than a 2xx. */
export class TunnelRefused extends Error {
  override name = 'TunnelRefused';
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    // The proxy's own words, kept short: they go into a one-line error.
    super(`HTTP ${status}${statusText ? ` ${clip(statusText, 60)}` : ''}`);
  }
}

/** The proxy could not be reached, or broke off before answering the CONNECT. */
export class TunnelFailed extends Error {
  override name = 'TunnelFailed';
  constructor(
    message: string,
    /** Node's code for why: ECONNREFUSED, ENOTFOUND, ECONNRESET, … */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type CreateConnection = NonNullable<http.ClientRequestArgs['createConnection']>;

export function tunnelThrough(proxy: ProxyRoute, target: URL, signal: AbortSignal): CreateConnection {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const authority = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
  return (_options, done) => {
    // Node ignores the socket when an error is given; the type asks for one all the same.
    const fail = done as (error: Error) => void;
    const connect = (proxy.protocol === 'https:' ? process.getBuiltinModule('node:https') : http).request({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...(proxy.authorization && { 'proxy-authorization': proxy.authorization }) },
      agent: false,
      signal,
    });
    connect.once('connect', (response, socket) => {
      const status = response.statusCode ?? 0;
      // Any 2xx opens the tunnel (RFC 9110, 9.3.6); everything else is the proxy's refusal.
      if (status < 200 || status > 299) {
        socket.destroy();
        fail(new TunnelRefused(status, response.statusMessage ?? ''));
        return;
      }
      let stream: Duplex = socket;
      if (target.protocol === 'https:') {
        // SNI takes a name, never an address; the certificate is checked against `host` either way.
        stream = process
          .getBuiltinModule('node:tls')
          .connect({ socket, host, servername: net.isIP(host) ? undefined : host });
      }
      done(null, stream);
    });
    connect.once('error', (error: NodeJS.ErrnoException) => fail(new TunnelFailed(error.message, error.code)));
    connect.end();
    return undefined;
  };
}
