// One of Trunk's own test runs in words: a batch's heading and log line, the line that fails the
// run for a PR that left the queue, and what is said instead of failing it for anything else. The
// PRs' own words are pr.ts'; these put them together. Codes only in parentheses.
import { outside, plural, withoutStop } from '../../shared/format.js';
import type { BatchVerdict } from '../batch.js';
import type { Status } from '../status.js';
import { queueStateWords, stateWords } from './states.js';
import type { Headline } from './pr.js';

/** "#1842, #1843 and #1850". */
export function prList(numbers: readonly number[]): string {
  const named = numbers.map((number) => `#${number}`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** "#1842 being tested, #1843 out of the queue after it was cancelled": each PR and its state. */
function statesOf(statuses: readonly Status[]): string {
  return statuses.map((status) => `#${status.prNumber} ${stateWords(status.state)}`).join('; ');
}

/**
 * The batch's verdict first: "Ready: the 2 PRs of this batch are on their way (#1842 being tested;
 * #1843 being tested)"; "Not ready: PR #1843 of this batch left the queue".
 */
export function batchHeadline(statuses: readonly Status[], verdict: BatchVerdict, stepFailed: boolean): Headline {
  const all = `the ${plural(statuses.length, 'PR')} of this batch`;
  if (verdict.left.length > 0) {
    const who = verdict.left.length === 1 ? `PR ${prList(verdict.left)}` : `PRs ${prList(verdict.left)}`;
    return {
      icon: '❌',
      text: `Not ready: ${who} of this batch left the queue (${statesOf(leftOnes(statuses, verdict))})`,
    };
  }
  if (!verdict.ready) {
    const who =
      verdict.notReady.length === 1 ? `PR ${prList(verdict.notReady)} is` : `PRs ${prList(verdict.notReady)} are`;
    return { icon: stepFailed ? '❌' : '⏳', text: `Not ready: ${who} not on the way in (${statesOf(statuses)})` };
  }
  const queue = statuses[0]?.queue;
  const but = stepFailed ? ', but the step failed' : '';
  if (queue && queue.state !== 'running' && statuses.some((status) => status.state !== 'merged')) {
    const held = `the queue is ${queueStateWords(queue.state)}`;
    return {
      icon: stepFailed ? '❌' : '⚠️',
      text: `Ready${but}, but ${held}: ${all} are on their way (${statesOf(statuses)})`,
    };
  }
  return { icon: stepFailed ? '❌' : '✅', text: `Ready${but}: ${all} are on their way (${statesOf(statuses)})` };
}

const leftOnes = (statuses: readonly Status[], verdict: BatchVerdict) =>
  statuses.filter((status) => verdict.left.includes(status.prNumber));

/**
 * The log's account of a batch, after the line that names its PRs: "The batch: #1842 being
 * tested; #1843 being tested; all ready; the main queue is running."
 */
export function batchStatusLine(statuses: readonly Status[], verdict: BatchVerdict): string {
  const codes = verdict.reasons.length > 0 ? ` (${verdict.reasons.join(', ')})` : '';
  const queue = statuses[0]?.queue;
  const where = queue ? `; the ${outside(queue.branch)} queue is ${queueStateWords(queue.state)}` : '';
  return `The batch: ${statesOf(statuses)}; ${verdict.ready ? 'all ready' : 'not all ready'}${where}${codes}.`;
}

/** Said first in the log of a test run: which PRs it is about, and how the action knows. */
export function testRunLine(prs: readonly number[], branch: string): string {
  const about = prs.length === 1 ? `PR #${prs[0]}` : `a batch of ${prs.length} PRs: ${prList(prs)}`;
  return `This run is one of the merge queue's test runs, for ${about} (its branch ${outside(branch)}).`;
}

/**
 * What a test run says instead of failing for anything but a PR that left the queue: the queue's
 * own test run is never turned red by this step, or Trunk would fail every PR it tests.
 */
export function notFailingTestRun(line: string): string {
  return `Not failing the merge queue's test run for this (only a PR it tests that left the queue does): ${withoutStop(line)}.`;
}

/** The notice of a test branch whose name lists no PR the way Trunk writes it. */
export function unnamedTestBranchNotice(branch: string): string {
  return `This run is on ${outside(branch)}, one of the merge queue's test branches, but its name lists no pull request the way Trunk writes it (trunk-merge/pr-1842/…, or trunk-merge/pr-1842-1843/… for a batch), so there is nothing to report; the step passes.`;
}
