// A report on the queue itself, in words: the one sentence that leads the summary and is the
// log's account, what each health reason means and what clears it, and what could not be
// checked. Pure; codes appear only in parentheses, for whoever greps for them.
import { duration, grouped, outside, plural, utcClock } from '../../shared/format.js';
import type { QueueFacts } from '../model.js';
import type { AgeRule, HealthReason, QueueHealth } from '../health.js';
import { knownQueueState, queueMeaning, queueStateWords } from './states.js';
import { describeWindowReason, windowProblemWords } from './window.js';
import type { WindowReport } from '../window/report.js';
import { clauses } from './story.js';

/** What clears each reason, for the summary. */
const FIXES: ReadonlyMap<string, string> = new Map([
  ['queue_paused', 'resume the queue in the Trunk web app once whatever paused it is over'],
  ['queue_draining', 'set the queue running again in the Trunk web app when the drain is done'],
  ['queue_switching_modes', 'wait: the switch ends once the PRs already in the queue are through'],
  ['testing_overdue', 'Trunk should have given up on that run: look at it in the Trunk web app, and at its CI jobs'],
  [
    'queue_stalled',
    'look at the first PRs in the Trunk web app: a required check that never reports, or a test branch that cannot be built, keeps a queue from testing',
  ],
]);

/** "2 testing, 5 waiting", or "empty". */
function counts({ testing, waiting }: QueueHealth): string {
  return testing + waiting === 0 ? 'empty' : `${grouped(testing)} testing, ${grouped(waiting)} waiting`;
}

function longestWait(health: QueueHealth): string {
  const age = health.longestWait?.ageSeconds;
  if (age === undefined) return '';
  return `; the longest wait is ${health.unknownAges > 0 ? 'at least ' : ''}${duration(age)}`;
}

/** Why a rule could not be checked, as a clause. */
export function undecidedWords(rule: AgeRule): string {
  return rule === 'queue_stalled'
    ? 'whether it is stalled is unknown: Trunk sent no time for any entry'
    : 'whether a test run is past its timeout is unknown: Trunk sent no time for the PRs testing';
}

/** "has a test run past its timeout" and "#1840 has been testing for 6 h, over the 5 h limit". */
function overdueParts(health: QueueHealth): { state: string; details: string } {
  const [first] = [...health.overdue].sort((a, b) => (b.ageSeconds ?? 0) - (a.ageSeconds ?? 0));
  const limit = duration(health.testingTimeoutMinutes * 60);
  const how = `been testing for ${duration(first?.ageSeconds ?? 0)}, over the ${limit} limit`;
  return health.overdue.length === 1
    ? { state: 'has a test run past its timeout', details: `#${first?.entry.number} has ${how}` }
    : {
        state: `has ${health.overdue.length} test runs past their timeout`,
        details: `the oldest, #${first?.entry.number}, has ${how}`,
      };
}

function overdueWords(health: QueueHealth): string {
  const { state, details } = overdueParts(health);
  return `${state}: ${details}`;
}

function stalledDetails(health: QueueHealth): string {
  const quiet = duration(health.quietSeconds ?? 0);
  return `${grouped(health.waiting)} waiting, none testing, and no entry has changed state for ${quiet}, over the ${duration(health.stallMinutes * 60)} limit`;
}

/**
 * The health in two halves: what the queue is ("is paused", "is stalled", "is healthy") and what
 * that means and how many PRs are where ("nothing merges …; 1 testing, 2 waiting"). Plain text.
 */
function healthParts(queue: QueueFacts, health: QueueHealth): { state: string; details: string } {
  const [first] = health.reasons;
  if (first === undefined) {
    const unsure = health.undecided.map((rule) => `; ${undecidedWords(rule)}`).join('');
    // Not "healthy" when a check could not be made: running is all that is known.
    return { state: unsure ? 'is running' : 'is healthy', details: `${counts(health)}${longestWait(health)}${unsure}` };
  }
  if (first === 'testing_overdue') {
    const { state, details } = overdueParts(health);
    return { state, details: `${details}; ${counts(health)}` };
  }
  if (first === 'queue_stalled') return { state: 'is stalled', details: stalledDetails(health) };
  const meaning = queueMeaning(queue.state);
  return { state: `is ${queueStateWords(queue.state)}`, details: `${meaning ? `${meaning}; ` : ''}${counts(health)}` };
}

/**
 * The health in one sentence, without a closing stop: "Queue main is paused: nothing is tested or
 * merged; 1 testing, 2 waiting", "Queue main is healthy: 2 testing, 5 waiting; the longest wait is
 * 1 h 12 min". Plain text: the summary escapes it (the branch is API text).
 */
export function healthSentence(queue: QueueFacts, health: QueueHealth): string {
  const { state, details } = healthParts(queue, health);
  return `Queue ${outside(queue.branch)} ${state}: ${details}`;
}

/** What the queue was, after "healthy again, after 2 h 10 min": "paused", "over its failure rate limit". */
const WAS: ReadonlyMap<string, string> = new Map([
  ['queue_paused', 'paused'],
  ['queue_draining', 'draining'],
  ['queue_switching_modes', 'switching modes'],
  ['queue_stalled', 'stalled'],
  ['testing_overdue', 'overdue on a test run'],
  ['failure_rate_high', 'over its failure rate limit'],
  ['time_in_queue_high', 'over its time-in-queue limit'],
  ['failure_rate_unknown', 'unchecked'],
  ['time_in_queue_unknown', 'unchecked'],
  ['not_checked', 'unchecked'],
]);

