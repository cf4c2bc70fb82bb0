// A commit run's questions to GitHub: the PRs behind the tip, the range (./commit-base.ts), and the
// PRs behind each commit of it. The tip's lookup and the range go out together. A range read that
// fails is an answer (the range is unchecked, and the gate holds); the tip's lookup failing ends
// the run. The PRs of a long range come mostly from one list of the PRs merged into the branch,
// matched by the commit each merge made; every commit it does not match is looked up on its own,
// so the verdict never depends on the list.
import { oldestCommitMs, type CommitRange } from '../core/commit-range.js';
import type { CommitCheck } from '../core/commit-verdict.js';
import type { CommitPr } from '../core/model.js';
import { mergedListUnreadLine } from '../core/words/range.js';
import type { GitHubReads } from '../github/reads.js';
import { mapLimited } from '../shared/concurrency.js';
import { GitHubError, messageOf } from '../shared/errors.js';
import { outside, plural, shortSha, withoutStop } from '../shared/format.js';
import type { Log } from '../shared/log.js';
import type { CommitInputs } from '../runner/inputs.js';
import { chooseCommitPr, type PrChoice } from '../runner/which-pr.js';
import { readRange, type RangeRead } from './commit-base.js';

/** GitHub lookups at once: GitHub asks integrations to keep their concurrent requests few. */
const PARALLEL_LOOKUPS = 5;
/** From this many earlier commits on, one list of merged PRs costs fewer requests than a lookup each. */
const LIST_FROM = 3;
/** How far before the oldest commit of the range a merged PR may have been last updated (clock skew). */
const LIST_MARGIN_MS = 3_600_000;

export interface CommitFacts {
  /** Rule 5's choice for the tip; undefined: no PR brought it in. */
  tip?: PrChoice;
  range: CommitRange;
  /** The tip first, then each earlier commit of the range, each with its PR. */
  commits: CommitCheck[];
}

/**
 * The tip's PRs, and the range unless the run may be a PR's own (the exception needs only the
 * tip's PRs, and a PR's branch has no deploys to remember): on the branch a queue merges into, both
 * go out together.
 */
export async function askAboutTip(
  github: GitHubReads,
  inputs: CommitInputs,
  log: Log,
  signal: AbortSignal,
): Promise<{ tipPrs: CommitPr[]; range?: Promise<RangeRead> }> {
  const { runBranch, queueBranch } = inputs.lookup;
  const mayBeOwn = runBranch !== undefined && runBranch !== queueBranch;
  const range = mayBeOwn ? undefined : readRange(github, inputs, log, signal);
  // Handled now, awaited later: a rejection is never left unheard while the tip is asked about.
  range?.catch(() => undefined);
  return { tipPrs: await github.pulls(inputs.lookup.sha, signal), range };
}

/** The range, read now unless it already is being read. */
export function rangeOf(
  github: GitHubReads,
  inputs: CommitInputs,
  log: Log,
  signal: AbortSignal,
  started?: Promise<RangeRead>,
): Promise<RangeRead> {
  return started ?? readRange(github, inputs, log, signal);
}

/** Each commit of the range with the PR rule 5 picks for it. */
export async function commitsOf(
  github: GitHubReads,
  inputs: CommitInputs,
  tipPrs: CommitPr[],
  read: RangeRead,
  log: Log,
  signal: AbortSignal,
): Promise<CommitFacts> {
  const { sha, branchInput, queueBranch, commitBranch } = inputs.lookup;
  const choose = (commit: string, prs: readonly CommitPr[]) => chooseCommitPr(commit, branchInput, prs, queueBranch);
  const tip = choose(sha, tipPrs);
  const { range } = read;
  const earlier = range.kind === 'read' ? range.chain.filter((commit) => commit !== sha) : [];
  const tipCheck: CommitCheck = { sha, pr: tip?.pr };
  if (earlier.length === 0) return { tip, range, commits: [tipCheck] };
  const merged =
    earlier.length >= LIST_FROM ? await mergedByCommit(github, commitBranch, read, log, signal) : new Map();
  const unmatched = earlier.filter((commit) => !merged.has(commit));
  try {
    const lists = await mapLimited(unmatched, PARALLEL_LOOKUPS, (commit) => github.pulls(commit, signal));
    const looked = new Map(unmatched.map((commit, i) => [commit, lists[i] ?? []]));
    const commits = earlier.map((commit): CommitCheck => {
      const pr = merged.get(commit) ?? choose(commit, looked.get(commit) ?? [])?.pr;
      return pr ? { sha: commit, pr } : { sha: commit };
    });
    return { tip, range, commits: [tipCheck, ...commits] };
  } catch (error) {
    if (!(error instanceof GitHubError) || signal.aborted) throw error;
    // The tip is still judged; the commits before it could not all be, and the gate holds.
    const base = range.kind === 'read' ? range.base : '';
    const why = `the pull requests of the ${plural(unmatched.length, 'commit')} since base-sha ${shortSha(base)} that GitHub's list of merged PRs did not name could not all be looked up: ${outside(withoutStop(messageOf(error)))}`;
    return { tip, range: { kind: 'unchecked', base, why }, commits: [tipCheck] };
  }
}

/**
 * The PRs merged into the branch, by the commit their merge made, as far back as the range's oldest
 * commit. A list that fails or stops short is only fewer matches: the lookups cover the rest.
 */
async function mergedByCommit(
  github: GitHubReads,
  branch: string,
  read: RangeRead,
  log: Log,
  signal: AbortSignal,
): Promise<Map<string, CommitPr>> {
  const chain = read.range.kind === 'read' ? read.range.chain : [];
  const oldest = read.comparison && oldestCommitMs(read.comparison, chain);
  const byCommit = new Map<string, CommitPr>();
  try {
    const { prs } = await github.mergedInto(branch, oldest === undefined ? undefined : oldest - LIST_MARGIN_MS, signal);
    // The latest merge wins a commit two PRs name, as rule 5's ties do.
    const latestFirst = [...prs].sort((a, b) => (b.mergedAt ?? '').localeCompare(a.mergedAt ?? ''));
    for (const pr of latestFirst) {
      const commit = pr.mergeCommitSha?.toLowerCase();
      if (commit && !byCommit.has(commit) && chain.includes(commit)) byCommit.set(commit, pr);
    }
  } catch (error) {
    if (!(error instanceof GitHubError) || signal.aborted) throw error;
    log.info(mergedListUnreadLine(messageOf(error)));
  }
  return byCommit;
}
