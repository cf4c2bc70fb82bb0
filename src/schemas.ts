// Response schemas, field for field from Trunk's OpenAPI document (v1). Objects are loose so
// fields Trunk adds later survive into pr-json / queue-json, and enums are open strings so a
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
  id: maybe(z.string()),
  state: maybe(openEnum),
  readiness: maybe(readinessSchema),
  stateChangedAt: z.string(),
  priorityValue: z.number(),
  priorityName: z.string(),
  usedDefaultPriorityName: maybe(z.string()),
  skipTheLine: z.boolean(),
  forceEnqueued: z.boolean(),
  isCurrentlySubmittedToQueue: z.boolean(),
  prNumber: z.number(),
  prTitle: z.string(),
  prSha: z.string(),
  prBaseBranch: z.string(),
  prAuthor: z.string(),
});

export const enqueuedPullRequestSchema = z.looseObject({
  id: maybe(z.string()),
  state: maybe(openEnum),
  stateChangedAt: z.string(),
  priorityValue: z.number(),
  priorityName: z.string(),
  usedDefaultPriorityName: maybe(z.string()),
  skipTheLine: z.boolean(),
  noBatch: z.boolean(),
  prNumber: z.number(),
  prTitle: z.string(),
  prSha: z.string(),
  prBaseBranch: z.string(),
  prAuthor: z.string(),
});

export const queueSchema = z.looseObject({
  state: openEnum,
  branch: z.string(),
  concurrency: z.number(),
  testingTimeoutMinutes: z.number(),
  mode: openEnum,
  canOptimisticallyMerge: z.boolean(),
  pendingFailureDepth: z.number(),
  batch: z.boolean(),
  batchingMaxWaitTimeMinutes: z.number(),
  batchingMinSize: z.number(),
  createPrsForTestingBranches: z.boolean(),
  commentsEnabled: z.boolean(),
  commandsEnabled: z.boolean(),
  statusCheckEnabled: z.boolean(),
  bisectionConcurrency: z.number(),
  // Required by the spec, but sent as null live when no status is required.
  requiredStatuses: z.nullable(z.array(z.string())),
  directMergeMode: openEnum,
  optimizationMode: openEnum,
  mergeMethod: openEnum,
  enqueuedPullRequests: z.array(enqueuedPullRequestSchema),
});

export type Readiness = z.infer<typeof readinessSchema>;
export type SubmittedPullRequest = z.infer<typeof submittedPullRequestSchema>;
export type EnqueuedPullRequest = z.infer<typeof enqueuedPullRequestSchema>;
export type Queue = z.infer<typeof queueSchema>;

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
