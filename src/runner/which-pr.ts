// Which PR the run asks about, and the facts that go with it: the contract's "Which PR" rules.
// Pure. The event's own facts (its head SHA, its base branch) describe only the event's own PR,
// so they are used only when the PR asked about is that one. Rule 5 needs GitHub's answer: whichPr
// says which commit to ask about, and choosePr picks the PR from what GitHub listed.
import { ActionError, InputError } from '../shared/errors.js';
import type { EventFacts } from './event.js';
import type { CommitPr } from '../core/model.js';

/** How the PR was found, as the `pr-found-by` output says it. */
type FoundBy = 'input' | 'merge-queue-run' | 'event' | 'workflow-run' | 'commit';

export interface PrTarget {
  pr: number;
  foundBy: FoundBy;
  /** True in one of Trunk's test runs (a `trunk-merge/` branch), whichever PR is asked about. */
  mergeQueueRun: boolean;
  /**
   * Rule 2: the PRs the test branch names, in its order, `pr` first (one, or a batch); undefined
   * when the run is not about them (no test branch, or the `pr` input).
   */
  batchPrs?: number[];
  targetBranch: string;
  /** The head SHA to compare with the queue's, for `stale`; undefined when the event does not describe this PR. */
  eventHeadSha?: string;
  /** Rule 5: the commit GitHub was asked about. */
  commitSha?: string;
}

/**
 * Rule 2 on a test branch whose name lists no PR the way Trunk writes it: the run is about nothing
 * the action can name, so it asks nothing and passes (the queue's own test run is never turned red).
 */
export interface UnnamedTestRun {
  testBranch: string;
}

/** Rule 5 still to run: ask GitHub which PR brought `sha` in. */
export interface CommitLookup {
  sha: string;
  /** The `target-branch` input; empty for its default. */
  branchInput: string;
  /** The queue's branch of a PR run the exception leads to, when its PR names none: the input, else the default branch. */
  fallbackBranch: string;
  /**
   * The branch the commit is on, whose queue a commit verdict asks: target-branch, else the pushed
   * branch, the run's head branch, the ref of a deployment or workflow_dispatch, else the
   * repository's default branch.
   */
  commitBranch: string;
  /** The branch a queue merges into: target-branch, else the repository's default branch. */
  queueBranch: string;
  /** The branch the run is on (the pushed branch, a workflow run's head branch), when the event says. */
  runBranch?: string;
  /** A tag push: the tag, and its object when an annotated tag was peeled to the commit. */
  tag?: { name: string; object?: string };
}

/**
 * @param prInput the `pr` input, already validated; undefined when empty
 * @param branchInput the `target-branch` input, already validated and without `refs/heads/`; empty for its default
 * @param shaInput the `sha` input, already validated (lowercase); empty for the event's commit
 */
export function whichPr(
  prInput: number | undefined,
  branchInput: string,
  event: EventFacts,
  shaInput = '',
): PrTarget | CommitLookup | UnnamedTestRun {
  const mergeQueueRun = event.mergeQueue !== undefined;
  // Rule 2 before any other default: a test branch is never a commit run, nor its draft PR the PR.
  const tested = prInput === undefined ? event.mergeQueue : undefined;
  if (tested && tested.prs.length === 0) return { testBranch: tested.branch };
  const batchPrs = tested?.prs;
  // Rule 4: a run on the branch a queue merges into is about its commit, whatever PR it lists (a
  // promotion PR from that branch into another lists the branch as its head).
  const onQueueBranch = event.runBranch !== undefined && event.runBranch === queueBranchOf(branchInput, event);
  const listed = event.runPrs?.length === 1 && !mergeQueueRun && !onQueueBranch ? event.runPrs[0] : undefined;
  const pr = prInput ?? batchPrs?.[0] ?? event.prNumber ?? listed?.number;
  if (pr === undefined) return commitLookup(branchInput, event, shaInput);
  const foundBy: FoundBy =
    prInput !== undefined
      ? 'input'
      : batchPrs
        ? 'merge-queue-run'
        : event.prNumber !== undefined
          ? 'event'
          : (event.runPrsFrom ?? 'event');
  // In a test run the event's PR, if any, is Trunk's draft from the test branch: its facts are
  // its own, used only when the draft itself is asked about. Its base is the queue's branch; a
  // workflow_run on the test branch lists that draft as its one PR.
  const eventsOwnPr = event.prNumber === pr;
  const draftOfThisPr = mergeQueueRun && event.mergeQueue?.prs.includes(pr) === true;
  const draftBase = event.baseRef ?? (event.runPrs?.length === 1 ? event.runPrs[0]?.baseRef : undefined);
  const runsOwnPr = listed?.number === pr;

  let targetBranch = branchInput;
  if (!targetBranch) {
    if (event.problem) {
      throw new ActionError(`${event.problem}, so target-branch has no default; set the target-branch input.`);
    }
    const eventBase = draftOfThisPr ? draftBase : eventsOwnPr ? event.baseRef : runsOwnPr ? listed.baseRef : undefined;
    targetBranch = eventBase ?? event.defaultBranch ?? 'main';
  }
  return {
    pr,
    foundBy,
    mergeQueueRun,
    ...(batchPrs ? { batchPrs } : {}),
    targetBranch,
    eventHeadSha: eventsOwnPr ? event.headSha : undefined,
  };
}

