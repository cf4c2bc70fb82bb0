// One request over node:http(s): a GET, or a POST with a JSON body. Not fetch: node:https loads in
// a fraction of the time undici's first fetch takes, never follows a redirect (which would carry
// the token to another host), and lets the body be cut off at a size limit while it streams in.
//
// Proxies: HTTPS_PROXY / HTTP_PROXY and NO_PROXY as GitHub's own actions read them (./proxy.ts),
// https tunnelled through the proxy with CONNECT (./proxy-tunnel.ts). NODE_EXTRA_CA_CERTS is
// Node's own: no `ca` is set here, so the default store, extra certificates included, applies.
import http from 'node:http';
import type https from 'node:https';
import { proxyFor, ProxySettingError, type ProxyRoute } from './proxy.js';
import { TunnelFailed, TunnelRefused, tunnelThrough } from './proxy-tunnel.js';
import { clip, millis } from '../shared/format.js';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body decoded as UTF-8. */
  body: string;
  /** The body as it arrived, to tell why it is not JSON (compressed, a byte-order mark). */
  bytes: Buffer;
}

export type TransportFailure =
  | 'timeout'
  | 'connection'
  | 'certificate'
  | 'too_large'
  /** The proxy refused authentication (407), or a proxy variable is not usable. */
  | 'proxy'
  /** The server switched protocols (101) instead of answering. */
  | 'protocol'
  | 'aborted';

// Only these can go better a moment later. A certificate, a refused proxy login, a bad proxy
// variable or a server that speaks another protocol answer the same way every time, and an
// aborted request was cut off on purpose.
const TRANSIENT: ReadonlySet<TransportFailure> = new Set(['timeout', 'connection']);

/** What a failed connection says about where it went wrong, for the caller to name what to check. */
export interface FailureFacts {
  /** Node's or OpenSSL's code: ECONNREFUSED, ENOTFOUND, EAI_AGAIN, ERR_TLS_CERT_ALTNAME_INVALID, … */
  code?: string;
  /** The variable of the proxy that carried the request (HTTPS_PROXY), when one did. */
  proxy?: string;
  /** `proxy`: the proxy itself could not be reached; `tunnel`: it answered, but opened no tunnel. */
  stage?: 'proxy' | 'tunnel';
}

export class TransportError extends Error {
  override name = 'TransportError';
  /** Worth asking again: a timeout or a lost connection. */
  readonly transient: boolean;
  constructor(
    readonly kind: TransportFailure,
    message: string,
    readonly facts: FailureFacts = {},
  ) {
    super(message);
    this.transient = TRANSIENT.has(kind);
  }
}

export interface RequestOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBodyBytes: number;
  /** The caller's signal (a wait deadline, or a sibling request that already failed); kind 'aborted' when it fires. */
  signal?: AbortSignal;
  /** Cuts the credentials out of a server's words this layer quotes (a status line), before they are clipped. */
  redact: (text: string) => string;
}

/** A header's value; the first, when it came more than once. */
export function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function postJson(url: URL, payload: unknown, options: RequestOptions): Promise<RawResponse> {
  return send(url, 'POST', JSON.stringify(payload), options);
}

export function getJson(url: URL, options: RequestOptions): Promise<RawResponse> {
  return send(url, 'GET', undefined, options);
}

// Connections are kept for the next request: v2 asks in up to three rounds, and a connection (a
// TLS handshake, to Trunk) saved is a round trip or two saved on each. An idle kept socket is
// closed after 2 s, well before a server would close it (5 s is common), so a wait's next poll
// never sends into a socket the server is closing; and Node unrefs idle kept sockets, so none
// holds the process open once the run is done.
const KEEP_IDLE_MS = 2_000;
const httpAgent = new http.Agent({ keepAlive: true, timeout: KEEP_IDLE_MS });
let secure: { module: typeof https; agent: https.Agent } | undefined;
function secureStack() {
  if (!secure) {
    const module = process.getBuiltinModule('node:https');
    secure = { module, agent: new module.Agent({ keepAlive: true, timeout: KEEP_IDLE_MS }) };
  }
  return secure;
}

const sentListeners = new Set<() => void>();

/**
 * Calls `listener` once, when the next request is on its way: work that can wait for the network
 * to answer (loading the runner's own I/O, say) is done then, while it does, not before the
 * request. Answers with a function that stops listening.
 */
export function onRequestSent(listener: () => void): () => void {
  const once = () => {
    sentListeners.delete(once);
    listener();
  };
  sentListeners.add(once);
  return () => sentListeners.delete(once);
}

