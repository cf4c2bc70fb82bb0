// @ts-check
// Trunk's merge-queue metrics in Prometheus' text format 0.0.4, as v2's
// GET /v2/merge-queues/{id}/metrics and v1's getMergeQueueMetrics serve them: gauges of the queue
// now, and the last hour (a sliding window, so gauges too, never counters) of conclusions,
// restarts and durations, all derived from the queues' timelines (history-derive.mjs). Labels on
// every series: repo, branch and queue_type (main, or bisection for the bisection lane).
import { OTHER_BRANCH, otherBranchHistory } from './histories.mjs';
import { stretchesOf, tripsOf } from './history-derive.mjs';
import { SIM_BRANCH, SIM_REPO } from './scenarios.mjs';
import { knownPrs } from './trunk-known.mjs';

/** @typedef {import('./trunk-history.mjs').Transition} Transition */
/** @typedef {{ labels: Record<string, string>, value: number }} Sample */
/** @typedef {{ name: string, type: 'gauge' | 'histogram', help: string, samples: Sample[] }} Family */

/** Trunk's buckets, in seconds; +Inf follows. */
const BUCKETS = [60, 300, 600, 900, 1800, 3600, 5400, 7200];
const HOUR = 3_600_000;
const FINAL = new Set(['merged', 'failed', 'cancelled']);
const CONCLUSIONS = ['merged', 'failed', 'cancelled'];
/** The states whose stays are timed, in v1's spelling as the metrics' labels are v1's. */
const TIMED_STATES = /** @type {Array<[string, string]>} */ ([
  ['pending', 'pending'],
  ['testing', 'testing'],
]);

/** @param {Transition} t */
const at = (t) => Date.parse(t.changedAt);

/**
 * The metrics of these queues (each a branch with its PRs' timelines) at `nowMs`.
 * @param {Array<{ branch: string, timelines: Transition[][] }>} queues
 * @param {number} nowMs
 */
