// Where a commit verdict's range starts: the base-sha input, else a push's `before` (when sha is
// not given: a sha of its own says which commit, and the push's range is not that commit's).
// All zeros (a new branch) and `none` mean the tip alone.
import { InputError } from '../shared/errors.js';
import type { EventFacts } from './event.js';
import { commitSha, parse, type Show } from './input-values.js';

const NONE = /^(?:none|0{40}|0{64})$/i;

/** The commit the range starts after; undefined: the tip alone. */
export function baseSha(input: string, event: EventFacts | undefined, show: Show): string | undefined {
  if (input) return NONE.test(input) ? undefined : parse('base-sha', commitSha, input, show);
  const before = event?.before;
  if (!before || NONE.test(before)) return undefined;
  // The push's before is text from outside: checked as the input is, before any request.
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(before)) {
    throw new InputError('base-sha', "is empty, and the push's before is not a full commit SHA; set base-sha, or none");
  }
  return before.toLowerCase();
}
