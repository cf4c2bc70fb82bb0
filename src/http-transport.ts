// One POST with a JSON body over node:http(s). Not fetch: node:https loads in a fraction of the
// time undici's first fetch takes, never follows a redirect (which would carry the token to
// another host), and lets the body be cut off at a size limit while it streams in.
import http from 'node:http';
import https from 'node:https';

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

export function postJson(url: URL, payload: unknown, options: PostOptions): Promise<RawResponse> {
  const body = JSON.stringify(payload);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (options.signal?.aborted) reject(new TransportError('aborted', 'the request was cut off'));
      else if (timeout.aborted) {
        reject(new TransportError('timeout', `no answer within ${options.timeoutMs / 1000} s`));
      } else if (error instanceof TransportError) reject(error);
      else reject(new TransportError('connection', connectionProblem(error)));
      request.destroy();
    };

    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(body) },
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

function tooLarge(limit: number): TransportError {
  return new TransportError(
    'too_large',
    `the answer is larger than ${Math.round(limit / 1024 / 1024)} MiB, more than any real queue needs; refused`,
  );
}

function connectionProblem(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `connection failed (${typeof code === 'string' ? code : message})`;
}
