// Time as the action sees it. The wait loop and the retry back-offs ask the clock rather than
// the timers, so tests can run an hour-long wait against a virtual clock in milliseconds.
import { setTimeout as sleepTimer } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts `ms` from now: the wait's deadline. */
  timeout(ms: number): AbortSignal;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepTimer(ms, undefined, { signal }),
  timeout: (ms) => AbortSignal.timeout(ms),
};
