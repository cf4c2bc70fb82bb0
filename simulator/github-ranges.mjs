// @ts-check
// GitHub's scenarios of long ranges, for what the gate costs and where it stops: twenty queue
// merges in one push, a push of 1,001 commits, 250 direct pushes, a 101-commit rebase merge, and
// 300 commits from 60 PRs merged with merge commits. Part of GITHUB_SCENARIOS (github-scenarios.mjs).
import { shaOf } from './github-bodies.mjs';
import { linear, SIM_BASE_SHA } from './github-graph.mjs';
import { merged, otherPr, SIM_MERGE_SHA, simMerge, simPr, squashOf } from './github-prs.mjs';
import { minutesAgo, SIM_PR } from './scenarios.mjs';

/** @typedef {import('./github-scenarios.mjs').GitHubScenario} GitHubScenario */

/** The PRs of a push that brought twenty queue merges: #1900 to #1918, then #SIM_PR at its tip. */
export const TWENTY_PRS = Array.from({ length: 19 }, (_, i) => 1900 + i);
/** The PRs of a range of 300 commits: #2000 to #2058 merged with merge commits, then #SIM_PR. */
export const SIXTY_PRS = Array.from({ length: 59 }, (_, i) => 2000 + i);
/** The commits of a rebase merge of #SIM_PR's 101 commits. */
const REBASED_101 = Array.from({ length: 101 }, (_, i) => shaOf(`rebased commit ${i + 1} of 101 of #${SIM_PR}`));

/**
 * Sixty PRs merged with merge commits, each bringing its four commits as the second parent, the
 * last of them #SIM_PR at the tip: 300 commits, 60 on the first-parent line.
 * @returns {import('./github-graph.mjs').SimCommit[]}
 */
function sixtyMerges() {
  /** @type {import('./github-graph.mjs').SimCommit[]} */
  const commits = [];
  let first = SIM_BASE_SHA;
  for (const [k, n] of [...SIXTY_PRS, SIM_PR].entries()) {
    const minutes = 300 - 4 * k;
    const merge = n === SIM_PR ? SIM_MERGE_SHA : shaOf(`merge of #${n}`);
    const pr =
      n === SIM_PR
        ? simPr({ mergeCommitSha: merge })
        : otherPr(n, {
            mergedAt: minutesAgo(minutes),
            closedAt: minutesAgo(minutes),
            updatedAt: minutesAgo(minutes),
            mergeCommitSha: merge,
          });
    const own = [1, 2, 3, 4].map((i) => shaOf(`commit ${i} of #${n}`));
    own.forEach((sha, i) =>
      commits.push({
        sha,
        parents: [i === 0 ? first : (own[i - 1] ?? '')],
        prs: [pr],
        message: `Part ${i + 1} of #${n}`,
      }),
    );
    commits.push({ sha: merge, parents: [first, own[3] ?? ''], prs: [pr], message: `Merge pull request #${n}` });
    first = merge;
  }
  return commits;
}

/** @type {Record<string, GitHubScenario>} */
export const RANGE_SCENARIOS = {
  'twenty-prs': {
    description: `One push brings twenty queue merges: #${TWENTY_PRS[0]} to #${TWENTY_PRS.at(-1)}, then #${SIM_PR} at its tip (Trunk scenario: twenty-merged)`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: linear(...TWENTY_PRS.map(squashOf), simMerge),
  },
  'long-push': {
    description: `One push of 1,001 commits, more than one run checks, with #${SIM_PR}'s merge at its tip`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: linear(
      ...Array.from({ length: 1000 }, (_, i) => ({
        sha: shaOf(`long push ${i}`),
        parents: [],
        prs: [],
        message: `Step ${i}`,
      })),
      simMerge,
    ),
  },
  'direct-250': {
    description: `250 commits pushed straight to main since the last deploy, then #${SIM_PR}'s merge: each would need a lookup of its own, more than one run may ask GitHub`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: linear(
      ...Array.from({ length: 250 }, (_, i) => ({ sha: shaOf(`direct ${i}`), parents: [], message: `Hotfix ${i}` })),
      simMerge,
    ),
  },
  'rebase-101': {
    description: `A rebase merge of #${SIM_PR}'s 101 commits: each lists the PR, the last is its merge commit`,
    sha: REBASED_101.at(-1) ?? '',
    prs: [],
    history: linear(
      ...REBASED_101.map((sha, i) => ({
        sha,
        parents: [],
        prs: [simPr({ mergeCommitSha: REBASED_101.at(-1) ?? '' })],
        message: `Update documentation, part ${i + 1}`,
      })),
    ),
  },
  'sixty-prs': {
    description: `300 commits since the last deploy: sixty PRs merged with merge commits, #${SIXTY_PRS[0]} to #${SIXTY_PRS.at(-1)}, each bringing its four commits, then #${SIM_PR} at the tip (Trunk scenario: sixty-merged)`,
    sha: SIM_MERGE_SHA,
    prs: merged,
    history: sixtyMerges(),
  },
};
