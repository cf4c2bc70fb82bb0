// Asks the API, once or until the PR reaches a wanted state, and answers with one observation:
// the last answers it had, how a wait went, and what stopped it. It never throws for a normal
// ending (a deadline, a final state, a cancelled job, an API that failed): the entry point derives
// the outputs, the summary and the error line from the observation, whatever happened.
import type { Clock } from '../shared/time.js';
import { ApiError, CancelledError, messageOf } from '../shared/errors.js';
import { formatDuration, plural } from '../shared/format.js';
import type { Log } from '../shared/log.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Story } from './model.js';
import { deriveStatus, queueStateNote } from './status.js';
import { decideVerdict, stateOf, TERMINAL_STATES, verdictText } from './verdict.js';
import { stateWords } from './state-words.js';

/** How a wait went: the outputs, the summary and the log all read it from here. */
export interface WaitOutcome {
  waitFor: readonly string[];
  waitedSeconds: number;
  timedOut: boolean;
  /** What ended it, as a sentence fragment: "reached merged", "timed out", "stopped by an error". */
  ended: string;
  polls: number;
}

/** Why the observation ended. */
export type Stop =
  | { kind: 'answered' }
  | { kind: 'reached'; state: string }
  | { kind: 'final-state'; state: string }
  | { kind: 'timed-out'; failedPolls: number; lastFailure?: ApiError; everAnswered: boolean }
  | { kind: 'cancelled'; reason: string }
  | { kind: 'failed'; error: unknown };

export interface Observation {
  pr?: PrAnswer;
  queue?: QueueAnswer;
  story?: Story;
  /** Said once in the log, each. */
  warnings: string[];
  /** undefined without wait-for. */
  wait?: WaitOutcome;
  /** The queue-state warning a wait gave at its first read, so the end of the run does not repeat it. */
  queueWarning?: string;
  stop: Stop;
}

export interface ObserveOptions {
  source: StatusSource;
  pr: number;
  log: Log;
  /** Empty: ask once. */
  waitFor: readonly string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
  clock: Clock;
  random: () => number;
  /** Aborts when the job is cancelled: the run ends with what it has. */
  cancel: AbortSignal;
}

/** A person watching the job should see it is alive at least this often. */
const HEARTBEAT_MS = 60_000;
/** Time the closing read may take when the deadline has already passed. */
const FINAL_READ_GRACE_MS = 2_000;

export async function observe(options: ObserveOptions): Promise<Observation> {
  const seen: Observation = { warnings: [], stop: { kind: 'answered' } };
  if (options.waitFor.length === 0) {
    try {
      absorb(seen, await options.source.read(options.cancel));
      if (options.cancel.aborted) seen.stop = { kind: 'cancelled', reason: cancelReason(options.cancel) };
    } catch (error) {
      seen.stop = stopFor(error, options.cancel);
    }
    return seen;
  }
  await waitForState(options, seen);
  return seen;
}

/** A read's answers replace what was seen before; its warnings add to them. */
function absorb(seen: Observation, read: Partial<Snapshot>): void {
  if (read.pr) seen.pr = read.pr;
  if (read.queue) seen.queue = read.queue;
  // A read that had the story but could not tell it now leaves none: an old one would mislead.
  if ('story' in read) seen.story = read.story;
  seen.warnings.push(...(read.warnings ?? []));
}

function stopFor(error: unknown, cancel: AbortSignal): Stop {
  if (error instanceof CancelledError && cancel.aborted) return { kind: 'cancelled', reason: cancelReason(cancel) };
  return { kind: 'failed', error };
}

function cancelReason(cancel: AbortSignal): string {
  return typeof cancel.reason === 'string' ? cancel.reason : 'the job was cancelled';
}

