// Checking an API's answer against what the action reads, for both adapters. A field the action
// uses is checked and named when wrong; a field it does not use is not declared, so it never
// fails a run; a field it only shows in the summary is `shown`: anything unusable becomes
// undefined and shows as "—". Enums are open and normalised once, here, before anything decides
// on them: a state this version does not know is reported, not rejected, and `"merged\n"` is
// `merged`.
import * as z from 'zod/mini';
import { REDACTED } from '../shared/redact.js';

/** An enum value as the core compares it: trimmed, lowercased. */
export const openEnum = z.pipe(
  z.string(),
  z.transform((value) => value.trim().toLowerCase()),
);

/**
 * A text a verdict rests on (the PR's state): answers are redacted as they arrive, and one that held
 * a credential is not a state this version does not know but one nobody can read. Such a state
 * would go to the readiness rule and could pass a gate, so it is refused, named, instead.
 */
export const decidable = z
  .string()
  .check(
    z.refine(
      (value) => !value.includes(REDACTED),
      `holds text cut out as a credential (${REDACTED}), so the action cannot decide on it`,
    ),
  );

/** The PR's state in v1: decidable, then normalised as every enum is. */
export const decidingEnum = z.pipe(
  decidable,
  z.transform((value) => value.trim().toLowerCase()),
);

// Optional in the documents; `null` has been seen live where a field is unset, so it is tolerated.
export const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/**
 * A number the action reads: JSON can carry 2^53 + 1 or 1e999, but JavaScript rounds the first and
 * holds the second as Infinity, so either is named rather than used as if it were what was sent.
 * (Infinity fails `z.number()` itself; describeIssue says why.)
 */
export const exactNumber = z
  .number()
  .check(
    z.refine(
      (value) => Math.abs(value) <= Number.MAX_SAFE_INTEGER,
      'is a number beyond 2^53 (9007199254740991), which JavaScript cannot hold exactly',
    ),
  );

/**
 * A pull request number from an answer, which the action writes into its own words ("PR #1840"):
 * a whole number from 1 to 4,294,967,295, Trunk's documented range and the pr input's.
 */
export const prNumber = exactNumber.check(
  z.refine(
    (value) => Number.isInteger(value) && value >= 1 && value <= 4_294_967_295,
    'is not a pull request number (a whole number from 1 to 4294967295)',
  ),
);

/** A field shown only in the summary: missing, null or of another type, it is undefined. */
export const shown = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Validates a parsed body. On mismatch, `problem` names the first offending field the way a
 * user can find it in the body (`enqueuedPullRequests[3].prNumber`).
 */
export function parseBody<T>(schema: z.ZodMiniType<T>, body: unknown): ParseResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: issue ? describeIssue(issue, body) : 'the body does not fit' };
}

function describeIssue(issue: z.core.$ZodIssue, body: unknown): string {
  const field = formatPath(issue.path);
  const where = field === '' ? 'the body' : `field "${field}"`;
  if (issue.code === 'custom') return `${where} ${issue.message}`;
  if (issue.code !== 'invalid_type') return `${where} is invalid (${issue.code})`;
  const received = valueAt(body, issue.path);
  if (received === undefined) return `required ${where} is missing`;
  if (issue.expected === 'number' && typeof received === 'number' && !Number.isFinite(received)) {
    return `${where} is a number too large for JavaScript to hold (JSON.parse reads it as ${received}); a finite number is expected`;
  }
  return `${where} should be ${issue.expected} but is ${describeValue(received)}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = body;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}
