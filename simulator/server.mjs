// @ts-check
// The API simulator on 127.0.0.1: one small HTTP(S) server in front of a module per API it stands
// in for, each built to its owner's OpenAPI document (copies beside them): trunk-v1.mjs
// (x-api-token, plain-text errors) and trunk-v2.mjs (Bearer keys, the error envelope, the per-key
// limit), both answering from one Trunk world (trunk-world.mjs) so that a test can ask both about
// the same scenario, and github.mjs (the PRs behind a commit, with the GitHub token). This file
// listens, keeps the request log (with the credentials each request carried), adds latency,
// routes a request to its API, holds the scripted steps (steps.mjs: statuses, hangs, resets,
// cut-off and huge bodies) every API plays, and is the command line (`node simulator/server.mjs --help`).
import http from 'node:http';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import { detach, isMain, parseArgs, runCli, UsageError, wholeNumber } from './cli.mjs';
import { SIM_BASE_SHA } from './github-graph.mjs';
import {
  github,
  GITHUB_ENDPOINTS,
  GITHUB_SCENARIOS,
  githubFaults,
  SIM_DIRECT_SHA,
  SIM_GITHUB_TOKEN,
  SIM_MERGE_SHA,
  SIM_WORKFLOW_ID,
} from './github.mjs';
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
import { HISTORIES } from './histories.mjs';
import { metricsLimiter } from './rate-limit.mjs';
import { delay, scriptBook } from './steps.mjs';
import { trunkV1, V1_ENDPOINTS } from './trunk-v1.mjs';
import { trunkV2, V2_ROUTES, v2Error } from './trunk-v2.mjs';
import { TrunkWorld } from './trunk-world.mjs';

/** @typedef {import('./steps.mjs').Step} Step */
/** @typedef {import('./steps.mjs').RequestRecord} RequestRecord */

/**
 * A v1 endpoint ('getSubmittedPullRequest', 'getQueue', 'listPullRequests',
 * 'getMergeQueueMetrics'), a v2 route ('v2.repositories', 'v2.mergeQueues', 'v2.order',
 * 'v2.pullRequests', 'v2.pullRequest', 'v2.history', 'v2.verificationRuns', 'v2.estimate',
 * 'v2.historyBatch', 'v2.queuePullRequests', 'v2.testingResults', 'v2.metrics'), or GitHub's
 * ('github.commitPulls', 'github.compare', 'github.pulls', 'github.run', 'github.workflowRuns',
 * 'github.jobs', 'github.annotations').
 * @typedef {import('./trunk-v1.mjs').V1Endpoint | import('./trunk-v2.mjs').V2Route
 *   | import('./github.mjs').GitHubEndpoint} Endpoint
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
 * @property {import('./rate-limit.mjs').OrgRateLimit} [orgRateLimit]  Trunk's organization limits
 *   (off unless given, for the same reason): `perSecond` (default 100) on every v2 read, all keys
 *   together, and `metricsPerSecond` (default 5) on the metrics, v1's and v2's together; 0 turns
 *   one off. Their 429s are v2's (`body` as for v2RateLimit) and v1's (no body)
 * @property {() => number} [clock]  ms since the epoch: "now" for the history's reads (the metrics'
 *   last hour, the testing results' open range); default the real clock
 * @property {string} [github]  what GitHub answers: a key of GITHUB_SCENARIOS (default 'merged')
 * @property {string} [githubToken]  the GitHub token it accepts (Authorization: token or Bearer;
 *   refused by Trunk's APIs, as theirs are by GitHub's); default SIM_GITHUB_TOKEN
 * @property {number} [port]  0 (default) picks a free port
 * @property {{ key: string, cert: string }} [tls]  serve https with this key and certificate
 * @property {Rewrite} [rewrite]  changes every answer sent whole (any API, any endpoint, errors
 *   included) on its way out: what a test that plants text in every field of every answer needs
 */

/**
 * An answer about to be sent, and what to send instead.
 * @typedef {{ endpoint: string, status: number, headers: Record<string, string>, body: string }} Answer
 * @typedef {(answer: Answer) => { headers: Record<string, string>, body: string }} Rewrite
 */

