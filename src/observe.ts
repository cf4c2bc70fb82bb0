// Asks the API, once or until the PR reaches a wanted state. Everything it learns goes into
// `seen` as soon as it arrives, so however this ends (success, verdict, deadline, API failure)
// the entry point can still set every output from the last answers.
import type { Clock } from './clock.js';
import { ApiError, VerdictError } from './errors.js';
import { formatDuration, plural } from './format.js';
import type { Log } from './log.js';
import type { PrAnswer, QueueAnswer } from './schemas.js';
import { deriveStatus, queueStateNote } from './status.js';
import { CancelledError, type QueueRef, type TrunkClient } from './trunk-client.js';
import { decideVerdict, stateOf, stateText, TERMINAL_STATES, verdictText } from './verdict.js';

/** How a wait went: the outputs, the summary and the log all read it from here. */
export interface WaitOutcome {
  waitFor: readonly string[];
  waitedSeconds: number;
  timedOut: boolean;
  /** What ended it, as a sentence fragment: "reached merged", "timed out", "stopped by an error". */
  ended: string;
  polls: number;
}

export interface Seen {
  pr?: PrAnswer;
  queue?: QueueAnswer;
  /** undefined without wait-for. */
  wait?: WaitOutcome;
  /** The queue-state warning already given, so the end of the run does not repeat it. */
  queueWarning?: string;
}

export interface ObserveOptions {
  client: TrunkClient;
  ref: QueueRef;
  pr: number;
  log: Log;
  /** Empty: ask once. */
  waitFor: readonly string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
  clock: Clock;
  random: () => number;
}

/** A person watching the job should see it is alive at least this often. */
const HEARTBEAT_MS = 60_000;
/** Time the closing getQueue may take when the deadline has already passed. */
const FINAL_READ_GRACE_MS = 2_000;

export async function observe(options: ObserveOptions, seen: Seen): Promise<void> {
  if (options.waitFor.length === 0) return readBoth(options, seen);
  return waitForState(options, seen);
}

/**
 * Both requests at once. The first failure ends the read: the other request is aborted rather
 * than left to finish its retries, since the run cannot use one answer without the other.
 */
async function readBoth({ client, ref, pr }: ObserveOptions, seen: Seen, deadline?: AbortSignal): Promise<void> {
  const sibling = new AbortController();
  const signal = deadline ? AbortSignal.any([deadline, sibling.signal]) : sibling.signal;
  let failure: { error: unknown } | undefined;
  const settle = async <T>(request: Promise<T>, keep: (value: T) => void) => {
    try {
      keep(await request);
    } catch (error) {
      failure ??= { error };
      sibling.abort();
    }
  };
  await Promise.all([
    settle(client.getSubmittedPullRequest(ref, pr, signal), (answer) => (seen.pr = answer)),
    settle(client.getQueue(ref, signal), (queue) => (seen.queue = queue)),
  ]);
  if (failure) throw failure.error;
}

async function waitForState(options: ObserveOptions, seen: Seen): Promise<void> {
  const { client, ref, pr, log, waitFor, waitTimeoutMs, pollIntervalMs, clock, random } = options;
  const started = clock.now();
  const deadlineAt = started + waitTimeoutMs;
  const deadline = clock.timeout(waitTimeoutMs);
  const wanted = waitFor.join(' or ');
  let polls = 0;
  /** The PR was read again after the queue was: the queue's answer is older than the PR's. */
  let queueIsOlder = false;
  let finalLine = '';
  let verdict: ((queueNote: string) => VerdictError) | undefined;
  const end = (ended: string, timedOut: boolean) => {
    const waitedSeconds = Math.round((clock.now() - started) / 1000);
    seen.wait = { waitFor, waitedSeconds, timedOut, ended, polls };
  };
  end('still waiting', false);

  const pause = () =>
    clock
      .sleep(Math.min(pollIntervalMs * (1 + 0.1 * random()), Math.max(0, deadlineAt - clock.now())), deadline)
      .catch(() => {
        throw new CancelledError('the deadline passed while sleeping');
      });
  // A throttled or failing API is no reason to give up a wait the deadline still allows, on the
  // first read as on every later one.
  const tolerating = async (read: () => Promise<void>): Promise<boolean> => {
    try {
      await read();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || !error.transient) throw error;
      log.warning(`${error.message}; still waiting.`);
      return false;
    } finally {
      polls++;
    }
  };

  try {
    while (!(await tolerating(() => readBoth(options, seen, deadline)))) await pause();
    let answer = seen.pr as PrAnswer;
    // Said now, not when the wait ends: a paused queue is why nothing will move.
    const queue = (seen.queue as QueueAnswer).queue;
    seen.queueWarning = queueStateNote(deriveStatus({ prNumber: pr, answer, queue, nowMs: clock.now() }));
    if (seen.queueWarning) log.warning(seen.queueWarning);
    log.info(
      `Waiting up to ${formatDuration(waitTimeoutMs / 1000)} for PR #${pr} to reach ${wanted}; it is ${describe(answer)}${queueNote(seen)}.`,
    );
    let lastKey = changeKey(answer);
    let lastLine = clock.now();
    for (;;) {
      const state = stateOf(answer);
      if (waitFor.includes(state)) {
        end(`reached ${state}`, false);
        finalLine = `PR #${pr} reached ${state} after ${formatDuration(seen.wait?.waitedSeconds ?? 0)}`;
        break;
      }
      if (TERMINAL_STATES.includes(state)) {
        end(`ended at ${state}`, false);
        verdict = (note) =>
          new VerdictError(`PR #${pr} reached ${state}, a final state that is not in wait-for (${wanted})${note}.`);
        break;
      }
      await pause();
      const polled = await tolerating(async () => {
        seen.pr = await client.getSubmittedPullRequest(ref, pr, deadline);
      });
      if (!polled) continue;
      answer = seen.pr as PrAnswer;
      queueIsOlder = true;
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
    if (!(error instanceof CancelledError) || !deadline.aborted) {
      end('stopped by an error', false);
      throw error;
    }
    end('timed out', true);
    const now = seen.pr ? `; it is ${describe(seen.pr)}` : '';
    verdict = (note) =>
      new VerdictError(
        `Timed out after ${formatDuration(waitTimeoutMs / 1000)} waiting for PR #${pr} to reach ${wanted}${now}${note}.`,
      );
  }

  // The summary should describe the queue as it was when the wait ended, not when it began.
  if (queueIsOlder && seen.queue) {
    const budget = Math.max(deadlineAt - clock.now(), FINAL_READ_GRACE_MS);
    try {
      seen.queue = await client.getQueue(ref, clock.timeout(budget));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      log.warning(
        `Could not read the queue again at the end of the wait (${why}); outputs show it as it was when the wait began.`,
      );
    }
  }
  if (verdict) throw verdict(queueNote(seen));
  log.info(`${finalLine}${queueNote(seen)}.`);
}

function describe(answer: PrAnswer): string {
  return `${stateText(stateOf(answer))} (${verdictText(decideVerdict(answer))})`;
}

function changeKey(answer: PrAnswer): string {
  return `${stateOf(answer)}|${decideVerdict(answer).reasons.join(',')}`;
}

/**
 * While the queue is not running, the wait's lines say so: it is why nothing moves. Between the
 * first and the last read the queue is not asked again, so a heartbeat says what it last was.
 */
function queueNote({ queue }: Seen, tense: 'is' | 'was' = 'is'): string {
  if (!queue || queue.queue.state === 'running') return '';
  return tense === 'is' ? `; the queue is ${queue.queue.state}` : `; the queue was ${queue.queue.state} at the start`;
}
