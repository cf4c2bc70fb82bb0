// The one home of the PR's vocabulary and of the verdict: the states the API reports, the reason
// codes of `not-ready-reasons` with what each means, and the rule that turns an answer into
// `ready`. Pure. Inputs, the wait loop, outputs, the summary and the docs tests import from here.
import type { PrAnswer } from './model.js';

/** PR states in the order a PR usually moves through them, as Trunk's v1 API spells them. */
export const PR_STATES = [
  'not_ready',
  'pending',
  'testing',
  'tests_passed',
  'pending_failure',
  'merged',
  'failed',
  'cancelled',
] as const;

/** The state the action reports when getSubmittedPullRequest answers 404. */
export const NOT_SUBMITTED = 'not_submitted';

/** Every state `wait-for` accepts. */
export const WAITABLE_STATES = [NOT_SUBMITTED, ...PR_STATES] as const;

/** States a PR never leaves: a wait for anything else ends when one of these is reached. */
export const TERMINAL_STATES: readonly string[] = ['merged', 'failed', 'cancelled'];

/** States of a PR that is in a test run, or has passed one: `ahead-testing` counts these. */
export const IN_TEST_RUN: readonly string[] = ['testing', 'tests_passed'];

/** States the queue admitted the PR in: without a readiness object, the admission is the answer. */
const ADMITTED_STATES: readonly string[] = ['pending', 'testing', 'tests_passed'];

/** States that are themselves a reason. A Map: the state is API text, and could be "__proto__". */
const STATE_REASONS: ReadonlyMap<string, ReasonCode> = new Map([
  ['failed', 'state_failed'],
  ['cancelled', 'state_cancelled'],
  ['pending_failure', 'state_pending_failure'],
]);

/** Every fixed reason code, with the words the log and the summary use for it. */
const REASONS = {
  not_submitted: 'not submitted to the queue',
  state_failed: 'the queue failed it',
  state_cancelled: 'it was cancelled from the queue',
  state_pending_failure: 'its test run failed; the queue is checking whether the failure is its own',
  readiness_unknown: 'the API reported no readiness',
  base_branch_mismatch: "its base branch is not the queue's branch",
  impacted_targets_missing: 'impacted targets have not been uploaded',
  // A commit's verdict ("The verdict for a commit").
  no_pull_request: 'no pull request brought the commit in',
  not_merge_commit: "the commit is not its pull request's merge commit",
  not_merged_by_queue: 'GitHub merged its pull request, but the merge queue did not',
  merged_manually: 'its pull request was merged by hand, around the queue',
  merge_reason_unknown: "Trunk's history could not say who merged its pull request",
  commit_range_unchecked: 'the commits before it could not be checked',
  earlier_commit_not_from_queue: 'an earlier commit of the range did not come through the merge queue',
} as const;

/** What clears each reason, for the summary: the person reading it wants to know what to do. */
const FIXES: Record<keyof typeof REASONS, string> = {
  not_submitted:
    'submit it: comment <code>/trunk merge</code> on the PR, use the Trunk web app, or run <code>trunk merge &lt;PR&gt;</code>',
  state_failed: 'fix what failed, then submit it again (<code>/trunk merge</code>)',
  state_cancelled: 'submit it again when it should merge (<code>/trunk merge</code>)',
  state_pending_failure:
    'wait: the queue retests it without the PRs ahead, and fails it only if the failure is its own',
  readiness_unknown: 'wait for Trunk to evaluate the PR, or check it in the Trunk web app',
  base_branch_mismatch: "retarget the PR to the queue's branch, or point target-branch at the queue the PR targets",
  impacted_targets_missing: 'let the CI job that uploads impacted targets finish for the head commit',
  no_pull_request:
    'bring changes in through pull requests and the merge queue; a ruleset that requires the merge queue stops direct pushes',
  not_merge_commit: "deploy the pull request's merge commit, which the queue made, not its branch",
  not_merged_by_queue:
    'merge through the queue, not by hand; if Trunk is only slow to record the merge, a longer settle-seconds waits for it',
  merged_manually:
    'merge through the queue, not by hand; a ruleset that requires the merge queue stops merges around it',
  merge_reason_unknown: "re-run the job: Trunk's history may answer next time",
  commit_range_unchecked:
    'set base-sha to the last deployed commit the branch still has, within 100 commits of this one',
  earlier_commit_not_from_queue: 'check the commits listed below: each must be a merge the queue made',
};

