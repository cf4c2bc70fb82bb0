// What one input's value may be, and how a bad one is reported: booleans, whole numbers, numbers
// of seconds, lists of states. The message names the input and quotes the value, shortened, after
// the caller's redaction.
import * as z from 'zod/mini';
import { InputError } from '../shared/errors.js';
import { clip } from '../shared/format.js';
import { WAITABLE_STATES } from '../core/verdict.js';

// setTimeout cannot hold more than 2^31-1 ms (~24.8 days); no job runs that long anyway.
const MAX_SECONDS = 2_000_000;

export const bool = z.pipe(
  z.enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], 'must be true or false'),
  z.transform((value) => value.toLowerCase() === 'true'),
);

export const wholeNumber = (min: number, max: number, what: string) =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/, `must be ${what}`)),
    z.pipe(z.transform(Number), z.number().check(z.minimum(min, `must be ${what}`), z.maximum(max, `must be ${what}`))),
  );

/**
 * A number of seconds as whole milliseconds: Node's timers throw on a fractional delay. The
 * rounding works on the decimal as written (`1.0005` → 1001 ms), not on a binary float of it.
 * @param above true: the value must be above `min` seconds; false: at least `min`
 */
export const milliseconds = (min: number, above: boolean, what: string) =>
  z.pipe(
    z.string().check(
      z.regex(/^\d+(\.\d+)?$/, `must be a number of seconds ${what}`),
      z.refine((value) => (above ? Number(value) > min : Number(value) >= min), `must be a number of seconds ${what}`),
    ),
    z.pipe(
      z.transform((value: string) => Math.round(Number(`${value}e3`))),
      z.number().check(
        // 0 is a value only where the input allows it (settle-seconds: decide at once).
        z.minimum(above || min > 0 ? 1 : 0, 'must be at least 0.001 seconds (one millisecond)'),
        z.maximum(MAX_SECONDS * 1000, `must be at most ${MAX_SECONDS} seconds`),
      ),
    ),
  );

/** A commit as git names it in full: 40 hexadecimal characters (SHA-1), or 64 (SHA-256). */
export const commitSha = z.pipe(
  z
    .string()
    .check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'must be a full commit SHA (40 or 64 hexadecimal characters)')),
  z.transform((value: string) => value.toLowerCase()),
);

export const waitFor = z.pipe(
  z.transform((value: string) =>
    value
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  ),
  z.array(z.enum(WAITABLE_STATES, `must list PR states among ${WAITABLE_STATES.join(', ')}`)),
);

/** How an input's value shows in a message: the token cut out first, then shortened. */
export type Show = (raw: string) => string;

export function parse<T>(input: string, schema: z.ZodMiniType<T, string>, raw: string, show: Show): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'is invalid';
  throw new InputError(input, `${message}, got ${show(raw)}`);
}

export function quote(value: string): string {
  return JSON.stringify(clip(value, 60));
}
