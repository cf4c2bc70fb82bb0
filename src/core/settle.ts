// Trunk records a merge moments after GitHub does: a commit GitHub shows as a PR's merge may find
// the PR still `tests_passed` in Trunk. The settle polls every such PR of a commit verdict in one
// shared wait, until Trunk has them all out of the queue or the time allowed runs out; running out
// is a verdict on the last answers, not a failure. A transient failure of a poll is waited out as
// the wait for wanted states does (./wait.ts); any other ends the run.
import { ApiError, CancelledError } from '../shared/errors.js';
import type { Log } from '../shared/log.js';
import type { Clock } from '../shared/time.js';
import { formatDuration } from '../shared/format.js';
import type { PrAnswer } from './model.js';
import { stateOf } from './verdict.js';
import { stateWords } from './state-words.js';

export interface SettleOptions {
  /** Reads these PRs again: one batched read where the API allows. */
  read(numbers: readonly number[], signal: AbortSignal): Promise<Map<number, PrAnswer>>;
  /** The PRs still worth waiting for, given the answers so far. */
  waitingFor(answers: ReadonlyMap<number, PrAnswer>): number[];
  /** How long the settle may take: settle-seconds, or wait-timeout-seconds with wait-for. */
  budgetMs: number;
  pollIntervalMs: number;
  clock: Clock;
  random: () => number;
  cancel: AbortSignal;
  log: Log;
}

export interface Settled {
  answers: Map<number, PrAnswer>;
  waitedSeconds: number;
  polls: number;
  /** `settled`: nothing left to wait for; `out-of-time`: the budget ran out first. */
  ended: 'settled' | 'out-of-time' | 'cancelled';
}

export async function settle(first: ReadonlyMap<number, PrAnswer>, options: SettleOptions): Promise<Settled> {
  const { clock, log, cancel, budgetMs } = options;
  const answers = new Map(first);
  const startedMs = clock.now();
  const deadline = clock.timeout(budgetMs);
  const signal = AbortSignal.any([deadline, cancel]);
  let polls = 0;
  const done = (ended: Settled['ended']): Settled => ({
    answers,
    waitedSeconds: Math.round((clock.now() - startedMs) / 1000),
    polls,
    ended,
  });
  let waiting = options.waitingFor(answers);
  if (waiting.length === 0) return done('settled');
  // settle-seconds 0: decide on the first answers.
  if (budgetMs <= 0) return done('out-of-time');
  log.info(
    `Trunk still has ${list(waiting, answers)} in the queue, though GitHub shows ${waiting.length === 1 ? 'it' : 'them'} merged: waiting up to ${formatDuration(budgetMs / 1000)} for Trunk to record the merge.`,
  );
  for (;;) {
    try {
      await pause(options, startedMs, signal);
      polls++;
      const read = await options.read(waiting, signal);
      for (const [number, answer] of read) answers.set(number, answer);
    } catch (error) {
      if (cancel.aborted) return done('cancelled');
      if (deadline.aborted && error instanceof CancelledError) break;
      if (!(error instanceof ApiError) || !error.transient) throw error;
      log.warning(`${error.message}; still waiting for Trunk to record the merge.`);
      continue;
    }
    const now = options.waitingFor(answers);
    for (const number of waiting.filter((n) => !now.includes(n))) {
      log.info(`PR #${number} is ${stateWords(stateOf(answers.get(number) ?? { found: false }))}.`);
    }
    waiting = now;
    if (waiting.length === 0) return done('settled');
  }
  log.info(
    `After ${formatDuration((clock.now() - startedMs) / 1000)}, Trunk still has ${list(waiting, answers)} in the queue.`,
  );
  return done('out-of-time');
}

/** "PR #1842 (tests passed, merging)", "PRs #1842 (…) and #1850 (…)". */
function list(numbers: readonly number[], answers: ReadonlyMap<number, PrAnswer>): string {
  const each = numbers.map((n) => `#${n} (${stateWords(stateOf(answers.get(n) ?? { found: false }))})`);
  const joined = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : (each[0] ?? '');
  return `${each.length === 1 ? 'PR' : 'PRs'} ${joined}`;
}

/** Until the next poll: the poll interval with up to 10% jitter, never past the budget. */
function pause(options: SettleOptions, startedMs: number, signal: AbortSignal): Promise<void> {
  const { clock, pollIntervalMs, random, budgetMs } = options;
  const left = Math.max(0, startedMs + budgetMs - clock.now());
  return clock.sleep(Math.min(pollIntervalMs * (1 + 0.1 * random()), left), signal).catch(() => {
    throw new CancelledError('the settle ran out of time while sleeping');
  });
}
