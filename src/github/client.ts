// GitHub's REST API through @actions/github's Octokit: GITHUB_API_URL for GitHub Enterprise Server,
// the runner's proxy variables, and Node's certificate store (NODE_EXTRA_CA_CERTS). Loaded with
// import() only by the runs that ask GitHub (rule 5 of "Which PR", the commit verdict), so a pull
// request's own run loads none of it.
//
// Octokit's retry and throttling plugins are not used: they wait on real timers, the throttling
// one until x-ratelimit-reset however far off, and neither knows the run's deadline. The same
// back-off as Trunk's requests (http/retry-policy.ts) applies here, on the run's clock, and a
// rate-limit reset is waited for only when it falls within the policy's cap and the deadline.
//
// Every GitHub read of a run shares one request budget and the deadline: each attempt, retries
// included, is one request GitHub counts against the token's hour, and none is sent once either
// is spent. A paged read asks `spentOf` before each page (shared/paging.ts).
import type { GitHub } from '@actions/github/lib/utils';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter, RETRYABLE_STATUSES } from '../http/retry-policy.js';
import { CancelledError, GitHubError } from '../shared/errors.js';
import { millis, oneLine } from '../shared/format.js';
import type { Clock } from '../shared/time.js';
import type { Redactor } from '../shared/redact.js';

export interface GitHubSettings {
  /** GITHUB_API_URL, checked. */
  apiUrl: string;
  token: string;
  owner: string;
  name: string;
  /** Where this workflow's runs are (GITHUB_REPOSITORY), when `repo` names another repository. */
  runsRepo?: { owner: string; name: string };
  requestTimeoutMs: number;
  retries: number;
  /** When the run must be done by (ms since the epoch): no wait reaches past it, no request starts after it. */
  deadlineMs: number;
  /** How many requests (attempts) all the GitHub reads of the run may make together. */
  maxRequests: number;
  clock: Clock;
  random: () => number;
  log: (line: string) => void;
  /** The run's credentials, cut out of every answer and error message before it is read or quoted. */
  redactor: Redactor;
}

type Octokit = InstanceType<typeof GitHub>;

/**
 * The requests all GitHub reads of one run may make together. GITHUB_TOKEN has 1,000 an hour for
 * the repository, shared by every job: a gate must leave most of them to the rest, so at most a
 * fifth. It is more than the longest range a run checks needs: 1,000 first-parent commits of
 * squash or merge-commit merges take some 25 (the compare, the PR list, the runs), and a rebase
 * merge of 150 commits, each looked up on its own, about 160.
 */
export const GITHUB_REQUESTS_PER_RUN = 200;

/** One Octokit for the run, the settings every question keeps to, and the requests made so far. */
export interface GitHubClient {
  settings: GitHubSettings;
  octokit: Octokit;
  budget: { made: number };
}

export async function gitHubClient(settings: GitHubSettings): Promise<GitHubClient> {
  const { getOctokitOptions, GitHub } = await import('@actions/github/lib/utils');
  return {
    settings,
    octokit: new GitHub(getOctokitOptions(settings.token, { baseUrl: settings.apiUrl })),
    budget: { made: 0 },
  };
}

/** A question not asked: the run's requests or its time are spent. */
export class RequestsSpent extends GitHubError {
  override name = 'RequestsSpent';
  constructor(
    what: string,
    readonly stop: 'budget' | 'deadline',
    limit: number,
  ) {
    super(
      what,
      stop === 'budget'
        ? `not asked: this step had made the ${limit} requests to GitHub it may make in one run (GITHUB_TOKEN has 1,000 an hour for the repository)`
        : "not asked: the step's deadline (wait-timeout-seconds) had come",
    );
  }
}

/** Whether another request may go out: undefined, or what is spent. */
export function spentOf(client: GitHubClient): 'budget' | 'deadline' | undefined {
  const { settings, budget } = client;
  if (budget.made >= settings.maxRequests) return 'budget';
  return settings.clock.now() >= settings.deadlineMs ? 'deadline' : undefined;
}

/** One kind of request: how to send it, read its answer, and say what a 404 or 422 means. */
export interface Question<T> {
  /** What the error line says was asked: "which pull request brought the commit in". */
  what: string;
  send(octokit: Octokit, signal: AbortSignal): Promise<{ data: unknown }>;
  /** The answer, or a GitHubError when it cannot be read (final, not retried). */
  read(data: unknown): T;
  /** A 404 or 422 that is not about permissions: what GitHub does not know, and the input that names it. */
  missing(status: number, message: string): string;
  /** What a refusal says the token may not read, and the permissions the job then needs (default: commits and PRs). */
  refused?: { reads: string; permissions: string };
}

