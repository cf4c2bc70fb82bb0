// The command-line scripts (the simulator, the demo, the bench) explain themselves and refuse a bad
// command line in one line: each script's main runs here, in this process, with the test's command
// line (runMain) and its stdout and stderr captured. One real process of each shows that it runs
// from a folder whose path has a space, as on many machines, and ends with the exit code runMain
// answers. .env.example's settings give the outputs a local run shows; GitHub's local-action itself,
// seconds of compiling the sources, runs them in __tests__/load/local-action.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as simulatorMain, startSimulator } from '../../simulator/server.mjs';
import { main as demoMain } from '../../scripts/demo.mjs';
import { main as benchMain } from '../../scripts/bench.mjs';
import { spawn } from 'node:child_process';
import { node } from '../helpers/node-process.js';
import { runInProcess } from '../helpers/in-process.js';
import { runScript, type Ended } from '../helpers/cli.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** POSTs getQueue for the simulator's repository; the HTTP status. */
async function getQueue(url: string): Promise<number> {
  const response = await fetch(`${url}/v1/getQueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-token': 'sim-token-0123456789' },
    body: JSON.stringify({ repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' }),
  });
  await response.text();
  return response.status;
}

let spaced: string;

beforeAll(() => {
  // The parts that run without node_modules: the scripts, the simulator and the committed dist/.
  spaced = join(mkdtempSync(join(tmpdir(), 'mqs scripts-')), 'a folder with spaces');
  for (const part of ['simulator', 'scripts', 'dist', 'package.json', 'action.yml']) {
    cpSync(join(repo, part), join(spaced, part), { recursive: true });
  }
});

afterAll(() => {
  rmSync(join(spaced, '..'), { recursive: true, force: true });
});

// Each as its own file runs it: the command its messages name, and its main.
const SCRIPTS = {
  simulator: {
    file: 'simulator/server.mjs',
    command: 'node simulator/server.mjs',
    main: simulatorMain,
    usage: 'Usage: node simulator/server.mjs',
  },
  demo: { file: 'scripts/demo.mjs', command: 'npm run demo --', main: demoMain, usage: 'Usage: npm run demo' },
  bench: { file: 'scripts/bench.mjs', command: 'npm run bench --', main: benchMain, usage: 'Usage: npm run bench' },
} as const;

/** A script's main with this command line, in this process: the exit code and what it wrote. */
const runHere = (script: (typeof SCRIPTS)[keyof typeof SCRIPTS], argv: string[]) =>
  runScript(script.command, script.main, argv);

/** --help or -h: the usage on stdout, nothing on stderr, exit code 0. */
function expectUsage(run: Ended, usage: string): void {
  expect(run.code).toBe(0);
  expect(run.stdout.startsWith(usage)).toBe(true);
  expect(run.stdout).toMatch(/-h, --help/);
  expect(run.stderr).toBe('');
}

/** A bad command line: nothing on stdout, one line on stderr, exit code 2. */
function expectUsageError(run: Ended, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toMatch(/--help` shows the options\.\n$/);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
}

describe('--help', () => {
  it.each(Object.entries(SCRIPTS))('%s prints its usage and exits 0', async (_, script) => {
    for (const flag of ['--help', '-h']) expectUsage(await runHere(script, [flag]), script.usage);
  });
});

describe('a bad command line', () => {
  const cases: Array<[keyof typeof SCRIPTS, string[], RegExp]> = [
    ['simulator', ['--bogus'], /unknown option --bogus/],
    ['simulator', ['--scenario', 'nope'], /unknown scenario "nope"; known: testing, /],
    ['simulator', ['--scenario'], /'--scenario <value>' argument missing/],
    ['simulator', ['--port', '99999'], /--port must be a whole number from 0 to 65535, got "99999"/],
    ['simulator', ['extra'], /Unexpected argument 'extra'/],
    ['demo', ['--bogus'], /unknown option --bogus/],
    ['demo', ['--scenario', 'nope'], /unknown scenario "nope"; known: testing, /],
    ['demo', ['--wait-for'], /'--wait-for <value>' argument missing/],
    ['demo', ['--scope', 'repo'], /--scope must be pr or queue, got "repo"/],
    ['bench', ['--bogus'], /unknown option --bogus/],
    ['bench', ['--runs', 'many'], /--runs must be a whole number from 1 to 1000, got "many"/],
  ];

  it.each(cases)('%s %j: one line on stderr, exit code 2, no stack trace', async (name, args, message) => {
    expectUsageError(await runHere(SCRIPTS[name], args), message);
  });
});

