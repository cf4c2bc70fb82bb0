// One POST with a JSON body over node:http(s). Not fetch: node:https loads in a fraction of the
// time undici's first fetch takes, never follows a redirect (which would carry the token to
// another host), and lets the body be cut off at a size limit while it streams in.
//
// Proxies come from @actions/http-client, as in GitHub's own actions: its agent reads
// HTTPS_PROXY / HTTP_PROXY and NO_PROXY the way self-hosted runners set them, and tunnels https
// through the proxy with CONNECT. It is already in the bundle (@actions/core depends on it), and
// unlike Node 24's own env-proxy support it works on every Node the tests run on. NODE_EXTRA_CA_CERTS
// is Node's own: no `ca` is set here, so the default store, extra certificates included, applies.
import http from 'node:http';
import https from 'node:https';
import { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type TransportFailure = 'timeout' | 'connection' | 'certificate' | 'too_large' | 'aborted';

export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBodyBytes: number;
  /** The caller's signal (a wait deadline, or a sibling request that already failed); kind 'aborted' when it fires. */
  signal?: AbortSignal;
}

// One client per scheme: a client keeps the first agent it makes and hands it out for any URL
// after, and an http agent given an https URL throws ERR_INVALID_PROTOCOL.
const agents = { 'http:': new HttpClient('merge-queue-status'), 'https:': new HttpClient('merge-queue-status') };

export function postJson(url: URL, payload: unknown, options: PostOptions): Promise<RawResponse> {
  return send('POST', url, JSON.stringify(payload), options);
}

export function getJson(url: URL, options: PostOptions): Promise<RawResponse> {
  return send('GET', url, undefined, options);
}

function send(method: 'GET' | 'POST', url: URL, body: string | undefined, options: PostOptions): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const transport = url.protocol === 'https:' ? https : http;
  const where = destination(url);

  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (options.signal?.aborted) reject(new TransportError('aborted', 'the request was cut off'));
      else if (timeout.aborted) {
        reject(new TransportError('timeout', `no answer from ${where} within ${options.timeoutMs / 1000} s`));
      } else if (error instanceof TransportError) reject(error);
      else reject(connectionError(error, where));
      request.destroy();
    };

    const request = transport.request(
      url,
      {
        method,
        headers:
          body === undefined ? options.headers : { ...options.headers, 'content-length': Buffer.byteLength(body) },
        agent: (url.protocol === 'https:' ? agents['https:'] : agents['http:']).getAgent(url.href),
        signal,
      },
      (response) => {
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
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** `api.trunk.io:443`, and the proxy when one carries the request; never a proxy's credentials. */
function destination(url: URL): string {
  const target = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  const proxy = getProxyUrl(url);
  if (!proxy?.hostname) return target;
  return `${target} through proxy ${proxy.hostname}:${proxy.port || (proxy.protocol === 'https:' ? 443 : 80)}`;
}

function tooLarge(limit: number): TransportError {
  return new TransportError(
    'too_large',
    `the answer is larger than ${Math.round(limit / 1024 / 1024)} MiB, more than any real queue needs; refused`,
  );
}

// OpenSSL's verification codes, and Node's own for a name the certificate does not cover.
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH/;

function connectionError(error: unknown, where: string): TransportError {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && CERTIFICATE_CODES.test(code)) {
    return new TransportError(
      'certificate',
      `the TLS certificate of ${where} is not trusted (${code}). This is a certificate problem, not a network one: if a proxy or a private CA signs this traffic, point NODE_EXTRA_CA_CERTS at its CA certificate.`,
    );
  }
  // The tunnel's own words say why: the proxy's answer ("statusCode=407") or its connect error.
  const tunnel = /tunneling socket could not be established, (?:cause=)?(.*)$/.exec(message)?.[1];
  const why = tunnel ? `the proxy did not open a tunnel: ${tunnel}` : typeof code === 'string' ? code : message;
  return new TransportError('connection', `connection to ${where} failed (${why})`);
}
