// A commit verdict in words: the one sentence the heading, the log line and the error line share,
// and what each commit checked came with. It claims no more than the action knows: "merged by
// Trunk" only when Trunk's history says so, "merged by hand" only for MANUAL_MERGE. Pure; codes
// appear only in parentheses.
import { duration, outside, plural, shortSha } from '../../shared/format.js';
import { parseTimestamp } from '../../shared/time.js';
import { TRUNK_MERGES, type CommitFinding, type CommitVerdict } from '../commit-verdict.js';
import type { CommitRange } from '../commit-range.js';
import { stateOf } from '../verdict.js';

/** Commits named in the one sentence; the summary lists them all. */
const SENTENCE_COMMITS = 3;

export interface CommitWordsContext {
  nowMs: number;
  range: CommitRange;
  /** Why Trunk's history could not be read, when it could not (api-key alone). */
  mergesFailed?: string;
}

/** Words for Trunk's state of a PR GitHub has merged: what Trunk "still reports" of it. */
const TRUNK_STILL: ReadonlyMap<string, string> = new Map([
  ['not_submitted', 'Trunk never had it in this queue'],
  ['not_ready', 'Trunk still reports it waiting to enter the queue'],
  ['pending', 'Trunk still reports it waiting in the queue'],
  ['testing', 'Trunk still reports it being tested'],
  ['tests_passed', 'Trunk still reports it in the queue, tests passed, not merged'],
  ['pending_failure', 'Trunk still reports it failing in the queue'],
  ['failed', 'Trunk reports that the queue failed it'],
  ['cancelled', 'Trunk reports it cancelled from the queue'],
]);

/** "4 min ago", from a time GitHub or Trunk sent; empty when there is none to read. */
function ago(at: string | number | undefined, nowMs: number): string {
  const ms = typeof at === 'string' ? parseTimestamp(at) : at;
  return ms === undefined ? '' : ` ${duration((nowMs - ms) / 1000)} ago`;
}

/** What the commit came with, in full: the clause after "did not come through the merge queue:". */
export function faultWords(found: CommitFinding, context: CommitWordsContext): string {
  const { pr } = found;
  if (!pr)
    return 'no pull request brought it in (a direct push, or a PR merged around the queue that GitHub no longer lists)';
  const n = `PR #${pr.number}`;
  switch (found.fault) {
    case 'not_merge_commit':
      return pr.mergedAt === undefined
        ? `it is the head of ${n}, which is still open: the PR's commit reached this branch without being merged`
        : `${n} brought it in, but that PR's merge made ${pr.mergeCommitSha ? `commit ${shortSha(pr.mergeCommitSha)}` : 'another commit'}, not this one`;
    case 'not_merged_by_queue':
      return `GitHub merged ${n}${ago(pr.mergedAt, context.nowMs)}, and ${trunkSays(found)}`;
    case 'merged_manually':
      return `${n} was merged by hand${ago(found.merge?.atMs, context.nowMs)}, around the queue`;
    case 'merge_reason_unknown':
      return context.mergesFailed
        ? `Trunk reports ${n} merged, but its history, which says who merged it, could not be read (${outside(context.mergesFailed)}); re-run the job`
        : `Trunk reports ${n} merged, but its history shows no merge, so who merged it is unknown`;
    default:
      return cameWith(found, context);
  }
}

/** What Trunk says of a PR GitHub has merged: "Trunk still reports it being tested". */
function trunkSays(found: CommitFinding): string {
  const state = found.trunk ? stateOf(found.trunk) : 'not_submitted';
  return TRUNK_STILL.get(state) ?? `Trunk reports it in a state this version does not know (${outside(state)})`;
}

/**
 * "PR #1842, merged by Trunk 2 min ago", when Trunk's history names one of its own merges; "PR
 * #1842, merged 2 min ago (Trunk: new_reason)" for a reason this version does not know; with
 * api-token alone "PR #1842, merged".
 */
