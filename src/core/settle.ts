// Trunk records a merge moments after GitHub does: a commit GitHub shows as a PR's merge may find
// the PR still `tests_passed` in Trunk. The settle polls every such PR of a commit verdict in one
// shared wait, until Trunk has them all out of the queue or the time allowed runs out; running out
// is a verdict on the last answers, not a failure. A transient failure of a poll is waited out as
// the wait for wanted states does (./wait.ts); any other ends the run.
import { ApiError, CancelledError } from '../shared/errors.js';
import type { Log } from '../shared/log.js';
import type { Clock } from '../shared/time.js';
import { duration } from '../shared/format.js';
import type { PrAnswer } from './model.js';
import { stateOf } from './verdict.js';
import { stateWords } from './words/states.js';
import { HEARTBEAT_MS } from './wait.js';

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

/**
 * What the last answers do not say by themselves: that Trunk stopped answering about a PR (its
 * answer is older than the settle's end), or stopped listing one it had listed (`was` its state).
 */
export type TrunkNote = { kind: 'unanswered'; sinceMs: number } | { kind: 'gone'; was: string };

export interface Settled {
  answers: Map<number, PrAnswer>;
  /** By PR, for those whose last answer needs one. */
  notes: Map<number, TrunkNote>;
  waitedSeconds: number;
  polls: number;
  /** `settled`: nothing left to wait for; `out-of-time`: the budget ran out first. */
  ended: 'settled' | 'out-of-time' | 'cancelled';
}

export async function settle(first: ReadonlyMap<number, PrAnswer>, options: SettleOptions): Promise<Settled> {
  const { clock, log, cancel, budgetMs } = options;
  const answers = new Map(first);
  const notes = new Map<number, TrunkNote>();
  const startedMs = clock.now();
  const deadline = clock.timeout(budgetMs);
  const signal = AbortSignal.any([deadline, cancel]);
  let polls = 0;
  let lastWarningAtMs = Number.NEGATIVE_INFINITY;
  // When Trunk last answered about each PR: the settle's start, then each poll that read it.
  const answeredMs = new Map<number, number>();
  const answeredAt = (number: number) => answeredMs.get(number) ?? startedMs;
  const done = (ended: Settled['ended']): Settled => ({
    answers,
    notes,
    waitedSeconds: Math.round((clock.now() - startedMs) / 1000),
    polls,
    ended,
  });
  let waiting = options.waitingFor(answers);
  if (waiting.length === 0) return done('settled');
  // settle-seconds 0: decide on the first answers.
  if (budgetMs <= 0) return done('out-of-time');
  const prs = `PR${waiting.length === 1 ? '' : 's'} ${joined(waiting.map((n) => `#${n}`))}`;
  log.info(
    `GitHub shows ${prs} merged, but Trunk still reports ${list(waiting, answers)}: waiting up to ${duration(budgetMs / 1000)} for Trunk to record the merge.`,
  );
  for (;;) {
    try {
      await pause(options, startedMs, signal);
      polls++;
      const read = await options.read(waiting, signal);
      for (const [number, answer] of read) {
        answeredMs.set(number, clock.now());
        const before = answers.get(number);
        notes.delete(number);
        if (before?.found && !answer.found) notes.set(number, { kind: 'gone', was: stateOf(before) });
        answers.set(number, answer);
      }
    } catch (error) {
      if (cancel.aborted) return done('cancelled');
      if (deadline.aborted && error instanceof CancelledError) break;
      if (!(error instanceof ApiError) || !error.transient) throw error;
      // Their last answers stand, but they are no longer Trunk's word of now.
      for (const number of waiting) {
        if (notes.get(number)?.kind !== 'unanswered')
          notes.set(number, { kind: 'unanswered', sinceMs: answeredAt(number) });
      }
      // At the heartbeat's pace, as the wait for wanted states says it: an outage is a few lines.
      if (clock.now() - lastWarningAtMs >= HEARTBEAT_MS) {
        log.warning(`${error.message}; still waiting for Trunk to record the merge.`);
        lastWarningAtMs = clock.now();
      } else {
        log.debug(`${error.message}; still waiting for Trunk to record the merge.`);
      }
      continue;
    }
    const now = options.waitingFor(answers);
    for (const number of waiting.filter((n) => !now.includes(n))) {
      log.info(`PR #${number} is ${stateWords(stateOf(answers.get(number) ?? { found: false }))}.`);
    }
    waiting = now;
    if (waiting.length === 0) return done('settled');
  }
  const after = `After ${duration((clock.now() - startedMs) / 1000)}`;
  const silent = waiting.filter((number) => notes.get(number)?.kind === 'unanswered');
  const answered = waiting.filter((number) => !silent.includes(number));
  if (answered.length > 0) log.info(`${after}, Trunk still reports ${list(answered, answers)}.`);
  if (silent.length > 0) {
    log.info(`${after}, Trunk has not answered since it last reported ${list(silent, answers)}.`);
  }
  return done('out-of-time');
}

/** "PR #1842 being tested", "PR #1842 being tested and PR #1850 through its tests and waiting to merge". */
function list(numbers: readonly number[], answers: ReadonlyMap<number, PrAnswer>): string {
  return joined(numbers.map((n) => `PR #${n} ${stateWords(stateOf(answers.get(n) ?? { found: false }))}`));
}

/** "a", "a and b", "a, b and c". */
function joined(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** Until the next poll: the poll interval with up to 10% jitter, never past the budget. */
function pause(options: SettleOptions, startedMs: number, signal: AbortSignal): Promise<void> {
  const { clock, pollIntervalMs, random, budgetMs } = options;
  const left = Math.max(0, startedMs + budgetMs - clock.now());
  return clock.sleep(Math.min(pollIntervalMs * (1 + 0.1 * random()), left), signal).catch(() => {
    throw new CancelledError('the settle ran out of time while sleeping');
  });
}
