// The parts of the workflow's event the action uses, read from the event file the runner writes.
// The action reads what @actions/github's Context reads (GITHUB_EVENT_PATH, GITHUB_EVENT_NAME,
// GITHUB_REF) itself. The package's public entry builds its `context` from process.env when it
// is imported, so an event file that is not JSON throws before run() can report it (no outputs,
// a stack trace), and a test cannot give the action its own environment; that entry also loads
// the Octokit client, which the action never calls (measured: 770 KiB of bundle instead of 631,
// about 15 ms more per run on Node 24). Its other export paths do not include the Context class.
import { readFileSync } from 'node:fs';
import { messageOf } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import type { Redactor } from '../shared/redact.js';

export interface EventFacts {
  /** The PR the event is about: `pull_request.number`, or the issue of a comment on a PR. */
  prNumber?: number;
  /** The event PR's base branch and head commit. */
  baseRef?: string;
  headSha?: string;
  defaultBranch?: string;
  /**
   * Set when this run is on one of Trunk's test branches (`trunk-merge/…`): a merge-queue test run.
   * `prs` are the PRs its name lists (`trunk-merge/pr-<N>-<M>-…/<id>`), in its order; empty when
   * the name lists none that way.
   */
  mergeQueue?: TestBranch;
  /**
   * workflow_run, check_suite, check_run: the PRs the run lists (rule 4), and which event field
   * they came from (`workflow-run`, or `event` for the check events).
   */
  runPrs?: RunPr[];
  runPrsFrom?: 'workflow-run' | 'event';
  /** The commit rule 5 asks GitHub about: push `after`, a run's or deployment's head SHA; else GITHUB_SHA. */
  commitSha?: string;
  /** A push that deleted its branch or tag: there is no commit to ask about. */
  deletedRef?: string;
  /** A push's `before`: the commit the branch pointed at, the default of base-sha (all zeros for a new branch). */
  before?: string;
  /**
   * The branch the run is on, when it is not a pull request's: the pushed branch, or the head branch
   * of a workflow or check run (a fork's workflow run has none).
   */
  runBranch?: string;
  /**
   * The branch the event's commit is on, whose queue a commit verdict asks: the pushed branch (for
   * a tag, the branch the push names in `base_ref`), a run's head branch, a deployment's or the
   * run's ref when it is a branch. Undefined: the repository's default branch.
   */
  commitBranch?: string;
  /** A push of a tag: its name, and the tag object when the tag is annotated (peeled to `commitSha`). */
  tag?: { name: string; object?: string };
  /** Why the event's PR number cannot be used (out of range, not a whole number), naming the field. */
  prNumberProblem?: string;
  /** Why the event file could not be used, for a warning; undefined when it was read or there is none. */
  problem?: string;
}

/** One of Trunk's test branches, and the PRs its name says it tests. */
interface TestBranch {
  branch: string;
  prs: number[];
}

/** A PR a workflow or check run lists as its own. */
interface RunPr {
  number: number;
  baseRef?: string;
  headSha?: string;
}

type Json = Record<string, unknown>;

export const MAX_PR = 4294967295;
/** Every branch Trunk's merge queue tests on: its test runs are never a deploy's commit. */
const TEST_BRANCHES = 'trunk-merge/';
/**
 * Trunk tests a queued PR on `trunk-merge/pr-<N>/<id>`, and a batch on one branch named after all
 * its PRs (`trunk-merge/pr-1-2/<id>`, as its webhook documentation shows), by a push or a draft PR.
 */
const MERGE_QUEUE_BRANCH = /^trunk-merge\/pr-(\d+(?:-\d+)*)\/./;

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Json)[key] : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const prNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_PR ? value : undefined;

