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

/**
 * No verdict was reached (a read failed, the step ran out of time or was cancelled, an input was
 * refused): `ready` is `false` with this alone, in every scope, so that a workflow's
 * `ready == 'false'` catches a gate that could not look.
 */
export const NOT_CHECKED = 'not_checked';

/** The reasons of a commit's verdict ("The verdict for a commit"), beside its PR's own. */
export const COMMIT_REASONS = [
  'no_pull_request',
  'not_merge_commit',
  'merged_into_other_branch',
  'not_merged_by_queue',
  'merged_manually',
  'merge_reason_unknown',
  'commit_range_unchecked',
  'earlier_commit_not_from_queue',
] as const;

/** Every fixed reason code; what each means and what clears it are in ./words/reasons.ts. */
export const FIXED_REASONS = [
  'not_submitted',
  'state_failed',
  'state_cancelled',
  'state_pending_failure',
  'readiness_unknown',
  'base_branch_mismatch',
  'impacted_targets_missing',
  ...COMMIT_REASONS,
  NOT_CHECKED,
] as const;

/** `mergeability_<value>`: open-ended, since the API may send a mergeability this version does not know. */
export type ReasonCode = (typeof FIXED_REASONS)[number] | `mergeability_${string}`;

/** The reason codes as the docs list them. */
export const REASON_CODES = [...FIXED_REASONS, 'mergeability_<value>'] as const;

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