/** A recovery: healthy now, after the previous run found the queue otherwise. */
interface Recovery {
  /** How long the unhealthy spell lasted, when its start is known. */
  afterMs?: number;
  /** Its reasons, as the previous run recorded them. */
  was: readonly string[];
}

/** "is healthy again, after 2 h 10 min paused"; "is healthy again, after being stalled" when how long is unknown. */
function recoveredWords(recovery: Recovery): string {
  const known = [...new Set(recovery.was.map((code) => WAS.get(code) ?? 'unhealthy'))].slice(0, 2);
  const was = known.length > 0 ? known.join(' and ') : 'unhealthy';
  const spell = recovery.afterMs === undefined ? 'being' : duration(recovery.afterMs / 1000);
  return `is healthy again, after ${spell} ${was}`;
}

/**
 * How long the queue has been unhealthy, when it was before this run: "Not healthy since 10:00 UTC
 * (2 h 10 min), as the runs of this job have seen it."
 */
export function spellWords(alert: { unhealthySinceMs?: number }, nowMs: number): string | undefined {
  const since = alert.unhealthySinceMs;
  if (since === undefined || since >= nowMs) return undefined;
  return `Not healthy since ${utcClock(since, nowMs)} (${duration((nowMs - since) / 1000)}), as the runs of this job have seen it.`;
}

/** Who the words are for: the repository, named when they leave it (Slack), and a recovery, if this is one. */
export interface HeadlineContext {
  repo?: string;
  recovery?: Recovery;
}

const queueName = (queue: QueueFacts, repo: string | undefined) =>
  `Queue ${outside(queue.branch)}${repo ? ` of ${outside(repo)}` : ''}`;

/**
 * The verdict in a few words, for a first line that a channel of several repositories can read:
 * "Queue main of acme/widgets is paused", "… is healthy again, after 2 h 10 min paused", "…
 * needs attention: its failure rate is too high". The rest follows on lines of its own.
 */
export function queueVerdictLine(
  queue: QueueFacts,
  health: QueueHealth,
  window: WindowReport | undefined,
  context: HeadlineContext,
): string {
  const name = queueName(queue, context.repo);
  const [windowFirst] = window?.reasons ?? [];
  if (health.reasons.length === 0 && windowFirst !== undefined) {
    return `${name} needs attention: ${windowProblemWords(windowFirst)}`;
  }
  if (health.reasons.length === 0 && context.recovery) return `${name} ${recoveredWords(context.recovery)}`;
  return `${name} ${healthParts(queue, health).state}`;
}

/** What follows the verdict line: what the state means and how many PRs are where, as a sentence. */
export function healthDetails(queue: QueueFacts, health: QueueHealth): string {
  const { details } = healthParts(queue, health);
  return `${details.charAt(0).toUpperCase()}${details.slice(1)}.`;
}

/** What a reason means, in words. */
export function describeHealthReason(code: HealthReason, queue: QueueFacts, health: QueueHealth): string {
  if (code === 'testing_overdue') return `the queue ${overdueWords(health)}`;
  if (code === 'queue_stalled') return `the queue is stalled: ${stalledDetails(health)}`;
  const meaning = queueMeaning(queue.state);
  return `the queue is ${queueStateWords(queue.state)}${meaning ? `: ${meaning}` : ''}`;
}

/** What a reason is, in a few words, for a list whose heading already says what it means. */
export function healthProblemWords(code: HealthReason, queue: QueueFacts): string {
  if (code === 'testing_overdue') return 'a test run past its timeout';
  if (code === 'queue_stalled') return 'stalled';
  // A state without words has its code beside the words in the list: the value is not said twice.
  return knownQueueState(queue.state) ? queueStateWords(queue.state) : 'in a state this version does not know';
}

/** What clears a reason; undefined for a queue state this version does not know. */
export function fixForHealthReason(code: HealthReason): string | undefined {
  return FIXES.get(code);
}

/** Which ages Trunk did not send, and what that leaves out; undefined when it sent them all. */
export function agesNote(queue: QueueFacts, health: QueueHealth): string | undefined {
  const unknown = health.unknownAges;
  if (unknown === 0) return undefined;
  if (unknown >= queue.length) {
    const all = queue.length === 1 ? 'the one entry' : `any of the ${plural(queue.length, 'entry', 'entries')}`;
    return `Trunk sent no state time for ${all}, so the waits, and whether the queue is stalled or a test run is overdue, are unknown`;
  }
  return `Trunk sent no state time for ${plural(unknown, 'entry', 'entries')} of ${grouped(queue.length)}, so the longest wait and the checks for a stalled queue and for overdue test runs count only the others`;
}

/**
 * The report's heading: the health, or, when the queue is healthy now but over its thresholds on
 * the window, what the window found: "Queue main needs attention: the failure rate was 23.5 % …";
 * after a recovery, "Queue main of acme/widgets is healthy again, after 2 h 10 min paused: …".
 */
export function queueHeadline(
  queue: QueueFacts,
  health: QueueHealth,
  window: WindowReport | undefined,
  context: HeadlineContext = {},
): string {
  if (health.reasons.length > 0 || !window || window.reasons.length === 0) {
    if (health.reasons.length > 0 || !context.recovery) return healthSentence(queue, health);
    return `${queueVerdictLine(queue, health, window, context)}: ${healthParts(queue, health).details}`;
  }
  const why = clauses(window.reasons.map((code) => describeWindowReason(code, window)));
  return `Queue ${outside(queue.branch)} needs attention: ${why}`;
}

/** The reasons the heading names: the first of the health's, or every one of the window's. */
export function headlineReasons(health: QueueHealth, window: WindowReport | undefined): string[] {
  const [first] = health.reasons;
  return first !== undefined ? [first] : [...(window?.reasons ?? [])];
}
