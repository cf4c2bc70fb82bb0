// A PR run's verdict in words: the heading (the summary's, and Slack's first line), the log's
// one-line account, and the error line of fail-if-not-ready. They are made here, together, so
// they cannot drift apart. Words first; the codes once, in parentheses at the end of a line that
// is read by grep. The blocker is named in words when the action knows it (the story, with
// api-key): "PR #1842 is not ready: it needs 1 more approving review, and required check `build`
// is failing".
import { duration, grouped, ordinal, outside, plural } from '../../shared/format.js';
import type { Status } from '../status.js';
import type { PrAnswer } from '../model.js';
import { decideVerdict, stateOf, TERMINAL_STATES, type ReasonCode } from '../verdict.js';
import { queueNoteFor, queueStateWords, knownState, stateWords } from './states.js';
import { codesAfter, describeReason } from './reasons.js';
import { blockerItems, clauses, exitClause } from './story.js';

/** A heading: the mark that sums it up, and its words (plain text; the summary escapes them). */
export interface Headline {
  icon: '✅' | '❌' | '⏳' | '⚠️';
  text: string;
}

/** Whether the queue's own state holds this PR back: paused, draining or switching, and the PR not done. */
function heldByQueue(status: Status): boolean {
  return prQueueNote(status) !== undefined;
}

/** What the queue's state means for this PR, when it holds it back. */
export function prQueueNote(status: Status): string | undefined {
  if (['merged', 'failed', 'cancelled'].includes(status.state)) return undefined;
  return queueNoteFor(status.queue.state, status.prNumber, status.position !== undefined);
}

/**
 * The verdict first: "Ready: PR #1842 is being tested for 12 min, 2nd in line". A step that failed
 * is never headed with a green mark, and a PR the queue's state holds back is not headed with ✅
 * alone: the heading names the queue's state.
 */
export function prHeadline(status: Status, stepFailed: boolean): Headline {
  const { state, verdict, prNumber, stateAgeSeconds } = status;
  const pr = `PR #${prNumber}`;
  const age = stateAgeSeconds === undefined ? '' : duration(stateAgeSeconds);
  const held = heldByQueue(status);
  const stale = status.stale ? '; the queue has another commit of it (stale)' : '';
  if (state === 'merged') {
    return { icon: stepFailed ? '❌' : '✅', text: `Merged${but(stepFailed)}: ${pr} merged${age && ` ${age} ago`}` };
  }
  const finished = verdict.reasons.some((code) => code.startsWith('state_'));
  // A state the PR has left the queue in happened at a time, not for a while: "after failing, 4 min ago".
  const since =
    !age || state === 'not_submitted' ? '' : TERMINAL_STATES.includes(state) ? `, ${age} ago` : ` for ${age}`;
  const words = `${pr} is ${stateWords(state)}${since}${place(status)}${stale}`;
  if (!verdict.ready) return { icon: stepFailed || finished ? '❌' : '⏳', text: `Not ready: ${words}` };
  if (held) {
    const queue = `the queue is ${queueStateWords(status.queue.state)}`;
    return { icon: stepFailed ? '❌' : '⚠️', text: `Ready${but(stepFailed)}, but ${queue}: ${words}` };
  }
  return { icon: stepFailed ? '❌' : status.stale ? '⚠️' : '✅', text: `Ready${but(stepFailed)}: ${words}` };
}

const but = (stepFailed: boolean) => (stepFailed ? ', but the step failed' : '');

/** ", 2nd in line", ", 2nd in the queue's order" (parallel mode); empty when not listed. */
function place({ position, queue }: Status): string {
  if (position === undefined) return '';
  return `, ${ordinal(position)} ${queue.mode === 'parallel' ? "in the queue's order" : 'in line'}`;
}

/**
 * The state's code, when its words are not the code itself and no reason names it already
 * (`state_failed` says `failed`): "(testing)", or nothing.
 */