/** What clears a mergeability reason, by GitHub's value. */
const MERGEABILITY_FIXES: ReadonlyMap<string, string> = new Map([
  ['in_progress', 'wait: GitHub is still computing mergeability'],
  ['not_mergeable', "resolve the conflicts, or meet the branch protection's requirements (reviews, checks)"],
  ['unspecified', 'wait for GitHub to report mergeability, or push to the PR to make it compute again'],
]);

/** `mergeability_<value>`: open-ended, since the API may send a mergeability this version does not know. */
export type ReasonCode = keyof typeof REASONS | `mergeability_${string}`;

/** The reason codes as the docs list them. */
export const REASON_CODES = [...Object.keys(REASONS), 'mergeability_<value>'] as const;

export interface Verdict {
  ready: boolean;
  /** Empty exactly when ready. */
  reasons: ReasonCode[];
}

/** The state the action reports: the API's (normalised by its adapter), or `not_submitted` when not found. */
export function stateOf(answer: PrAnswer): string {
  return answer.found ? (answer.pr.state ?? '') : NOT_SUBMITTED;
}

/**
 * "Is this PR on its way into the target branch, or already there?", as the contract's verdict
 * table decides it, state by state.
 */
export function decideVerdict(answer: PrAnswer): Verdict {
  if (!answer.found) return verdict([NOT_SUBMITTED]);
  const { pr } = answer;
  const state = pr.state ?? '';
  // A merged PR is done: whatever readiness says now no longer matters.
  if (state === 'merged') return verdict([]);

  const reasons: ReasonCode[] = [];
  const stateReason = STATE_REASONS.get(state);
  if (stateReason) reasons.push(stateReason);
  if (!TERMINAL_STATES.includes(state) && !pr.submitted) reasons.push(NOT_SUBMITTED);

  const readiness = pr.readiness;
  if (readiness) {
    if (!readiness.doesBaseBranchMatch) reasons.push('base_branch_mismatch');
    if (readiness.mergeability !== 'mergeable') {
      reasons.push(`mergeability_${asCodePart(readiness.mergeability)}`);
    }
    if (readiness.requiresImpactedTargets && readiness.hasImpactedTargets !== true) {
      reasons.push('impacted_targets_missing');
    }
  } else if (!stateReason && !ADMITTED_STATES.includes(state)) {
    // not_ready, no state, or a state this version does not know: nothing vouches for the PR.
    reasons.push('readiness_unknown');
  }
  return verdict(reasons);
}

function verdict(reasons: ReasonCode[]): Verdict {
  return { ready: reasons.length === 0, reasons };
}

/**
 * A value this version does not know (a mergeability, a queue state) as part of a reason code: it
 * still has to survive being split on commas and matched in a workflow expression.
 */
export function asCodePart(value: string): string {
  return value.replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'unspecified';
}

export function describeReason(code: ReasonCode): string {
  if (code.startsWith('mergeability_')) return `GitHub mergeability is ${code.slice('mergeability_'.length)}`;
  return REASONS[code as keyof typeof REASONS];
}

/** What clears the reason, as HTML (it names commands in <code>); undefined for a new mergeability value. */
export function fixForReason(code: ReasonCode): string | undefined {
  if (code.startsWith('mergeability_')) return MERGEABILITY_FIXES.get(code.slice('mergeability_'.length));
  return FIXES[code as keyof typeof REASONS];
}

/** `ready`, or `not ready` and the reason codes in parentheses (for grep, beside the words), for log lines. */
export function verdictText({ reasons }: Verdict): string {
  return reasons.length === 0 ? 'ready' : `not ready (${reasons.join(', ')})`;
}
