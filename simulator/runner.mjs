// @ts-check
// Runs the committed dist/index.js the way the Actions runner does: INPUT_* variables (hyphens
// kept), an event file in GITHUB_EVENT_PATH, and real GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files
// that are read back afterwards. Used by the end-to-end tests, the demo and the bench.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIM_BRANCH, SIM_PR, SIM_REPO, SIM_SHA } from './scenarios.mjs';

export const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/**
 * @typedef {object} RunOptions
 * @property {Record<string, string>} [inputs]  by input name, e.g. { 'api-token': '…' }
 * @property {string} [eventName]
 * @property {unknown} [event]  the payload; default: a pull_request event for the simulator's PR
 * @property {Record<string, string | undefined>} [env]  extra variables (undefined removes one)
 * @property {string} [node]  the Node binary (default: this process's)
 * @property {string} [script]  what to run (default: the committed dist/index.js)
 * @property {number} [timeoutMs]  kill the run after this long (default 120 s)
 * @property {(chunk: string) => void} [onStdout]  called with the step's output as it comes
 * @property {(chunk: string) => void} [onStderr]  likewise for its stderr
 */

/**
 * @typedef {object} RunResult
 * @property {number | null} code
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs
 * @property {string} outputFile  the raw GITHUB_OUTPUT file
 * @property {string} summary
 * @property {number} ms
 */

/** @param {{ number?: number, baseRef?: string, headSha?: string, defaultBranch?: string }} [pr] */
export function pullRequestEvent(pr = {}) {
  return {
    action: 'synchronize',
    number: pr.number ?? SIM_PR,
    pull_request: {
      number: pr.number ?? SIM_PR,
      base: { ref: pr.baseRef ?? SIM_BRANCH },
      head: { sha: pr.headSha ?? SIM_SHA, ref: 'docs-update' },
    },
    repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: pr.defaultBranch ?? SIM_BRANCH },
  };
}

/**
 * What a process needs from the machine's environment to run at all: PATH and HOME, and on Windows
 * the system folders (without SystemRoot, Node's networking and crypto fail there) and TEMP.
 * @returns {Record<string, string>}
 */
export function platformEnv() {
  const names = ['PATH', 'HOME'];
  if (process.platform === 'win32') {
    names.push('SystemRoot', 'windir', 'SystemDrive', 'TEMP', 'TMP', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA');
    names.push('ComSpec', 'PATHEXT');
  }
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** @param {RunOptions} [options] @returns {Promise<RunResult>} */
export async function runAction(options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'mqs-run-'));
  try {
    const eventPath = join(dir, 'event.json');
    const outputPath = join(dir, 'output');
    const summaryPath = join(dir, 'summary.md');
    await writeFile(eventPath, JSON.stringify(options.event ?? pullRequestEvent()));
    await writeFile(outputPath, '');
    await writeFile(summaryPath, '');

    /** @type {Record<string, string | undefined>} */
    const env = {
      ...platformEnv(),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_REPOSITORY: `${SIM_REPO.owner}/${SIM_REPO.name}`,
      GITHUB_SERVER_URL: 'https://github.com',
      RUNNER_TEMP: dir,
    };
    for (const [name, value] of Object.entries(options.inputs ?? {})) {
      env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    }
    for (const [name, value] of Object.entries(options.env ?? {})) env[name] = value;

    const started = performance.now();
    const child = spawn(options.node ?? process.execPath, [options.script ?? DIST], {
      env: /** @type {NodeJS.ProcessEnv} */ (
        Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined))
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // Decoded as UTF-8 across chunk boundaries, so a character split between two reads stays whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (/** @type {string} */ chunk) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    });
    child.stderr.on('data', (/** @type {string} */ chunk) => {
      stderr += chunk;
      options.onStderr?.(chunk);
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    /** @type {number | null} */
    const code = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    clearTimeout(killer);
    const ms = performance.now() - started;

    const outputFile = await readFile(outputPath, 'utf8');
    const summary = await readFile(summaryPath, 'utf8');
    return { code, stdout, stderr, outputs: parseOutputFile(outputFile), outputFile, summary, ms };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads a GITHUB_OUTPUT file as the runner does: `name=value` lines and `name<<DELIM` blocks.
 * @param {string} text
 */
export function parseOutputFile(text) {
  /** @type {Record<string, string>} */
  const outputs = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = /** @type {string} */ (lines[i]);
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const [, name, delimiter] = block;
      const value = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]);
      if (i >= lines.length) throw new Error(`output ${name}: no closing delimiter`);
      outputs[/** @type {string} */ (name)] = value.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}
