// What `scope` and `stall-minutes` accept, and what `scope: queue` makes of the other inputs: no
// PR, so no wait for one, and a queue branch that needs no event PR.
import * as z from 'zod/mini';
import { ActionError, InputError } from '../shared/errors.js';
import type { EventFacts } from './event.js';

export const scope = z.pipe(
  z.transform((value: string) => value.toLowerCase()),
  z.enum(['pr', 'queue'], 'must be pr (report one pull request) or queue (report the queue itself)'),
);

/** Minutes above 0, up to a week: longer than any queue would be left stuck unnoticed. */
export const minutes = z.pipe(
  z.string().check(
    z.regex(/^\d+(\.\d+)?$/, 'must be a number of minutes above 0'),
    z.refine((value) => Number(value) > 0, 'must be a number of minutes above 0'),
  ),
  z.pipe(z.transform(Number), z.number().check(z.maximum(10_080, 'must be at most 10080 minutes (a week)'))),
);

/** `wait-for` polls a PR's state; the queue itself is read once. The line names both inputs. */
export function waitForWithQueue(): InputError {
  return new InputError(
    'wait-for',
    "waits for a pull request's state, but scope is queue, which reads the queue once and has no PR; remove wait-for, or set scope to pr",
  );
}

/** The queue's branch for `scope: queue`: the input, else the repository's default branch, else main. */
export function queueBranch(branchInput: string, event: EventFacts): string {
  if (branchInput) return branchInput;
  if (event.problem) {
    throw new ActionError(`${event.problem}, so target-branch has no default; set the target-branch input.`);
  }
  return event.defaultBranch ?? 'main';
}

/** Inputs that only a commit verdict reads: given with `scope: queue`, they would be silently ignored. */
const COMMIT_ONLY = ['base-sha', 'settle-seconds'] as const;

/**
 * A commit verdict's input given with `scope: queue` fails, naming it and scope. The runner applies
 * action.yml's defaults, so only a value other than the default shows that it was given.
 */
export function refuseWithQueue(getInput: (name: string) => string, defaults: Record<string, string>): void {
  const given = COMMIT_ONLY.find((name) => {
    const value = getInput(name).trim();
    return value !== '' && value !== defaults[name];
  });
  if (given) {
    throw new InputError(
      given,
      "belongs to a commit's verdict (a deploy gate on a push), but scope is queue, which checks no commit; remove it, or set scope to pr",
    );
  }
}
