// @ts-check
// `npm run bench [-- --runs N]`: what one status check costs, as whole processes against the
// simulator with 100 ms of server time per request, alternating the commands run by run:
//   (a) the committed dist/index.js as the runner runs it (summary on),
//   (b) the floor: a dependency-free Node script (global fetch, both requests at once),
//   (c) what people write by hand: two curl calls and jq,
//   (d) the bare floor: the same two requests with node:http, no fetch (the least Node can do).
// Then (a) against a 5,000-entry queue and a 10-entry one; (a) with only a v2 key against a plain
// Node + fetch script; (a) as a 7-day report on a busy queue (scope: queue, window: 7d: its median
// and the requests the simulator saw per run); and the size of dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain, parseArgs, runCli, wholeNumber } from '../simulator/cli.mjs';
import { DIST, parseOutputFile, platformEnv, pullRequestEvent } from '../simulator/runner.mjs';
import { SIM_API_KEY, SIM_BRANCH, SIM_REPO, startSimulator } from '../simulator/server.mjs';

const USAGE = `Usage: npm run bench [-- options]    (or: node scripts/bench.mjs [options])

Times whole processes against the Trunk API simulator (100 ms of server time per request),
alternating run by run, and prints medians:
  (a) the committed dist/index.js as the runner runs it, summary on;
  (b) the floor: a dependency-free Node script, global fetch, both requests at once;
  (c) two curl calls and jq (needs bash, curl and jq on PATH);
  (d) the bare floor: the same two requests at once with node:http (no fetch, no undici);
then (a) against a 5,000-entry queue and a 10-entry one; then v2: (a) with only a v2 key against
a plain Node + fetch script making the same three rounds of reads; then (a) as a 7-day report on
the queue (scope: queue, window: 7d, a v2 key) over the busy-week history (about 2,000 trips a
week, and the week before for comparison): its median, and the requests the simulator saw in each
run (the contract's cap: 200); and the size of dist/.

Options:
  --runs N      runs of each command (default: 15)
  -h, --help    show this help and exit
`;

// A file path, not URL.pathname: that keeps %20 for a space and a leading slash before C: on Windows.
const here = fileURLToPath(new URL('.', import.meta.url));
/** Runs of each command, from --runs. */
let runs = 15;

/** The step's environment, its files in `dir`. @param {string} dir @param {string} url @param {string} token */
function environment(dir, url, token) {
  return {
    ...platformEnv(),
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_SERVER_URL: 'https://github.com',
    'INPUT_API-TOKEN': token,
    'INPUT_API-URL': url,
    TRUNK_TOKEN: token,
    TRUNK_API_URL: url,
  };
}

/** The same step with only a v2 key: v2 answers everything. @param {string} dir @param {string} url */
function v2Environment(dir, url) {
  const { 'INPUT_API-TOKEN': _token, TRUNK_TOKEN: _t, ...env } = environment(dir, url, '');
  return { ...env, 'INPUT_API-KEY': SIM_API_KEY, TRUNK_API_KEY: SIM_API_KEY };
}

/**
 * Runs one command to its end; ms of wall time.
 * @param {string[]} argv @param {Record<string, string>} env
 * @param {(outputs: string) => boolean} [answered]  whether the outputs show it did its work
 */