export const SIM_TOKEN = 'sim-token-0123456789';
export const SIM_API_KEY = 'trunk_v2_sim_0123456789abcdef';
/** @type {Endpoint[]} */
export const ENDPOINTS = [...V1_ENDPOINTS, ...V2_ROUTES, ...GITHUB_ENDPOINTS];
const PLAIN = { 'content-type': 'text/plain; charset=utf-8' };
/** Which credential each API takes, by option name; a request to no API's path takes none. */
const OWN = /** @type {const} */ ({ v1: 'token', v2: 'apiKey', github: 'githubToken', none: undefined });

/** @param {SimOptions} [options] */
export async function startSimulator(options = {}) {
  const token = options.token ?? SIM_TOKEN;
  const apiKeys = [options.apiKey ?? SIM_API_KEY].flat();
  const githubToken = options.githubToken ?? SIM_GITHUB_TOKEN;
  // Each credential is good on its own API only: one that two APIs shared could not show a leak.
  if (!githubToken || githubToken === token || apiKeys.includes(githubToken)) {
    throw new Error('githubToken must be set, and differ from the Trunk token and keys');
  }
  /** @type {Array<{ value: string, name: 'token' | 'apiKey' | 'githubToken' }>} */
  const credentials = [
    { value: token, name: 'token' },
    ...apiKeys.map((value) => ({ value, name: /** @type {const} */ ('apiKey') })),
    { value: githubToken, name: 'githubToken' },
  ];
  const started = Date.now();
  /** @type {RequestRecord[]} */
  const requests = [];
  const scripts = scriptBook(ENDPOINTS);
  const world = new TrunkWorld(options.scenario ?? 'testing', options.clock);
  const take = scripts.take;
  const metricsLimit = metricsLimiter(options.orgRateLimit);
  const v1 = trunkV1({ token, rateLimit: options.rateLimit, metricsLimit, world, take });
  const v2 = trunkV2({
    apiKeys,
    rateLimit: options.v2RateLimit,
    orgRateLimit: options.orgRateLimit,
    metricsLimit,
    tls: Boolean(options.tls),
    world,
    take,
  });
  const gh = github({
    token: githubToken,
    scenario: options.github ?? 'merged',
    tls: Boolean(options.tls),
    take,
    reset: scripts.reset,
  });

  /** Serve this Trunk scenario from its start, with its fault scripts (GitHub's stay). @param {string} name */
  function useScenario(name) {
    const found = world.use(name);
    for (const endpoint of [...V1_ENDPOINTS, ...V2_ROUTES]) scripts.reset(endpoint, found.faults?.[endpoint]);
  }
  useScenario(options.scenario ?? 'testing');

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = String(req.url);
    const api = /^\/v2(\/|\?|$)/.test(path)
      ? 'v2'
      : /^\/(repos\/|api\/v3(\/|\?|$))/.test(path)
        ? 'github'
        : path.startsWith('/v1/')
          ? 'v1'
          : 'none';
    const { authorization, 'x-api-token': apiToken } = req.headers;
    // Wherever a credential is (any header, the path, the body), so that one sent to another API shows.
    const carried = [req.rawHeaders.join('\n'), path, text].join('\n');
    /** @type {RequestRecord} */
    const record = {
      endpoint: path,
      path,
      at: Date.now() - started,
      status: 0,
      body: undefined,
      api,
      auth: { ...(authorization ? { authorization } : {}), ...(apiToken ? { 'x-api-token': String(apiToken) } : {}) },
      credentials: [
        ...new Set(credentials.filter(({ value }) => value !== '' && carried.includes(value)).map(({ name }) => name)),
      ],
    };
    requests.push(record);
    if (options.rewrite) rewriteAnswer(res, record, options.rewrite);
    if (options.latencyMs) await delay(options.latencyMs);
    if (api === 'v2') return v2.handle(req, res, record);
    if (api === 'github') return gh.handle(req, res, record);
    return v1.handle(req, res, record, text);
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
  // Every socket, so that close() ends them all: closeAllConnections() misses a socket the server
  // no longer tracks (one that answered a status with its body cut, say), and the client's end of
  // it would keep a test worker alive after its tests.
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
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
    /** The GitHub token accepted. */
    githubToken,
    /** Requests that carried a credential of another API than the one they went to (should be none). */
    misdirected: () => requests.filter((r) => r.credentials.some((name) => name !== OWN[r.api])),
    /** How many requests a rate limit turned away: v1's, v2's, or (no argument) both. @param {'v1' | 'v2'} [api] */
    throttled: (api) =>
      api === 'v1' ? v1.throttled() : api === 'v2' ? v2.throttled() : v1.throttled() + v2.throttled(),
    useScenario,
    /** Serve this GitHub scenario (a key of GITHUB_SCENARIOS) from its start, with its faults. @param {string} name */
    useGitHubScenario: (name) => void gh.use(name),
    /** The GitHub scenario being served. */
    gitHubScenario: () => gh.scenario(),
    /**
     * The workflow's runs (newest first, each with its jobs and their annotations) instead of the
     * GitHub scenario's, until the next useGitHubScenario. @param {import('./github-runs.mjs').SimRun[]} runs
     */
    setWorkflowRuns: (runs) => gh.setRuns(runs),
    /** Answer the next requests to `endpoint` with these steps. @param {Endpoint} endpoint @param {Step[]} steps */
    script: (endpoint, steps) => scripts.add(endpoint, steps),
    /**
     * getSubmittedPullRequest and GET /v2/pull-requests/{id} answer these states on successive
     * calls; the last one stays. @param {string[]} states
     */
    setPrStates: (states) => world.setPrStates(states),
    /**
     * Trunk remembers these PRs (trunk-history.mjs's builders), or the named history, instead of
     * the scenario's, until the next useScenario. @param {import('./trunk-history.mjs').HistoryPr[] | string} history
     */
    setHistory: (history) => world.setHistory(history),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/**
 * Holds back the status line of an answer sent whole (writeHead, then end) and hands both to
 * `rewrite` once the body is known. A streamed answer (a huge or cut-off body) goes out as it is.
 * @param {http.ServerResponse} res @param {RequestRecord} record @param {Rewrite} rewrite
 */
function rewriteAnswer(res, record, rewrite) {
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  /** @type {[number, Record<string, string>] | undefined} */
  let held;
  const release = () => {
    if (held) writeHead(...held);
    held = undefined;
  };
  res.writeHead = /** @type {typeof res.writeHead} */ (
    /** @param {number} status @param {...unknown} rest */
    (status, ...rest) => {
      const headers = /** @type {Record<string, string>} */ (rest.find((item) => typeof item === 'object') ?? {});
      held = [status, { ...headers }];
      return res;
    }
  );
  res.write = /** @type {typeof res.write} */ (
    /** @param {unknown} chunk */
    (chunk) => {
      release();
      return write(/** @type {Buffer | string} */ (chunk));
    }
  );
  res.end = /** @type {typeof res.end} */ (
    /** @param {unknown} chunk */
    (chunk) => {
      if (!held) return end(chunk);
      const [status, headers] = held;
      held = undefined;
      const body = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      const out = rewrite({ endpoint: record.endpoint, status, headers, body });
      writeHead(status, out.headers);
      return end(out.body);
    }
  );
}

/** @typedef {Awaited<ReturnType<typeof startSimulator>>} Simulator */

export { SCENARIOS, SIM_BRANCH, SIM_PR, SIM_PR_ID, SIM_QUEUE_ID, SIM_REPO, SIM_REPO_ID, SIM_SHA, v2Error };
export { GITHUB_SCENARIOS, githubFaults, SIM_DIRECT_SHA, SIM_GITHUB_TOKEN, SIM_MERGE_SHA, SIM_WORKFLOW_ID };
export { SIM_BASE_SHA };

const USAGE = `Usage: node simulator/server.mjs [options]

Serves Trunk's merge queue API on 127.0.0.1 until stopped (Ctrl-C), both versions from one
scenario, for the repository ${SIM_REPO.host}/${SIM_REPO.owner}/${SIM_REPO.name} and branch ${SIM_BRANCH} only (any
other answers as Trunk would: no such queue), and the GitHub endpoints the action calls:
  v1      POST /v1/getSubmittedPullRequest, /v1/getQueue, /v1/listPullRequests;
          GET /v1/getMergeQueueMetrics?repo=owner/name&repoHost=host (every branch's series: main's
          and another queue's, release/2.x); header x-api-token: ${SIM_TOKEN}
  v2      GET /v2/repositories, /v2/merge-queues, /v2/merge-queues/{id}/order, /pull-requests,
          /testing-results and /metrics, /v2/pull-requests, /v2/pull-requests/{id} and its
          /queue-entry-history, /verification-runs and /queue-entry-estimate,
          /v2/queue-entry-history?pullRequestIds= (several PRs' histories at once);
          header Authorization: Bearer ${SIM_API_KEY}
  GitHub  GET /repos/${SIM_REPO.owner}/${SIM_REPO.name}/commits/{sha}/pulls,
          /repos/${SIM_REPO.owner}/${SIM_REPO.name}/compare/{base}...{head}, /repos/${SIM_REPO.owner}/${SIM_REPO.name}/pulls,
          /repos/${SIM_REPO.owner}/${SIM_REPO.name}/actions/runs/{id} and its /jobs,
          /repos/${SIM_REPO.owner}/${SIM_REPO.name}/actions/workflows/${SIM_WORKFLOW_ID}/runs,
          /repos/${SIM_REPO.owner}/${SIM_REPO.name}/check-runs/{job id}/annotations (also under /api/v3, as
          on GitHub Enterprise Server); header Authorization: token ${SIM_GITHUB_TOKEN}
          (or Bearer). Its commits: ${SIM_MERGE_SHA} (#${SIM_PR}'s merge),
          ${SIM_SHA} (its head), ${SIM_DIRECT_SHA} (a direct push), each on top of
          ${SIM_BASE_SHA} (main before the push), and the scenario's own.
Point the action's api-url at the URL it prints, with api-token (v1) or api-key (v2) above, and
GITHUB_API_URL at the same URL with github-token above. Each API refuses the others' credentials.

Options:
  --scenario NAME      what Trunk answers (default: testing); --list shows the scenarios
  --github NAME        what GitHub answers (default: merged); --list shows the scenarios
  --list               list the scenarios (Trunk's, its histories, then GitHub's) and exit
  --port N             port to listen on (default: 0, a free port)
  --latency-ms N       server time added to every request (default: 0)
  --token TOKEN        the v1 API token to accept (default: ${SIM_TOKEN})
  --api-key KEY        the v2 API key to accept (default: ${SIM_API_KEY})
  --github-token TOKEN the GitHub token to accept (default: ${SIM_GITHUB_TOKEN})
  --v2-rate-limit N    v2 requests a second each key may make to /v2/pull-requests*, as Trunk
                       allows (default: 5; 0: no limit)
  --v2-org-rate-limit N
                       v2 requests a second the organization may make, all keys together, as
                       Trunk allows (default: 100; 0: no limit)
  --metrics-rate-limit N
                       metrics requests a second, v1's and v2's together, as Trunk allows
                       (default: 5; 0: no limit)
  --v2-429 KIND        what a v2 request over a limit gets: envelope (RATE_LIMIT_EXCEEDED, the
                       default) or empty (no body, as Trunk's edge sometimes answers)
  --detach             start it in the background, print its URL and process id, and return
                       (for CI steps, in any shell); stop it by its process id
  --log FILE           with --detach: where its output goes (default: simulator.log)
  -h, --help           show this help and exit
`;

/** `node simulator/server.mjs …`: serve until stopped, or start in the background with --detach. */
export async function main() {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'testing' },
      github: { type: 'string', default: 'merged' },
      list: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      'latency-ms': { type: 'string', default: '0' },
      token: { type: 'string', default: SIM_TOKEN },
      'api-key': { type: 'string', default: SIM_API_KEY },
      'github-token': { type: 'string', default: SIM_GITHUB_TOKEN },
      'v2-rate-limit': { type: 'string', default: '5' },
      'v2-org-rate-limit': { type: 'string', default: '100' },
      'metrics-rate-limit': { type: 'string', default: '5' },
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
    console.log("\nHistories (what a scenario's Trunk remembers):");
    for (const [name, { description }] of Object.entries(HISTORIES)) console.log(`${name.padEnd(14)} ${description}`);
    console.log('\nGitHub (--github):');
    for (const [name, { description }] of Object.entries(GITHUB_SCENARIOS))
      console.log(`${name.padEnd(20)} ${description}`);
    return 0;
  }
  if (!SCENARIOS[values.scenario]) {
    throw new UsageError(`unknown scenario "${values.scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  if (!GITHUB_SCENARIOS[values.github]) {
    const known = Object.keys(GITHUB_SCENARIOS).join(', ');
    throw new UsageError(`unknown GitHub scenario "${values.github}"; known: ${known}`);
  }
  const port = wholeNumber('--port', values.port, 0, 65535);
  const latencyMs = wholeNumber('--latency-ms', values['latency-ms'], 0, 600_000);
  const { token, 'api-key': apiKey, 'github-token': githubToken } = values;
  if (token === '') throw new UsageError('--token must not be empty');
  if (apiKey === '') throw new UsageError('--api-key must not be empty');
  if (githubToken === '' || githubToken === token || githubToken === apiKey) {
    throw new UsageError('--github-token must not be empty, nor the Trunk token or key');
  }
  const perSecondPerKey = wholeNumber('--v2-rate-limit', values['v2-rate-limit'], 0, 1_000_000);
  const perSecond = wholeNumber('--v2-org-rate-limit', values['v2-org-rate-limit'], 0, 1_000_000);
  const metricsPerSecond = wholeNumber('--metrics-rate-limit', values['metrics-rate-limit'], 0, 1_000_000);
  const kind = values['v2-429'];
  if (kind !== 'envelope' && kind !== 'empty') {
    throw new UsageError(`--v2-429 must be envelope or empty, got "${kind}"`);
  }
  if (values.detach) {
    const args = ['--scenario', values.scenario, '--github', values.github, '--port', String(port)];
    args.push('--latency-ms', String(latencyMs), '--token', token, '--api-key', apiKey, '--github-token', githubToken);
    args.push('--v2-rate-limit', String(perSecondPerKey), '--v2-429', kind);
    args.push('--v2-org-rate-limit', String(perSecond), '--metrics-rate-limit', String(metricsPerSecond));
    const ready = /^Trunk API simulator on (\S+) \(token [^)]*\)(?: \(api key [^)]*\))?(?: \(github token [^)]*\))?/m;
    return detach(fileURLToPath(import.meta.url), args, { logFile: values.log, ready, name: 'simulator' });
  }

  let sim;
  try {
    sim = await startSimulator({
      scenario: values.scenario,
      github: values.github,
      port,
      latencyMs,
      token,
      apiKey,
      githubToken,
      // On here, as Trunk has them; off by default in startSimulator, whose tests may poll on a
      // virtual clock far faster than Trunk allows in real time.
      ...(perSecondPerKey > 0 ? { v2RateLimit: { perSecondPerKey, body: kind } } : {}),
      ...(perSecond + metricsPerSecond > 0 ? { orgRateLimit: { perSecond, metricsPerSecond, body: kind } } : {}),
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
  const keys = `(token ${sim.token}) (api key ${sim.apiKey}) (github token ${sim.githubToken})`;
  console.log(`Trunk API simulator on ${sim.url} ${keys}; Ctrl-C stops it.`);
  return undefined;
}

if (isMain(import.meta.url)) await runCli('node simulator/server.mjs', main);
