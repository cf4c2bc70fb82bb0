// Response schemas for what the action reads, and nothing more. A field the action uses is
// checked and named when it is missing or of the wrong type; a field it does not use is not
// declared at all, so its absence or an odd value never fails a run, even where Trunk's OpenAPI
// document marks it required (Trunk's own older examples lack `forceEnqueued`). Objects are loose,
// so every field, known or not, survives into pr-json / queue-json. Enums are open strings, so a
// state this version does not know yet, or an UPPERCASE spelling from an older spec, is reported
// rather than rejected (Trunk's docs ask clients to tolerate unknown enum values).
import * as z from 'zod/mini';

const openEnum = z.pipe(
  z.string(),
  z.transform((value) => value.toLowerCase()),
);

// Optional in the spec; `null` has been seen live where a field is unset, so it is tolerated.
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

export const readinessSchema = z.looseObject({
  hasImpactedTargets: maybe(z.boolean()),
  requiresImpactedTargets: z.boolean(),
  doesBaseBranchMatch: z.boolean(),
  gitHubMergeability: openEnum,
});

export const submittedPullRequestSchema = z.looseObject({
  state: maybe(openEnum),
  readiness: maybe(readinessSchema),
  stateChangedAt: z.string(),
  priorityValue: z.number(),
  priorityName: z.string(),
  isCurrentlySubmittedToQueue: z.boolean(),
  prTitle: z.string(),
  prSha: z.string(),
  prAuthor: z.string(),
});

export const enqueuedPullRequestSchema = z.looseObject({
  state: maybe(openEnum),
  stateChangedAt: z.string(),
  priorityName: z.string(),
  prNumber: z.number(),
  prTitle: z.string(),
  prAuthor: z.string(),
});

export const queueSchema = z.looseObject({
  state: openEnum,
  branch: z.string(),
  mode: openEnum,
  concurrency: z.number(),
  testingTimeoutMinutes: z.number(),
  batch: z.boolean(),
  batchingMinSize: z.number(),
  batchingMaxWaitTimeMinutes: z.number(),
  mergeMethod: openEnum,
  // Required by the spec, but sent as null live when no status is required.
  requiredStatuses: z.nullable(z.array(z.string())),
  enqueuedPullRequests: z.array(enqueuedPullRequestSchema),
});

export type Readiness = z.infer<typeof readinessSchema>;
export type SubmittedPullRequest = z.infer<typeof submittedPullRequestSchema>;
export type EnqueuedPullRequest = z.infer<typeof enqueuedPullRequestSchema>;
export type Queue = z.infer<typeof queueSchema>;

/**
 * What getSubmittedPullRequest said: the PR (200), or not found (404: never submitted to this
 * queue). `body` is the answer as Trunk sent it, token cut out, for pr-json: the schema lowercases
 * enums and puts its own fields first, and the output keeps the body exactly.
 */
export type PrAnswer = { found: true; pr: SubmittedPullRequest; body: unknown } | { found: false };

/** What getQueue said, validated, and as Trunk sent it (for queue-json). */
export interface QueueAnswer {
  queue: Queue;
  body: unknown;
}

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
  if (issue.code !== 'invalid_type') return `${where} is invalid (${issue.code})`;
  const received = valueAt(body, issue.path);
  if (received === undefined) return `required ${where} is missing`;
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
