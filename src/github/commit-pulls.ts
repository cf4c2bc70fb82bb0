// GitHub's answer to "which pull requests brought this commit in?" (rule 5 of "Which PR"),
// through @actions/github's Octokit: GITHUB_API_URL for GitHub Enterprise Server, the runner's
// proxy variables, and Node's certificate store (NODE_EXTRA_CA_CERTS). This module is loaded with
// import() only when rule 5 runs, so a pull request's own run loads none of it.
//
// Octokit's retry and throttling plugins are not used: they wait on real timers, the throttling
// one until x-ratelimit-reset however far off, and neither knows the run's deadline. The same
// back-off as Trunk's requests (http/retry-policy.ts) applies here, on the run's clock, and a
// rate-limit reset is waited for only when it falls within the policy's cap and the deadline.
import * as z from 'zod/mini';
import type { CommitPr } from '../core/model.js';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter, RETRYABLE_STATUSES } from '../http/retry-policy.js';
import { CancelledError, GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import type { Clock } from '../shared/time.js';

export interface GitHubSettings {
  /** GITHUB_API_URL, checked. */
  apiUrl: string;
  token: string;
  owner: string;
  name: string;
  requestTimeoutMs: number;
  retries: number;
  /** When the run must be done by (ms since the epoch): no wait reaches past it. */
  deadlineMs: number;
  clock: Clock;
  random: () => number;
  log: (line: string) => void;
}

const PULLS = z.array(
  z.object({
    number: z.number().check(z.int(), z.positive()),
    state: z.optional(z.nullable(z.string())),
    merged_at: z.optional(z.nullable(z.string())),
    merge_commit_sha: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.nullable(z.string())),
    head: z.optional(z.nullable(z.object({ sha: z.optional(z.nullable(z.string())) }))),
    base: z.optional(z.nullable(z.object({ ref: z.optional(z.nullable(z.string())) }))),
  }),
);

type Attempt = { prs: CommitPr[] } | { retry: string; retryAfterMs?: number; throttled: boolean };

/** The PRs GitHub lists for `sha`, in its order; an error that names what to fix otherwise. */
export async function listCommitPulls(settings: GitHubSettings, sha: string, signal: AbortSignal): Promise<CommitPr[]> {
  const { getOctokitOptions, GitHub } = await import('@actions/github/lib/utils');
  const octokit = new GitHub(getOctokitOptions(settings.token, { baseUrl: settings.apiUrl }));
  const { clock, log, retries } = settings;
  for (let attempt = 0; ; attempt++) {
    const outcome = await once(settings, sha, signal, (options) =>
      octokit.rest.repos.listPullRequestsAssociatedWithCommit(options),
    );
    if ('prs' in outcome) return outcome.prs;
    const waitMs = backoffMs(attempt, outcome.retryAfterMs, settings.random, outcome.throttled);
    const tries = ` (after ${attempt + 1} attempt${attempt === 0 ? '' : 's'})`;
    if (attempt >= retries) throw new GitHubError(`${outcome.retry}${tries}`, true);
    if (clock.now() + waitMs > settings.deadlineMs) {
      throw new GitHubError(`${outcome.retry}${tries}; the next try would fall past the step's deadline`, true);
    }
    log(`GitHub: ${outcome.retry}; retry ${attempt + 1} of ${retries} in ${(waitMs / 1000).toFixed(1)} s`);
    try {
      await clock.sleep(waitMs, signal);
    } catch {
      throw new CancelledError('cut short while waiting to ask GitHub again');
    }
  }
}

type ListOptions = {
  owner: string;
  repo: string;
  commit_sha: string;
  per_page: number;
  request: { signal: AbortSignal };
};

async function once(
  settings: GitHubSettings,
  sha: string,
  signal: AbortSignal,
  list: (options: ListOptions) => Promise<{ data: unknown }>,
): Promise<Attempt> {
  if (signal.aborted) throw new CancelledError('cut short before asking GitHub');
  const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
  try {
    const { data } = await list({
      owner: settings.owner,
      repo: settings.name,
      commit_sha: sha,
      per_page: 100,
      request: { signal: AbortSignal.any([signal, timeout]) },
    });
    return { prs: readPulls(data) };
  } catch (error) {
    if (signal.aborted) throw new CancelledError('cut short while asking GitHub');
    if (timeout.aborted) {
      return {
        retry: `no answer within ${settings.requestTimeoutMs / 1000} s (request-timeout-seconds)`,
        throttled: false,
      };
    }
    if (error instanceof GitHubError || !isRequestError(error)) throw error;
    return judge(error, settings, sha);
  }
}

