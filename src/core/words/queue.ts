// A report on the queue itself, in words: the one sentence that leads the summary and is the
// log's account, what each health reason means and what clears it, and what could not be
// checked. Pure; codes appear only in parentheses, for whoever greps for them.
import { duration, grouped, outside, plural } from '../../shared/format.js';
import type { QueueFacts } from '../model.js';
import type { AgeRule, HealthReason, QueueHealth } from '../health.js';
import { queueMeaning, queueStateWords } from './states.js';
import { describeWindowReason } from './window.js';
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

function overdueWords(health: QueueHealth): string {
  const [first] = [...health.overdue].sort((a, b) => (b.ageSeconds ?? 0) - (a.ageSeconds ?? 0));
  const limit = duration(health.testingTimeoutMinutes * 60);
  const how = `been testing for ${duration(first?.ageSeconds ?? 0)}, over the ${limit} limit`;
  return health.overdue.length === 1
    ? `has a test run past its timeout: #${first?.entry.number} has ${how}`
    : `has ${health.overdue.length} test runs past their timeout: the oldest, #${first?.entry.number}, has ${how}`;
}

function stalledWords(health: QueueHealth): string {
  return `is stalled: ${grouped(health.waiting)} waiting, none testing, and no entry has changed state for ${duration(health.quietSeconds ?? 0)}`;
}

/**
 * The health in one sentence, without a closing stop: "Queue main is paused: nothing is tested or
 * merged; 1 testing, 2 waiting", "Queue main is healthy: 2 testing, 5 waiting; the longest wait is
 * 1 h 12 min". Plain text: the summary escapes it (the branch is API text).
 */
export function healthSentence(queue: QueueFacts, health: QueueHealth): string {
  const name = `Queue ${outside(queue.branch)}`;
  const [first] = health.reasons;
  if (first === undefined) {
    const unsure = health.undecided.map((rule) => `; ${undecidedWords(rule)}`).join('');
    // Not "healthy" when a check could not be made: running is all that is known.
    return `${name} is ${unsure ? 'running' : 'healthy'}: ${counts(health)}${longestWait(health)}${unsure}`;
  }
  if (first === 'testing_overdue') return `${name} ${overdueWords(health)}; ${counts(health)}`;
  if (first === 'queue_stalled') return `${name} ${stalledWords(health)}`;
  const meaning = queueMeaning(queue.state);
  return `${name} is ${queueStateWords(queue.state)}${meaning ? `: ${meaning}` : ''}; ${counts(health)}`;
}

/** What a reason means, in words. */
export function describeHealthReason(code: HealthReason, queue: QueueFacts, health: QueueHealth): string {
  if (code === 'testing_overdue') return `the queue ${overdueWords(health)}`;
  if (code === 'queue_stalled') {
    return `the queue ${stalledWords(health)}, longer than the ${duration(health.stallMinutes * 60)} stall-minutes allows`;
  }
  const meaning = queueMeaning(queue.state);
  return `the queue is ${queueStateWords(queue.state)}${meaning ? `: ${meaning}` : ''}`;
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
 * the window, what the window found: "Queue main needs attention: the failure rate was 23.5 % …".
 */
export function queueHeadline(queue: QueueFacts, health: QueueHealth, window: WindowReport | undefined): string {
  if (health.reasons.length > 0 || !window || window.reasons.length === 0) return healthSentence(queue, health);
  const why = clauses(window.reasons.map((code) => describeWindowReason(code, window)));
  return `Queue ${outside(queue.branch)} needs attention: ${why}`;
}
