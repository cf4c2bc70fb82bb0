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
 * @property {(child: import('node:child_process').ChildProcess) => void} [onSpawn]  given the step's
 *   process as it starts, to signal it as the runner does when a job is cancelled
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
    options.onSpawn?.(child);
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
 * Reads a GITHUB_OUTPUT file exactly as the Actions runner does. A port of EnvFileKeyValuePairs
 * and its ReadLine, which SetOutputFileCommand uses, in actions/runner
 * src/Runner.Worker/FileCommandManager.cs (read at commit 258d6c857db3519913f7deb6004b60172f8043ae):
 *
 * - The file is read as text; a UTF-8 byte order mark is dropped (File.ReadAllText).
 * - A line ends at "\n". Only the Windows runner (#if OS_WINDOWS) also ends one at "\r\n"; on
 *   Linux and macOS a "\r" before the "\n" stays in the line, so `name=value\r\n` sets `value\r`,
 *   and a heredoc's `EOF\r` does not close a block opened with `name<<EOF`.
 * - Empty lines are skipped. Whichever comes first in a line, "=" or "<<", decides its form:
 *   `name=value` splits at the first "=" (the value may hold more "=" and "<<"; the runner checks
 *   the line, not the name, for emptiness, so `=value` sets the output named ""), and
 *   `name<<DELIMITER` needs a name and a delimiter. A line with neither is an error.
 * - A heredoc's value is the text from the line after `name<<DELIMITER` up to the line that equals
 *   DELIMITER, its line endings kept as written except the one just before the delimiter. No such
 *   line: "Matching delimiter not found"; the file ends in an unterminated line that is not the
 *   delimiter: "EOF marker missing new line".
 * - A name set twice takes the later value.
 *
 * @param {string} text
 * @param {{ windows?: boolean }} [options]  windows: read as the Windows runner does (default: on Windows)
 * @returns {Record<string, string>}
 */
export function parseOutputFile(text, { windows = process.platform === 'win32' } = {}) {
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let index = 0;

  /** The next line (undefined past the end) and the line break that ended it (null: none, the file ended). */
  const readLine = () => {
    if (index >= content.length) return undefined;
    const start = index;
    const lf = content.indexOf('\n', index);
    if (lf < 0) {
      index = content.length;
      return { line: content.slice(start), newline: null };
    }
    if (windows) {
      const crlf = content.indexOf('\r\n', index);
      if (crlf >= 0 && crlf < lf) {
        index = crlf + 2;
        return { line: content.slice(start, crlf), newline: '\r\n' };
      }
    }
    index = lf + 1;
    return { line: content.slice(start, lf), newline: '\n' };
  };

  /** @type {Map<string, string>} a Map, so that a name such as __proto__ is just a name */
  const outputs = new Map();
  for (let read = readLine(); read !== undefined; read = readLine()) {
    const { line } = read;
    if (line === '') continue;
    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      outputs.set(line.slice(0, equals), line.slice(equals + 1));
    } else if (heredoc >= 0 && (equals < 0 || heredoc < equals)) {
      const name = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (name === '' || delimiter === '') {
        throw new Error(`Invalid format '${line}'. Name must not be empty and delimiter must not be empty`);
      }
      const start = index;
      let end = index;
      let next = readLine();
      while (next?.line !== delimiter) {
        if (next === undefined) throw new Error(`Invalid value. Matching delimiter not found '${delimiter}'`);
        if (next.newline === null) throw new Error('Invalid value. EOF marker missing new line.');
        end = index - next.newline.length;
        next = readLine();
      }
      outputs.set(name, end > start ? content.slice(start, end) : '');
    } else {
      throw new Error(`Invalid format '${line}'`);
    }
  }
  return Object.fromEntries(outputs);
}
