// "Did this commit come through the merge queue?", the one question a deploy gate asks (the
// contract's "The verdict for a commit"). Pure: from the commits checked, the PR GitHub says
// brought each in, Trunk's answer for each PR, and what Trunk's history says of how each merged.
// A PR still in the queue is not an answer for a commit already on the branch; a gate that cannot
// tell holds, and says why.
import type { CommitRange } from './commit-range.js';
import type { PrTimeline } from './history.js';
import type { CommitPr, PrAnswer } from './model.js';
import type { TrunkNote } from './settle.js';
import { decideVerdict, stateOf, type ReasonCode } from './verdict.js';

/** Why one commit did not come through the queue. */
export type CommitFault =
  | 'no_pull_request'
  | 'not_merge_commit'
  | 'merged_into_other_branch'
  | 'not_merged_by_queue'
  | 'merged_manually'
  | 'merge_reason_unknown';

/** States Trunk passes through on its way to merging: a PR GitHub has merged may not be recorded yet. */
export const SETTLING_STATES: readonly string[] = ['pending', 'testing', 'tests_passed'];

/** Trunk's reason for a merge done by hand, around the queue. */
const MANUAL_MERGE = 'manual_merge';
/** Trunk's own merges; any other reason, or none, holds the gate: it cannot read who merged. */
const TRUNK_MERGES: readonly string[] = ['merge_graph_merge', 'merge_graph_direct_merge'];

/** What Trunk's history can say of how the PRs merged. */
export type MergeHistory =
  | { kind: 'read'; timelines: ReadonlyMap<number, PrTimeline> }
  /** This API cannot tell (v1 alone): a merge is taken as Trunk's. */
  | { kind: 'unknowable' }
  /** The read failed (api-key given): a merge whose maker is unknown holds the gate. `transient`: a re-run may read it. */
  | { kind: 'failed'; message: string; transient: boolean };

/** A commit to check, and the PR GitHub says brought it in (rule 5's choice). */
export interface CommitCheck {
  sha: string;
  pr?: CommitPr;
}

/** How a PR merged, as far as the action knows. */
interface MergeFact {
  /**
   * `unknown`: the history could not be read, shows no merge, or gives the merge no reason or one
   * this version does not know (`reason` says which); `unknowable`: v1 alone cannot tell.
   */
  by: 'trunk' | 'hand' | 'unknown' | 'unknowable';
  /** The `merged` transition's reason, in snake_case. */
  reason?: string;
  /** When Trunk recorded the merge. */
  atMs?: number;
  /** `unknown` only: the history had a `merged` transition (with no reason, or an unknown one). */
  recorded?: boolean;
}

export interface CommitFinding {
  sha: string;
  pr?: CommitPr;
  /** Undefined: the commit came through the queue. */
  fault?: CommitFault;
  /** Trunk's answer for the PR, when it was asked. */
  trunk?: PrAnswer;
  /** What Trunk's last answer does not say by itself (it stopped answering, or stopped listing the PR). */
  trunkNote?: TrunkNote;
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
  /** The branch checked: a PR merged into another is not this branch's queue's merge. */
  branch: string;
  range: CommitRange;
  /** Trunk's answer for each PR asked about (`prsToAsk`), by number. */
  trunk: ReadonlyMap<number, PrAnswer>;
  /** What the settle noted of some answers. */
  notes?: ReadonlyMap<number, TrunkNote>;
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

/** Rules 1 and 4: the PR's merge made a commit checked, and it merged into the branch checked. */
export function mergedHere(pr: CommitPr, covered: ReadonlySet<string>, branch: string): boolean {
  return mergedIntoRange(pr, covered) && pr.baseRef === branch;
}

/** The PRs Trunk is asked about: the tip's, for its outputs, and each whose merge rules 1 and 4 accept. */
export function prsToAsk(commits: readonly CommitCheck[], branch: string): number[] {
  const covered = coveredShas(commits);
  const numbers = commits.flatMap(({ pr }, i) =>
    pr && (i === 0 || mergedHere(pr, covered, branch)) ? [pr.number] : [],
  );
  return [...new Set(numbers)];
}

export function decideCommitVerdict(input: CommitVerdictInput): CommitVerdict {
  const { commits, branch, range, trunk, merges } = input;
  const covered = coveredShas(commits);
  const notes = input.notes ?? new Map<number, TrunkNote>();
  const findings = commits.map((commit) => finding(commit, { covered, branch, trunk, notes, merges }));
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

interface Known {
  covered: ReadonlySet<string>;
  branch: string;
  trunk: ReadonlyMap<number, PrAnswer>;
  notes: ReadonlyMap<number, TrunkNote>;
  merges: MergeHistory;
}

function finding({ sha, pr }: CommitCheck, { covered, branch, trunk, notes, merges }: Known): CommitFinding {
  if (!pr) return { sha, fault: 'no_pull_request' };
  const answer = trunk.get(pr.number);
  if (!mergedIntoRange(pr, covered)) return { sha, pr, trunk: answer, fault: 'not_merge_commit' };
  // Another branch's queue merged it: this branch's queue never had it to test.
  if (pr.baseRef !== branch) return { sha, pr, fault: 'merged_into_other_branch' };
  if (!answer || stateOf(answer) !== 'merged') {
    const note = notes.get(pr.number);
    return { sha, pr, trunk: answer, ...(note ? { trunkNote: note } : {}), fault: 'not_merged_by_queue' };
  }
  const merge = mergeFact(pr.number, merges);
  const fault = merge.by === 'hand' ? 'merged_manually' : merge.by === 'unknown' ? 'merge_reason_unknown' : undefined;
  return { sha, pr, trunk: answer, merge, fault };
}

/**
 * Who merged the PR, from its newest `merged` transition. Only Trunk's own reasons pass: none, or
 * one this version does not know, is a word the gate cannot read, and it holds.
 */
function mergeFact(number: number, merges: MergeHistory): MergeFact {
  if (merges.kind === 'unknowable') return { by: 'unknowable' };
  if (merges.kind === 'failed') return { by: 'unknown' };
  const merged = merges.timelines
    .get(number)
    ?.transitions.filter((transition) => transition.state === 'merged')
    .sort((a, b) => b.atMs - a.atMs)[0];
  // Trunk says merged, but its history shows no merge: it cannot say who made it.
  if (!merged) return { by: 'unknown' };
  const { reason, atMs } = merged;
  if (reason === MANUAL_MERGE) return { by: 'hand', reason, atMs };
  if (reason !== undefined && TRUNK_MERGES.includes(reason)) return { by: 'trunk', reason, atMs };
  return { by: 'unknown', ...(reason === undefined ? {} : { reason }), atMs, recorded: true };
}
