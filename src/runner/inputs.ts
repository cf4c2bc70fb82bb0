// Reads and validates every input before any request. Outside the runner nothing applies
// action.yml's defaults, so an empty input always means its default here.
import { InputError } from '../shared/errors.js';
import type { Redactor } from '../shared/redact.js';
import { readCredentials, type Credentials } from './credentials.js';
import { bool, commitSha, milliseconds, parse, quote, waitFor, wholeNumber, type Show } from './input-values.js';
import { githubApiUrl, hostOf, parseApiUrl, parseRepo, parseRepoHost, parseTargetBranch } from './locations.js';
import { MAX_PR, type EventFacts } from './event.js';
import { minutes, queueBranch, refuseWithQueue, scope, waitForWithQueue } from './scope.js';
import { baseChoice, type BaseChoice } from './base-sha.js';
import { readWindowInputs, refuseWithPr, type WindowInputs } from './window-inputs.js';
import { isLookup, isUnnamedTestRun, whichPr, type CommitLookup, type PrTarget } from './which-pr.js';
import { JOB_ID } from '../core/verdict-record.js';

export interface Inputs extends PrTarget, Credentials {
  /** One PR; `QueueInputs` for the queue itself, `CommitInputs` while rule 5 has yet to find it. */
  scope: 'pr';
  owner: string;
  name: string;
  repoHost: string;
  /** Base URL without a trailing slash. */
  apiUrl: string;
  failIfNotReady: boolean;
  /** Empty when not waiting. */
  waitFor: string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
  requestTimeoutMs: number;
  retries: number;
  summary: boolean;
}

/** `scope: queue`: the queue itself, no PR and no wait; how it has been doing over a window. */
export interface QueueInputs
  extends Omit<Inputs, keyof PrTarget | 'scope' | 'waitFor' | 'pollIntervalMs'>, WindowInputs {
  scope: 'queue';
  targetBranch: string;
  stallMinutes: number;
  /** This run's id (GITHUB_RUN_ID), to find the previous runs of its workflow; undefined off a runner. */
  runId?: number;
  /** This job's id in its workflow (GITHUB_JOB), checked; undefined off a runner. */
  job?: string;
  /**
   * Where this workflow's runs are (GITHUB_REPOSITORY), which `repo`, the queue's repository, need
   * not be; undefined off a runner.
   */
  workflowRepo?: { owner: string; name: string };
  /**
   * GITHUB_API_URL as the runner set it, checked only when the previous run's verdict is read:
   * a report on the queue does not fail for it.
   */
  githubApiUrlSet?: string;
}

/** A PR run whose PR GitHub has yet to name (rule 5 of "Which PR"), and the commit verdict. */
export interface CommitInputs extends Omit<Inputs, keyof PrTarget | 'scope'> {
  scope: 'commit';
  lookup: CommitLookup;
  /** GITHUB_API_URL, checked, without a trailing slash. */
  githubApiUrl: string;
  /** Where the range of commits checked starts: every commit after it up to `lookup.sha` is checked. */
  base: BaseChoice;
  /** This run's id (GITHUB_RUN_ID), to find its workflow's last successful run; undefined off a runner. */
  runId?: number;
  /** Where this workflow's runs are (GITHUB_REPOSITORY), which `repo` need not be; undefined off a runner. */
  workflowRepo?: { owner: string; name: string };
  /** How long Trunk may take to record a merge GitHub already shows. */
  settleMs: number;
}

/** One of Trunk's test branches whose name lists no PR: nothing to ask (rule 2). */
export interface TestBranchInputs {
  scope: 'test-branch';
  owner: string;
  name: string;
  testBranch: string;
  summary: boolean;
}

export type GetInput = (name: string) => string;

/**
 * Every input and the default action.yml declares for it (a test holds the two together). An
 * empty default is taken from the run: the repository, the event's PR and branches.
 */
export const INPUT_DEFAULTS = {
  'api-token': '',
  'api-key': '',
  repo: '',
  'repo-host': '',
  pr: '',
  'target-branch': '',
  'api-url': 'https://api.trunk.io',
  'fail-if-not-ready': 'false',
  'wait-for': '',
  'wait-timeout-seconds': '3600',
  'poll-interval-seconds': '15',
  'request-timeout-seconds': '30',
  retries: '3',
  summary: 'true',
  scope: 'pr',
  'stall-minutes': '30',
  'github-token': '${{ github.token }}',
  sha: '',
  'base-sha': 'last-success',
  'settle-seconds': '120',
  window: 'none',
  'max-failure-rate': '',
  'max-time-in-queue-minutes': '',
  'min-trips': '10',
} as const;
type InputName = keyof typeof INPUT_DEFAULTS;

/** The one rule for the summary input, also for a run whose other inputs failed: only a valid false turns it off. */
export function summaryWanted(getInput: GetInput): boolean {
  const parsed = bool.safeParse(getInput('summary').trim() || INPUT_DEFAULTS.summary);
  return parsed.success ? parsed.data : true;
}

