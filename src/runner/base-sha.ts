// Where a commit verdict's range starts (the contract's "The range a deploy ships"): `last-success`
// (the default: where the newest successful run of this workflow on the branch was), `push` (the
// push's `before`), `none` (the tip alone), or a commit. All zeros means `none`. The push's
// `before` is kept for `last-success` too: with no earlier successful run, the range starts there.
import * as z from 'zod/mini';
import { InputError } from '../shared/errors.js';
import type { EventFacts } from './event.js';
import { parse, type Show } from './input-values.js';

const NONE = /^(?:none|0{40}|0{64})$/i;
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const commit = z.pipe(
  z
    .string()
    .check(z.regex(SHA, 'must be last-success, push, none, or a full commit SHA (40 or 64 hexadecimal characters)')),
  z.transform((value: string) => value.toLowerCase()),
);

export type BaseChoice =
  | { kind: 'last-success'; before?: string; newBranch: boolean }
  | { kind: 'push'; before?: string; newBranch: boolean }
  | { kind: 'none' }
  | { kind: 'sha'; sha: string };

/** The base-sha input (empty: its default, last-success), checked before any request. */
export function baseChoice(input: string, event: EventFacts, show: Show): BaseChoice {
  const value = input.trim() || 'last-success';
  if (NONE.test(value)) return { kind: 'none' };
  const lower = value.toLowerCase();
  if (lower === 'last-success' || lower === 'push') return { kind: lower, ...pushBefore(event) };
  return { kind: 'sha', sha: parse('base-sha', commit, value, show) };
}

/** The push's `before`, checked as the input is: it is text from outside. */
function pushBefore(event: EventFacts): { before?: string; newBranch: boolean } {
  const before = event.before;
  if (!before) return { newBranch: false };
  if (NONE.test(before)) return { newBranch: true };
  if (!SHA.test(before)) {
    throw new InputError(
      'base-sha',
      "is push or last-success, and the push's before is not a full commit SHA; set base-sha to a commit, or none",
    );
  }
  return { before: before.toLowerCase(), newBranch: false };
}
