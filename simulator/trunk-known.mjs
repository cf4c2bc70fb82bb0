// @ts-check
// Every PR Trunk knows at the moment of a request, each with its queue entry's timeline and its
// v2 body: the scenario's own PR (its pr and prStates, told as trunk-v2-story.mjs tells it), the
// other PRs in its queue (their timelines derived from their entries), and the PRs its history
// remembers (trunk-history.mjs), which win over a queue entry of the same number.
import { SIM_BRANCH, SIM_PR, SIM_PR_ID } from './scenarios.mjs';
import { historyPullRequestBody, historyV1Body } from './trunk-history-bodies.mjs';
import { timeline } from './trunk-history.mjs';
import { ENTRY_CREATED_AT, ENTRY_STATES, mapped, numberOf, prId, pullRequestBody } from './trunk-v2-bodies.mjs';
import { historyTransitions, PATHS } from './trunk-v2-story.mjs';

/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {import('./trunk-v2-bodies.mjs').Json} Json */
/** @typedef {import('./trunk-history.mjs').Transition} Transition */
/** @typedef {import('./trunk-history.mjs').EntryState} EntryState */

/**
 * @typedef {object} KnownPr
 * @property {number} number
 * @property {string} id
 * @property {string} author
 * @property {string} baseBranch
 * @property {() => Transition[]} transitions  oldest first (made on demand: a big queue has thousands)
 * @property {() => number} enqueuedMs  when its entry was created (its body's queueEntry.createdAt): the
 *   queue's list is ordered by it
 * @property {(oneNumber: boolean) => Json} pullRequest  its v2 PullRequest
 * @property {() => Json} v1  what v1 says of it: getSubmittedPullRequest's body, or its queue entry
 */

/** What the queue's other PRs are beyond their entries: submitted, and ready. */
const QUEUED = {
  isCurrentlySubmittedToQueue: true,
  readiness: { requiresImpactedTargets: false, doesBaseBranchMatch: true, gitHubMergeability: 'mergeable' },
};
const STEP_MS = 3 * 60_000;
/** Each queue entry's derived timeline, made once: a big queue has thousands, and they do not change. */
const queuedTimelines = /** @type {WeakMap<Json, Transition[]>} */ (new WeakMap());

/** The scenario's own PR, when Trunk has an entry for it. @param {World} world @returns {KnownPr[]} */
function scenarioPr(world) {
  if (!world.pr) return [];
  return [
    {
      number: SIM_PR,
      id: SIM_PR_ID,
      author: String(world.pr.prAuthor),
      baseBranch: String(world.pr.prBaseBranch),
      transitions: () => /** @type {Transition[]} */ (historyTransitions(world)),
      enqueuedMs: () => Date.parse(ENTRY_CREATED_AT),
      pullRequest: (oneNumber) => pullRequestBody(world, { oneNumber }),
      v1: () => /** @type {Json} */ (world.pr),
    },
  ];
}

/**
 * Another PR in the queue, known from its entry: its body as the lookup by number has always
 * made it, and a timeline that reaches the entry's state at its stateChangedAt, a step every 3 min.
 * @param {World} world
 * @param {Json} entry
 * @returns {KnownPr}
 */
function queuedPr(world, entry) {
  const n = numberOf(entry);
  const scenario = { ...world.scenario, pr: null, story: {} };
  return {
    number: n,
    id: prId(n),
    author: String(entry.prAuthor),
    baseBranch: String(entry.prBaseBranch),
    transitions: () => {
      const made = queuedTimelines.get(entry);
      if (made) return made;
      const state = mapped(ENTRY_STATES, entry.state);
      const path = /** @type {EntryState[]} */ (PATHS[state] ?? ['pending', state]);
      const last = Date.parse(String(entry.stateChangedAt));
      const facts = { title: String(entry.prTitle), author: String(entry.prAuthor), sha: String(entry.prSha) };
      const steps = path.map(
        (step, i) => /** @type {[EntryState, number]} */ ([step, last - (path.length - 1 - i) * STEP_MS]),
      );
      const transitions = timeline(n, steps, { ...facts, baseBranch: String(entry.prBaseBranch) }).transitions;
      queuedTimelines.set(entry, transitions);
      return transitions;
    },
    enqueuedMs: () => Date.parse(ENTRY_CREATED_AT),
    pullRequest: (oneNumber) => pullRequestBody({ ...world, scenario, pr: { ...QUEUED, ...entry } }, { oneNumber }),
    v1: () => entry,
  };
}