type Attempt<T> = { answer: T } | { retry: string; retryAfterMs?: number; throttled: boolean };

/** GitHub's answer to one question, retried on the run's clock; an error that names what to fix otherwise. */
export async function ask<T>(client: GitHubClient, question: Question<T>, signal: AbortSignal): Promise<T> {
  const { clock, log, retries, random, deadlineMs } = client.settings;
  for (let attempt = 0; ; attempt++) {
    const spent = spentOf(client);
    if (spent) throw new RequestsSpent(question.what, spent, client.settings.maxRequests);
    client.budget.made++;
    const outcome = await once(client, question, signal);
    if ('answer' in outcome) return outcome.answer;
    const waitMs = backoffMs(attempt, outcome.retryAfterMs, random, outcome.throttled);
    const tries = ` (after ${attempt + 1} attempt${attempt === 0 ? '' : 's'})`;
    if (attempt >= retries) throw new GitHubError(question.what, `${outcome.retry}${tries}`, true);
    if (clock.now() + waitMs > deadlineMs) {
      throw new GitHubError(
        question.what,
        `${outcome.retry}${tries}; the next try would fall past the step's deadline`,
        true,
      );
    }
    log(`GitHub: ${outcome.retry}; retry ${attempt + 1} of ${retries} in ${millis(waitMs)}`);
    try {
      await clock.sleep(waitMs, signal);
    } catch {
      throw new CancelledError('cut short while waiting to ask GitHub again');
    }
  }
}

async function once<T>(client: GitHubClient, question: Question<T>, signal: AbortSignal): Promise<Attempt<T>> {
  if (signal.aborted) throw new CancelledError('cut short before asking GitHub');
  const { settings } = client;
  const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
  let data: unknown;
  try {
    ({ data } = await question.send(client.octokit, AbortSignal.any([signal, timeout])));
  } catch (error) {
    if (signal.aborted) throw new CancelledError('cut short while asking GitHub');
    if (timeout.aborted) {
      return {
        retry: `no answer within ${millis(settings.requestTimeoutMs)} (request-timeout-seconds)`,
        throttled: false,
      };
    }
    if (!isRequestError(error)) throw error;
    return judge(error, settings, question);
  }
  return { answer: question.read(settings.redactor.json(data)) };
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
function judge<T>(error: RequestError, settings: GitHubSettings, question: Question<T>): Attempt<T> {
  const { response } = error;
  const { what } = question;
  const message = oneLine(settings.redactor.text(bodyMessage(response?.data) ?? error.message)).slice(0, 200);
  if (!response) {
    // No answer at all: a refused connection, a name that does not resolve, a TLS failure.
    return { retry: `no answer from ${settings.apiUrl} (${message}); GITHUB_API_URL names it`, throttled: false };
  }
  const { status, headers } = response;
  const nowMs = settings.clock.now();
  const limited =
    status === 429 ||
    (status === 403 && (headers['retry-after'] !== undefined || headers['x-ratelimit-remaining'] === '0'));
  if (limited) {
    const retryAfterMs =
      parseRetryAfter(headers['retry-after'], nowMs) ?? resetWait(headers['x-ratelimit-reset'], nowMs);
    if (retryAfterMs === undefined) {
      throw new GitHubError(
        what,
        `HTTP ${status}, rate limited (${message}) until ${resetAt(headers['x-ratelimit-reset'])}, beyond what this step waits; run it again later`,
        true,
      );
    }
    return { retry: `HTTP ${status}, rate limited (${message})`, retryAfterMs, throttled: true };
  }
  if (RETRYABLE_STATUSES.has(status)) {
    return { retry: `HTTP ${status}${message ? ` (${message})` : ''}`, throttled: false };
  }
  if (status === 401) {
    throw new GitHubError(
      what,
      `HTTP 401 (${message}): github-token was refused; leave it at its default, github.token, or give a valid token`,
    );
  }
  if ((status === 403 || status === 404) && /not accessible by integration/i.test(message)) {
    throw new GitHubError(
      what,
      `HTTP ${status} (${message}): github-token may not read ${question.refused?.reads ?? "this repository's commits and pull requests"}; give the job permissions: ${question.refused?.permissions ?? 'contents: read and pull-requests: read'}`,
    );
  }
  if (status === 404 || status === 422) throw new GitHubError(what, question.missing(status, message));
  throw new GitHubError(what, `HTTP ${status}${message ? ` (${message})` : ''}`);
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
