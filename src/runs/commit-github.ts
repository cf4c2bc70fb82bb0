// A commit run's questions to GitHub: the PRs behind the tip, the commits the push brought (when
// there is a base), and the PRs behind each of them. The tip's lookup and the compare go out
// together; a compare that fails is an answer (the range is unchecked, and the gate holds), a
// lookup that fails ends the run.
import { rangeFrom, rangeUnread, type CommitRange } from '../core/commit-range.js';
import type { CommitCheck } from '../core/commit-verdict.js';
import type { CommitPr } from '../core/model.js';
import type { GitHubReads } from '../github/reads.js';
import { mapLimited } from '../shared/concurrency.js';
import { GitHubError } from '../shared/errors.js';
import type { CommitInputs } from '../runner/inputs.js';
import { chooseCommitPr, type PrChoice } from '../runner/which-pr.js';

/** GitHub lookups at once: GitHub asks integrations to keep their concurrent requests few. */
const PARALLEL_LOOKUPS = 5;

export interface CommitFacts {
  /** Rule 5's choice for the tip; undefined: no PR brought it in. */
  tip?: PrChoice;
  range: CommitRange;
  /** The tip first, then each earlier commit of the range, each with its PR. */
  commits: CommitCheck[];
}

/** The tip's PRs and, with a base, the range: what decides whether this is a PR's own run. */
export async function askAboutTip(
  github: GitHubReads,
  inputs: CommitInputs,
  signal: AbortSignal,
): Promise<{ tipPrs: CommitPr[]; range: CommitRange }> {
  const { sha } = inputs.lookup;
  const base = inputs.baseSha;
  const compared =
    base === undefined
      ? undefined
      : github.compare(base, sha, signal).then(
          (comparison) => rangeFrom(base, sha, comparison),
          (error: unknown) => {
            if (error instanceof GitHubError) return rangeUnread(base, error.message);
            throw error;
          },
        );
  const [tipPrs, range] = await Promise.all([github.pulls(sha, signal), compared]);
  return { tipPrs, range: range ?? { kind: 'tip' } };
}

/** Each commit of the range with the PR rule 5 picks for it, one lookup per earlier commit. */
export async function commitsOf(
  github: GitHubReads,
  inputs: CommitInputs,
  tipPrs: CommitPr[],
  range: CommitRange,
  signal: AbortSignal,
): Promise<CommitFacts> {
  const { sha, branchInput } = inputs.lookup;
  const tip = chooseCommitPr(sha, branchInput, tipPrs);
  const earlier = range.kind === 'read' ? range.chain.filter((commit) => commit !== sha) : [];
  const lists = await mapLimited(earlier, PARALLEL_LOOKUPS, (commit) => github.pulls(commit, signal));
  const commits: CommitCheck[] = [
    { sha, pr: tip?.pr },
    ...earlier.map((commit, i) => ({ sha: commit, pr: chooseCommitPr(commit, branchInput, lists[i] ?? [])?.pr })),
  ];
  return { tip, range, commits };
}
