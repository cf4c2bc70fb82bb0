// @ts-check
// What the command-line scripts (the simulator, the demo, the bench, npm run docs) share: knowing
// whether a module is the one node was asked to run, in any folder (spaces included, any OS), and
// turning a bad command line into one line on stderr and exit code 2 instead of a stack trace, and
// starting a server script in the background for CI steps. A test runs a script's main in its own
// process with a command line of its choosing (runMain), as it runs every other decision.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as nodeParseArgs } from 'node:util';

/** A mistake in the command line: shown as one line, exit code 2. */
export class UsageError extends Error {}

/**
 * Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with.
 * Compares real file paths, not `file://${process.argv[1]}`: that breaks on a path with a space
 * (which the URL percent-encodes), on Windows (backslashes, drive letters) and through symlinks.
 * @param {string} moduleUrl
 */
export function isMain(moduleUrl) {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs a script's main function and sets the exit code it returns (see runMain). The code is set
 * rather than process.exit() called, so that output written to a pipe is never cut off.
 * @param {string} command  how the user runs it, e.g. `npm run demo --`
 * @param {() => Promise<number | undefined>} main
 */
export async function runCli(command, main) {
  process.exitCode = await runMain(command, main);
}

/** The command line a runMain gave its main, for parseArgs below to read. @type {AsyncLocalStorage<string[]>} */
const commandLine = new AsyncLocalStorage();

/**
 * Runs a script's main function and answers with the exit code its process would end with. A
 * UsageError, or an error that node's parseArgs throws for an unknown option or a missing value,
 * becomes one line on stderr and exit code 2.
 * @param {string} command  how the user runs it, e.g. `npm run demo --`
 * @param {() => Promise<number | undefined>} main
 * @param {string[]} [argv]  the command line main's parseArgs reads (default: this process's own)
 * @returns {Promise<number>}
 */
export async function runMain(command, main, argv) {
  try {
    return (await (argv ? commandLine.run(argv, main) : main())) ?? 0;
  } catch (error) {
    const message = usageMessage(error);
    if (message === undefined) throw error;
    process.stderr.write(`${command.replace(/ --$/, '')}: ${message}. \`${command} --help\` shows the options.\n`);
    return 2;
  }
}

/**
 * node:util's parseArgs, which the scripts read their options with: by default the command line
 * of the runMain under way, else this process's own.
 * @type {typeof nodeParseArgs}
 */
export const parseArgs = (config) =>
  nodeParseArgs(/** @type {typeof config} */ ({ args: commandLine.getStore(), ...config }));

/** @param {unknown} error @returns {string | undefined} */
function usageMessage(error) {
  if (error instanceof UsageError) return error.message;
  // Known by its code, not `instanceof Error`: in a test's VM context (jest's), Node's own errors
  // come from another realm, with another Error.
  const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (error ?? {});
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_') || typeof message !== 'string') return undefined;
  // parseArgs' own text suggests positional arguments, which these commands do not take.
  const unknown = /^Unknown option '([^']*)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\.$/, '');
}

/**
 * A whole number within bounds, from an option's text.
 * @param {string} option  e.g. `--port`
 * @param {string} text
 * @param {number} min
 * @param {number} max
 */
export function wholeNumber(option, text, min, max) {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/**
 * Starts a script again as a detached process writing to `logFile`, waits until its log shows
 * `ready` (or it fails), and returns: the process outlives this one and the CI step that started
 * it. Prints the ready line, the process id and the log; on failure, the log.
 * @param {string} script  the script's path
 * @param {string[]} args  its options
 * @param {{ logFile: string, ready: RegExp, name: string }} how  `name` starts the error lines
 */
export async function detach(script, args, { logFile, ready, name }) {
  const log = resolvePath(logFile);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [script, ...args], {
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
    const found = ready.exec(readFileSync(log, 'utf8'));
    if (found) {
      child.unref();
      console.log(`${found[0]}, in the background: process ${child.pid}, log in ${logFile}.`);
      return 0;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  if (exitCode === undefined) child.kill();
  process.stderr.write(readFileSync(log, 'utf8'));
  console.error(`${name}: did not start${exitCode === undefined ? ' within 15 s' : ''}; its log: ${logFile}`);
  return 1;
}
