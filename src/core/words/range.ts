// The range a commit verdict covers, in words: which commits were checked and where that range
// started (base-sha, the push, the last successful run of this workflow), and why it could not be
// read when it could not. Pure; clauses end without a full stop, so that callers can end them.
import { grouped, outside, plural, shortSha, withoutStop } from '../../shared/format.js';
import type { BaseFrom, CommitRange, PastRun } from '../commit-range.js';
import { runName } from './run-name.js';

/** Where the range started, after "every commit after". */
function startWords(base: string, from: BaseFrom, branch: string): string {
  const at = `\`${shortSha(base)}\``;
  switch (from.kind) {
    case 'last-success':
      return `${at}, which the last successful run of this workflow on ${outside(branch)} (${runName(from.run)}) checked`;
    case 'push':
      return from.first
        ? `the push's before, ${at} (this workflow has no earlier successful run on ${outside(branch)})`
        : `the push's before, ${at}`;
    default:
      return `base-sha ${at}`;
  }
}

/**
 * What the verdict covers, for the summary: "12 commits checked: every commit after f8a5db8, which
 * the last successful run of this workflow on main (run #57) checked, on the branch's first-parent
 * line". Empty when the tip alone was asked for.
 */
export function rangeSentence(range: CommitRange, checked: number, branch: string): string {
  switch (range.kind) {
    case 'read':
      return `${plural(checked, 'commit')} checked: every commit after ${startWords(range.base, range.from, branch)}, on the branch's first-parent line`;
    case 'unchecked':
      // Why is the heading's to say (commitSentence names it): said once.
      return 'Only the tip was checked';
    default:
      break;
  }
  switch (range.why) {
    case 'identical':
      return range.from.kind === 'last-success'
        ? `Only this commit was checked: the last successful run of this workflow on ${outside(branch)} (${runName(range.from.run)}) was on it too, so no commit came after it`
        : 'Only this commit was checked: base-sha is this commit';
    case 'first-deploy':
      return `Only this commit was checked: this workflow has no earlier successful run on ${outside(branch)}, and this run is no push with a commit before it`;
    case 'new-branch':
      return 'Only this commit was checked: the push created the branch';
    case 'no-push':
      return 'Only this commit was checked: base-sha is push, and this run is no push';
    default:
      return '';
  }
}

/** Why the last successful run could not be found, for an `unchecked` range. */
export const lastSuccessWords = {
  noRunId:
    'GITHUB_RUN_ID is not set (this is not a runner), so the last successful run of this workflow cannot be found; set base-sha to the last deployed commit, or none',
  unread: (message: string) =>
    `the last successful run of this workflow could not be found: ${outside(withoutStop(message))}; fix that, or set base-sha to the last deployed commit`,
  cutShort: (paging: string) =>
    `the last successful run of this workflow could not be found: ${paging}; set base-sha to the last deployed commit`,
  tooMany: (tried: number, sha: string, branch: string) =>
    `${tried === 1 ? `the one successful run of this workflow on ${outside(branch)} did not run` : `none of the ${grouped(tried)} newest successful runs of this workflow on ${outside(branch)} ran`} on a commit in the first-parent history of ${shortSha(sha)} (was the branch rewritten?); set base-sha to the last deployed commit`,
  untitled: (run: PastRun, event: string) =>
    `the last successful run of this workflow (${runName(run)}) was started by ${outside(event)}, so its head commit is the default branch's tip when it started, not the commit it checked, and its title names no commit; give the workflow a run-name that names the commit it checks (\`run-name: Deploy \${{ github.event.workflow_run.head_sha }}\`), or set base-sha`,
  neverPassed: (run: PastRun, branch: string | undefined) =>
    `this workflow has never passed${branch === undefined ? '' : ` on ${outside(branch)}`}, and ${runName(run)} failed: whatever a failed run held would ship unchecked from here; after review, run this workflow by hand with base-sha the last deployed commit (or none)`,
  /** For the log: a successful run passed over. */
  skipped: (run: PastRun, commit: string, why: string) =>
    `Passed over ${runName(run)} of this workflow, on ${shortSha(commit)}: ${why}.`,
};

/** For the log: an annotated tag's push, checked on the commit it names. */
export function peeledTagLine(tag: string, object: string, commit: string): string {
  return `Tag ${outside(tag)} is an annotated tag (object ${shortSha(object)}): checking the commit it names, ${shortSha(commit)}.`;
}

/** For the log: the list of merged PRs failed, which only costs a lookup for each commit. */
export function mergedListUnreadLine(message: string): string {
  return `GitHub's list of merged pull requests could not be read (${outside(withoutStop(message))}); each commit is looked up instead.`;
}

/** For the log: a push to a branch that heads an open PR, but that a queue merges into. */
export function queueBranchLine(branch: string): string {
  return `Trunk has a merge queue for ${outside(branch)}: this push is a commit reaching that queue's branch, judged as one, not the run of the PR it heads.`;
}

/** The step's failure: whether a queue merges into the pushed branch could not be read. */
export function queueBranchUnknownLine(branch: string, message: string): string {
  return `Trunk could not say whether a merge queue merges into ${outside(branch)} (${outside(withoutStop(message))}), so whether this push is a commit reaching that branch or the run of the PR it heads is unknown; re-run the job.`;
}

/**
 * For the log: GitHub lists PRs for the commit, but none brought it in (an open PR from the
 * queue's own branch, a promotion; an open PR not headed by it; a PR merged into another branch).
 */
export function listedNotChosenLine(
  sha: string,
  prs: ReadonlyArray<{ number: number; open: boolean; headRef?: string; baseRef?: string }>,
  queueBranch: string,
): string {
  const named = prs.map((pr) => {
    const promotion = pr.open && pr.headRef === queueBranch;
    return `#${pr.number}${promotion && pr.baseRef ? ` (${outside(queueBranch)} → ${outside(pr.baseRef)}, open)` : ''}`;
  });
  return `GitHub lists ${named.join(', ')} for commit ${shortSha(sha)}, but none as the pull request that brought it in.`;
}

/** For the log: what a base-sha given by hand takes as accepted, unchecked by this run. */
export function acceptedByBaseLine(base: string | undefined, sha: string): string {
  return base === undefined
    ? `base-sha is none: only ${shortSha(sha)} is checked; every commit before it is taken as accepted, unchecked by this run.`
    : `base-sha is ${shortSha(base)}: it and every commit before it are taken as accepted, unchecked by this run; the commits after it, up to ${shortSha(sha)}, are checked.`;
}