/** A PR the history remembers. @param {import('./trunk-history.mjs').HistoryPr} pr @returns {KnownPr} */
function rememberedPr(pr) {
  return {
    number: pr.number,
    id: pr.id,
    author: pr.author,
    baseBranch: pr.baseBranch,
    transitions: () => pr.transitions,
    enqueuedMs: () => Date.parse(String(pr.transitions[0]?.changedAt)),
    pullRequest: (oneNumber) => historyPullRequestBody(pr, oneNumber),
    v1: () => historyV1Body(pr),
  };
}

/** The queue's other entries that the history does not remember. @param {World} world */
function queueEntries(world) {
  const entries = /** @type {Json[]} */ (world.queue?.enqueuedPullRequests ?? []);
  return entries.filter((entry) => numberOf(entry) !== SIM_PR && !world.history.byNumber.has(numberOf(entry)));
}

/** The PRs Trunk knows now that its history does not remember: the scenario's, the queue's others. @param {World} world */
function unrememberedPrs(world) {
  return [...scenarioPr(world), ...queueEntries(world).map((entry) => queuedPr(world, entry))];
}

/**
 * A PR of this queue (its branch's) that it ever had, with its timeline read once.
 * @typedef {{ pr: KnownPr, transitions: import('./trunk-history.mjs').Transition[], enqueuedMs: number }} QueueTimeline
 */

/** Those of these PRs this queue ever had, most recently enqueued first. @param {KnownPr[]} prs @returns {QueueTimeline[]} */
function ofQueue(prs) {
  return prs
    .filter((pr) => pr.baseBranch === SIM_BRANCH)
    .map((pr) => ({ pr, transitions: pr.transitions(), enqueuedMs: pr.enqueuedMs() }))
    .filter(({ transitions }) => transitions.length > 0)
    .sort((a, b) => b.enqueuedMs - a.enqueuedMs || b.pr.number - a.pr.number);
}

/** @type {WeakMap<World['history'], KnownPr[]>} */
const remembered = new WeakMap();
/** @type {WeakMap<World['history'], QueueTimeline[]>} */
const rememberedInQueue = new WeakMap();

/**
 * The PRs a history remembers, made once per history: a named history is shared by every request
 * and its busiest has thousands of PRs, which every page of a list would otherwise walk again.
 * @param {World['history']} history
 */
function rememberedPrs(history) {
  const known = remembered.get(history) ?? history.prs.map(rememberedPr);
  remembered.set(history, known);
  return known;
}

/** The queue's PRs a history remembers, most recently enqueued first, worked out once. @param {World['history']} history */
export function rememberedTimelines(history) {
  const known = rememberedInQueue.get(history) ?? ofQueue(rememberedPrs(history));
  rememberedInQueue.set(history, known);
  return known;
}

/** The queue's PRs the history does not remember (the scenario's, the queue's others). @param {World} world */
export const unrememberedTimelines = (world) => ofQueue(unrememberedPrs(world));

/**
 * Every PR the queue ever had, most recently enqueued first: the few the history does not
 * remember joined to its own, which the sort orders in a pass, both being in order already.
 * @param {World} world
 */
export function queueTimelines(world) {
  return [...unrememberedTimelines(world), ...rememberedTimelines(world.history)].sort(
    (a, b) => b.enqueuedMs - a.enqueuedMs || b.pr.number - a.pr.number,
  );
}

/** Every PR Trunk knows now: the scenario's, the queue's others, the history's. @param {World} world */
export function knownPrs(world) {
  return [...unrememberedPrs(world), ...rememberedPrs(world.history)];
}

/**
 * The PR with this id (any case), if Trunk knows it.
 * @param {World} world
 * @param {string} id
 * @returns {KnownPr | undefined}
 */
export function knownPr(world, id) {
  const lower = id.toLowerCase();
  if (lower === SIM_PR_ID) return scenarioPr(world)[0];
  const remembered = world.history.byId.get(lower);
  if (remembered) return rememberedPr(remembered);
  const entry = queueEntries(world).find((e) => prId(numberOf(e)) === lower);
  return entry ? queuedPr(world, entry) : undefined;
}

/**
 * The queue's others among `numbers` (in queue order), then the remembered PRs among them, as the
 * lookup by number lists them beside the scenario's PR.
 * @param {World} world
 * @param {number[]} numbers
 */
export function knownByNumber(world, numbers) {
  const asked = new Set(numbers);
  return knownPrs(world).filter((pr) => pr.number !== SIM_PR && asked.has(pr.number));
}
