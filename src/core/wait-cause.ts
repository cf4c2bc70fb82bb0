// Why a wait ran out of time, decided in one place from what its attempts did last: a request cut
// off while Trunk was slow to answer, a retry the deadline came before (a 429's Retry-After past
// it, say), an attempt that failed, or simply a PR that did not get there in time.
import type { Interrupted } from '../shared/errors.js';
import { duration, plural, utcClock } from '../shared/format.js';
import type { TimedOut } from './observation.js';

export interface TimedOutContext {
  /** "Timed out after 1 h waiting for PR #1842 to reach merged". */
  headline: string;
  /** "; it is being tested, ready" when the wait had an answer; empty without one. */
  now: string;
  /** "; the queue is paused" when it is not running; empty when it is. */
  queueNote: string;
}

const SLOW_HINT = 'check request-timeout-seconds against wait-timeout-seconds';

/** A request cut short sooner than this after it was sent was only due at the deadline: not a cause. */
const SLOW_AFTER_MS = 1_000;

export function timedOutMessage(stop: TimedOut, { headline, now, queueNote }: TimedOutContext): string {
  const { lastFailure } = stop;
  const interrupted =
    stop.interrupted?.kind === 'answer' && stop.deadlineAtMs - stop.interrupted.sentAtMs < SLOW_AFTER_MS
      ? undefined
      : stop.interrupted;
  if (interrupted?.kind === 'retry' && interrupted.status === 429) {
    return `${headline}${now}${queueNote}: Trunk throttled it (${throttled(interrupted, stop.deadlineAtMs)}). The key's limit may be shared with other jobs: a longer poll-interval-seconds spends less of it.`;
  }
  if (interrupted?.kind === 'retry') {
    const start = stop.everAnswered ? '' : `: ${neverAnswered(interrupted.status === undefined)}`;
    return `${headline}${now}${queueNote}${start}; ${interrupted.endpoint} failed with ${interrupted.problem}, and the deadline came before its retry at ${at(interrupted.dueAtMs, stop.deadlineAtMs)}.`;
  }
  if (interrupted?.kind === 'answer') {
    const waited = duration(Math.max(0, Math.round((stop.deadlineAtMs - interrupted.sentAtMs) / 1000)));
    const request = `${interrupted.endpoint}, sent ${waited} before the deadline, still had no answer`;
    return stop.everAnswered
      ? `${headline}${now}${queueNote}: Trunk answered slowly: ${request}; ${SLOW_HINT}.`
      : `${headline}: Trunk did not answer within it (${request}). Check api-url, and request-timeout-seconds against wait-timeout-seconds.`;
  }
  if (lastFailure && stop.endedOnFailure && !stop.everAnswered) {
    const reached = lastFailure.options.reached !== false;
    // The request's own error names api-url when the address is what looks wrong.
    const look = !reached && !/check (.* and )?api-url/i.test(lastFailure.message);
    // Requests that time out may only need longer: request-timeout-seconds comes first then.
    const hint = lastFailure.options.timedOut
      ? ` — ${SLOW_HINT}, then api-url and the network or proxy between the runner and Trunk`
      : ' — check api-url, and the network or proxy between the runner and Trunk';
    return `${headline}: ${neverAnswered(!reached)}. The last of ${plural(stop.failedPolls, 'attempt')} failed: ${lastFailure.message}${look ? hint : ''}.`;
  }
  if (lastFailure && stop.endedOnFailure) {
    return `${headline}${now}${queueNote}; ${plural(stop.failedPolls, 'poll')} failed, the last with: ${lastFailure.message}.`;
  }
  return `${headline}${now}${queueNote}.`;
}

function neverAnswered(unreached: boolean): string {
  return unreached ? 'Trunk was never reached' : 'Trunk never gave a usable answer';
}

/** A 429 the deadline came before retrying: when Trunk asked to be asked again, and when the retry was due. */
function throttled(retry: Extract<Interrupted, { kind: 'retry' }>, deadlineAtMs: number): string {
  const { endpoint, retryAfterAtMs, dueAtMs } = retry;
  const due = `the retry was due at ${at(dueAtMs, deadlineAtMs)}, after the deadline`;
  if (retryAfterAtMs === undefined) return `HTTP 429 to ${endpoint}; ${due}`;
  const until = `HTTP 429 to ${endpoint}, Retry-After until ${at(retryAfterAtMs, deadlineAtMs)}`;
  return retryAfterAtMs > deadlineAtMs ? `${until}, beyond the deadline` : `${until}; ${due}`;
}

/** `12:01:40 UTC`, with the date when it is not the deadline's day (a Retry-After in 2099). */
const at = (ms: number, deadlineAtMs: number) => utcClock(ms, deadlineAtMs, { seconds: true });