async function waitForState(options: ObserveOptions, seen: Observation): Promise<void> {
  const { source, pr, log, waitFor, waitTimeoutMs, pollIntervalMs, clock, random, cancel } = options;
  const started = clock.now();
  const deadlineAt = started + waitTimeoutMs;
  const deadline = clock.timeout(waitTimeoutMs);
  const signal = AbortSignal.any([deadline, cancel]);
  const wanted = waitFor.join(' or ');
  let polls = 0;
  let failedPolls = 0;
  let lastFailure: ApiError | undefined;
  let everAnswered = false;
  let lastWarningAt = Number.NEGATIVE_INFINITY;
  const end = (ended: string, timedOut: boolean) => {
    seen.wait = { waitFor, waitedSeconds: Math.round((clock.now() - started) / 1000), timedOut, ended, polls };
  };
  end('still waiting', false);

  const pause = () =>
    clock
      .sleep(Math.min(pollIntervalMs * (1 + 0.1 * random()), Math.max(0, deadlineAt - clock.now())), signal)
      .catch(() => {
        throw new CancelledError('the deadline passed while sleeping');
      });
  // A throttled or failing API is no reason to give up a wait the deadline still allows, on the
  // first read as on every later one; but a host that does not resolve will not start to.
  const tolerating = async (read: () => Promise<void>): Promise<boolean> => {
    try {
      await read();
      everAnswered = true;
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || !error.transient) throw error;
      if (error.options.unresolved && !everAnswered) throw error;
      failedPolls++;
      lastFailure = error;
      // Said at the heartbeat's pace: an hour of outage is a few lines, not one per poll.
      if (clock.now() - lastWarningAt >= HEARTBEAT_MS) {
        log.warning(`${error.message}; still waiting (${plural(failedPolls, 'failed poll')} so far).`);
        lastWarningAt = clock.now();
      } else {
        log.debug(`${error.message}; still waiting.`);
      }
      return false;
    } finally {
      polls++;
    }
  };

  let polled = false;
  try {
    while (
      !(await tolerating(async () => {
        absorb(seen, await source.read(signal));
      }))
    ) {
      await pause();
    }
    let answer = seen.pr as PrAnswer;
    // Said now, not when the wait ends: a paused queue is why nothing will move.
    const queue = seen.queue as QueueAnswer;
    seen.queueWarning = queueStateNote(deriveStatus({ prNumber: pr, answer, queue, nowMs: clock.now() }));
    if (seen.queueWarning) log.warning(seen.queueWarning);
    // Already there, or already past it: nothing to wait for, so no line saying the action waits.
    const first = stateOf(answer);
    if (!waitFor.includes(first) && !TERMINAL_STATES.includes(first)) {
      log.info(
        `Waiting up to ${formatDuration(waitTimeoutMs / 1000)} for PR #${pr} to reach ${wanted}; it is ${describe(answer)}${queueNote(seen)}.`,
      );
    }
    let lastKey = changeKey(answer);
    let lastLine = clock.now();
    for (;;) {
      const state = stateOf(answer);
      if (waitFor.includes(state)) {
        end(`reached ${state}`, false);
        seen.stop = { kind: 'reached', state };
        break;
      }
      if (TERMINAL_STATES.includes(state)) {
        end(`ended at ${state}`, false);
        seen.stop = { kind: 'final-state', state };
        break;
      }
      await pause();
      const ok = await tolerating(async () => {
        seen.pr = await source.poll(signal);
      });
      if (!ok) continue;
      polled = true;
      answer = seen.pr as PrAnswer;
      const key = changeKey(answer);
      const waited = formatDuration((clock.now() - started) / 1000);
      const line = `PR #${pr} is ${describe(answer)} (${waited} waited, ${plural(polls, 'poll')})`;
      if (key !== lastKey || clock.now() - lastLine >= HEARTBEAT_MS) {
        log.info(key === lastKey ? `Still waiting for ${wanted}: ${line}${queueNote(seen, 'was')}.` : `${line}.`);
        lastKey = key;
        lastLine = clock.now();
      } else {
        log.debug(`${line}.`);
      }
    }
  } catch (error) {
    if (cancel.aborted) {
      end('cancelled', false);
      seen.stop = { kind: 'cancelled', reason: cancelReason(cancel) };
      return;
    }
    if (!(error instanceof CancelledError) || !deadline.aborted) {
      end('stopped by an error', false);
      seen.stop = { kind: 'failed', error };
      return;
    }
    end('timed out', true);
    seen.stop = { kind: 'timed-out', failedPolls, lastFailure, everAnswered };
  }

  // The summary should describe the queue as it was when the wait ended, not when it began.
  if (polled && seen.pr && seen.queue && !cancel.aborted) {
    const budget = Math.max(deadlineAt - clock.now(), FINAL_READ_GRACE_MS);
    try {
      absorb(seen, await source.refresh(seen.pr, AbortSignal.any([clock.timeout(budget), cancel])));
    } catch (error) {
      const why = messageOf(error);
      // The story told of the state the wait began in; beside the state it ended in, it would mislead.
      const story = seen.story ? ', and the story is left out' : '';
      seen.story = undefined;
      log.warning(
        `Could not read the queue again at the end of the wait (${why}); outputs show it as it was when the wait began${story}.`,
      );
    }
  }
  // The wait's last line of its own: how it ended well. Every other ending is the error line.
  if (seen.stop.kind === 'reached') {
    const waited = formatDuration(seen.wait?.waitedSeconds ?? 0);
    log.info(`PR #${pr} is ${stateWords(seen.stop.state)}, reached after ${waited}${queueNote(seen)}.`);
  }
}

export function describe(answer: PrAnswer): string {
  return `${stateWords(stateOf(answer))}, ${verdictText(decideVerdict(answer))}`;
}

function changeKey(answer: PrAnswer): string {
  return `${stateOf(answer)}|${decideVerdict(answer).reasons.join(',')}`;
}

/**
 * While the queue is not running, the wait's lines say so: it is why nothing moves. Between the
 * first and the last read the queue is not asked again, so a heartbeat says what it last was.
 */
export function queueNote({ queue }: Pick<Observation, 'queue'>, tense: 'is' | 'was' = 'is'): string {
  if (!queue || queue.queue.state === 'running') return '';
  return tense === 'is' ? `; the queue is ${queue.queue.state}` : `; the queue was ${queue.queue.state} at the start`;
}