function time(argv, env, answered = (outputs) => /state/.test(outputs)) {
  writeFileSync(env.GITHUB_OUTPUT ?? '', '');
  writeFileSync(env.GITHUB_STEP_SUMMARY ?? '', '');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(/** @type {string} */ (argv[0]), argv.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const outputs = readFileSync(env.GITHUB_OUTPUT ?? '', 'utf8');
      if (code !== 0 || !answered(outputs)) reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr}`));
      else resolve(ms);
    });
  });
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** @param {Record<string, string[]>} commands @param {Record<string, string>} env */
async function compare(commands, env) {
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (const argv of Object.values(commands)) await time(argv, env); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const [name, argv] of Object.entries(commands)) times[name]?.push(await time(argv, env));
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

/** The step as a scheduled 7-day report runs it: a v2 key, scope: queue, window: 7d. @param {string} dir @param {string} url */
function weekEnvironment(dir, url) {
  const event = {
    schedule: '0 8 * * 1',
    repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
  };
  writeFileSync(join(dir, 'schedule.json'), JSON.stringify(event));
  return {
    ...v2Environment(dir, url),
    GITHUB_EVENT_NAME: 'schedule',
    GITHUB_EVENT_PATH: join(dir, 'schedule.json'),
    INPUT_SCOPE: 'queue',
    INPUT_WINDOW: '7d',
  };
}

/**
 * (a) as a 7-day report against `sim`: the median time, and the requests the simulator saw in a run
 * (each different count once), with how many were the history reads the cap counts.
 * @param {Record<string, string>} env @param {import('../simulator/server.mjs').Simulator} sim
 */
async function weekReport(env, sim) {
  const argv = [process.execPath, DIST];
  const reported = (/** @type {string} */ outputs) => parseOutputFile(outputs)['merged-count'] !== '';
  await time(argv, env, reported); // warm the file cache, and the simulator's history
  const history = new Set(['v2.queuePullRequests', 'v2.testingResults', 'v2.historyBatch']);
  const times = [];
  /** @type {Set<string>} each run's requests, and how many of them were history reads */
  const counts = new Set();
  for (let i = 0; i < runs; i++) {
    const before = sim.requests.length;
    times.push(await time(argv, env, reported));
    const made = sim.requests.slice(before);
    counts.add(`${made.length} (${made.filter((request) => history.has(request.endpoint)).length} history reads)`);
  }
  return { ms: median(times), requests: [...counts].join(', ') };
}

export async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '15' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  runs = wholeNumber('--runs', values.runs, 1, 1000);
  const dir = mkdtempSync(join(tmpdir(), 'mqs-bench-'));
  writeFileSync(join(dir, 'event.json'), JSON.stringify(pullRequestEvent()));
  const fmt = (/** @type {number} */ ms) => `${ms.toFixed(0).padStart(5)} ms`;
  const sim = await startSimulator({ latencyMs: 100 });
  const big = await startSimulator({ latencyMs: 100, scenario: 'big-queue' });
  const small = await startSimulator({ latencyMs: 100, scenario: 'small-queue' });
  const busy = await startSimulator({ latencyMs: 100, scenario: 'busy-week' });
  try {
    console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
    console.log(`Simulator: 100 ms server time per request; ${runs} runs each, alternating; medians.\n`);
    const results = await compare(
      {
        '(a) node dist/index.js': [process.execPath, DIST],
        '(b) floor: plain Node + fetch': [process.execPath, join(here, 'bench/floor.mjs')],
        '(c) curl ×2 + jq': ['bash', join(here, 'bench/curl-jq.sh')],
        '(d) bare floor: node:http': [process.execPath, join(here, 'bench/floor-http.mjs')],
      },
      environment(dir, sim.url, sim.token),
    );
    for (const [name, ms] of Object.entries(results)) console.log(`${name.padEnd(32)} ${fmt(ms)}`);
    const [a, b, c, d] = Object.values(results).map(Number);
    console.log(`\n(a)/(b) = ${((a ?? 0) / (b ?? 1)).toFixed(2)}   target ≤ 0.95`);
    console.log(`(a)/(c) = ${((a ?? 0) / (c ?? 1)).toFixed(2)}   target ≤ 0.90`);
    console.log(`(a)/(d) = ${((a ?? 0) / (d ?? 1)).toFixed(2)}   target ≤ 1.15`);

    const sizes = {
      '10-entry queue':
        (await compare({ a: [process.execPath, DIST] }, environment(dir, small.url, small.token))).a ?? 0,
      '5,000-entry queue':
        (await compare({ a: [process.execPath, DIST] }, environment(dir, big.url, big.token))).a ?? 0,
    };
    console.log('');
    for (const [name, ms] of Object.entries(sizes)) console.log(`(a) with a ${name.padEnd(20)} ${fmt(ms)}`);
    console.log(
      `5,000 / 10 entries = ${(sizes['5,000-entry queue'] / sizes['10-entry queue']).toFixed(2)}   target < 1.5`,
    );

    // v2 with a key: three rounds of reads in sequence, against the same three rounds by hand.
    const v2 = await compare(
      {
        '(a) node dist/index.js, key only': [process.execPath, DIST],
        '(b) floor: plain Node + fetch, 3 rounds': [process.execPath, join(here, 'bench/floor-v2.mjs')],
      },
      v2Environment(dir, sim.url),
    );
    console.log('');
    for (const [name, ms] of Object.entries(v2)) console.log(`v2 ${name.padEnd(40)} ${fmt(ms)}`);
    const [v2a, v2b] = Object.values(v2).map(Number);
    console.log(`v2 (a)/(b) = ${((v2a ?? 0) / (v2b ?? 1)).toFixed(2)}   target ≤ 1.00`);

    // A scheduled 7-day report on a busy queue: the week and the week before, in day slices.
    const week = await weekReport(weekEnvironment(dir, busy.url), busy);
    console.log('');
    console.log(`7-day report (a) node dist/index.js, busy-week, key only ${fmt(week.ms)}`);
    console.log(`7-day report requests per run = ${week.requests}   target ≤ 200 history reads`);
    console.log(`\ndist/index.js: ${(statSync(DIST).size / 1024).toFixed(0)} KiB`);
  } finally {
    await Promise.all([sim.close(), big.close(), small.close(), busy.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

if (isMain(import.meta.url)) await runCli('npm run bench --', main);