function metricsText(queues, nowMs) {
  /** @type {Map<string, Family>} */
  const families = new Map();
  /** @param {string} name @param {'gauge' | 'histogram'} type @param {string} help */
  const family = (name, type, help) => {
    const found = families.get(name) ?? { name, type, help, samples: [] };
    families.set(name, found);
    return found;
  };
  const inHour = (/** @type {number} */ ms) => ms > nowMs - HOUR && ms <= nowMs;

  for (const { branch, timelines } of queues) {
    const main = { repo: `${SIM_REPO.owner}/${SIM_REPO.name}`, branch, queue_type: 'main' };
    const bisection = { ...main, queue_type: 'bisection' };
    const now = timelines.map((timeline) => timeline.at(-1)?.state).filter((state) => state !== undefined);
    const trips = timelines.flatMap(tripsOf).filter((trip) => inHour(trip.endMs));
    const stretches = timelines.flatMap(stretchesOf).filter((stretch) => inHour(stretch.endMs));
    const tested = stretches.filter((s) => s.outcome === 'passed' || s.outcome === 'failed');
    const seconds = (/** @type {number} */ ms) => Math.round(ms / 1000);
    const gauge = (/** @type {string} */ name, /** @type {string} */ help) => family(name, 'gauge', help).samples;
    const histogram = (
      /** @type {string} */ name,
      /** @type {string} */ help,
      /** @type {Record<string, string>} */ labels,
      /** @type {number[]} */ values,
    ) => family(name, 'histogram', help).samples.push(...histogramSamples(labels, values));

    const depth = gauge('mq_depth_current', 'Number of PRs currently in the queue (in any non-terminal state).');
    depth.push(
      { labels: main, value: now.filter((state) => !FINAL.has(state)).length },
      { labels: bisection, value: 0 },
    );
    gauge('mq_awaiting_mergeability', 'Number of PRs in the queue waiting to become mergeable (not ready).').push({
      labels: main,
      value: now.filter((state) => state === 'notReady').length,
    });
    const slots = gauge('mq_testing_slots_active', 'Number of testing slots in use.');
    slots.push(
      { labels: main, value: now.filter((state) => state === 'testing').length },
      { labels: bisection, value: 0 },
    );
    const conclusions = gauge('mq_pr_conclusions_1h_total', 'PRs that left the queue in the last hour, by conclusion.');
    for (const conclusion of CONCLUSIONS) {
      conclusions.push({
        labels: { ...main, conclusion },
        value: trips.filter((trip) => trip.end === conclusion).length,
      });
    }
    gauge('mq_pr_restarts_1h_total', 'Test runs restarted in the last hour.').push({
      labels: main,
      value: stretches.filter((s) => s.outcome === 'interrupted').length,
    });
    const waited = trips.flatMap((t) =>
      t.startMs !== undefined && t.testingMs !== undefined ? [t.testingMs - t.startMs] : [],
    );
    histogram(
      'mq_pr_wait_duration_1h_seconds',
      'Time from entering the queue to first testing, for PRs that left it in the last hour.',
      main,
      waited.map(seconds),
    );
    const testHelp = 'Length of test runs that passed or failed in the last hour.';
    for (const [labels, lane] of /** @type {const} */ ([
      [main, false],
      [bisection, true],
    ])) {
      const runs = tested.filter((s) => s.isBisection === lane).map((s) => seconds(s.endMs - s.startMs));
      histogram('mq_pr_test_duration_1h_seconds', testHelp, labels, runs);
    }
    const queueHelp = 'Time from entering the queue to leaving it, for PRs that left it in the last hour.';
    for (const conclusion of CONCLUSIONS) {
      const stays = trips.filter((t) => t.end === conclusion && t.startMs !== undefined);
      histogram(
        'mq_pr_time_in_queue_1h_seconds',
        queueHelp,
        { ...main, conclusion },
        stays.map((t) => seconds(t.endMs - Number(t.startMs))),
      );
    }
    for (const [v2, state] of TIMED_STATES) {
      const stays = timelines.flatMap((timeline) =>
        timeline.flatMap((t, i) => {
          const next = timeline[i + 1];
          return t.state === v2 && next && inHour(at(next)) ? [seconds(at(next) - at(t))] : [];
        }),
      );
      histogram(
        'mq_pr_state_duration_1h_seconds',
        'Time spent in a state, for stays that ended in the last hour.',
        { ...main, state },
        stays,
      );
    }
  }
  return [...families.values()].map(exposition).join('');
}

/** A histogram's cumulative buckets, sum and count. @param {Record<string, string>} labels @param {number[]} values @returns {Sample[]} */
function histogramSamples(labels, values) {
  const buckets = [...BUCKETS.map(String), '+Inf'].map((le, i) => ({
    labels: { ...labels, le, _: '_bucket' },
    value: values.filter((v) => i === BUCKETS.length || v <= Number(BUCKETS[i])).length,
  }));
  return [
    ...buckets,
    { labels: { ...labels, _: '_sum' }, value: values.reduce((a, b) => a + b, 0) },
    { labels: { ...labels, _: '_count' }, value: values.length },
  ];
}

/** One family as text: HELP, TYPE, then its samples (`_` in labels is a name's suffix). @param {Family} family */
function exposition({ name, type, help, samples }) {
  const lines = samples.map(({ labels: { _: suffix = '', ...labels }, value }) => {
    const text = Object.entries(labels)
      .map(([key, v]) => `${key}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
      .join(',');
    return `${name}${suffix}{${text}} ${value}\n`;
  });
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${lines.join('')}`;
}

/**
 * What the metrics reads serve for the world: v2's for its queue (none without one), v1's for the
 * whole repository, so with the other branch's queue too.
 * @param {import('./trunk-v2-bodies.mjs').World} world
 * @param {{ everyBranch: boolean }} scope
 */
export function worldMetrics(world, { everyBranch }) {
  const queues = [];
  if (world.queue) {
    const mine = knownPrs(world).filter((pr) => pr.baseBranch === SIM_BRANCH);
    queues.push({ branch: SIM_BRANCH, timelines: mine.map((pr) => pr.transitions()) });
  }
  if (everyBranch) queues.push({ branch: OTHER_BRANCH, timelines: otherBranchHistory().map((pr) => pr.transitions) });
  return metricsText(queues, world.nowMs);
}
