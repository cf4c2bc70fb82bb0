// What the action takes from the Actions runner and the machine. `run()` gets the real ones by
// default; tests give their own (an environment, outputs kept in memory, a virtual clock), so
// the whole action runs in-process against the simulator.
import { realClock, type Clock } from '../shared/time.js';
import { messageOf } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';

type Core = typeof import('@actions/core');

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
  /** A notice annotation; with a title, one a later run can find by it. */
  notice(line: string, title?: string): void;
  debug(line: string): void;
  /**
   * Calls `listener` when the job is cancelled (the runner sends SIGINT, then SIGTERM), so the run
   * can write what it has before it ends; answers with a function that stops listening.
   */
  onCancel(listener: (reason: string) => void): () => void;
  clock: Clock;
  random(): number;
  /**
   * Resolves when every call made so far has taken effect; rejects with the first that failed
   * (an output file that cannot be written, say). The real runner's calls run once
   * @actions/core has loaded; the entry point waits for them before it reports or ends.
   */
  settle(): Promise<void>;
  /**
   * A hint that the requests are on their way: the real runner loads @actions/core now, while
   * they are, rather than before them.
   */
  preload(): void;
}

const CANCEL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * @actions/core loads undici and its OIDC client when imported: some 40 ms on every run, which
 * would all come before the first request. So it loads once the requests are on their way
 * (`preload`), while the action would only wait for Trunk anyway, and the calls made before it is
 * there wait in the order they were made: the masks first.
 */
let core: Core | undefined;
let loading: Promise<void> | undefined;
const queued: Array<(core: Core) => void> = [];
let firstFailure: { error: unknown } | undefined;

function loadCore(): Promise<void> {
  loading ??= import('@actions/core').then(
    (loaded) => {
      core = loaded;
      for (const waiting of queued.splice(0)) waiting(loaded);
    },
    (error: unknown) => {
      // Nothing can be written through @actions/core: say so the one way left, and fail the step,
      // rather than end with exit code 0 and nothing written.
      process.exitCode = 1;
      process.stdout.write(
        `::error::The action could not load @actions/core (${oneLine(messageOf(error))}); is dist/ complete?\n`,
      );
      throw error;
    },
  );
  return loading;
}

function withCore(call: (core: Core) => void): void {
  const attempt = (loaded: Core) => {
    try {
      call(loaded);
    } catch (error) {
      firstFailure ??= { error };
    }
  };
  if (core) attempt(core);
  else queued.push(attempt);
}

/**
 * The real runner: @actions/core, which reads inputs from process.env. A test that gives `run()`
 * its own `env` gives its own `getInput` too, or inputs would come from this process's.
 */
export const actionsRunner: RunnerIO = {
  env: process.env,
  // core.getInput's own rule, without loading core: INPUT_ and the name, spaces as underscores,
  // upper case (hyphens kept), trimmed. A test holds the two together.
  getInput: (name) => (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
  setSecret: (secret) => withCore((c) => c.setSecret(secret)),
  setOutput: (name, value) => withCore((c) => c.setOutput(name, value)),
  writeSummary: async (html) => {
    await loadCore();
    await (core as Core).summary.addRaw(html).write();
  },
  setFailed: (message) => withCore((c) => c.setFailed(message)),
  info: (line) => withCore((c) => c.info(line)),
  warning: (line) => withCore((c) => c.warning(line)),
  notice: (line, title) => withCore((c) => c.notice(line, title === undefined ? undefined : { title })),
  debug: (line) => withCore((c) => c.debug(line)),
  onCancel: (listener) => {
    const handler = (signal: NodeJS.Signals) => listener(`the job was cancelled: ${signal}`);
    for (const signal of CANCEL_SIGNALS) process.on(signal, handler);
    return () => {
      for (const signal of CANCEL_SIGNALS) process.off(signal, handler);
    };
  },
  clock: realClock,
  random: Math.random,
  preload: () => void loadCore().catch(() => undefined),
  settle: async () => {
    await loadCore();
    const failure = firstFailure;
    firstFailure = undefined;
    if (failure) throw failure.error;
  },
};