function commitLookup(branchInput: string, event: EventFacts, shaInput: string): CommitLookup {
  if (event.problem) throw new ActionError(`${event.problem}, so the pull request is unknown; set the pr input.`);
  // The event has a PR, but its number is not one: saying "no pull request" would blame the wrong thing.
  if (event.prNumberProblem) throw new ActionError(`${event.prNumberProblem}; set the pr input.`);
  if (!shaInput && event.deletedRef) {
    throw new ActionError(
      `This push deleted ${event.deletedRef}, so it has no commit whose pull request could be looked up; set the pr or sha input, or skip this step for deletions (if: github.event.deleted == false).`,
    );
  }
  const sha = shaInput || event.commitSha?.toLowerCase();
  if (!sha) {
    throw new InputError(
      'pr',
      'is empty, this event has no pull request, and there is no commit to look one up by (sha is empty and GITHUB_SHA is not set); set pr to the pull request number, or sha to the commit',
    );
  }
  // The event's commit is text from outside: checked as the sha input is, before any request.
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(sha)) {
    throw new InputError('sha', `is empty, and the event's commit is not a full commit SHA; set sha to the commit`);
  }
  const defaultBranch = event.defaultBranch || 'main';
  return {
    sha,
    branchInput,
    fallbackBranch: branchInput || defaultBranch,
    commitBranch: branchInput || event.commitBranch || defaultBranch,
    queueBranch: queueBranchOf(branchInput, event),
    runBranch: event.runBranch,
    ...(event.tag && !shaInput ? { tag: event.tag } : {}),
  };
}

/** The branch a queue merges into: target-branch, else the repository's default branch. */
function queueBranchOf(branchInput: string, event: EventFacts): string {
  return branchInput || event.defaultBranch || 'main';
}

export function isLookup(target: PrTarget | CommitLookup | UnnamedTestRun): target is CommitLookup {
  return 'sha' in target;
}

export function isUnnamedTestRun(target: PrTarget | CommitLookup | UnnamedTestRun): target is UnnamedTestRun {
  return 'testBranch' in target;
}

/** The PR rule 5 picks for a commit, by which of its three rules, and the others that fit the same rule. */
export interface PrChoice {
  pr: CommitPr;
  /** 1: the commit is its merge commit; 2: merged (into target-branch when given); 3: open with its head at the commit. */
  rule: 1 | 2 | 3;
  /** Others that fit the same rule, for a log line. */
  others: number[];
}

/**
 * Rule 5: of the PRs GitHub lists for the commit, the one whose merge commit it is; else one
 * merged (into `target-branch` when given); else one open with its head at the commit, unless its
 * head is `queueBranch` itself (a promotion PR from the branch a queue merges into brought nothing
 * into it). Ties go to the latest merged (or updated). undefined when none fits: no PR brought the
 * commit in.
 */
export function chooseCommitPr(
  sha: string,
  branchInput: string,
  prs: readonly CommitPr[],
  queueBranch?: string,
): PrChoice | undefined {
  const same = (a: string | undefined) => a?.toLowerCase() === sha;
  const intoBranch = (pr: CommitPr) => !branchInput || pr.baseRef === branchInput;
  const promotion = (pr: CommitPr) => pr.headInRepository === true && pr.headRef === queueBranch;
  const rules: Array<{ fits: (pr: CommitPr) => boolean; time: (pr: CommitPr) => string | undefined }> = [
    { fits: (pr) => same(pr.mergeCommitSha), time: (pr) => pr.mergedAt ?? pr.updatedAt },
    { fits: (pr) => pr.mergedAt !== undefined && intoBranch(pr), time: (pr) => pr.mergedAt },
    {
      fits: (pr) => pr.open && pr.mergedAt === undefined && same(pr.headSha) && !promotion(pr),
      time: (pr) => pr.updatedAt,
    },
  ];
  for (const [index, rule] of rules.entries()) {
    const fitting = prs.filter(rule.fits).sort((a, b) => (rule.time(b) ?? '').localeCompare(rule.time(a) ?? ''));
    const [chosen, ...others] = fitting;
    if (chosen) return { pr: chosen, rule: (index + 1) as PrChoice['rule'], others: others.map((pr) => pr.number) };
  }
  return undefined;
}

/** The PR run rule 5 leads to: the found PR, its queue, and the commit. */
export function commitTarget(lookup: CommitLookup, { pr, rule }: PrChoice): PrTarget {
  return {
    pr: pr.number,
    foundBy: 'commit',
    mergeQueueRun: false,
    targetBranch: lookup.branchInput || pr.baseRef || lookup.fallbackBranch,
    // Only an open PR whose head is the commit can be compared with the queue's head SHA.
    eventHeadSha: rule === 3 ? lookup.sha : undefined,
    commitSha: lookup.sha,
  };
}

/**
 * The exception to the commit verdict: an open PR whose head is the commit, on a run on that PR's
 * own branch (a push to it, CI on it), is about that PR. A fork's branch of the same name is not
 * the PR's own: its push to this repository is a commit reaching a branch, judged as one. Never on
 * the branch a queue merges into: a push there is a commit reaching it, whatever PR it heads.
 */
export function isOwnBranchRun(lookup: CommitLookup, choice: PrChoice): boolean {
  const { pr } = choice;
  return (
    choice.rule === 3 &&
    pr.headInRepository === true &&
    pr.headRef !== undefined &&
    pr.headRef === lookup.runBranch &&
    pr.headRef !== pr.baseRef &&
    pr.headRef !== lookup.queueBranch
  );
}
