// Asks the API, once or until the PR reaches a wanted state. Everything it learns goes into
// `seen` as soon as it arrives, so however this ends (success, verdict, deadline, API failure)
// the entry point can still set every output from the last answers.
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, VerdictError } from './errors.js';
import type { Log } from './log.js';
import type { Queue } from './schemas.js';
import { readinessReasons, stateOf, verdictText, type PrAnswer, type WaitResult } from './status.js';
import { TERMINAL_STATES } from './states.js';
import { formatDuration } from './format.js';
import { DeadlineError, type QueueRef, type TrunkClient } from './trunk-client.js';

export interface Seen {
  pr?: PrAnswer;
  queue?: Queue;
  wait: WaitResult;
  /** How the wait ended, for the summary; undefined without wait-for. */
  waitOutcome?: string;
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
  random?: () => number;
}

/** A person watching the job should see it is alive at least this often. */
const HEARTBEAT_MS = 60_000;
/** Time the closing getQueue may take when the deadline has already passed. */
const FINAL_READ_GRACE_MS = 2_000;

/** Both requests at once; the PR's failure is reported first when both fail. */
async function readBoth(options: ObserveOptions, seen: Seen, deadline?: AbortSignal): Promise<void> {
  const { client, ref, pr } = options;
  const [prResult, queueResult] = await Promise.allSettled([
    client.getSubmittedPullRequest(ref, pr, deadline),
    client.getQueue(ref, deadline),
  ]);
  if (prResult.status === 'fulfilled') seen.pr = prResult.value;
  if (queueResult.status === 'fulfilled') seen.queue = queueResult.value;
  if (prResult.status === 'rejected') throw prResult.reason;
  if (queueResult.status === 'rejected') throw queueResult.reason;
}

export async function observe(options: ObserveOptions, seen: Seen): Promise<void> {
  if (options.waitFor.length === 0) return readBoth(options, seen);
  return waitForState(options, seen);
}

async function waitForState(options: ObserveOptions, seen: Seen): Promise<void> {
  const { client, ref, pr, log, waitFor, waitTimeoutMs, pollIntervalMs } = options;
  const random = options.random ?? Math.random;
  const started = Date.now();
  const deadlineAt = started + waitTimeoutMs;
  const deadline = AbortSignal.timeout(waitTimeoutMs);
  const wanted = waitFor.join(', ');
  let polls = 0;
  let verdict: VerdictError | undefined;

  const end = (outcome: string, timedOut: boolean) => {
    seen.wait = { waitedSeconds: Math.round((Date.now() - started) / 1000), timedOut };
    seen.waitOutcome = outcome;
  };

  try {
    await readBoth(options, seen, deadline);
    let answer = seen.pr as PrAnswer;
    log.info(
      `Waiting up to ${formatDuration(waitTimeoutMs / 1000)} for PR #${pr} to reach ${wanted}; it is ${describe(answer)}.`,
    );
    let lastKey = changeKey(answer);
    let lastLine = Date.now();
    for (;;) {
      const state = stateOf(answer);
      if (waitFor.includes(state)) {
        end(`reached ${state}`, false);
        log.info(`PR #${pr} reached ${state} after ${formatDuration(seen.wait.waitedSeconds)}.`);
        break;
      }
      if (TERMINAL_STATES.includes(state)) {
        end(`ended at ${state}`, false);
        verdict = new VerdictError(`PR #${pr} reached ${state}, a final state that is not in wait-for (${wanted}).`);
        break;
      }
      const pause = Math.min(pollIntervalMs * (1 + 0.1 * random()), Math.max(0, deadlineAt - Date.now()));
      await sleep(pause, undefined, { signal: deadline }).catch(() => {
        throw new DeadlineError('the deadline passed while sleeping');
      });
      try {
        answer = seen.pr = await client.getSubmittedPullRequest(ref, pr, deadline);
      } catch (error) {
        // A throttled or failing API is no reason to give up a wait the deadline still allows.
        if (!(error instanceof ApiError) || !error.transient) throw error;
        log.warning(`${error.message}; still waiting.`);
        continue;
      } finally {
        polls++;
      }
      const key = changeKey(answer);
      const waited = formatDuration((Date.now() - started) / 1000);
      const line = `PR #${pr} is ${describe(answer)} (${waited} waited, ${polls} polls).`;
      if (key !== lastKey || Date.now() - lastLine >= HEARTBEAT_MS) {
        log.info(key === lastKey ? `Still waiting for ${wanted}: ${line}` : line);
        lastKey = key;
        lastLine = Date.now();
      } else {
        log.debug(line);
      }
    }
  } catch (error) {
    if (!(error instanceof DeadlineError)) {
      end('stopped by an error', false);
      throw error;
    }
    end('timed out', true);
    const now = seen.pr ? `; it is ${describe(seen.pr)}` : '';
    verdict = new VerdictError(
      `Timed out after ${formatDuration(waitTimeoutMs / 1000)} waiting for PR #${pr} to reach ${wanted}${now}.`,
    );
  }

  // The summary should describe the queue as it was when the wait ended, not when it began.
  if (polls > 0 && seen.queue) {
    const budget = Math.max(deadlineAt - Date.now(), FINAL_READ_GRACE_MS);
    try {
      seen.queue = await client.getQueue(ref, AbortSignal.timeout(budget));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      log.warning(
        `Could not read the queue again at the end of the wait (${why}); outputs show it as it was when the wait began.`,
      );
    }
  }
  if (verdict) throw verdict;
}

function describe(answer: PrAnswer): string {
  return `${stateOf(answer) || 'in no reported state'} (${verdictText(readinessReasons(answer))})`;
}

function changeKey(answer: PrAnswer): string {
  return `${stateOf(answer)}|${readinessReasons(answer).join(',')}`;
}
