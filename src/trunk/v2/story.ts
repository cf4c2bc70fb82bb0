// The story reads: why the PR left the queue (its newest queue-entry transition), which test run
// is testing it (its newest verification run), and when it should merge (the estimate). Each is
// read only in the states that need it, since every one counts against the 5 requests a second
// Trunk allows a key on /v2/pull-requests*, shared by every job using that key.
import { ApiError } from '../../shared/errors.js';
import { parseTimestamp } from '../../shared/time.js';
import type { Estimate, ExitStory, FailingCheck, Story, TestRun } from '../../core/model.js';
import { errorCode, type V2Api } from './api.js';
import { estimateSchema, historySchema, verificationRunsSchema } from './schemas.js';
import { snakeCase } from './spellings.js';

/** `best-effort`: a part that cannot be read is left out with a notice; `strict`: it fails the read. */
export type StoryMode = 'best-effort' | 'strict';

const EXIT_STATES: ReadonlySet<string> = new Set(['failed', 'cancelled', 'pending_failure']);
const TEST_RUN_STATES: ReadonlySet<string> = new Set(['testing', 'tests_passed', 'failed', 'pending_failure']);
const ESTIMATE_STATES: ReadonlySet<string> = new Set(['pending', 'testing', 'tests_passed', 'pending_failure']);

type Part = 'exit' | 'testRun' | 'estimate';
const PART_NAMES: Record<Part, string> = {
  exit: 'why it left the queue',
  testRun: 'its test run',
  estimate: 'its merge estimate',
};

/**
 * The story parts the state calls for. `throttled`: Trunk throttled this read's own lookups, so a
 * best-effort story spares the key and leaves its parts out.
 */
export async function readStory(
  api: V2Api,
  prId: string | undefined,
  state: string,
  signal: AbortSignal,
  { mode, throttled }: { mode: StoryMode; throttled: boolean },
): Promise<Story> {
  const story: Story = { leftOut: [] };
  if (!prId) return story;
  const base = `/v2/pull-requests/${encodeURIComponent(prId)}`;
  // Spared for the key, every part for the one reason: said once.
  const spared: string[] = [];
  const part = async <K extends Part>(name: K, read: () => Promise<Story[K]>) => {
    if (throttled && mode === 'best-effort') {
      spared.push(PART_NAMES[name]);
      return;
    }
    try {
      story[name] = await read();
    } catch (error) {
      if (mode === 'strict' || !(error instanceof ApiError)) throw error;
      const why = error.options.throttled ? 'Trunk throttled the read (5 requests a second per key)' : error.message;
      story.leftOut.push(`The story leaves out ${PART_NAMES[name]}: ${why}.`);
    }
  };
  await Promise.all([
    EXIT_STATES.has(state) ? part('exit', () => readExit(api, base, signal)) : undefined,
    TEST_RUN_STATES.has(state) ? part('testRun', () => readTestRun(api, base, signal)) : undefined,
    ESTIMATE_STATES.has(state) ? part('estimate', () => readEstimate(api, base, signal)) : undefined,
  ]);
  if (spared.length > 0) {
    const parts = spared.length > 1 ? `${spared.slice(0, -1).join(', ')} and ${spared.at(-1)}` : spared[0];
    story.leftOut.push(
      `The story leaves out ${parts}: Trunk throttled this read's own lookups (5 requests a second per key on /v2/pull-requests*, shared by every job that uses the key), and the state comes first.`,
    );
  }
  return story;
}

async function readExit(api: V2Api, base: string, signal: AbortSignal): Promise<ExitStory | undefined> {
  const route = '/v2/pull-requests/{id}/queue-entry-history';
  // Oldest first by default: the newest transition is asked for explicitly.
  const response = await api.get(
    { route, path: `${base}/queue-entry-history?direction=newest&limit=1`, story: true },
    signal,
  );
  const newest = api.validate(route, response, historySchema).data[0];
  if (!newest) return undefined;
  const failed = newest.failed;
  const checks = failed?.failureCausingChecks ?? newest.pendingFailure?.failureCausingChecks ?? [];
  const culprit = failed?.conflictCulprit;
  return {
    reason: newest.reason === null ? undefined : snakeCase(newest.reason),
    actor: newest.actor?.gitHubLogin,
    at: newest.changedAt,
    failingChecks: checks.map((check): FailingCheck => ({
      name: check.name,
      url: check.url ?? null,
      conclusion: check.conclusion ? snakeCase(check.conclusion) : null,
    })),
    message: failed?.apiFailureMessage,
    conflict: culprit && { kind: snakeCase(culprit.kind), number: culprit.number, url: culprit.url },
  };
}

async function readTestRun(api: V2Api, base: string, signal: AbortSignal): Promise<TestRun | undefined> {
  const route = '/v2/pull-requests/{id}/verification-runs';
  const response = await api.get({ route, path: `${base}/verification-runs?limit=1`, story: true }, signal);
  const newest = api.validate(route, response, verificationRunsSchema).data[0];
  if (!newest) return undefined;
  return { url: newest.testBranchPullRequest?.url ?? newest.testBranchCommitUrl, status: snakeCase(newest.status) };
}

async function readEstimate(api: V2Api, base: string, signal: AbortSignal): Promise<Estimate> {
  const route = '/v2/pull-requests/{id}/queue-entry-estimate';
  const response = await api.get({ route, path: `${base}/queue-entry-estimate`, story: true }, signal);
  if (response.status === 404 && errorCode(response) === 'ESTIMATE_NOT_ENABLED') return { status: 'not_enabled' };
  const estimate = api.validate(route, response, estimateSchema);
  const status = snakeCase(estimate.status);
  const at = estimate.estimatedAt === undefined ? undefined : parseTimestamp(estimate.estimatedAt);
  const computed = estimate.computedAt === undefined ? undefined : parseTimestamp(estimate.computedAt);
  return {
    status,
    mergeAtMs: status === 'available' && estimate.kind === 'merge' ? at : undefined,
    computedAtMs: computed,
    reason: status === 'unavailable' ? estimate.reason : undefined,
  };
}
