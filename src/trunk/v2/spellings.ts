// v2 spells its enums in camelCase; the outputs and the verdict use the contract's (v1) words.
// Known values are mapped by table, as Trunk's migration guide asks ("never derive a v2 enum value
// by changing the case of a v1 value"); a value this version does not know is converted to
// snake_case for the outputs, so `newState` reads `new_state` beside the others.
import { REDACTED } from '../../shared/redact.js';

export const ENTRY_STATES: ReadonlyMap<string, string> = new Map([
  ['notReady', 'not_ready'],
  ['pending', 'pending'],
  ['testing', 'testing'],
  ['testsPassed', 'tests_passed'],
  ['pendingFailure', 'pending_failure'],
  ['merged', 'merged'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
]);

export const MERGEABILITY: ReadonlyMap<string, string> = new Map([
  ['mergeable', 'mergeable'],
  ['notMergeable', 'not_mergeable'],
  ['inProgress', 'in_progress'],
  ['unspecified', 'unspecified'],
]);

export const QUEUE_STATES: ReadonlyMap<string, string> = new Map([
  ['running', 'running'],
  ['paused', 'paused'],
  ['draining', 'draining'],
  ['switchingModes', 'switching_modes'],
]);

export const QUEUE_MODES: ReadonlyMap<string, string> = new Map([
  ['queue', 'single'],
  ['graph', 'parallel'],
]);

export const MERGE_METHODS: ReadonlyMap<string, string> = new Map([
  ['mergeCommit', 'merge_commit'],
  ['squash', 'squash'],
  ['rebase', 'rebase'],
]);

/** A v2 value in the contract's words: by table, else converted to snake_case. */
export function toV1(table: ReadonlyMap<string, string>, value: string): string {
  const trimmed = value.trim();
  return table.get(trimmed) ?? snakeCase(trimmed);
}

/**
 * `reviewRequired` → `review_required`, `TEST_RUN_TIMEOUT` → `test_run_timeout`. A credential cut
 * out of the answer on its way in stays visibly cut (`***`), as v1's words show it.
 */
export function snakeCase(value: string): string {
  return value
    .trim()
    .split(REDACTED)
    .map((part) =>
      part
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[^A-Za-z0-9_]+/g, '_')
        .toLowerCase(),
    )
    .join(REDACTED);
}