/** Facts from an event payload and the run's ref; pure, so every event's defaults can be tested directly. */
export function eventFacts(eventName: string, payload: unknown, ref?: string, githubSha?: string): EventFacts {
  const pullRequest = field(payload, 'pull_request');
  const issue = field(payload, 'issue');
  // A comment's issue is a PR only when it carries a pull_request link.
  const numberField = pullRequest
    ? { where: 'pull_request.number', value: field(pullRequest, 'number') }
    : eventName === 'issue_comment' && field(issue, 'pull_request')
      ? { where: 'issue.number', value: field(issue, 'number') }
      : undefined;
  const prFromEvent = numberField && prNumber(numberField.value);
  const run = RUN_EVENTS.get(eventName);
  const runPayload = run && run.path.reduce(field, payload);
  const branch = testBranch(eventName, payload, ref);
  const deleted =
    eventName === 'push' && (field(payload, 'deleted') === true || /^0+$/.test(str(field(payload, 'after')) ?? ''));
  return {
    prNumber: prFromEvent,
    baseRef: str(field(field(pullRequest, 'base'), 'ref')),
    headSha: str(field(field(pullRequest, 'head'), 'sha')),
    defaultBranch: str(field(field(payload, 'repository'), 'default_branch')),
    mergeQueue: branch?.startsWith(TEST_BRANCHES) ? { branch, prs: testedPrs(branch) } : undefined,
    ...(run ? { runPrs: runPrs(field(runPayload, 'pull_requests')), runPrsFrom: run.from } : {}),
    commitSha: deleted ? undefined : (eventCommit(eventName, payload, runPayload, ref) ?? str(githubSha)),
    deletedRef: deleted ? (ref ?? str(field(payload, 'ref')) ?? 'its ref') : undefined,
    before: eventName === 'push' ? str(field(payload, 'before')) : undefined,
    runBranch: pullRequest ? undefined : branch,
    commitBranch: pullRequest ? undefined : commitBranchOf(eventName, payload, ref, branch),
    ...(eventName === 'push' && !deleted ? tagOf(payload, ref) : {}),
    prNumberProblem:
      numberField && prFromEvent === undefined
        ? `${numberField.where} in the event is ${shown(numberField.value)}: a pull request number is a whole number from 1 to ${MAX_PR}`
        : undefined,
  };
}

/**
 * The PRs a test branch's name lists, in its order, each once; none when any of them is not a PR
 * number (`pr-0`, a number past 4294967295): a name that does not read as Trunk writes it names nothing.
 */
function testedPrs(branch: string): number[] {
  const listed = MERGE_QUEUE_BRANCH.exec(branch)?.[1]?.split('-') ?? [];
  const numbers = listed.map((digits) => prNumber(Number(digits)));
  if (numbers.some((number) => number === undefined)) return [];
  return [...new Set(numbers as number[])];
}

/** Rule 4's events: where the run is in the payload, and what `pr-found-by` calls its PR list. */
const RUN_EVENTS: ReadonlyMap<string, { path: string[]; from: 'workflow-run' | 'event' }> = new Map([
  ['workflow_run', { path: ['workflow_run'], from: 'workflow-run' }],
  ['check_suite', { path: ['check_suite'], from: 'event' }],
  ['check_run', { path: ['check_run'], from: 'event' }],
]);

/**
 * The commit each event carries (github-api.md's table); undefined for the others, which use
 * GITHUB_SHA. A push of an annotated tag has the tag object in `after`; its `head_commit` is the
 * commit the tag points to (GitHub's push payload says so), which is the one to ask about.
 */
function eventCommit(eventName: string, payload: unknown, runPayload: unknown, ref?: string): string | undefined {
  if (eventName === 'push') {
    const tagged = isTag(payload, ref) ? str(field(field(payload, 'head_commit'), 'id')) : undefined;
    return tagged ?? str(field(payload, 'after'));
  }
  if (RUN_EVENTS.has(eventName)) return str(field(runPayload, 'head_sha'));
  if (eventName === 'deployment' || eventName === 'deployment_status') {
    return str(field(field(payload, 'deployment'), 'sha'));
  }
  return undefined;
}

const pushedRef = (payload: unknown, ref: string | undefined) => ref ?? str(field(payload, 'ref')) ?? '';
const isTag = (payload: unknown, ref: string | undefined) => pushedRef(payload, ref).startsWith('refs/tags/');
const branchOf = (ref: string | undefined) =>
  ref?.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined;

/** A tag push's tag: its name, and its object when `after` is not the commit it names. */
function tagOf(payload: unknown, ref: string | undefined): Pick<EventFacts, 'tag'> {
  if (!isTag(payload, ref)) return {};
  const name = pushedRef(payload, ref).slice('refs/tags/'.length);
  const after = str(field(payload, 'after'));
  const commit = str(field(field(payload, 'head_commit'), 'id'));
  const annotated = after !== undefined && commit !== undefined && after.toLowerCase() !== commit.toLowerCase();
  return { tag: { name, ...(annotated ? { object: after.toLowerCase() } : {}) } };
}

