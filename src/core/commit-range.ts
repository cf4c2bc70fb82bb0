// Which commits a commit verdict covers: the tip alone, or every commit on the first-parent chain
// from the tip back to base-sha, read from GitHub's compare. A merge commit's other parents are its
// PR's own commits, which come with it, so only the first parents are walked. Pure. A range that
// cannot be read in full is never guessed at: it is `unchecked`, with why, and the gate holds.
import { outside, shortSha, withoutStop } from '../shared/format.js';

/** At most this many commits on the chain are checked (one GitHub lookup each). */
export const MAX_RANGE_COMMITS = 100;

/** GitHub's compare of base...head, as far as the walk reads it. */
export interface Comparison {
  /** `ahead`, `behind`, `diverged` or `identical`, lowercased. */
  status: string;
  totalCommits: number;
  /** Reachable from head and not from base, oldest first; without paging, GitHub's newest 250. */
  commits: Array<{ sha: string; parents: string[] }>;
}

export type CommitRange =
  /** The tip alone: no base-sha, a new branch, `none`, or a base identical to the tip. */
  | { kind: 'tip' }
  /** The chain, the tip first; every commit on it is checked. */
  | { kind: 'read'; base: string; chain: string[] }
  /** Could not be read, or is too long to check: the gate holds. `why` ends without a full stop. */
  | { kind: 'unchecked'; base: string; why: string };

/** The range from GitHub's comparison of `base`...`head`. */
export function rangeFrom(base: string, head: string, comparison: Comparison): CommitRange {
  const { status, totalCommits, commits } = comparison;
  if (status === 'identical') return { kind: 'tip' };
  if (status !== 'ahead') {
    return {
      kind: 'unchecked',
      base,
      why: `base-sha ${shortSha(base)} is not an ancestor of ${shortSha(head)} (GitHub compares them as ${outside(status)}): a force push may have rewritten the branch; set base-sha to a commit the branch still has`,
    };
  }
  const bySha = new Map(commits.map((commit) => [commit.sha, commit.parents]));
  const chain: string[] = [];
  let at: string | undefined = head;
  while (at !== undefined && bySha.has(at)) {
    if (chain.length === MAX_RANGE_COMMITS) {
      return {
        kind: 'unchecked',
        base,
        why: `more than ${MAX_RANGE_COMMITS} commits lie between base-sha ${shortSha(base)} and ${shortSha(head)}, more than one run checks; set base-sha to a later commit, or deploy more often`,
      };
    }
    chain.push(at);
    at = bySha.get(at)?.[0];
  }
  // The walk left the listed commits: into base's history, unless GitHub listed only some of them.
  const truncated = totalCommits > commits.length && at !== undefined && at !== base;
  if (chain.length === 0 || truncated) {
    return {
      kind: 'unchecked',
      base,
      why:
        chain.length === 0
          ? `GitHub's comparison of base-sha ${shortSha(base)} and ${shortSha(head)} does not list ${shortSha(head)}`
          : `GitHub listed ${commits.length} of the ${totalCommits} commits between base-sha ${shortSha(base)} and ${shortSha(head)}; set base-sha to a later commit`,
    };
  }
  return { kind: 'read', base, chain };
}

/** A compare that failed: the gate cannot say which commits the push brought. */
export function rangeUnread(base: string, message: string): CommitRange {
  return {
    kind: 'unchecked',
    base,
    why: `the commits since base-sha ${shortSha(base)} could not be read: ${outside(withoutStop(message))}`,
  };
}