/** Octokit's RequestError, by its shape: its class is a package of Octokit's own, not of this action's. */
interface RequestError {
  message: string;
  status: number;
  response?: { status: number; headers: Record<string, string | undefined>; data: unknown };
}

function isRequestError(error: unknown): error is RequestError {
  return error instanceof Error && typeof (error as Partial<RequestError>).status === 'number';
}

/** What an error answer means: retry (and after how long), or a final error naming what to fix. */
function judge(error: RequestError, settings: GitHubSettings, sha: string): Attempt {
  const { response } = error;
  const message = oneLine(bodyMessage(response?.data) ?? error.message).slice(0, 200);
  if (!response) {
    // No answer at all: a refused connection, a name that does not resolve, a TLS failure.
    return { retry: `no answer from ${settings.apiUrl} (${message}); GITHUB_API_URL names it`, throttled: false };
  }
  const { status } = response;
  const { headers } = response;
  const nowMs = settings.clock.now();
  const limited =
    status === 429 ||
    (status === 403 && (headers['retry-after'] !== undefined || headers['x-ratelimit-remaining'] === '0'));
  if (limited) {
    const retryAfterMs =
      parseRetryAfter(headers['retry-after'], nowMs) ?? resetWait(headers['x-ratelimit-reset'], nowMs);
    if (retryAfterMs === undefined) {
      throw new GitHubError(
        `HTTP ${status}, rate limited (${message}) until ${resetAt(headers['x-ratelimit-reset'])}, beyond what this step waits; run it again later`,
        true,
      );
    }
    return { retry: `HTTP ${status}, rate limited (${message})`, retryAfterMs, throttled: true };
  }
  if (RETRYABLE_STATUSES.has(status))
    return { retry: `HTTP ${status}${message ? ` (${message})` : ''}`, throttled: false };
  if (status === 401) {
    throw new GitHubError(
      `HTTP 401 (${message}): github-token was refused; leave it at its default, github.token, or give a valid token`,
    );
  }
  if ((status === 403 || status === 404) && /not accessible by integration/i.test(message)) {
    throw new GitHubError(
      `HTTP ${status} (${message}): github-token may not read this repository's pull requests; give the job permissions: contents: read and pull-requests: read`,
    );
  }
  if (status === 404 || status === 422) {
    throw new GitHubError(
      `HTTP ${status} (${message}): commit ${sha} is not in ${settings.owner}/${settings.name}; check sha`,
    );
  }
  throw new GitHubError(`HTTP ${status}${message ? ` (${message})` : ''}`);
}

/** The wait until x-ratelimit-reset, when it falls within the policy's cap; undefined otherwise. */
function resetWait(reset: string | undefined, nowMs: number): number | undefined {
  const seconds = Number(reset);
  if (!reset || !Number.isFinite(seconds)) return undefined;
  const ms = Math.max(seconds * 1000 - nowMs, 0);
  return ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

function resetAt(reset: string | undefined): string {
  const seconds = Number(reset);
  return reset && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : 'later';
}

function bodyMessage(data: unknown): string | undefined {
  if (data !== null && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
    return data.message;
  return undefined;
}

function readPulls(data: unknown): CommitPr[] {
  const parsed = PULLS.safeParse(data);
  if (!parsed.success) {
    throw new GitHubError(
      `answered with a list of pull requests this action cannot read (${oneLine(parsed.error.issues[0]?.message ?? 'invalid')})`,
    );
  }
  return parsed.data.map((pr) => ({
    number: pr.number,
    open: pr.state === 'open',
    mergedAt: pr.merged_at ?? undefined,
    mergeCommitSha: pr.merge_commit_sha ?? undefined,
    headSha: pr.head?.sha ?? undefined,
    baseRef: pr.base?.ref ?? undefined,
    updatedAt: pr.updated_at ?? undefined,
  }));
}
