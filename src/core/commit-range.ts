// Which commits a commit verdict covers: the tip alone, or every commit on the first-parent chain
// from the tip back to where the range starts (base-sha: by default where the last successful
// run of the workflow was), read from GitHub's compare. A merge commit's other parents are its
// PR's own commits, which come with it, so only the first parents are walked. Pure. A range that
// cannot be read in full is never guessed at: it is `unchecked`, with why, and the gate holds.
import { grouped, outside, shortSha, withoutStop } from '../shared/format.js';
import { parseTimestamp } from '../shared/time.js';

/** At most this many commits on the chain are checked. */
export const MAX_RANGE_COMMITS = 1000;

/** One commit of a comparison: its first parent first, and when it was committed (ISO 8601), if sent. */
export interface CompareCommit {
  sha: string;
  parents: string[];
  date?: string;
}

/** GitHub's compare of base...head, as far as it was read. */
export interface Comparison {
  /** `ahead`, `behind`, `diverged` or `identical`, lowercased. */
  status: string;
  totalCommits: number;
  /** Reachable from head and not from base, oldest first: every page, or the newest pages the walk needed. */
  commits: CompareCommit[];
  /** Why the read stopped before the walk had what it needs; undefined when nothing it needed was left unread. */
  cutShort?: string;
}

/** Where the range's start came from, for the words that say what was checked. */
export type BaseFrom =
  /** The base-sha input, a commit. */
  | { kind: 'input' }
  /** The push's `before`: base-sha `push`, or no earlier successful run (`first`). */
  | { kind: 'push'; first?: boolean }
  /** The commit the newest successful run of this workflow on the branch checked. */
  | { kind: 'last-success'; run: PastRun };

/** A run of this workflow, as the words name it. */
export interface PastRun {
  id: number;
  /** The run's number in its workflow (#57), when GitHub sent it. */
  number?: number;
}

/** Why only the tip was checked. */
type TipOnly =
  /** base-sha `none`. */
  | { why: 'none' }
  /** base-sha `push` on an event that is no push. */
  | { why: 'no-push' }
  /** A push that created its branch: `before` is all zeros. */
  | { why: 'new-branch' }
  /** The base is the tip itself: nothing after it to check. */
  | { why: 'identical'; from: BaseFrom }
  /** No earlier successful run of this workflow on the branch, and no push before this one. */
  | { why: 'first-deploy' };

export type CommitRange =
  /** The tip alone. */
  | ({ kind: 'tip' } & TipOnly)
  /** The chain, the tip first; every commit on it is checked. */
  | { kind: 'read'; base: string; chain: string[]; from: BaseFrom }
  /** Could not be read, or is too long to check: the gate holds. `why` ends without a full stop. */
  | { kind: 'unchecked'; base?: string; why: string };

/** How far a walk down the first parents got through the commits listed. */
export interface Walk {
  /** From the head down, each commit listed. */
  chain: string[];
  /** The first commit the walk reached that is not listed; undefined at a root commit. */
  exit?: string;
  /** The chain is longer than MAX_RANGE_COMMITS: the walk stopped there. */
  tooLong: boolean;
}

/** Walks the first parents from `head` while the commits are listed. */
export function walkChain(head: string, listed: ReadonlyMap<string, readonly string[]>): Walk {
  const chain: string[] = [];
  let at: string | undefined = head;
  while (at !== undefined && listed.has(at)) {
    if (chain.length === MAX_RANGE_COMMITS) return { chain, exit: at, tooLong: true };
    chain.push(at);
    at = listed.get(at)?.[0];
  }
  return { chain, exit: at, tooLong: false };
}

/**
 * Whether a walk over the newest pages still needs older ones: it left the listed commits at one
 * that is neither the base nor past the limit, and may be on an older page.
 */
export function walkNeedsMore(walk: Walk, base: string): boolean {
  return !walk.tooLong && walk.exit !== undefined && walk.exit !== base;
}

