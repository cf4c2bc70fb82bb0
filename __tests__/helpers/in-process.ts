// Runs the action's run() in this process, as the runner would run the bundle: inputs from
// INPUT_* variables, an event file in GITHUB_EVENT_PATH, and everything the step writes kept in
// memory. The clock is virtual unless a test passes the real one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pullRequestEvent } from '../../simulator/runner.mjs';
import { SIM_REPO } from '../../simulator/scenarios.mjs';
import type { Clock } from '../../src/shared/time.js';
import { run } from '../../src/main.js';
import type { OutputName } from '../../src/render/outputs.js';
import { VirtualClock } from './virtual-clock.js';

export interface InProcessOptions {
  inputs?: Record<string, string>;
  eventName?: string;
  /** The payload; default: a pull_request event for the simulator's PR. A string is written as is. */
  event?: unknown;
  /** Extra variables; undefined removes one. */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  random?: () => number;
  /** Makes setOutput throw, as core.setOutput does when GITHUB_OUTPUT names a missing file. */
  failOutputs?: string;
  /**
   * Given the listener the run registers for a cancelled job, as the runner's SIGINT or SIGTERM
   * would call it: a test keeps it and calls it when it wants the job cancelled.
   */
  onCancel?: (cancel: (reason: string) => void) => void;
}

export interface InProcessResult {
  /** What the process's exit code would be: 1 exactly when the step failed. */
  code: 0 | 1;
  /** The one failure message, as the `::error::` line carries it. */
  error?: string;
  outputs: Record<OutputName, string>;
  summary: string;
  /**
   * Lines as the runner shows them: `info` plain, `::warning::`, `::notice::` (`::notice title=…::`
   * with a title) and `::debug::` prefixed.
   */
  lines: string[];
  log: string;
  secrets: string[];
  clock: Clock;
}

export async function runInProcess(options: InProcessOptions = {}): Promise<InProcessResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mqs-inproc-'));
  try {
    const eventPath = join(dir, 'event.json');
    const payload = options.event === undefined ? pullRequestEvent() : options.event;
    writeFileSync(eventPath, typeof payload === 'string' ? payload : JSON.stringify(payload));
    const env: NodeJS.ProcessEnv = {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: `${SIM_REPO.owner}/${SIM_REPO.name}`,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    };
    for (const [name, value] of Object.entries(options.inputs ?? {})) {
      env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    }
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }

    const outputs = {} as Record<OutputName, string>;
    const lines: string[] = [];
    const secrets: string[] = [];
    const failures: string[] = [];
    let summary = '';
    const clock = options.clock ?? new VirtualClock();
    await run({
      env,
      // As @actions/core reads an input.
      getInput: (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
      setSecret: (secret) => secrets.push(secret),
      setOutput: (name, value) => {
        if (options.failOutputs) throw new Error(options.failOutputs);
        outputs[name as OutputName] = value;
      },
      writeSummary: async (html) => {
        summary += html;
      },
      setFailed: (message) => failures.push(message),
      info: (line) => lines.push(line),
      warning: (line) => lines.push(`::warning::${line}`),
      notice: (line, title) =>
        lines.push(title === undefined ? `::notice::${line}` : `::notice title=${title}::${line}`),
      debug: (line) => lines.push(`::debug::${line}`),
      // Never this process's own signals: a test cancels through the listener, or not at all.
      onCancel: (listener) => {
        let listening = true;
        options.onCancel?.((reason) => {
          if (listening) listener(reason);
        });
        return () => {
          listening = false;
        };
      },
      clock,
      random: options.random ?? (() => 0),
    });
    if (failures.length > 1) throw new Error(`setFailed was called ${failures.length} times: ${failures.join(' | ')}`);
    return {
      code: failures.length ? 1 : 0,
      error: failures[0],
      outputs,
      summary,
      lines,
      log: lines.join('\n'),
      secrets,
      clock,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
