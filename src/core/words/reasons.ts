// What each reason code of `not-ready-reasons` means, as a clause that fits "PR #1842 is not
// ready: …", and what clears it, for the summary. The codes are the verdict's (../verdict.ts); the
// words are here, once. Text between backticks is a command or a name: the summary shows it as
// code, the log and Slack as they are.
import { outside } from '../../shared/format.js';
import { HEALTH_REASON_CODES } from '../health.js';
import type { FIXED_REASONS, ReasonCode } from '../verdict.js';

type FixedReason = (typeof FIXED_REASONS)[number];

const MEANS: Record<FixedReason, string> = {
  not_submitted: 'it is not submitted to this queue',
  state_failed: 'the queue failed it',
  state_cancelled: 'it was cancelled from the queue',
  state_pending_failure: 'its test run failed, and the queue is checking whether the failure is its own',
  readiness_unknown: 'Trunk reported no readiness for it',
  base_branch_mismatch: "its base branch is not the queue's branch",
  impacted_targets_missing: 'its impacted targets have not been uploaded',
  no_pull_request: 'no pull request brought the commit in',
  not_merge_commit: "the commit is not its pull request's merge commit",
  merged_into_other_branch: "its pull request was merged into another branch, by that branch's queue, not this one's",
  not_merged_by_queue: 'GitHub merged its pull request, but the merge queue did not',
  merged_manually: 'its pull request was merged by hand, around the queue',
  merge_reason_unknown: "Trunk's history could not say who merged its pull request",
  commit_range_unchecked: 'the commits before it could not be checked',
  earlier_commit_not_from_queue: 'an earlier commit of the range did not come through the merge queue',
  not_checked: 'no verdict was reached: the step could not look',
};

/** GitHub's mergeability, by value. */
const MERGEABILITY: ReadonlyMap<string, { means: string; fix: string }> = new Map([
  [
    'in_progress',
    {
      means: 'GitHub is still computing whether it can merge',
      fix: 'wait, then re-run the job: GitHub computes this after every push to the PR',
    },
  ],
  [
    'not_mergeable',
    {
      means: 'GitHub says it cannot merge (a conflict, or unmet branch protection rules)',
      fix: "resolve the conflicts, or meet the branch protection's requirements (reviews, checks)",
    },
  ],
  [
    'unspecified',
    {
      means: 'GitHub has not said whether it can merge',
      fix: 'wait for GitHub to report mergeability, or push to the PR to make it compute again',
    },
  ],
]);

/** What clears each reason; `pr` puts the real number into the command shown. */
function fixes(pr: number | undefined): Record<FixedReason, string> {
  return {
    // A command is shown only with the real number in it, never a placeholder.
    not_submitted: `submit it: comment \`/trunk merge\` on the PR${pr === undefined ? ' or use the Trunk web app' : `, use the Trunk web app, or run \`trunk merge ${pr}\``}`,
    state_failed: 'fix what failed, then submit it again (`/trunk merge`)',
    state_cancelled: 'submit it again when it should merge (`/trunk merge`)',
    state_pending_failure:
      'wait: the queue retests it without the PRs ahead, and fails it only if the failure is its own',
    readiness_unknown: 'wait for Trunk to evaluate the PR, or look at it in the Trunk web app',
    base_branch_mismatch: "retarget the PR to the queue's branch, or point `target-branch` at the queue the PR targets",
    impacted_targets_missing: 'let the CI job that uploads impacted targets finish for the head commit',
    no_pull_request:
      'bring changes in through pull requests and the merge queue; branch protection that lets only Trunk merge into the branch stops direct pushes',
    not_merge_commit: "deploy the pull request's merge commit, which the queue made, not its branch",
    merged_into_other_branch:
      'bring the change into this branch through its own queue (a pull request into it), or point `target-branch` at the branch whose queue should be asked',
    not_merged_by_queue:
      'merge through the queue, not by hand; if Trunk is only slow to record the merge, a longer `settle-seconds` waits for it',
    merged_manually:
      'merge through the queue, not by hand; branch protection that lets only Trunk merge into the branch stops merges around it',
    merge_reason_unknown:
      "re-run the job: Trunk's history may answer next time; a reason this version does not know needs a newer version of this action",
    commit_range_unchecked:
      'fix what the line above names, or set `base-sha` to the last deployed commit the branch still has, within 1,000 commits of this one',
    earlier_commit_not_from_queue: 'look at the commits listed: each must be a merge the queue made',
    not_checked: 'fix what the error says, then re-run the job',
  };
}

const MERGEABILITY_PREFIX = 'mergeability_';

/** What a reason means, as a clause: "its impacted targets have not been uploaded". */
export function describeReason(code: ReasonCode): string {
  if (code.startsWith(MERGEABILITY_PREFIX)) {
    const value = code.slice(MERGEABILITY_PREFIX.length);
    return (
      MERGEABILITY.get(value)?.means ?? `GitHub reports a mergeability this version does not know (${outside(value)})`
    );
  }
  return MEANS[code as FixedReason];
}

/** The codes made from a value Trunk sent: their known values, after the prefix. */
const OPEN_CODES: ReadonlyArray<readonly [string, readonly string[]]> = [
  [MERGEABILITY_PREFIX, ['mergeable', ...MERGEABILITY.keys()]],
  ['queue_', HEALTH_REASON_CODES.filter((code) => code.startsWith('queue_')).map((code) => code.slice(6))],
];

/**
 * A reason code as words quote it. One made from a value this version does not know
 * (`mergeability_<value>`, `queue_<state>`) carries Trunk's word: that part is marked as text from
 * outside, so that every exit redacts and escapes it like the rest of Trunk's text.
 */
export function codeWords(code: string): string {
  for (const [prefix, known] of OPEN_CODES) {
    const value = code.startsWith(prefix) ? code.slice(prefix.length) : undefined;
    if (value !== undefined && !known.includes(value)) return `${prefix}${outside(value)}`;
  }
  return code;
}

/** " (a, b)": the codes once, in parentheses, after the words they stand for; empty for none. */
export function codesAfter(codes: readonly string[]): string {
  return codes.length ? ` (${codes.map(codeWords).join(', ')})` : '';
}

/** What clears a reason; undefined for a mergeability this version does not know. */
export function fixForReason(code: ReasonCode, pr?: number): string | undefined {
  if (code.startsWith(MERGEABILITY_PREFIX)) return MERGEABILITY.get(code.slice(MERGEABILITY_PREFIX.length))?.fix;
  return fixes(pr)[code as FixedReason];
}