/** The commits a comparison lists, by SHA, with their parents. */
export function listedOf(commits: readonly CompareCommit[]): Map<string, string[]> {
  return new Map(commits.map((commit) => [commit.sha, commit.parents]));
}

/**
 * The range from GitHub's comparison of `base`...`head`. A base from the last successful run must
 * itself be on the tip's first-parent line (`off-line` otherwise: that run deployed another line),
 * not only an ancestor of it.
 */
export function rangeFrom(
  base: string,
  head: string,
  comparison: Comparison,
  from: BaseFrom,
): CommitRange | { kind: 'off-line'; why: string } {
  const { status, totalCommits, commits } = comparison;
  if (status === 'identical') return { kind: 'tip', why: 'identical', from };
  // A successful run on a commit that is not in this one's history deployed another line: the next one may have.
  if (from.kind === 'last-success' && status !== 'ahead') {
    return { kind: 'off-line', why: `GitHub compares it with ${shortSha(head)} as ${outside(status)}` };
  }
  if (status === 'behind') {
    return {
      kind: 'unchecked',
      base,
      why: `base-sha ${shortSha(base)} comes after ${shortSha(head)} on the branch (GitHub compares them as ${outside(status)}): ${shortSha(head)} is already behind it, so no commit after base-sha leads to it; set base-sha to a commit before ${shortSha(head)}`,
    };
  }
  if (status !== 'ahead') {
    return {
      kind: 'unchecked',
      base,
      why: `base-sha ${shortSha(base)} is not in the history of ${shortSha(head)} (GitHub compares them as ${outside(status)}): the branch was rewritten since (a force push), or base-sha is a commit of another branch; set base-sha to a commit the branch still has`,
    };
  }
  const walk = walkChain(head, listedOf(commits));
  if (walk.tooLong) {
    return {
      kind: 'unchecked',
      base,
      why: `more than ${grouped(MAX_RANGE_COMMITS)} commits lie on the branch between base-sha ${shortSha(base)} and ${shortSha(head)}, more than one run checks; set base-sha to a later commit, or deploy more often`,
    };
  }
  if (walk.chain.length === 0) {
    return {
      kind: 'unchecked',
      base,
      why: `GitHub's comparison of base-sha ${shortSha(base)} and ${shortSha(head)} does not list ${shortSha(head)}`,
    };
  }
  // The walk left the listed commits: into base's history, unless GitHub's pages were not all read.
  if (walkNeedsMore(walk, base) && comparison.cutShort !== undefined) {
    return {
      kind: 'unchecked',
      base,
      why: `GitHub listed ${grouped(commits.length)} of the ${grouped(totalCommits)} commits between base-sha ${shortSha(base)} and ${shortSha(head)}: ${withoutStop(comparison.cutShort)}`,
    };
  }
  // A base reached only through a merge's other parent is not where a deploy of this line started.
  if (from.kind === 'last-success' && walk.exit !== base) {
    return { kind: 'off-line', why: `it is not on the first-parent line of ${shortSha(head)}` };
  }
  return { kind: 'read', base, chain: walk.chain, from };
}

/** A compare that failed: the gate cannot say which commits the range holds. */
export function rangeUnread(base: string, message: string): CommitRange {
  return {
    kind: 'unchecked',
    base,
    why: `the commits since base-sha ${shortSha(base)} could not be read: ${outside(withoutStop(message))}`,
  };
}

/** When the oldest commit on the chain was committed (ms), for a list of PRs that need go no further back. */
export function oldestCommitMs(comparison: Comparison, chain: readonly string[]): number | undefined {
  const on = new Set(chain);
  const times = comparison.commits.flatMap((commit) => {
    const ms = on.has(commit.sha) && commit.date ? parseTimestamp(commit.date) : undefined;
    return ms === undefined ? [] : [ms];
  });
  return times.length > 0 ? Math.min(...times) : undefined;
}
