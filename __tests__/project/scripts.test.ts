// The command-line scripts (the simulator, the demo, the bench) explain themselves, refuse a bad
// command line in one line, and run from a folder whose path has a space, as on many machines.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../../simulator/server.mjs';
import { spawn } from 'node:child_process';
import { node } from '../helpers/node-process.js';

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

const SCRIPTS = {
  simulator: { file: 'simulator/server.mjs', usage: 'Usage: node simulator/server.mjs' },
  demo: { file: 'scripts/demo.mjs', usage: 'Usage: npm run demo' },
  bench: { file: 'scripts/bench.mjs', usage: 'Usage: npm run bench' },
} as const;

describe('--help', () => {
  it.each(Object.entries(SCRIPTS))('%s prints its usage and exits 0, from a path with spaces', async (_, script) => {
    for (const flag of ['--help', '-h']) {
      const run = await node([script.file, flag], spaced);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith(script.usage)).toBe(true);
      expect(run.stdout).toMatch(/-h, --help/);
      expect(run.stderr).toBe('');
    }
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
    const run = await node([SCRIPTS[name].file, ...args], spaced);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/--help` shows the options\.\n$/);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('from a folder whose path has spaces', () => {
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

describe("GitHub's local-action", () => {
  /** The Output/Value table local-action prints after the run. */
  function outputsTable(stdout: string): Record<string, string> {
    const after = stdout.split(/^\s*Action Outputs\s*$/m)[1] ?? '';
    const rows = [...after.matchAll(/^│\s*\d+\s*│\s*'([^']*)'\s*│\s*(['"`])(.*)\2\s*│\s*$/gm)];
    return Object.fromEntries(rows.map(([, name, , value]) => [name as string, value as string]));
  }

  it('runs src/main.ts with .env.example against the simulator and shows the outputs', async () => {
    const sim = await startSimulator({ scenario: 'paused' });
    // Not under `spaced`: local-action's launcher joins its arguments unquoted into a shell command.
    const dir = mkdtempSync(join(tmpdir(), 'mqs-local-action-'));
    try {
      const example = readFileSync(join(repo, '.env.example'), 'utf8');
      expect(example).toContain('INPUT_API-URL=http://127.0.0.1:8787\n');
      const envFile = join(dir, '.env');
      writeFileSync(envFile, example.replace('http://127.0.0.1:8787', sim.url));
      // Nothing of a surrounding Actions run (this suite runs in CI too) may reach the action.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(GITHUB_|INPUT_|RUNNER_|ACTIONS_)/i.test(name)),
      );
      const bin = join(repo, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');
      const run = await node([bin, 'run', '.', 'src/main.ts', envFile], repo, 120_000, { ...env, FORCE_COLOR: '0' });
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/::error::/);
      expect(outputsTable(run.stdout)).toMatchObject({
        state: 'pending',
        submitted: 'true',
        ready: 'true',
        position: '3',
        'prs-ahead': '1838,1839',
        'queue-state': 'paused',
        'waited-seconds': '0',
        'timed-out': 'false',
      });
      // .env.example holds a v2 key: v2 answers, and finds the PR with one lookup.
      expect(sim.count('v2.pullRequests')).toBe(1);
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
