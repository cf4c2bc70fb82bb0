// The wait for wanted states, in three parts: the first read, which rides over failures as every
// poll does; the poll loop, which ends on a wanted or a final state; and the final refresh of the
// queue and the story. Each part takes the wait's record and is tested alone with a virtual clock
// and a fake source; `waitForState` runs them in turn and turns whatever stopped them into a Stop.
import { ApiError, CancelledError, messageOf } from '../shared/errors.js';
import { duration, plural } from '../shared/format.js';
import type { PrAnswer, QueueAnswer } from './model.js';
import {
  absorb,
  cancelReason,
  queueNote,
  type Observation,
  type ObserveOptions,
  type Stop,
  type WaitOutcome,
} from './observation.js';
import { deriveStatus } from './status.js';
import { decideVerdict, stateOf, TERMINAL_STATES } from './verdict.js';
import { answerWords, prQueueNote } from './words/pr.js';
import { wantedStates } from './words/states.js';

/** A person watching the job should see it is alive at least this often. */
export const HEARTBEAT_MS = 60_000;
/** Time the closing read may take when the deadline has already passed. */
export const FINAL_READ_GRACE_MS = 2_000;

/** One wait's record: its options, what it has seen, and how its attempts went. */
export interface Wait {
  readonly options: ObserveOptions;
  readonly seen: Observation;
  readonly startedMs: number;
  readonly deadlineAtMs: number;
  /** Aborts at the deadline. */
  readonly deadline: AbortSignal;
  /** The deadline or a cancelled job: every read and pause listens to it. */
  readonly signal: AbortSignal;
  polls: number;
  failedPolls: number;
  lastFailure?: ApiError;
  endedOnFailure: boolean;
  everAnswered: boolean;
  lastWarningAtMs: number;
  /** A poll answered after the first read: the queue is worth reading again at the end. */
  polled: boolean;
}

export function startWait(options: ObserveOptions, seen: Observation): Wait {
  const { clock, waitTimeoutMs, cancel } = options;
  const deadline = clock.timeout(waitTimeoutMs);
  const startedMs = clock.now();
  return {
    options,
    seen,
    startedMs,
    deadlineAtMs: startedMs + waitTimeoutMs,
    deadline,
    signal: AbortSignal.any([deadline, cancel]),
    polls: 0,
    failedPolls: 0,
    endedOnFailure: false,
    everAnswered: false,
    lastWarningAtMs: Number.NEGATIVE_INFINITY,
    polled: false,
  };
}

export async function waitForState(options: ObserveOptions, seen: Observation): Promise<void> {
  const wait = startWait(options, seen);
  try {
    seen.stop = await pollUntilSettled(wait, await firstRead(wait));
  } catch (error) {
    seen.stop = stopAfter(wait, error);
  }
  seen.wait = outcome(wait, seen.stop);
  // The summary should describe the queue as it was when the wait ended, not when it began.
  if (wait.polled && !options.cancel.aborted) await finalRefresh(wait);
  // The wait's last line of its own: how it ended well, without the PR's state, which the run's
  // account says next. Every other ending is the error line.
  if (seen.stop.kind === 'reached') {
    const waited = duration(seen.wait.waitedSeconds);
    const polls = plural(seen.wait.polls, 'poll');
    options.log.info(`Reached ${wantedStates([seen.stop.state])} after ${waited}, ${polls}${queueNote(seen)}.`);
  }
}

/**
 * Reads the PR, its queue and story until one read answers, then says what the wait is for: a
 * throttled or failing API is no reason to give up a wait the deadline still allows.
 */
export async function firstRead(wait: Wait): Promise<PrAnswer> {
  const { seen, options } = wait;
  const { source, pr, log, clock, waitFor, waitTimeoutMs } = options;
  while (!(await attempt(wait, async () => absorb(seen, await source.read(wait.signal))))) await pause(wait);
  const answer = seen.pr as PrAnswer;
  // Said now, not when the wait ends: a paused queue is why nothing will move.
  const queue = seen.queue as QueueAnswer;
  seen.queueWarning = prQueueNote(deriveStatus({ prNumber: pr, answer, queue, nowMs: clock.now() }));
  if (seen.queueWarning) log.warning(seen.queueWarning);
  // Already there, or already past it: nothing to wait for, so no line saying the action waits.
  const first = stateOf(answer);
  if (!waitFor.includes(first) && !TERMINAL_STATES.includes(first)) {
    log.info(
      `Waiting up to ${duration(waitTimeoutMs / 1000)} for PR #${pr} to reach ${wantedStates(waitFor)}; it is ${answerWords(answer)}${queueNote(seen)}.`,
    );
  }
  return answer;
}

/**
 * Polls the PR alone until it is in a wanted state or a final one. A line goes to the log when the
 * state or its reasons change, and at least once a heartbeat; the other polls go to debug.
 */
