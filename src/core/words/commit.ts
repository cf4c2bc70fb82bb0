// A commit verdict in words: the one sentence the heading, the log line and the error line share,
// and what each commit checked came with. It claims no more than the action knows: "merged by
// Trunk" only when Trunk's history says so, "merged by hand" only for MANUAL_MERGE. Pure; codes
// appear only in parentheses.
import { duration, outside, plural, shortSha, withoutStop } from '../../shared/format.js';
import { parseTimestamp } from '../../shared/time.js';
import type { CommitFault, CommitFinding, CommitVerdict } from '../commit-verdict.js';
import type { CommitRange } from '../commit-range.js';
import { stateOf } from '../verdict.js';
import { stateWords } from './states.js';

/** Commits named in the one sentence; the summary lists them all. */
const SENTENCE_COMMITS = 3;

export interface CommitWordsContext {
  nowMs: number;
  range: CommitRange;
  /** The branch checked. */
  branch: string;
  /** Why Trunk's history could not be read, when it could not (api-key given); `transient`: a re-run may read it. */
  mergesFailed?: { message: string; transient: boolean };
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
    case 'merged_into_other_branch':
      return `${n} was merged into ${pr.baseRef ? outside(pr.baseRef) : 'another branch'}, not ${outside(context.branch)}: that branch's queue is not this one's, and the commit reached ${outside(context.branch)} another way`;
    case 'not_merged_by_queue':
      return `GitHub merged ${n}${ago(pr.mergedAt, context.nowMs)}, and ${trunkSays(found)}`;
    case 'merged_manually':
      return `${n} was merged by hand${ago(found.merge?.atMs, context.nowMs)}, around the queue`;
    case 'merge_reason_unknown':
      return reasonUnknown(found, n, context);
    default:
      return cameWith(found, context);
  }
}

/** Why who merged the PR is unknown, quoting what Trunk sent. */
function reasonUnknown(found: CommitFinding, n: string, context: CommitWordsContext): string {
  const failed = context.mergesFailed;
  if (failed) {
    const then = failed.transient
      ? 're-run the job'
      : 'fix what it names (the api-key input, for a refused key), then re-run the job';
    return `Trunk reports ${n} merged, but its history, which says who merged it, could not be read (${outside(withoutStop(failed.message))}); ${then}`;
  }
  const { merge } = found;
  if (!merge?.recorded) return `Trunk reports ${n} merged, but its history shows no merge, so who merged it is unknown`;
  return merge.reason === undefined
    ? `Trunk's history records ${n}'s merge with no reason, so whether Trunk or a person merged it is unknown`
    : `Trunk's history records ${n}'s merge with a reason this version does not know (${outside(merge.reason.toUpperCase())}), so whether Trunk or a person merged it is unknown`;
}

/** What Trunk says of a PR GitHub has merged: "Trunk still reports it being tested". */
function trunkSays(found: CommitFinding): string {
  const note = found.trunkNote;
  if (note?.kind === 'gone')
    return `Trunk no longer lists it in this queue (it last reported it ${stateWords(note.was)})`;
  const state = found.trunk ? stateOf(found.trunk) : 'not_submitted';
  if (note?.kind === 'unanswered') {
    return `Trunk last reported it ${stateWords(state)}, and did not answer again while the gate waited`;
  }
  return TRUNK_STILL.get(state) ?? `Trunk reports it in a state this version does not know (${outside(state)})`;
}

/**
 * "PR #1842, merged by Trunk 2 min ago", when Trunk's history names one of its own merges; with
 * api-token alone "PR #1842, merged".
 */
function cameWith(found: CommitFinding, context: CommitWordsContext): string {
  const n = `PR #${found.pr?.number}`;
  const { merge } = found;
  return merge?.by === 'trunk' ? `${n}, merged by Trunk${ago(merge.atMs, context.nowMs)}` : `${n}, merged`;
}

/** One commit in a list of those checked: "abc1234: no PR", "def5678: PR #1850, merged by hand". */
export function commitLine(found: CommitFinding, context: CommitWordsContext): string {
  const n = found.pr ? `PR #${found.pr.number}` : '';
  const short: Record<CommitFault, string> = {
    no_pull_request: 'no PR',
    not_merge_commit: `${n}, not its merge commit`,
    merged_into_other_branch: `${n}, merged into ${found.pr?.baseRef ? outside(found.pr.baseRef) : 'another branch'}`,
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

/** Faults a person can review and accept: the commit is on the branch, and only its path there was wrong. */
const ACCEPTABLE: ReadonlySet<CommitFault> = new Set([
  'no_pull_request',
  'not_merge_commit',
  'merged_into_other_branch',
  'not_merged_by_queue',
  'merged_manually',
]);

/**
 * How a held commit is accepted, when a person may: "Every deploy holds until a person accepts
 * 7939282: after review, run this workflow by hand with base-sha 7939282…". The newest such commit
 * is named, in full, to paste; the tip itself can only be accepted by a later run on a commit the
 * queue merged after it. Undefined when nothing a review can accept holds the gate.
 */
export function acceptWords(
  verdict: CommitVerdict,
  context: Pick<CommitWordsContext, 'mergesFailed'>,
): string | undefined {
  // A merge Trunk's history records with no reason (or one this version does not read) a person
  // can review; a history that could not be read is re-run, which its own words say.
  const acceptable = (found: CommitFinding) =>
    found.fault !== undefined &&
    (ACCEPTABLE.has(found.fault) || (found.fault === 'merge_reason_unknown' && !context.mergesFailed));
  const at = verdict.findings.findIndex(acceptable);
  const newest = verdict.findings[at];
  if (!newest) return undefined;
  const later = at === 0 ? ', on a commit the queue merges after it' : '';
  // base-sha accepts every commit up to it: the older held ones go with it, and the line says so.
  const older = verdict.findings.slice(at + 1).filter((found) => found.fault).length;
  const with_ =
    older === 0 ? '' : ` (and with it ${older === 1 ? 'the held commit' : `the ${older} held commits`} before it)`;
  return `Every deploy holds until a person accepts ${shortSha(newest.sha)}${with_}: after review, run this workflow by hand with base-sha ${newest.sha}${later}`;
}