function cameWith(found: CommitFinding, context: CommitWordsContext): string {
  const n = `PR #${found.pr?.number}`;
  const { merge } = found;
  if (merge?.by !== 'trunk') return `${n}, merged`;
  const when = ago(merge.atMs, context.nowMs);
  if (merge.reason && TRUNK_MERGES.includes(merge.reason)) return `${n}, merged by Trunk${when}`;
  return `${n}, merged${when}${merge.reason ? ` (Trunk: ${outside(merge.reason)})` : ''}`;
}

/** One commit in a list of those checked: "abc1234: no PR", "def5678: PR #1850, merged by hand". */
export function commitLine(found: CommitFinding, context: CommitWordsContext): string {
  const n = found.pr ? `PR #${found.pr.number}` : '';
  const short: Record<NonNullable<CommitFinding['fault']>, string> = {
    no_pull_request: 'no PR',
    not_merge_commit: `${n}, not its merge commit`,
    not_merged_by_queue: `${n}, merged by GitHub; ${trunkSays(found)}`,
    merged_manually: `${n}, merged by hand`,
    merge_reason_unknown: `${n}, merged; who merged it is unknown`,
  };
  return `${shortSha(found.sha)}: ${found.fault ? short[found.fault] : cameWith(found, context)}`;
}

/**
 * The verdict in one sentence, without a closing stop: "Commit abc1234 came through the merge
 * queue: PR #1842, merged by Trunk 2 min ago", "Commit abc1234 did not come through the merge
 * queue: no pull request brought it in (…)", "Commit abc1234 came through the merge queue (PR
 * #1842, merged by Trunk 2 min ago), but 1 of the 2 commits before it did not (def5678: no PR)".
 */
export function commitSentence(verdict: CommitVerdict, context: CommitWordsContext): string {
  const [tip, ...earlier] = verdict.findings;
  if (!tip) return 'No commit was checked';
  const commit = `Commit ${shortSha(tip.sha)}`;
  const failed = earlier.filter((found) => found.fault);
  const unchecked = context.range.kind === 'unchecked' ? context.range.why : undefined;
  const before = beforeIt(failed.length, earlier.length);
  // The summary lists every commit; a sentence names a few.
  const named = failed.slice(0, SENTENCE_COMMITS).map((found) => commitLine(found, context));
  const rest = failed.length - named.length;
  const which = `${named.join('; ')}${rest > 0 ? `; and ${plural(rest, 'more')}` : ''}`;
  if (tip.fault) {
    const nor = failed.length ? `; nor did ${before} (${which})` : '';
    const range = unchecked ? `; and the commits before it could not be checked: ${unchecked}` : '';
    return `${commit} did not come through the merge queue: ${faultWords(tip, context)}${nor}${range}`;
  }
  const came = cameWith(tip, context);
  const unknowable = tip.merge?.by === 'unknowable' ? '; Trunk cannot say by whom without api-key' : '';
  if (!failed.length && !unchecked) {
    const soDid = earlier.length
      ? `; so did ${earlier.length === 1 ? 'the commit' : `the ${plural(earlier.length, 'commit')}`} before it`
      : '';
    return `${commit} came through the merge queue: ${came}${unknowable}${soDid}`;
  }
  const buts = [
    ...(failed.length ? [`${before} did not (${which})`] : []),
    ...(unchecked ? [`the commits before it could not be checked: ${unchecked}`] : []),
  ];
  return `${commit} came through the merge queue (${came}${unknowable}), but ${buts.join(', and ')}`;
}

/** "the commit before it", "both commits before it", "1 of the 3 commits before it". */
function beforeIt(failed: number, earlier: number): string {
  if (failed === earlier) return earlier === 1 ? 'the commit before it' : `all ${earlier} commits before it`;
  return `${failed} of the ${plural(earlier, 'commit')} before it`;
}