export async function pollUntilSettled(wait: Wait, first: PrAnswer): Promise<Stop> {
  const { seen, options } = wait;
  const { source, pr, log, clock, waitFor } = options;
  const wanted = wantedStates(waitFor);
  let answer = first;
  let lastKey = changeKey(answer);
  let lastLineMs = clock.now();
  for (;;) {
    const state = stateOf(answer);
    if (waitFor.includes(state)) return { kind: 'reached', state };
    if (TERMINAL_STATES.includes(state)) return { kind: 'final-state', state };
    await pause(wait);
    const polled = await attempt(wait, async () => {
      seen.pr = await source.poll(wait.signal);
    });
    if (!polled) continue;
    wait.polled = true;
    answer = seen.pr as PrAnswer;
    const key = changeKey(answer);
    const waited = duration((clock.now() - wait.startedMs) / 1000);
    const line = `PR #${pr} is ${answerWords(answer)}; ${waited} waited, ${plural(wait.polls, 'poll')}`;
    // Reaching a wanted state is the wait's last line, and the run's account says the state.
    if (waitFor.includes(stateOf(answer))) log.debug(`${line}.`);
    else if (key !== lastKey || clock.now() - lastLineMs >= HEARTBEAT_MS) {
      log.info(key === lastKey ? `Still waiting for ${wanted}: ${line}${queueNote(seen, 'was')}.` : `${line}.`);
      lastKey = key;
      lastLineMs = clock.now();
    } else {
      log.debug(`${line}.`);
    }
  }
}

/** What ended the wait, when it was not a state: the job cancelled, the deadline, or an error. */
export function stopAfter(wait: Wait, error: unknown): Stop {
  const { cancel } = wait.options;
  if (cancel.aborted) return { kind: 'cancelled', reason: cancelReason(cancel) };
  if (!(error instanceof CancelledError) || !wait.deadline.aborted) return { kind: 'failed', error };
  return {
    kind: 'timed-out',
    deadlineAtMs: wait.deadlineAtMs,
    failedPolls: wait.failedPolls,
    lastFailure: wait.lastFailure,
    endedOnFailure: wait.endedOnFailure,
    everAnswered: wait.everAnswered,
    interrupted: error.interrupted,
  };
}

/**
 * Reads the queue (and the story) again for the PR as last polled. It may take what is left of the
 * wait, and a short grace past it; when it fails, the outputs show the queue from the first read
 * and a story from then would mislead, so it is dropped.
 */
export async function finalRefresh(wait: Wait): Promise<void> {
  const { seen, options } = wait;
  const { source, log, clock, cancel } = options;
  if (!seen.pr || !seen.queue) return;
  const budget = Math.max(wait.deadlineAtMs - clock.now(), FINAL_READ_GRACE_MS);
  try {
    absorb(seen, await source.refresh(seen.pr, AbortSignal.any([clock.timeout(budget), cancel])));
  } catch (error) {
    const story = seen.story ? ', and the story is left out' : '';
    seen.story = undefined;
    log.warning(
      `Could not read the queue again at the end of the wait (${messageOf(error)}); outputs show it as it was when the wait began${story}.`,
    );
  }
}

const ENDED: Record<Stop['kind'], string> = {
  answered: 'answered',
  reached: 'reached',
  'final-state': 'ended at',
  'timed-out': 'timed out',
  cancelled: 'cancelled',
  failed: 'stopped by an error',
};

function outcome(wait: Wait, stop: Stop): WaitOutcome {
  const { clock, waitFor } = wait.options;
  return {
    waitFor,
    waitedSeconds: Math.round((clock.now() - wait.startedMs) / 1000),
    timedOut: stop.kind === 'timed-out',
    ended: 'state' in stop ? `${ENDED[stop.kind]} ${stop.state}` : ENDED[stop.kind],
    polls: wait.polls,
  };
}

/** Until the next poll: the poll interval with up to 10% jitter, never past the deadline. */
function pause(wait: Wait): Promise<void> {
  const { clock, pollIntervalMs, random } = wait.options;
  const ms = Math.min(pollIntervalMs * (1 + 0.1 * random()), Math.max(0, wait.deadlineAtMs - clock.now()));
  return clock.sleep(ms, wait.signal).catch(() => {
    throw new CancelledError('the deadline passed while sleeping');
  });
}

/**
 * One read or poll. A transient failure is counted and said (at the heartbeat's pace: an hour of
 * outage is a few lines, not one per poll) and the wait goes on; any other ends it. A host that
 * does not resolve will not start to, so on the first read that ends it too.
 */
async function attempt(wait: Wait, read: () => Promise<void>): Promise<boolean> {
  const { log, clock } = wait.options;
  try {
    await read();
    wait.everAnswered = true;
    wait.endedOnFailure = false;
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || !error.transient) throw error;
    if (error.options.unresolved && !wait.everAnswered) throw error;
    wait.failedPolls++;
    wait.lastFailure = error;
    wait.endedOnFailure = true;
    if (clock.now() - wait.lastWarningAtMs >= HEARTBEAT_MS) {
      log.warning(`${error.message}; still waiting (${plural(wait.failedPolls, 'failed poll')} so far).`);
      wait.lastWarningAtMs = clock.now();
    } else {
      log.debug(`${error.message}; still waiting.`);
    }
    return false;
  } finally {
    wait.polls++;
  }
}

function changeKey(answer: PrAnswer): string {
  return `${stateOf(answer)}|${decideVerdict(answer).reasons.join(',')}`;
}