function send(url: URL, method: 'GET' | 'POST', body: string | undefined, options: RequestOptions) {
  return new Promise<RawResponse>((resolve, reject) => {
    let route: ProxyRoute | undefined;
    try {
      route = proxyFor(url);
    } catch (error) {
      if (!(error instanceof ProxySettingError)) throw error;
      reject(new TransportError('proxy', error.message));
      return;
    }
    const secure = url.protocol === 'https:';
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const where = destination(url, route);
    let settled = false;
    let answered = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.destroy();
      if (options.signal?.aborted) reject(new TransportError('aborted', 'the request was cut off'));
      else if (timeout.aborted) {
        reject(new TransportError('timeout', `no answer from ${where} within ${millis(options.timeoutMs)}`));
      } else if (error instanceof TransportError) reject(error);
      else reject(connectionError(error, url, route, where));
    };

    const request = (secure ? secureStack().module : http).request(
      url,
      {
        method,
        // The action reads the bytes as sent: no decompression, so none is asked for.
        headers: {
          ...options.headers,
          'accept-encoding': 'identity',
          ...(body !== undefined && { 'content-length': Buffer.byteLength(body) }),
        },
        signal,
        // Without an agent Node takes port 80 for the Host header; the default port says otherwise.
        defaultPort: secure ? 443 : 80,
        ...(route
          ? { createConnection: tunnelThrough(route, url, signal) }
          : { agent: secure ? secureStack().agent : httpAgent }),
      },
      (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        // Node hands on 1xx answers that are not followed by a real one (a 101 without an
        // Upgrade header); the interim ones (100, 103) it passes over by itself.
        if (status < 200) {
          fail(notAnAnswer(where, status, options.redact(response.statusMessage ?? '')));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (declared > options.maxBodyBytes) {
          fail(tooLarge(options.maxBodyBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBodyBytes) fail(tooLarge(options.maxBodyBytes));
          else chunks.push(chunk);
        });
        const cutOff = () =>
          fail(new TransportError('connection', 'the connection closed before the whole answer arrived'));
        response.on('error', cutOff);
        response.on('close', () => {
          if (!response.complete) {
            cutOff();
            return;
          }
          if (settled) return;
          settled = true;
          const bytes = Buffer.concat(chunks);
          resolve({ status, headers: response.headers, body: bytes.toString('utf8'), bytes });
        });
      },
    );
    // A 101 with an Upgrade header comes here, not to the response callback; unheard, Node would
    // close the socket and the request would never settle.
    request.on('upgrade', (response, socket) => {
      answered = true;
      socket.destroy();
      fail(notAnAnswer(where, response.statusCode ?? 101, options.redact(response.statusMessage ?? '')));
    });
    request.on('error', fail);
    // The last word: a request that closes with no answer and no error still settles.
    request.on('close', () => {
      if (!answered) fail(new TransportError('connection', `the connection to ${where} closed without an answer`));
    });
    // 'finish': the request is handed to the operating system, on its way.
    request.once('finish', () => {
      for (const listener of [...sentListeners]) listener();
    });
    request.end(body);
  });
}

/** `api.trunk.io:443`, and the proxy when one carries the request; never a proxy's credentials. */
function destination(url: URL, route: ProxyRoute | undefined): string {
  const target = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  if (!route) return target;
  const proxyHost = route.host.includes(':') ? `[${route.host}]` : route.host;
  return `${target} through proxy ${proxyHost}:${route.port}`;
}

function tooLarge(limit: number): TransportError {
  return new TransportError(
    'too_large',
    `the answer is larger than ${Math.round(limit / 1024 / 1024)} MiB, more than any real queue needs; refused`,
  );
}

function notAnAnswer(where: string, status: number, text: string): TransportError {
  return new TransportError(
    'protocol',
    `${where} answered HTTP ${status}${text ? ` ${clip(text, 60)}` : ''} instead of answering the request: it asks to switch to another protocol, which no API request wants, so the server at that address is not the API`,
  );
}

// Node's code, and OpenSSL's, for a certificate that does not name the host asked for.
const WRONG_HOST_CODES = /^(ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH)$/;
// OpenSSL's verification codes: a chain the trust store does not vouch for, an expired one, ...
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

function connectionError(error: unknown, url: URL, route: ProxyRoute | undefined, where: string): TransportError {
  const raw = (error as { code?: unknown } | undefined)?.code;
  const code = typeof raw === 'string' ? raw : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const proxy = route?.variable;
  if (error instanceof TunnelRefused && error.status === 407 && route) return proxyRefused(error, route, where);
  if (error instanceof TunnelRefused || error instanceof TunnelFailed) {
    const stage = error instanceof TunnelFailed ? 'proxy' : 'tunnel';
    return new TransportError(
      'connection',
      `connection to ${where} failed (the proxy did not open a tunnel: ${message})`,
      { code: error instanceof TunnelFailed ? error.code : undefined, proxy, stage },
    );
  }
  if (code && WRONG_HOST_CODES.test(code)) {
    return new TransportError(
      'certificate',
      `the TLS certificate of ${where} is for another host: ${coverage(message, url.hostname)} (${code}). This is a certificate problem, not a network one.`,
      { code, proxy },
    );
  }
  if (code && CERTIFICATE_CODES.test(code)) {
    return new TransportError(
      'certificate',
      `the TLS certificate of ${where} is not trusted (${code}). This is a certificate problem, not a network one: if a proxy or a private CA signs this traffic, point NODE_EXTRA_CA_CERTS at its CA certificate.`,
      { code, proxy },
    );
  }
  return new TransportError('connection', `connection to ${where} failed (${code ?? message})`, { code, proxy });
}

function proxyRefused(error: TunnelRefused, route: ProxyRoute, where: string): TransportError {
  const fix = route.authorization
    ? `check the user name and password in ${route.variable} (special characters in them percent-encoded)`
    : `${route.variable} carries no credentials: give them as http://user:password@host:port`;
  return new TransportError(
    'proxy',
    `connection to ${where} failed: the proxy refused authentication (${error.message}); ${fix}`,
  );
}

/**
 * What the certificate names, from Node's message ("Host: a.example. is not in the cert's
 * altnames: DNS:b.example, IP Address:10.0.0.1", "IP: … is not in the cert's list: …",
 * "… is not cert's CN: …"), against the host asked for.
 */
function coverage(message: string, asked: string): string {
  const listed = /.*(?:altnames|list|CN): (.+)$/.exec(message)?.[1];
  if (!listed) return `it does not name ${asked}`;
  const names = listed.split(/,\s*/).map((name) => name.replace(/^(DNS|IP Address|URI|email):/i, ''));
  const shown = names.length > 6 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return `it names ${shown}, not ${asked}`;
}
