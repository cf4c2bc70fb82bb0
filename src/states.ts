// The one place for every fixed vocabulary of the API and of the action's outputs. Schemas,
// inputs, the wait loop, the summary and the docs tests all import from here.

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
export type KnownPrState = (typeof PR_STATES)[number];

/** The state the action reports when getSubmittedPullRequest answers 404. */
export const NOT_SUBMITTED = 'not_submitted';

/** Every state `wait-for` accepts. */
export const WAITABLE_STATES = [NOT_SUBMITTED, ...PR_STATES] as const;

/** States a PR never leaves: a wait for anything else ends when one of these is reached. */
export const TERMINAL_STATES: readonly string[] = ['merged', 'failed', 'cancelled'];

export const QUEUE_STATES = ['running', 'paused', 'draining', 'switching_modes'] as const;
export const QUEUE_MODES = ['single', 'parallel'] as const;
export const MERGEABILITY_VALUES = ['unspecified', 'in_progress', 'mergeable', 'not_mergeable'] as const;
export const DIRECT_MERGE_MODES = ['off', 'always'] as const;
export const OPTIMIZATION_MODES = ['off', 'bisection_skip_redundant_tests'] as const;
export const MERGE_METHODS = ['merge_commit', 'squash', 'rebase'] as const;

/**
 * Reason codes of `not-ready-reasons`. `mergeability_<value>` is open-ended because the API may
 * send a mergeability this version does not know; MERGEABILITY_VALUES lists the known ones.
 */
export const REASON_CODES = [
  'not_submitted',
  'readiness_unknown',
  'base_branch_mismatch',
  'mergeability_<value>',
  'impacted_targets_missing',
] as const;

export type ReasonCode =
  | 'not_submitted'
  | 'readiness_unknown'
  | 'base_branch_mismatch'
  | `mergeability_${string}`
  | 'impacted_targets_missing';

/** Every output of the action, in the order action.yml lists them. */
export const OUTPUT_NAMES = [
  'state',
  'submitted',
  'ready',
  'not-ready-reasons',
  'does-base-branch-match',
  'github-mergeability',
  'requires-impacted-targets',
  'has-impacted-targets',
  'position',
  'prs-ahead',
  'queue-length',
  'queue-state',
  'queue-mode',
  'priority-name',
  'priority-value',
  'pr-sha',
  'stale',
  'pr-json',
  'queue-json',
  'waited-seconds',
  'timed-out',
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Record<OutputName, string>;