/**
 * The branch whose queue a commit run asks by default (see EventFacts.commitBranch). GITHUB_REF is
 * fully formed for the other events (a deployment's is the branch or tag deployed): only a branch
 * names a queue.
 */
function commitBranchOf(
  eventName: string,
  payload: unknown,
  ref: string | undefined,
  runBranch: string | undefined,
): string | undefined {
  if (eventName === 'push') return isTag(payload, ref) ? branchOf(str(field(payload, 'base_ref'))) : runBranch;
  if (RUN_EVENTS.has(eventName)) return runBranch;
  return branchOf(ref);
}

function runPrs(list: unknown): RunPr[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const number = prNumber(field(item, 'number'));
    if (number === undefined) return [];
    return [
      { number, baseRef: str(field(field(item, 'base'), 'ref')), headSha: str(field(field(item, 'head'), 'sha')) },
    ];
  });
}

/** A value from the event as a message shows it: JSON, short. */
function shown(value: unknown): string {
  const text =
    typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)
      ? `${value} (beyond what JavaScript holds exactly)`
      : (JSON.stringify(value) ?? String(value));
  return oneLine(text).slice(0, 60);
}

/**
 * The branch whose name may say this is one of Trunk's test runs: a PR's head branch, or the
 * pushed branch. A PR from another repository (a fork) is never one: anyone can name a branch
 * `trunk-merge/pr-<N>/…`, and under pull_request_target its run would hold the secrets.
 */
function testBranch(eventName: string, payload: unknown, ref: string | undefined): string | undefined {
  const pullRequest = field(payload, 'pull_request');
  if (pullRequest) {
    const headRepo = str(field(field(field(pullRequest, 'head'), 'repo'), 'full_name'));
    const baseRepo = str(field(field(payload, 'repository'), 'full_name'));
    // Fails closed: a deleted fork's PR has `head.repo: null`, and is still no test run.
    if (!headRepo || !baseRepo || headRepo.toLowerCase() !== baseRepo.toLowerCase()) return undefined;
    return str(field(field(pullRequest, 'head'), 'ref'));
  }
  // Rule 4: a workflow or check run on Trunk's branch. A workflow_run from a fork is not one, for
  // the same reason as a fork's PR.
  if (eventName === 'workflow_run') {
    const run = field(payload, 'workflow_run');
    const headRepo = str(field(field(run, 'head_repository'), 'full_name'));
    const baseRepo = str(field(field(payload, 'repository'), 'full_name'));
    if (!headRepo || !baseRepo || headRepo.toLowerCase() !== baseRepo.toLowerCase()) return undefined;
    return str(field(run, 'head_branch'));
  }
  if (eventName === 'check_suite') return str(field(field(payload, 'check_suite'), 'head_branch'));
  if (eventName === 'check_run') return str(field(field(field(payload, 'check_run'), 'check_suite'), 'head_branch'));
  return eventName === 'push' ? ref?.replace(/^refs\/heads\//, '') : undefined;
}

/**
 * The event of this run. A missing or unreadable event file is a problem to report, not a crash.
 * The payload's texts (branch names, titles, a pusher's ref) are outside text: the credentials are
 * cut out of them before any is read, as from every answer.
 */
export function readEvent(env: NodeJS.ProcessEnv, redactor: Redactor): EventFacts {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const path = env.GITHUB_EVENT_PATH;
  const ref = env.GITHUB_REF === undefined ? undefined : redactor.text(env.GITHUB_REF);
  // No event file is a local run, as for Context: the facts that need no payload still count.
  if (!path) return eventFacts(eventName, {}, ref, env.GITHUB_SHA);
  let payload: unknown;
  try {
    payload = redactor.json(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    // JSON.parse quotes the text around a syntax error.
    const problem =
      errorCode(error) === 'ENOENT'
        ? `The event file GITHUB_EVENT_PATH (${path}) does not exist`
        : `The event file GITHUB_EVENT_PATH (${path}) could not be read, or is not JSON (${oneLine(redactor.text(messageOf(error)), { squeeze: true })})`;
    return { ...eventFacts(eventName, undefined, ref, env.GITHUB_SHA), problem };
  }
  return eventFacts(eventName, payload, ref, env.GITHUB_SHA);
}

const errorCode = (error: unknown): unknown => field(error, 'code');
