// "Did this commit come through the merge queue?", the one question a deploy gate asks (the
// contract's "The verdict for a commit"). Pure: from the commits checked, the PR GitHub says
// brought each in, Trunk's answer for each PR, and what Trunk's history says of how each merged.
// A PR still in the queue is not an answer for a commit already on the branch; a gate that cannot
// tell holds, and says why.
import type { CommitRange } from './commit-range.js';
import type { PrTimeline } from './history.js';
import type { CommitPr, PrAnswer } from './model.js';
import { decideVerdict, stateOf, type ReasonCode } from './verdict.js';

/** Why one commit did not come through the queue. */
export type CommitFault =
  'no_pull_request' | 'not_merge_commit' | 'not_merged_by_queue' | 'merged_manually' | 'merge_reason_unknown';

/** States Trunk passes through on its way to merging: a PR GitHub has merged may not be recorded yet. */
export const SETTLING_STATES: readonly string[] = ['pending', 'testing', 'tests_passed'];

/** Trunk's reason for a merge done by hand, around the queue. */
const MANUAL_MERGE = 'manual_merge';
/** Trunk's own merges; any other reason is accepted, and named in the log. */
export const TRUNK_MERGES: readonly string[] = ['merge_graph_merge', 'merge_graph_direct_merge'];

/** What Trunk's history can say of how the PRs merged. */
export type MergeHistory =
  | { kind: 'read'; timelines: ReadonlyMap<number, PrTimeline> }
  /** This API cannot tell (v1, or v2 failed beside v1): a merge is taken as Trunk's. */
  | { kind: 'unknowable' }
  /** The read failed (api-key alone): a merge whose maker is unknown holds the gate. */
  | { kind: 'failed'; message: string };

/** A commit to check, and the PR GitHub says brought it in (rule 5's choice). */
export interface CommitCheck {
  sha: string;
  pr?: CommitPr;
}

/** How a PR merged, as far as the action knows. */
interface MergeFact {
  by: 'trunk' | 'hand' | 'unknown' | 'unknowable';
  /** The `merged` transition's reason, in snake_case. */
  reason?: string;
  /** When Trunk recorded the merge. */
  atMs?: number;
}

export interface CommitFinding {
  sha: string;
  pr?: CommitPr;
  /** Undefined: the commit came through the queue. */
  fault?: CommitFault;
  /** Trunk's answer for the PR, when it was asked. */
  trunk?: PrAnswer;
  merge?: MergeFact;
}

export interface CommitVerdict {
  ready: boolean;
  /** `not-ready-reasons`: the tip's fault, its PR's own codes, then the range's. */
  reasons: ReasonCode[];
  /** The tip first, then each earlier commit of the range. */
  findings: CommitFinding[];
}

export interface CommitVerdictInput {
  /** The tip first, then each earlier commit of the range. */
  commits: CommitCheck[];
  range: CommitRange;
  /** Trunk's answer for each PR asked about (`prsToAsk`), by number. */
  trunk: ReadonlyMap<number, PrAnswer>;
  merges: MergeHistory;
}

/** The commits the verdict covers, lowercased: the chain when it was read, else the tip alone. */
export function coveredShas(commits: readonly CommitCheck[]): ReadonlySet<string> {
  return new Set(commits.map((commit) => commit.sha.toLowerCase()));
}

/**
 * Rule 1, for a range: the PR's merge made one of the commits checked (a rebase merge writes each
 * of its commits on the chain, the last of them its merge commit). An open PR whose head is the
 * commit, or a merge that made another commit, is not.
 */
export function mergedIntoRange(pr: CommitPr, covered: ReadonlySet<string>): boolean {
  return pr.mergedAt !== undefined && pr.mergeCommitSha !== undefined && covered.has(pr.mergeCommitSha.toLowerCase());
}

/** The PRs Trunk is asked about: the tip's, for its outputs, and each whose merge rule 1 accepts. */
export function prsToAsk(commits: readonly CommitCheck[]): number[] {
  const covered = coveredShas(commits);
  const numbers = commits.flatMap(({ pr }, i) => (pr && (i === 0 || mergedIntoRange(pr, covered)) ? [pr.number] : []));
  return [...new Set(numbers)];
}

export function decideCommitVerdict({ commits, range, trunk, merges }: CommitVerdictInput): CommitVerdict {
  const covered = coveredShas(commits);
  const findings = commits.map((commit) => finding(commit, covered, trunk, merges));
  const [tip] = findings;
  const reasons: ReasonCode[] = [];
  if (tip?.fault) {
    reasons.push(tip.fault);
    // The PR's own codes beside it: `not_merged_by_queue,not_submitted`.
    if (tip.trunk) reasons.push(...decideVerdict(tip.trunk).reasons);
  }
  if (range.kind === 'unchecked') reasons.push('commit_range_unchecked');
  if (findings.slice(1).some((found) => found.fault)) reasons.push('earlier_commit_not_from_queue');
  const unique = [...new Set(reasons)];
  // Nothing checked is no answer: a gate that cannot tell holds.
  return { ready: unique.length === 0 && findings.length > 0, reasons: unique, findings };
}

function finding(
  { sha, pr }: CommitCheck,
  covered: ReadonlySet<string>,
  trunk: ReadonlyMap<number, PrAnswer>,
  merges: MergeHistory,
): CommitFinding {
  if (!pr) return { sha, fault: 'no_pull_request' };
  const answer = trunk.get(pr.number);
  if (!mergedIntoRange(pr, covered)) return { sha, pr, trunk: answer, fault: 'not_merge_commit' };
  if (!answer || stateOf(answer) !== 'merged') return { sha, pr, trunk: answer, fault: 'not_merged_by_queue' };
  const merge = mergeFact(pr.number, merges);
  const fault = merge.by === 'hand' ? 'merged_manually' : merge.by === 'unknown' ? 'merge_reason_unknown' : undefined;
  return { sha, pr, trunk: answer, merge, fault };
}

/** Who merged the PR, from its newest `merged` transition. */
function mergeFact(number: number, merges: MergeHistory): MergeFact {
  if (merges.kind === 'unknowable') return { by: 'unknowable' };
  if (merges.kind === 'failed') return { by: 'unknown' };
  const merged = merges.timelines
    .get(number)
    ?.transitions.filter((transition) => transition.state === 'merged')
    .sort((a, b) => b.atMs - a.atMs)[0];
  // Trunk says merged, but its history shows no merge: it cannot say who made it.
  if (!merged) return { by: 'unknown' };
  return { by: merged.reason === MANUAL_MERGE ? 'hand' : 'trunk', reason: merged.reason, atMs: merged.atMs };
}
