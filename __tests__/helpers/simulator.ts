// The simulator for a test file, and the two checks most run tests share: an expected failure,
// and waiting (without a timer) until the simulator has seen a request.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';

type SimOptions = Parameters<typeof startSimulator>[0];

/** The file's simulator: a fresh one per test (`each`, the default) or one for the file (`all`). */
export type SimulatorHandle = Simulator & {
  /** Closes this simulator and starts another with these options, for the rest of the test. */
  restart(options?: SimOptions): Promise<void>;
};

export function useSimulator(options: SimOptions = {}, lifetime: 'each' | 'all' = 'each'): SimulatorHandle {
  let current: Simulator | undefined;
  const start = async () => {
    current = await startSimulator(options);
  };
  const stop = async () => {
    await current?.close();
    current = undefined;
  };
  if (lifetime === 'each') {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }
  const restart = async (next?: SimOptions) => {
    await stop();
    current = await startSimulator(next ?? options);
  };
  // Every property is the current simulator's, so a test reads `sim.url` as it would a variable.
  return new Proxy({} as SimulatorHandle, {
    get(_, key) {
      if (key === 'restart') return restart;
      // Closed for good until a restart: the file's own close after the test then has nothing to do.
      if (key === 'close') return stop;
      if (!current) throw new Error('the simulator is used outside a test');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/** An expected failure: exit code 1 and the one message a person reads, on one line without a stack trace. */
export function expectFailure(result: { code: number; error?: string }, message: string | RegExp): void {
  expect(result.code).toBe(1);
  expect(result.error).toMatch(message);
  expect(result.error).not.toMatch(/\n|^\s+at /m);
}

/** Resolves once `condition` holds, checking after each turn of the event loop's I/O (no timer). */
export async function until(condition: () => boolean, what = 'the condition'): Promise<void> {
  for (let turns = 0; !condition(); turns++) {
    if (turns > 1_000_000) throw new Error(`${what} never held`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