describe('as a process, from a folder whose path has spaces', () => {
  it('the demo prints its usage and exits 0', async () => {
    expectUsage(await node([SCRIPTS.demo.file, '--help'], spaced), SCRIPTS.demo.usage);
  });

  it('the bench refuses a bad command line with one line on stderr and exit code 2', async () => {
    expectUsageError(
      await node([SCRIPTS.bench.file, '--runs', 'many'], spaced),
      /^npm run bench: --runs must be a whole number from 1 to 1000, got "many"\./,
    );
  });

  it('the simulator starts and prints its URL', async () => {
    const child = spawn(process.execPath, ['simulator/server.mjs', '--port', '0'], { cwd: spaced });
    try {
      child.stdout.setEncoding('utf8');
      let stdout = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (text: string) => {
          stdout += text;
          const found = /Trunk API simulator on (http:\/\/127\.0\.0\.1:\d+) \(token sim-token-0123456789\)/.exec(
            stdout,
          );
          if (found?.[1]) resolve(found[1]);
        });
        child.on('exit', (code) => reject(new Error(`the simulator exited (${code}) before printing its URL`)));
      });
      expect(await getQueue(url)).toBe(200);
    } finally {
      child.kill();
    }
  });

  it('the simulator starts in the background with --detach, for CI steps in any shell', async () => {
    const run = await node(
      ['simulator/server.mjs', '--detach', '--scenario', 'paused', '--log', 'sim log.txt'],
      spaced,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const found = /on (http:\/\/127\.0\.0\.1:\d+) .*process (\d+), log in sim log\.txt\./.exec(run.stdout);
    expect(found).not.toBeNull();
    const [, url, pid] = found as RegExpExecArray;
    try {
      expect(await getQueue(url as string)).toBe(200);
      expect(existsSync(join(spaced, 'sim log.txt'))).toBe(true);
    } finally {
      process.kill(Number(pid));
    }
  });
});

describe('.env.example', () => {
  /** A .env file's variables, as dotenv reads these plain lines: NAME=value, # comments. */
  function dotenv(text: string): Record<string, string> {
    const lines = text.split('\n').filter((line) => line.includes('=') && !line.trimStart().startsWith('#'));
    return Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  }

  it('against the simulator it names: the outputs local-action shows', async () => {
    const sim = await startSimulator({ scenario: 'paused' });
    try {
      const example = readFileSync(join(repo, '.env.example'), 'utf8');
      expect(example).toContain('INPUT_API-URL=http://127.0.0.1:8787\n');
      const variables = dotenv(example.replace('http://127.0.0.1:8787', sim.url));
      expect(variables).toHaveProperty('INPUT_API-KEY');
      // As its comments say: no event file, no job summary.
      const none = { GITHUB_EVENT_NAME: undefined, GITHUB_EVENT_PATH: undefined, GITHUB_STEP_SUMMARY: undefined };
      const result = await runInProcess({ env: { ...variables, ...none } });
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({
        state: 'pending',
        submitted: 'true',
        ready: 'true',
        position: '3',
        'prs-ahead': '1838,1839',
        'queue-state': 'paused',
        'waited-seconds': '0',
        'timed-out': 'false',
      });
      // A v2 key: v2 answers, and finds the PR with one lookup.
      expect(sim.count('v2.pullRequests')).toBe(1);
    } finally {
      await sim.close();
    }
  });
});
