// @ts-check
// A Trunk Merge Queue API simulator on 127.0.0.1, built to Trunk's OpenAPI documents (copies
// beside it). v1: both read endpoints, the x-api-token check, plain-text 400/401/404 bodies as
// Trunk sends them. v2: the eight reads the action makes, the Bearer key check, the error envelope
// with an X-Request-Id on every answer, and the 5/s per-key limit on /v2/pull-requests*. Both
// answer from the same scenario, so that a test can ask both about one world; both serve only the
// scenario's repository and branch, as Trunk serves only what it knows. Latency, state sequences,
// faults (statuses, hangs, resets, cut-off and huge bodies) and rate limits are scriptable.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMain, runCli, UsageError, wholeNumber } from './cli.mjs';
import { slidingWindowLimiter } from './rate-limit.mjs';
import {
  SCENARIOS,
  SIM_BRANCH,
  SIM_PR,
  SIM_PR_ID,
  SIM_QUEUE_ID,
  SIM_REPO,
  SIM_REPO_ID,
  SIM_SHA,
} from './scenarios.mjs';
import { matchV2, V2_ROUTES, v2Answer, v2Error } from './v2-api.mjs';

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
 * A v1 endpoint, or a v2 route: 'v2.repositories', 'v2.mergeQueues', 'v2.order', 'v2.pullRequests',
 * 'v2.pullRequest', 'v2.history', 'v2.verificationRuns', 'v2.estimate'.
 * @typedef {'getSubmittedPullRequest' | 'getQueue' | import('./v2-api.mjs').V2Route} Endpoint
 */

/**
 * @typedef {object} SimOptions
 * @property {string} [token]  the v1 API token the simulator accepts (x-api-token; refused by v2)
 * @property {string | string[]} [apiKey]  the v2 API key(s) it accepts (Authorization: Bearer; refused by v1)
 * @property {string} [scenario]  a key of SCENARIOS
 * @property {number} [latencyMs]  server time added to every request
 * @property {{ perSecond: number, retryAfter?: string }} [rateLimit]  v1: a limit on all its requests
 * @property {{ perSecondPerKey: number, body?: 'envelope' | 'empty', now?: () => number }} [v2RateLimit]
 *   v2: Trunk's limit on GET /v2/pull-requests*, per key, over any one second (off unless given,
 *   so that a test's virtual clock cannot trip it); its 429 carries the RATE_LIMIT_EXCEEDED
 *   envelope, or with body 'empty' nothing, as Trunk's edge sends it; `now` (ms) is the clock the
 *   second is measured on (default: the real one)
 * @property {number} [port]  0 (default) picks a free port
 * @property {{ key: string, cert: string }} [tls]  serve https with this key and certificate
 */

/**
 * @typedef {object} RequestRecord
 * @property {string} endpoint  the v1 endpoint or v2 route (see Endpoint); else the path asked for
 * @property {string} path  the path and query as sent
 * @property {number} at  ms since the simulator started
 * @property {number} status  the status answered (0 for hang/reset)
 * @property {unknown} body  the parsed request body, when it was JSON
 */

export const SIM_TOKEN = 'sim-token-0123456789';
export const SIM_API_KEY = 'trunk_v2_sim_0123456789abcdef';
/** @type {Endpoint[]} */
export const ENDPOINTS = ['getSubmittedPullRequest', 'getQueue', ...V2_ROUTES];
const PLAIN = { 'content-type': 'text/plain; charset=utf-8' };
const LISTED_STATES = new Set(['pending', 'testing', 'tests_passed', 'pending_failure']);

