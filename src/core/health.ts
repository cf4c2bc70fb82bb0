// The queue's health, for a report on the queue itself (`scope: queue`): is it moving, and if not,
// why. Pure: the clock and the stall threshold are arguments, and it reads the neutral model, so
// an answer from v1 and one from v2 are judged by the same rules.
//
// An age Trunk did not send is unknown, never zero and never old: a rule that needs it does not
// fire on a guess (no invented problem), and the rule is named in `undecided`, so that the
// summary and the log say what could not be checked rather than call the queue healthy outright.
import type { QueueEntry, QueueFacts } from './model.js';
import { asCodePart, IN_TEST_RUN } from './verdict.js';
import { parseTimestamp, secondsSince } from '../shared/time.js';

/** The reason codes of an unhealthy queue, as the docs list them. */
export const HEALTH_REASON_CODES = [
  'queue_paused',
  'queue_draining',
  'queue_switching_modes',
  'queue_<state>',
  'testing_overdue',
  'queue_stalled',
] as const;

export type HealthReason = `queue_${string}` | 'testing_overdue';

/** The two rules that need to know how long entries have been in their state. */
export type AgeRule = 'testing_overdue' | 'queue_stalled';

/** A listed entry, its 1-based place in the line, and its whole seconds in its state when known. */
export interface AgedEntry {
  entry: QueueEntry;
  place: number;
  /** `testing` or `tests_passed`: counted in `queue-testing`; every other entry waits. */
  testing: boolean;
  ageSeconds?: number;
}

export interface QueueHealth {
  /** True exactly when `reasons` is empty. */
  ready: boolean;
  reasons: HealthReason[];
  /** Entries `testing` or `tests_passed`. */
  testing: number;
  /** Every other entry, those the API counts but does not list included. */
  waiting: number;
  /** The listed entries with their ages, in line order. */
  entries: AgedEntry[];
  /** The waiting entry longest in its state, among those whose age is known. */
  longestWait?: AgedEntry;
  /** The testing entry longest in its state, among those whose age is known. */
  oldestTesting?: AgedEntry;
  /** Entries `testing` for longer than the queue's testing timeout. */
  overdue: AgedEntry[];
  /** Seconds since the latest state change of any entry whose age is known. */
  quietSeconds?: number;
  /** Entries whose age is unknown: no time sent, one that cannot be read, or not listed at all. */
  unknownAges: number;
  /** Rules that could not be checked for want of an age (only ever in a queue that would otherwise pass them). */
  undecided: AgeRule[];
  /** What the queue was held to, for the words. */
  stallMinutes: number;
  testingTimeoutMinutes: number;
}

export interface HealthInput {
  queue: QueueFacts;
  nowMs: number;
  /** A running queue with PRs waiting, none testing and no change for this long is stalled. */
  stallMinutes: number;
}

export function assessQueue({ queue, nowMs, stallMinutes }: HealthInput): QueueHealth {
  const entries: AgedEntry[] = queue.entries.map((entry, i) => {
    const changedMs = entry.stateChangedAt === undefined ? undefined : parseTimestamp(entry.stateChangedAt);
    const ageSeconds = changedMs === undefined ? undefined : secondsSince(changedMs, nowMs);
    return { entry, place: i + 1, testing: IN_TEST_RUN.includes(entry.state), ageSeconds };
  });
  const testing = entries.filter((aged) => aged.testing).length;
  const waiting = Math.max(0, queue.length - testing);
  const known = entries.filter((aged) => aged.ageSeconds !== undefined);
  const ages = known.map((aged) => aged.ageSeconds as number);

  // Trunk's own limit: 0 or none means a run may take as long as it takes.
  const timeoutMinutes = queue.testingTimeoutMinutes ?? 0;
  const inTestRun = entries.filter((aged) => aged.entry.state === 'testing');
  const overdue = timeoutMinutes > 0 ? inTestRun.filter((aged) => (aged.ageSeconds ?? 0) > timeoutMinutes * 60) : [];
  const quietSeconds = ages.length > 0 ? Math.min(...ages) : undefined;
  const stallCandidate = queue.state === 'running' && waiting > 0 && testing === 0;
  const stalled = stallCandidate && quietSeconds !== undefined && quietSeconds >= stallMinutes * 60;

  const reasons: HealthReason[] = [];
  if (queue.state !== 'running') reasons.push(`queue_${asCodePart(queue.state)}`);
  if (overdue.length > 0) reasons.push('testing_overdue');
  if (stalled) reasons.push('queue_stalled');

  const undecided: AgeRule[] = [];
  if (timeoutMinutes > 0 && overdue.length === 0 && inTestRun.some((aged) => aged.ageSeconds === undefined)) {
    undecided.push('testing_overdue');
  }
  if (stallCandidate && quietSeconds === undefined) undecided.push('queue_stalled');

  return {
    ready: reasons.length === 0,
    reasons,
    testing,
    waiting,
    entries,
    longestWait: oldest(known.filter((aged) => !aged.testing)),
    oldestTesting: oldest(known.filter((aged) => aged.testing)),
    overdue,
    quietSeconds,
    unknownAges: entries.length - known.length + Math.max(0, queue.length - entries.length),
    undecided,
    stallMinutes,
    testingTimeoutMinutes: timeoutMinutes,
  };
}

/** The one longest in its state; the first in line of those tied. */
function oldest(aged: AgedEntry[]): AgedEntry | undefined {
  return aged.reduce<AgedEntry | undefined>(
    (best, next) => (best === undefined || (next.ageSeconds ?? 0) > (best.ageSeconds ?? 0) ? next : best),
    undefined,
  );
}
