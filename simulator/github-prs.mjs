// @ts-check
// The PRs and commits GitHub's scenarios are made of (github-scenarios.mjs, github-ranges.mjs):
// the simulator's PR merged by Trunk (squash) and others like it, open or merged, and the
// commits their merges made on the base branch.
import { shaOf } from './github-bodies.mjs';
import { minutesAgo, SIM_BRANCH, SIM_PR, SIM_SHA } from './scenarios.mjs';

/** @typedef {import('./github-bodies.mjs').GitHubPr} GitHubPr */

/** The commit the scenario's PR made on the base branch when Trunk merged it (squash). */
export const SIM_MERGE_SHA = shaOf(`merge of #${SIM_PR}`);
/** A commit pushed to the base branch directly, which no PR brought in. */
export const SIM_DIRECT_SHA = shaOf('direct push');

/** The scenario's PR as GitHub lists it: merged by Trunk (squash) into the base branch. @param {Partial<GitHubPr>} [over] */
export function simPr(over = {}) {
  return {
    number: SIM_PR,
    state: /** @type {const} */ ('closed'),
    title: 'Update documentation',
    author: 'octocat',
    headRef: 'docs-update',
    headSha: SIM_SHA,
    baseRef: SIM_BRANCH,
    mergedAt: minutesAgo(3),
    mergeCommitSha: SIM_MERGE_SHA,
    createdAt: minutesAgo(60 * 26),
    updatedAt: minutesAgo(3),
    closedAt: minutesAgo(3),
    ...over,
  };
}
/** Another PR, merged or open. @param {number} n @param {Partial<GitHubPr>} [over] */
export function otherPr(n, over = {}) {
  return simPr({
    number: n,
    title: `Change number ${n}`,
    author: `dev${n % 7}`,
    headRef: `change-${n}`,
    headSha: shaOf(`head of #${n}`),
    mergeCommitSha: shaOf(`merge of #${n}`),
    ...over,
  });
}
/** What an open PR has: no merge yet. */
export const open = { state: /** @type {const} */ ('open'), mergedAt: null, closedAt: null };
/** The simulator's PR, merged, as the only PR GitHub lists. */
export const merged = [simPr()];
/** The squash merge of another PR, as the commit it made on the base branch. @param {number} n */
export const squashOf = (n) => ({
  sha: shaOf(`merge of #${n}`),
  parents: [],
  prs: [otherPr(n, { mergedAt: minutesAgo(30 - n / 100), closedAt: minutesAgo(30), updatedAt: minutesAgo(30) })],
  message: `Change number ${n} (#${n})`,
});
/** The scenario PR's squash merge, as the commit it made. */
export const simMerge = { sha: SIM_MERGE_SHA, parents: [], prs: merged, message: `Update documentation (#${SIM_PR})` };