export function readInputs(
  getInput: GetInput,
  env: NodeJS.ProcessEnv,
  event: EventFacts,
  redactor: Redactor,
): Inputs | QueueInputs | CommitInputs | TestBranchInputs {
  const show: Show = (raw) => quote(redactor.text(raw));
  // A default that is an expression (github.token) only the runner can evaluate: empty here.
  const get = (name: InputName) => getInput(name).trim() || INPUT_DEFAULTS[name].replace(/^\$\{\{.*\}\}$/, '');

  const credentials = readCredentials(get);
  const queueScope = parse('scope', scope, get('scope'), show) === 'queue';

  const repoRaw = get('repo') || (env.GITHUB_REPOSITORY ?? '');
  if (!repoRaw) throw new InputError('repo', 'is empty and GITHUB_REPOSITORY is not set; set repo to owner/name');
  const repo = parseRepo(repoRaw, show);

  // The queue itself needs no PR: a schedule's event has none, and `pr` is not asked.
  const prRaw = queueScope ? '' : get('pr');
  const prInput = prRaw
    ? parse('pr', wholeNumber(1, MAX_PR, `a pull request number from 1 to ${MAX_PR}`), prRaw, show)
    : undefined;
  const branchRaw = get('target-branch');
  const branch = branchRaw && parseTargetBranch(branchRaw, show);
  const shaRaw = queueScope ? '' : get('sha');
  const sha = shaRaw && parse('sha', commitSha, shaRaw, show);
  const target = queueScope ? undefined : whichPr(prInput, branch, event, sha);
  if (target && isUnnamedTestRun(target)) {
    return { scope: 'test-branch', ...repo, testBranch: target.testBranch, summary: summaryWanted(getInput) };
  }
  if (queueScope) refuseWithQueue(getInput, INPUT_DEFAULTS);
  else refuseWithPr(getInput, INPUT_DEFAULTS);

  const inputs = {
    ...credentials,
    ...repo,
    repoHost: get('repo-host') ? parseRepoHost(get('repo-host'), show) : hostOf(env.GITHUB_SERVER_URL),
    apiUrl: parseApiUrl(get('api-url'), show),
    failIfNotReady: parse('fail-if-not-ready', bool, get('fail-if-not-ready'), show),
    waitFor: parse('wait-for', waitFor, get('wait-for'), show),
    waitTimeoutMs: parse('wait-timeout-seconds', milliseconds(0, true, 'above 0'), get('wait-timeout-seconds'), show),
    pollIntervalMs: parse(
      'poll-interval-seconds',
      milliseconds(1, false, 'of at least 1'),
      get('poll-interval-seconds'),
      show,
    ),
    requestTimeoutMs: parse(
      'request-timeout-seconds',
      milliseconds(0, true, 'above 0'),
      get('request-timeout-seconds'),
      show,
    ),
    retries: parse('retries', wholeNumber(0, 10, 'a whole number from 0 to 10'), get('retries'), show),
    stallMinutes: parse('stall-minutes', minutes, get('stall-minutes'), show),
  };
  // Checked here for its message; the value is summaryWanted's, the rule a run whose inputs failed uses too.
  parse('summary', bool, get('summary'), show);
  const summary = summaryWanted(getInput);
  const { waitFor: states, waitTimeoutMs, pollIntervalMs, stallMinutes, ...common } = inputs;
  const waiting = { waitFor: states, waitTimeoutMs, pollIntervalMs, summary };
  if (target && isLookup(target)) {
    if (!common.githubToken) {
      throw new InputError(
        'github-token',
        'is empty, and this event names no pull request: the action asks GitHub which PR brought the commit in, with github-token (default: github.token). Set it, or set pr',
      );
    }
    return {
      ...common,
      ...waiting,
      scope: 'commit',
      lookup: target,
      githubApiUrl: githubApiUrl(env.GITHUB_API_URL),
      base: baseChoice(get('base-sha'), event, show),
      runId: runIdOf(env.GITHUB_RUN_ID),
      workflowRepo: repoOf(env.GITHUB_REPOSITORY),
      settleMs: parse('settle-seconds', milliseconds(0, false, 'of at least 0'), get('settle-seconds'), show),
    };
  }
  if (target) return { ...common, ...target, ...waiting, scope: 'pr' };
  if (states.length > 0) throw waitForWithQueue();
  const windowInputs = readWindowInputs(get, credentials, show);
  return {
    ...common,
    ...windowInputs,
    scope: 'queue',
    targetBranch: queueBranch(branch, event),
    stallMinutes,
    summary,
    waitTimeoutMs,
    runId: runIdOf(env.GITHUB_RUN_ID),
    job: env.GITHUB_JOB && JOB_ID.test(env.GITHUB_JOB) ? env.GITHUB_JOB : undefined,
    workflowRepo: repoOf(env.GITHUB_REPOSITORY),
    githubApiUrlSet: env.GITHUB_API_URL,
  };
}

/** GITHUB_RUN_ID, when it is one: a whole number the runner sets. */
function runIdOf(value: string | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * The repository a run is about even when its inputs cannot be read (the `repo` input, else
 * GITHUB_REPOSITORY), for the messages that say the step failed: empty when neither names one.
 */
export function repoNamed(get: (name: string) => string, env: NodeJS.ProcessEnv): string {
  const named = repoOf(get('repo').trim()) ?? repoOf(env.GITHUB_REPOSITORY);
  return named ? `${named.owner}/${named.name}` : '';
}

/** GITHUB_REPOSITORY, when it is `owner/name` as GitHub allows them. */
function repoOf(value: string | undefined): { owner: string; name: string } | undefined {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(value ?? '');
  return match?.[1] && match[2] ? { owner: match[1], name: match[2] } : undefined;
}
