// @ts-check
// The one world both Trunk APIs answer from: the scenario, where its PR is in its state sequence,
// and the PRs Trunk remembers (its history). v1's getSubmittedPullRequest and v2's GET of the PR
// are polls that move the sequence on; every other read sees the PR's last answer, and the queue
// agrees with it.
import { resolveHistory } from './histories.mjs';
import { SCENARIOS } from './scenarios.mjs';

/** @typedef {import('./scenarios.mjs').Scenario} Scenario */
/** @typedef {import('./trunk-history.mjs').HistoryPr} HistoryPr */

const LISTED_STATES = new Set(['pending', 'testing', 'tests_passed', 'pending_failure']);

export class TrunkWorld {
  /** @type {Scenario} */
  scenario = /** @type {Scenario} */ (SCENARIOS.testing);
  /** @type {string[]} when each step of the state sequence was first answered */
  changedAt = [];
  /** @type {string[]} */
  prStates = [];
  /** How many polls of the PR have been answered. */
  prCalls = 0;
  /** The PRs Trunk remembers besides the scenario's own. */
  history = resolveHistory([]);

  /**
   * @param {string} name  a key of SCENARIOS
   * @param {() => number} [clock]  ms since the epoch: when "now" is for the history's reads (the
   *   metrics' last hour, the testing results' open range)
   */
  constructor(name, clock = Date.now) {
    this.clock = clock;
    this.use(name);
  }

  /** Serve this scenario from its start. @param {string} name */
  use(name) {
    const found = SCENARIOS[name];
    if (!found) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    this.scenario = found;
    this.setPrStates(found.prStates ?? []);
    this.setHistory(found.history ?? []);
    return found;
  }

  /** Trunk remembers these PRs (or this named history) instead of the scenario's. @param {HistoryPr[] | string} history */
  setHistory(history) {
    this.history = resolveHistory(history);
  }

  /** The PR answers these states on successive polls; the last one stays. @param {string[]} states */
  setPrStates(states) {
    this.prStates = [...states];
    this.changedAt = [];
    this.prCalls = 0;
  }

  /**
   * The PR at step `call` of its state sequence (the scenario's PR when there is none).
   * @param {number} call
   * @returns {Record<string, unknown> | null}
   */
  prAt(call) {
    const { prStates, changedAt, scenario } = this;
    if (prStates.length === 0) return scenario.pr;
    const at = Math.min(call, prStates.length - 1);
    const state = prStates[at];
    if (state === 'not_submitted') return null;
    const terminal = state === 'merged' || state === 'failed' || state === 'cancelled';
    // A state that changed on this call changed now; one that stayed keeps its time.
    let first = at;
    while (first > 0 && prStates[first - 1] === state) first--;
    if (first > 0 && !changedAt[first]) changedAt[first] = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const stateChangedAt = first > 0 ? changedAt[first] : scenario.pr?.stateChangedAt;
    return { ...(scenario.pr ?? {}), state, stateChangedAt, isCurrentlySubmittedToQueue: !terminal };
  }

  /**
   * The world as a read sees it: the PR as answered (its last answer unless given), the queue
   * agreeing with it, the history, and the time.
   * @param {Record<string, unknown> | null} [pr]
   * @param {string} [baseUrl]  where the simulator serves, for URLs in bodies
   * @returns {import('./trunk-v2-bodies.mjs').World}
   */
  snapshot(pr = this.lastPr(), baseUrl = '') {
    const { scenario, history } = this;
    return { scenario, pr, queue: this.queueNow(pr), baseUrl, history, nowMs: this.clock() };
  }

  /** The PR's last answer (its first, before any poll). */
  lastPr() {
    return this.prAt(Math.max(this.prCalls - 1, 0));
  }

  /** The queue, agreeing with the PR's last answer (or with `pr`). */
  queueNow(pr = this.lastPr()) {
    const { scenario } = this;
    if (!scenario.queue) return null;
    const entries = [...scenario.others];
    if (pr && LISTED_STATES.has(String(pr.state)) && scenario.position) {
      const { readiness, forceEnqueued, isCurrentlySubmittedToQueue, verifiedByTestRun, ...listed } = pr;
      entries.splice(scenario.position - 1, 0, listed);
    }
    return { ...scenario.queue, enqueuedPullRequests: entries };
  }
}
