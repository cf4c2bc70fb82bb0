// @ts-check
// The commits GitHub knows for a scenario, as a graph: each commit with its parents and the PRs
// GitHub lists for it. Every scenario's history starts at SIM_BASE_SHA, where the branch pointed
// before the push; a scenario that names no history is its one commit on top of it. The compare
// endpoint walks this graph as git does: the commits reachable from head and not from base.
import { shaOf } from './github-bodies.mjs';
import { minutesAgo } from './scenarios.mjs';

/** @typedef {import('./github-bodies.mjs').GitHubPr} GitHubPr */

/**
 * One commit of a scenario's history.
 * @typedef {object} SimCommit
 * @property {string} sha
 * @property {string[]} parents  the first parent first
 * @property {GitHubPr[]} [prs]  what GitHub lists for it (default: none)
 * @property {string} [message]
 * @property {string} [author]
 */

/** The commit the branch pointed at before the push: every scenario's history starts here. */
export const SIM_BASE_SHA = shaOf('main before the push');

/**
 * The scenario's commits by SHA, the base included, each with a time (oldest first), so that a
 * comparison lists them in order.
 * @param {{ sha: string, prs: GitHubPr[], history?: SimCommit[] }} scenario
 * @param {string[]} known  other commits GitHub knows (listing the scenario's PRs), each on top of the base
 */
export function graphOf(scenario, known) {
  /** @type {Map<string, SimCommit & { at: number, listsScenarioPrs: boolean }>} */
  const graph = new Map();
  const add = (/** @type {SimCommit} */ commit, listsScenarioPrs = false) => {
    if (!graph.has(commit.sha)) graph.set(commit.sha, { ...commit, at: graph.size, listsScenarioPrs });
  };
  add({ sha: SIM_BASE_SHA, parents: [], message: 'The state of main before the push', author: 'octocat' });
  for (const commit of scenario.history ?? []) add(commit);
  for (const sha of [scenario.sha, ...known])
    add({ sha, parents: [SIM_BASE_SHA], message: `Commit ${sha.slice(0, 7)}` }, true);
  return graph;
}

/** @typedef {ReturnType<typeof graphOf>} Graph */

/** Every commit reachable from `sha`, itself included. @param {Graph} graph @param {string} sha */
function ancestors(graph, sha) {
  const seen = new Set();
  const stack = [sha];
  while (stack.length > 0) {
    const at = /** @type {string} */ (stack.pop());
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(graph.get(at)?.parents ?? []));
  }
  return seen;
}

/**
 * What GitHub's compare of base...head answers: the commits reachable from head and not from base,
 * oldest first, and how the two relate.
 * @param {Graph} graph @param {string} base @param {string} head
 */
export function compareIn(graph, base, head) {
  const fromHead = ancestors(graph, head);
  const fromBase = ancestors(graph, base);
  const inOrder = (/** @type {Set<string>} */ set) =>
    [...set].sort((a, b) => (graph.get(a)?.at ?? 0) - (graph.get(b)?.at ?? 0));
  const ahead = inOrder(new Set([...fromHead].filter((sha) => !fromBase.has(sha))));
  const behind = [...fromBase].filter((sha) => !fromHead.has(sha));
  const common = inOrder(new Set([...fromHead].filter((sha) => fromBase.has(sha))));
  const status =
    base === head ? 'identical' : fromHead.has(base) ? 'ahead' : fromBase.has(head) ? 'behind' : 'diverged';
  return { status, ahead, behindBy: behind.length, mergeBase: common.at(-1) ?? base };
}

/**
 * A commit of the graph as a comparison lists it.
 * @param {Graph} graph @param {string} sha
 */
export function commitOf(graph, sha) {
  const commit = graph.get(sha);
  return {
    sha,
    parents: commit?.parents ?? [],
    message: commit?.message ?? `Commit ${sha.slice(0, 7)}`,
    author: commit?.author ?? 'octocat',
    // A minute apart, the newest a minute ago.
    date: minutesAgo(Math.max(graph.size - (commit?.at ?? 0), 1)),
  };
}

/**
 * What GitHub lists for a commit: its own PRs in the scenario's history, else the scenario's PRs
 * for any other commit it knows; undefined for a commit it does not know.
 * @param {Graph} graph @param {{ prs: GitHubPr[] }} scenario @param {string} sha
 */
export function pullsOf(graph, scenario, sha) {
  const commit = graph.get(sha);
  if (!commit) return undefined;
  return commit.listsScenarioPrs ? scenario.prs : (commit.prs ?? []);
}

/** A line of commits on top of the base, each on the one before: a linear push. @param {SimCommit[]} commits */
export function linear(...commits) {
  return commits.map((commit, i) => ({ ...commit, parents: [i === 0 ? SIM_BASE_SHA : (commits[i - 1]?.sha ?? '')] }));
}
