// @ts-check
// Scripted steps, shared by every API the simulator stands in for: a queue of steps per endpoint,
// and playing one (latency, a hang, a reset, a huge or cut-off body, a status) before or instead
// of the API's normal answer. What the normal answer is stays each API module's business.

/**
 * One scripted answer, used instead of the normal one.
 * @typedef {object} Step
 * @property {number} [status]  HTTP status (default 200)
 * @property {string | object} [body]  text, or an object sent as JSON
 * @property {Record<string, string>} [headers]
 * @property {number} [delayMs]  wait before answering
 * @property {boolean} [hang]  never answer (until the client gives up or the server closes)
 * @property {boolean} [reset]  destroy the connection without an answer
 * @property {boolean} [truncate]  send the normal body's first half, then close the connection
 * @property {number} [bytes]  stream a 200 body of this many bytes (a body too large to accept)
 * @property {number} [times]  how many requests this step answers (default 1; Infinity: all)
 */

/**
 * What the simulator keeps of each request.
 * @typedef {object} RequestRecord
 * @property {string} endpoint  the endpoint or route (see server.mjs's Endpoint); else the path asked for
 * @property {string} path  the path and query as sent
 * @property {number} at  ms since the simulator started
 * @property {number} status  the status answered (0 for hang/reset)
 * @property {unknown} body  the parsed request body, when it was JSON
 * @property {'v1' | 'v2' | 'github' | 'none'} api  which API the path belongs to ('none': no API's)
 * @property {{ authorization?: string, 'x-api-token'?: string }} auth  the credential headers as sent
 * @property {Array<'token' | 'apiKey' | 'githubToken'>} credentials  which of the simulator's
 *   credentials the request carried anywhere (any header, the path, the body), by option name
 */

/** @typedef {(status: number, body: unknown, headers?: Record<string, string>) => void} Send */

/**
 * A queue of steps for each endpoint.
 * @template {string} E
 * @param {readonly E[]} endpoints
 */
export function scriptBook(endpoints) {
  /** @type {Map<E, Step[]>} */
  const scripts = new Map(endpoints.map((endpoint) => [endpoint, []]));
  return {
    /** Answer the next requests to `endpoint` with these steps. @param {E} endpoint @param {Step[]} steps */
    add(endpoint, steps) {
      const script = scripts.get(endpoint);
      if (!script) throw new Error(`unknown endpoint ${endpoint}; known: ${[...scripts.keys()].join(', ')}`);
      script.push(...steps);
    },
    /** Replace what is scripted for `endpoint`. @param {E} endpoint @param {Step[]} steps */
    reset(endpoint, steps = []) {
      scripts.set(endpoint, [...steps]);
    },
    /** The step that answers this request, if one is scripted. @param {E} endpoint */
    take(endpoint) {
      const script = scripts.get(endpoint) ?? [];
      const step = script[0];
      if (!step) return undefined;
      const times = (step.times ?? 1) - 1;
      if (times <= 0) script.shift();
      else script[0] = { ...step, times };
      return step;
    },
  };
}

/**
 * Plays the part of a step that comes before or instead of the normal answer: its delay, then a
 * hang, a reset, a huge body or a status other than 200. Whether it answered: when false, the
 * caller answers (with the step's body or truncation, if any).
 * @param {Step | undefined} step
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {RequestRecord} record
 * @param {Send} send
 * @param {{ headers?: Record<string, string>, body?: (status: number) => unknown }} [api]  the headers
 *   the API puts on every answer, and the body of a scripted status that names none (default '')
 * @returns {Promise<boolean>}
 */
export async function playStep(step, req, res, record, send, api = {}) {
  if (!step) return false;
  if (step.delayMs) await delay(step.delayMs);
  if (step.hang) return true; // the socket stays open; close() destroys it
  if (step.reset) {
    req.socket.resetAndDestroy();
    return true;
  }
  if (step.bytes) {
    streamJunk(res, step.bytes, record, api.headers);
    return true;
  }
  if (step.status && step.status !== 200) {
    send(step.status, step.body ?? api.body?.(step.status) ?? '', step.headers);
    return true;
  }
  return false;
}

/**
 * Sends a body as the status line promised it, cut off halfway: a connection lost mid-answer.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {RequestRecord} record @param {unknown} body @param {Record<string, string>} [headers]
 */
export function sendHalf(req, res, record, body, headers = {}) {
  const full = typeof body === 'string' ? body : JSON.stringify(body);
  record.status = 200;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(full), ...headers });
  res.write(full.slice(0, Math.floor(full.length / 2)));
  setTimeout(() => req.socket.destroy(), 20);
}

/**
 * @param {import('node:http').ServerResponse} res @param {number} bytes @param {RequestRecord} record
 * @param {Record<string, string>} [headers]
 */
function streamJunk(res, bytes, record, headers = {}) {
  record.status = 200;
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => {});
  pump();
}

/** @param {number} ms */
export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