function stateCode(state: string, reasons: readonly string[]): string[] {
  return knownState(state) && stateWords(state) !== state && !reasons.includes(`state_${state}`) ? [state] : [];
}

/** The codes a line ends with, each once: the state's and the reasons. */
function codes(state: string, reasons: readonly string[]): string {
  return codesAfter([...new Set([...stateCode(state, reasons), ...reasons])]);
}

/** Codes in parentheses after the words they belong to; nothing when there are none. */
const after = (list: readonly string[]) => codesAfter([...new Set(list)]);

/**
 * The state and the verdict, each with its own codes beside its words: "being tested (testing),
 * ready"; "out of the queue after failing, not ready (state_failed)".
 */
function stateAndVerdict(state: string, ready: boolean, reasons: readonly string[]): string {
  const own = stateCode(state, reasons);
  return `${stateWords(state)}${after(own)}, ${ready ? 'ready' : 'not ready'}${after(reasons.filter((code) => !own.includes(code)))}`;
}

/**
 * The log's account: "PR #1842 is being tested (testing), ready, 2nd of 3 in line; the main queue
 * is running."
 */
export function prStatusLine(status: Status): string {
  const { queue, position } = status;
  const where =
    position === undefined
      ? `not listed in the queue (${plural(queue.length, 'entry', 'entries')})`
      : `${ordinal(position)} of ${grouped(queue.length)} ${queue.mode === 'parallel' ? "in the queue's order" : 'in line'}`;
  const said = stateAndVerdict(status.state, status.verdict.ready, status.verdict.reasons);
  return `PR #${status.prNumber} is ${said}, ${where}; the ${outside(queue.branch)} queue is ${queueStateWords(queue.state)}.`;
}

/**
 * Why the PR is not ready, in words: what blocks it (the story's reasons, which spell out GitHub's
 * mergeability, when the action has them), or why it left the queue, then every other reason.
 */
function notReadyClause(status: Status): string {
  const { story, verdict } = status;
  const blockers = story?.blockReasons?.length ? blockerItems(story.blockReasons) : [];
  const rest = verdict.reasons
    .filter((code) => !code.startsWith('state_') && !(blockers.length > 0 && code.startsWith('mergeability_')))
    .map(describeReason);
  return clauses([...blockers, ...rest]);
}

/**
 * The error line of fail-if-not-ready: "PR #1842 is not ready: it needs 1 more approving review,
 * and required check `build` is failing (not_ready, mergeability_not_mergeable)."; "PR #1842 left
 * the queue: required check `ci/test` failed (https://…) (state_failed)." A state its reason code
 * already names is not said again.
 */
export function notReadyLine(status: Status): string {
  const pr = `PR #${status.prNumber}`;
  const { exit } = status.story ?? {};
  const left = status.state === 'failed' || status.state === 'cancelled';
  const failing = status.state === 'pending_failure';
  if (left || failing) {
    const code: ReasonCode =
      status.state === 'failed'
        ? 'state_failed'
        : status.state === 'cancelled'
          ? 'state_cancelled'
          : 'state_pending_failure';
    const why = exit ? exitClause(exit) : describeReason(code);
    const more = notReadyClause(status);
    const lead = left ? `${pr} left the queue` : `${pr} is failing in the queue`;
    return `${lead}: ${why}${more ? `; also, ${more}` : ''}${codes(status.state, status.verdict.reasons)}.`;
  }
  return `${pr} is not ready: ${notReadyClause(status)}${codes(status.state, status.verdict.reasons)}.`;
}

/**
 * An answer as a wait's lines say it: "being tested (testing), ready", "waiting to enter the
 * queue (not_ready), not ready (mergeability_in_progress)"; each code once, beside its words.
 */
export function answerWords(answer: PrAnswer): string {
  const state = stateOf(answer);
  const { ready, reasons } = decideVerdict(answer);
  return stateAndVerdict(state, ready, reasons);
}
