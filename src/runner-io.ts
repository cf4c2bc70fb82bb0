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
  debug(line: string): void;
  clock: Clock;
  random(): number;
}

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
  debug: (line) => core.debug(line),
  clock: realClock,
  random: Math.random,
};
