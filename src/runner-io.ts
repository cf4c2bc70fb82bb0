// What the action takes from the Actions runner and the machine. `run()` gets the real ones by
// default; tests give their own (an environment, outputs kept in memory, a virtual clock), so
// the whole action runs in-process against the simulator.
import * as core from '@actions/core';
import { realClock, type Clock } from './clock.js';

export interface RunnerIO {
  env: NodeJS.ProcessEnv;
  getInput(name: string): string;
  setSecret(secret: string): void;
  setOutput(name: string, value: string): void;
  /** Appends HTML to the job summary; only called when GITHUB_STEP_SUMMARY is set. */
  writeSummary(html: string): Promise<void>;
  setFailed(message: string): void;
  info(line: string): void;
  warning(line: string): void;
  notice(line: string): void;
  debug(line: string): void;
  /**
   * Calls `listener` when the job is cancelled (the runner sends SIGINT, then SIGTERM), so the run
   * can write what it has before it ends; answers with a function that stops listening.
   */
  onCancel(listener: (reason: string) => void): () => void;
  clock: Clock;
  random(): number;
}

const CANCEL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * The real runner: @actions/core, which reads inputs from process.env. A test that gives `run()`
 * its own `env` gives its own `getInput` too, or inputs would come from this process's.
 */
export const actionsRunner: RunnerIO = {
  env: process.env,
  getInput: (name) => core.getInput(name),
  setSecret: (secret) => core.setSecret(secret),
  setOutput: (name, value) => core.setOutput(name, value),
  writeSummary: async (html) => {
    await core.summary.addRaw(html).write();
  },
  setFailed: (message) => core.setFailed(message),
  info: (line) => core.info(line),
  warning: (line) => core.warning(line),
  notice: (line) => core.notice(line),
  debug: (line) => core.debug(line),
  onCancel: (listener) => {
    const handler = (signal: NodeJS.Signals) => listener(`the job was cancelled: ${signal}`);
    for (const signal of CANCEL_SIGNALS) process.on(signal, handler);
    return () => {
      for (const signal of CANCEL_SIGNALS) process.off(signal, handler);
    };
  },
  clock: realClock,
  random: Math.random,
};