/** @param {SimOptions} [options] */
export async function startSimulator(options = {}) {
  const token = options.token ?? SIM_TOKEN;
  const apiKeys = [options.apiKey ?? SIM_API_KEY].flat();
  const started = Date.now();
  /** @type {RequestRecord[]} */
  const requests = [];
  /** @type {Record<Endpoint, Step[]>} */
  const scripts = /** @type {Record<Endpoint, Step[]>} */ ({});
  for (const endpoint of ENDPOINTS) scripts[endpoint] = [];
  /** @type {import('./scenarios.mjs').Scenario} */
  let scenario = /** @type {import('./scenarios.mjs').Scenario} */ (SCENARIOS.testing);
  /** @type {string[]} when each step of the state sequence was first answered */
  let changedAt = [];
  /** @type {string[]} */
  let prStates = [];
  let prCalls = 0;
  let windowStart = 0;
  let windowCount = 0;
  let throttledV1 = 0;
  let throttledV2 = 0;
  let requestIds = 0;
  const v2Limiter = options.v2RateLimit
    ? slidingWindowLimiter(options.v2RateLimit.perSecondPerKey, options.v2RateLimit.now)
    : undefined;

  /** @param {string} name */
  function useScenario(name) {
    const found = SCENARIOS[name];
    if (!found) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    scenario = found;
    prStates = [...(found.prStates ?? [])];
    changedAt = [];
    prCalls = 0;
    for (const endpoint of ENDPOINTS) scripts[endpoint] = [...(found.faults?.[endpoint] ?? [])];
  }
  useScenario(options.scenario ?? 'testing');

  /**
   * The PR at step `call` of its state sequence (the scenario's PR when there is none).
   * @param {number} call
   */
  function prAt(call) {
    if (prStates.length === 0) return scenario.pr;
    const at = Math.min(call, prStates.length - 1);
    const state = prStates[at];
    if (state === 'not_submitted') return null;
    const terminal = state === 'merged' || state === 'failed' || state === 'cancelled';
    // A state that changed on this call changed now; one that stayed keeps its time.
    let first = at;
    while (first > 0 && prStates[first - 1] === state) first--;
    if (first > 0 && !changedAt[first]) changedAt[first] = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const stateChangedAt = first > 0 ? changedAt[first] : scenario.pr?.stateChangedAt;
    return { ...(scenario.pr ?? {}), state, stateChangedAt, isCurrentlySubmittedToQueue: !terminal };
  }

  /** The queue, agreeing with the PR's last answer (or with `pr`). */
  function queueNow(pr = prAt(Math.max(prCalls - 1, 0))) {
    if (!scenario.queue) return null;
    const entries = [...scenario.others];
    if (pr && LISTED_STATES.has(String(pr.state)) && scenario.position) {
      const { readiness, forceEnqueued, isCurrentlySubmittedToQueue, verifiedByTestRun, ...listed } = pr;
      entries.splice(scenario.position - 1, 0, listed);
    }
    return { ...scenario.queue, enqueuedPullRequests: entries };
  }

  /** @param {Endpoint} endpoint */
  function takeStep(endpoint) {
    const script = scripts[endpoint];
    const step = script[0];
    if (!step) return undefined;
    const times = (step.times ?? 1) - 1;
    if (times <= 0) script.shift();
    else script[0] = { ...step, times };
    return step;
  }

  /** @returns {boolean} true when this request is over the per-second limit */
  function overLimit() {
    if (!options.rateLimit) return false;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount++;
    return windowCount > options.rateLimit.perSecond;
  }

  /**
   * Sends a body as the status line promised it, cut off halfway: a connection lost mid-answer.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {RequestRecord} record
   * @param {unknown} body @param {Record<string, string>} [headers]
   */
  function sendHalf(req, res, record, body, headers = {}) {
    const full = typeof body === 'string' ? body : JSON.stringify(body);
    record.status = 200;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(full), ...headers });
    res.write(full.slice(0, Math.floor(full.length / 2)));
    setTimeout(() => req.socket.destroy(), 20);
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const endpoint = /** @type {Endpoint | undefined} */ (
      { '/v1/getSubmittedPullRequest': 'getSubmittedPullRequest', '/v1/getQueue': 'getQueue' }[req.url ?? '']
    );
    const path = String(req.url);
    /** @type {RequestRecord} */
    const record = { endpoint: endpoint ?? path, path, at: Date.now() - started, status: 0, body: undefined };
    requests.push(record);
    if (/^\/v2(\/|\?|$)/.test(path)) return handleV2(req, res, record);
    /** @param {number} status @param {string | object} body @param {Record<string, string>} [headers] */
    const send = (status, body, headers = {}) => {
      record.status = status;
      const json = typeof body !== 'string';
      res.writeHead(status, { ...(json ? { 'content-type': 'application/json' } : PLAIN), ...headers });
      res.end(json ? JSON.stringify(body) : body);
    };

    if (options.latencyMs) await delay(options.latencyMs);
    if (req.method !== 'POST' || !endpoint) return send(404, 'Not Found');
    if (overLimit()) {
      throttledV1++;
      const retryAfter = options.rateLimit?.retryAfter;
      return send(429, '', retryAfter ? { 'retry-after': retryAfter } : {});
    }
    if (req.headers['x-api-token'] !== token) return send(401, 'Unauthorized');
    try {
      record.body = JSON.parse(text);
    } catch {
      return send(400, 'Invalid JSON body');
    }
    const problem = requestProblem(endpoint, record.body);
    if (problem) return send(400, problem);

    const step = takeStep(endpoint);
    if (step?.delayMs) await delay(step.delayMs);
    if (step?.hang) return; // the socket stays open; close() destroys it
    if (step?.reset) {
      req.socket.resetAndDestroy();
      return;
    }
    if (step?.bytes) return streamJunk(res, step.bytes, record);
    if (step?.status && step.status !== 200) return send(step.status, step.body ?? '', step.headers);

    // Trunk knows only the scenario's repository, branch and PR: any other number is one never
    // submitted (404), and another repository or branch has no queue (404) and no PRs in it.
    const asked = /** @type {{ pr?: { number?: number } }} */ (record.body).pr?.number;
    const otherPr = endpoint === 'getSubmittedPullRequest' && asked !== (scenario.pr?.prNumber ?? SIM_PR);
    const served = servesScenario(record.body);
    const body = step?.body ?? (!served ? null : endpoint === 'getQueue' ? queueNow() : otherPr ? null : prAt(prCalls));
    // Each answered PR request moves the state sequence one step on.
    if (endpoint === 'getSubmittedPullRequest') prCalls++;
    if (body === null) {
      return send(404, endpoint === 'getQueue' ? 'Merge queue not found' : 'Pull request not found');
    }
    if (step?.truncate) return sendHalf(req, res, record, body);
    send(200, body, step?.headers);
  }

  /**
   * A v2 read: the route, Trunk's per-key limit, the key, then a scripted step or the world's answer.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {RequestRecord} record
   */
  async function handleV2(req, res, record) {
    const requestId = { 'x-request-id': `req-${++requestIds}` };
    /** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
    const send = (status, body, headers = {}) => {
      record.status = status;
      const json = typeof body !== 'string';
      const type = json ? { 'content-type': 'application/json' } : body === '' ? {} : PLAIN;
      res.writeHead(status, { ...type, ...requestId, ...headers });
      res.end(json ? JSON.stringify(body) : body);
    };

    if (options.latencyMs) await delay(options.latencyMs);
    const url = new URL(record.path, 'http://127.0.0.1');
    const match = matchV2(req.method, url.pathname);
    if (!match) return send(404, v2Error('NOT_FOUND', `No route for ${req.method} ${url.pathname}`));
    record.endpoint = match.route;
    const authorization = req.headers.authorization;
    const key = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    // The limit is counted before the key is checked, per credential as sent.
    if (v2Limiter && url.pathname.startsWith('/v2/pull-requests') && !v2Limiter.admit(key ?? authorization ?? '')) {
      throttledV2++;
      const limit = options.v2RateLimit?.perSecondPerKey;
      const envelope = v2Error('RATE_LIMIT_EXCEEDED', `Rate limit exceeded: ${limit} requests per second per API key`);
      return send(429, options.v2RateLimit?.body === 'empty' ? '' : envelope);
    }
    if (!authorization) {
      return send(401, v2Error('AUTHENTICATION_REQUIRED', 'Send an API key as Authorization: Bearer <key>'));
    }
    if (!key || !apiKeys.includes(key)) return send(401, v2Error('INVALID_TOKEN', 'The API key is not valid'));

    const step = takeStep(match.route);
    if (step?.delayMs) await delay(step.delayMs);
    if (step?.hang) return;
    if (step?.reset) {
      req.socket.resetAndDestroy();
      return;
    }
    if (step?.bytes) return streamJunk(res, step.bytes, record, requestId);
    if (step?.status && step.status !== 200) return send(step.status, step.body ?? '', step.headers);

    // A GET of the PR is a poll, as getSubmittedPullRequest is: it answers the sequence's next
    // state. Every other read sees the last one answered; the lookup by number, when nothing has
    // read the PR yet, is its first answer.
    const polled = match.route === 'v2.pullRequest' && match.id.toLowerCase() === SIM_PR_ID;
    const pr = prAt(polled ? prCalls : Math.max(prCalls - 1, 0));
    const baseUrl = `${options.tls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`;
    const world = { scenario, pr, queue: queueNow(pr), baseUrl };
    const answer = v2Answer(match.route, match.id, url.searchParams, world);
    if (polled || (answer.readsPr && prCalls === 0)) prCalls++;
    if (step?.body !== undefined) return send(200, step.body, step.headers);
    if (step?.truncate && answer.status === 200) return sendHalf(req, res, record, answer.body, requestId);
    send(answer.status, answer.body, step?.headers);
  }

  /** @type {http.RequestListener} */
  const listener = (req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, PLAIN);
      res.end(`simulator error: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise((resolve, reject) => {
    server.once('error', reject); // a port in use, say: an error to catch, not a crash
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    /** TCP connections accepted so far, whether or not a TLS handshake followed. */
    connections: () => connections,
    token,
    requests,
    /** Requests made to one endpoint so far. @param {Endpoint} endpoint */
    count: (endpoint) => requests.filter((r) => r.endpoint === endpoint).length,
    /** The v2 key accepted (the first, when several are). */
    apiKey: apiKeys[0] ?? SIM_API_KEY,
    /** How many requests a rate limit turned away: v1's, v2's, or (no argument) both. @param {'v1' | 'v2'} [api] */
    throttled: (api) => (api === 'v1' ? throttledV1 : api === 'v2' ? throttledV2 : throttledV1 + throttledV2),
    useScenario,
    /** Answer the next requests to `endpoint` with these steps. @param {Endpoint} endpoint @param {Step[]} steps */
    script: (endpoint, steps) => scripts[endpoint].push(...steps),
    /**
     * getSubmittedPullRequest and GET /v2/pull-requests/{id} answer these states on successive
     * calls; the last one stays. @param {string[]} states
     */
    setPrStates: (states) => {
      prStates = [...states];
      changedAt = [];
      prCalls = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @typedef {Awaited<ReturnType<typeof startSimulator>>} Simulator */

/**
 * The request-body rules of Trunk's OpenAPI document, answered as Trunk does: 400, plain text.
 * @param {Endpoint} endpoint
 * @param {unknown} body
 */
function requestProblem(endpoint, body) {
  /** @param {unknown} value @param {string} key @returns {unknown} */
  const at = (value, key) =>
    value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[key] : undefined;
  const repo = at(body, 'repo');
  if (!repo || typeof repo !== 'object') return 'repo is required';
  for (const key of ['host', 'owner', 'name']) {
    const value = at(repo, key);
    if (typeof value !== 'string' || value === '') return `repo.${key} is required`;
  }
  const branch = at(body, 'targetBranch');
  if (typeof branch !== 'string' || branch === '') return 'targetBranch is required';
  if (endpoint === 'getSubmittedPullRequest') {
    const n = at(at(body, 'pr'), 'number');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 4294967295) {
      return 'pr.number must be an integer from 0 to 4294967295';
    }
  }
  return undefined;
}

/**
 * Whether a v1 request asks about the scenario's repository (host, owner and name in any case, as
 * GitHub's are) and branch.
 * @param {unknown} body
 */
function servesScenario(body) {
  const { repo, targetBranch } = /** @type {{ repo: Record<string, string>, targetBranch: string }} */ (body);
  return (
    String(repo.host).toLowerCase() === SIM_REPO.host &&
    String(repo.owner).toLowerCase() === SIM_REPO.owner.toLowerCase() &&
    String(repo.name).toLowerCase() === SIM_REPO.name.toLowerCase() &&
    targetBranch === SIM_BRANCH
  );
}

/**
 * @param {http.ServerResponse} res @param {number} bytes @param {RequestRecord} record
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
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export { SCENARIOS, SIM_BRANCH, SIM_PR, SIM_PR_ID, SIM_QUEUE_ID, SIM_REPO, SIM_REPO_ID, SIM_SHA, v2Error };

const USAGE = `Usage: node simulator/server.mjs [options]

Serves Trunk's merge queue API on 127.0.0.1 until stopped (Ctrl-C), both versions from one
scenario, for the repository ${SIM_REPO.host}/${SIM_REPO.owner}/${SIM_REPO.name} and branch ${SIM_BRANCH} only (any
other answers as Trunk would: no such queue):
  v1  POST /v1/getSubmittedPullRequest, /v1/getQueue; header x-api-token: ${SIM_TOKEN}
  v2  GET /v2/repositories, /v2/merge-queues, /v2/merge-queues/{id}/order, /v2/pull-requests,
      /v2/pull-requests/{id} and its /queue-entry-history, /verification-runs and
      /queue-entry-estimate; header Authorization: Bearer ${SIM_API_KEY}
Point the action's api-url at the URL it prints, with api-token (v1) or api-key (v2) above.

Options:
  --scenario NAME      what the API answers (default: testing); --list shows the scenarios
  --list               list the scenarios and exit
  --port N             port to listen on (default: 0, a free port)
  --latency-ms N       server time added to every request (default: 0)
  --token TOKEN        the v1 API token to accept (default: ${SIM_TOKEN})
  --api-key KEY        the v2 API key to accept (default: ${SIM_API_KEY})
  --v2-rate-limit N    v2 requests a second each key may make to /v2/pull-requests*, as Trunk
                       allows (default: 5; 0: no limit)
  --v2-429 KIND        what a throttled v2 request gets: envelope (RATE_LIMIT_EXCEEDED, the
                       default) or empty (no body, as Trunk's edge sometimes answers)
  --detach             start it in the background, print its URL and process id, and return
                       (for CI steps, in any shell); stop it by its process id
  --log FILE           with --detach: where its output goes (default: simulator.log)
  -h, --help           show this help and exit
`;

/** `node simulator/server.mjs …`: serve until stopped, or start in the background with --detach. */
async function main() {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'testing' },
      list: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      'latency-ms': { type: 'string', default: '0' },
      token: { type: 'string', default: SIM_TOKEN },
      'api-key': { type: 'string', default: SIM_API_KEY },
      'v2-rate-limit': { type: 'string', default: '5' },
      'v2-429': { type: 'string', default: 'envelope' },
      detach: { type: 'boolean', default: false },
      log: { type: 'string', default: 'simulator.log' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.list) {
    for (const [name, scenario] of Object.entries(SCENARIOS)) console.log(`${name.padEnd(14)} ${scenario.description}`);
    return 0;
  }
  if (!SCENARIOS[values.scenario]) {
    throw new UsageError(`unknown scenario "${values.scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  const port = wholeNumber('--port', values.port, 0, 65535);
  const latencyMs = wholeNumber('--latency-ms', values['latency-ms'], 0, 600_000);
  if (values.token === '') throw new UsageError('--token must not be empty');
  if (values['api-key'] === '') throw new UsageError('--api-key must not be empty');
  const perSecondPerKey = wholeNumber('--v2-rate-limit', values['v2-rate-limit'], 0, 1_000_000);
  const kind = values['v2-429'];
  if (kind !== 'envelope' && kind !== 'empty') {
    throw new UsageError(`--v2-429 must be envelope or empty, got "${kind}"`);
  }
  if (values.detach) {
    const args = ['--scenario', values.scenario, '--port', String(port), '--latency-ms', String(latencyMs)];
    args.push('--token', values.token, '--api-key', values['api-key']);
    return detach(values.log, [...args, '--v2-rate-limit', String(perSecondPerKey), '--v2-429', kind]);
  }

  let sim;
  try {
    sim = await startSimulator({
      scenario: values.scenario,
      port,
      latencyMs,
      token: values.token,
      apiKey: values['api-key'],
      // On here, as Trunk has it; off by default in startSimulator, whose tests may poll on a
      // virtual clock far faster than 5 a second of real time.
      ...(perSecondPerKey > 0 ? { v2RateLimit: { perSecondPerKey, body: kind } } : {}),
    });
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    console.error(
      code === 'EADDRINUSE'
        ? `simulator: port ${port} is in use; pick another with --port, or --port 0 for a free one.`
        : `simulator: could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  console.log(`Trunk API simulator on ${sim.url} (token ${sim.token}) (api key ${sim.apiKey}); Ctrl-C stops it.`);
  return undefined;
}

/**
 * Starts this script again as a detached process writing to `logFile`, waits until it serves
 * (or fails), and returns: the simulator outlives this process and the CI step that started it.
 * @param {string} logFile
 * @param {string[]} args  the options for the simulator itself
 */
async function detach(logFile, args) {
  const log = resolvePath(logFile);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    detached: true,
    stdio: ['ignore', fd, fd],
    windowsHide: true,
  });
  closeSync(fd);
  /** @type {number | null | undefined} */
  let exitCode;
  child.on('exit', (code) => (exitCode = code ?? 1));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && exitCode === undefined) {
    const ready = /^Trunk API simulator on (\S+) \(token [^)]*\)(?: \(api key [^)]*\))?/m.exec(
      readFileSync(log, 'utf8'),
    );
    if (ready) {
      child.unref();
      console.log(`${ready[0]}, in the background: process ${child.pid}, log in ${logFile}.`);
      return 0;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  if (exitCode === undefined) child.kill();
  process.stderr.write(readFileSync(log, 'utf8'));
  console.error(`simulator: did not start${exitCode === undefined ? ' within 15 s' : ''}; its log: ${logFile}`);
  return 1;
}

if (isMain(import.meta.url)) await runCli('node simulator/server.mjs', main);
