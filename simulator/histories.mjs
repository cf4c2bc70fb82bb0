// @ts-check
// The histories a scenario can name instead of listing its PRs (scenarios.mjs: `history`): each
// made once, on first use, from the builders of trunk-history.mjs or from a seed (history-gen.mjs).
import { SIXTY_PRS, TWENTY_PRS } from './github-ranges.mjs';
import { minutesAgo } from './scenarios.mjs';
import { generateHistory, HEALTHY, UNHEALTHY } from './history-gen.mjs';
import { historyPr, indexHistory, mergedByTrunk, mergedManually, stillTesting } from './trunk-history.mjs';

/** @typedef {import('./trunk-history.mjs').HistoryPr} HistoryPr */

/**
 * `queueDays`: the queue is that many days old, so that its history begins there (the v2 queue's
 * createdAt); without it, the queue is older than anything asked of it.
 * @type {Record<string, { description: string, make: () => HistoryPr[], queueDays?: number }>}
 */
export const HISTORIES = {
  'twenty-merged': {
    description: `#${TWENTY_PRS[0]} to #${TWENTY_PRS.at(-1)} merged by Trunk in the last half hour (GitHub scenario: twenty-prs)`,
    make: () => TWENTY_PRS.map((n) => mergedByTrunk(n, 30 - (n - 1900))),
  },
  'sixty-merged': {
    description: `#${SIXTY_PRS[0]} to #${SIXTY_PRS.at(-1)} merged by Trunk in the last five hours (GitHub scenario: sixty-prs)`,
    make: () => SIXTY_PRS.map((n, k) => mergedByTrunk(n, 300 - 4 * k)),
  },
  week: {
    description:
      '15 days of a healthy queue, about 40 trips a day (seed 1): few failures, mostly the flaky ci/integration',
    queueDays: 15,
    make: () => generateHistory({ seed: 1, firstNumber: 1100 }),
  },
  'unhealthy-week': {
    description:
      'As week (seed 2), but the last 7 days much worse than the 7 before: failures over 20 %, long waits, many restarts',
    queueDays: 15,
    make: () =>
      generateHistory({ seed: 2, firstNumber: 1100, health: (daysAgo) => (daysAgo < 7 ? UNHEALTHY : HEALTHY) }),
  },
  'busy-week': {
    description: '15 days of a busy, healthy queue (seed 3): about 2,000 trips every 7 days, PRs from #10000',
    queueDays: 15,
    make: () => generateHistory({ seed: 3, firstNumber: 10_000, tripsPerDay: 2000 / 7 }),
  },
  batch: {
    description: "#1843, tested in one batch with the scenario's #1842 for the last 12 min (its queue entry agrees)",
    make: () => [stillTesting(1843, 12, BATCH_MATE)],
  },
  'batch-left': {
    description: '#1843, tested with #1842 until alice cancelled it from the queue 3 min ago',
    make: () => [
      historyPr(
        1843,
        [
          ['notReady', 40],
          ['pending', 35],
          ['testing', 12],
          ['cancelled', 3, 'USER_REQUESTED', { actor: { gitHubLogin: 'alice' } }],
        ],
        BATCH_MATE,
      ),
    ],
  },
  recent: {
    description:
      'The last hour and a half: #1836 and #1838 merged by Trunk, #1837 merged by hand, #1839 failed (ci/test) and merged on its second trip, #1841 testing',
    make: () => [
      mergedByTrunk(1836, 70),
      mergedManually(1837, 40),
      mergedByTrunk(1838, 25),
      historyPr(1839, [
        ['notReady', 95],
        ['pending', 90],
        ['testing', 85],
        ['failed', 60],
        ['notReady', 45],
        ['pending', 44],
        ['testing', 40],
        ['testsPassed', 9],
        ['merged', 8],
      ]),
      // In the queue too (the scenario's others), with the sha its entry there has.
      stillTesting(1841, 15, { sha: (1841).toString(16).padStart(40, '0') }),
    ],
  },
};

/** The PR a batch tests beside the scenario's, as its queue entry (scenarios.mjs) has it. */
const BATCH_MATE = { title: 'Fix the flaky upload test', author: 'dev2', sha: (1843).toString(16).padStart(40, '0') };

/** @type {Map<string, import('./trunk-history.mjs').HistoryIndex>} */
const made = new Map();

/**
 * The history a scenario says: its own PRs, or a named one (made once, then shared).
 * @param {HistoryPr[] | string} history
 */
export function resolveHistory(history) {
  if (typeof history !== 'string') return indexHistory(history);
  const named = HISTORIES[history];
  if (!named) throw new Error(`unknown history ${history}; known: ${Object.keys(HISTORIES).join(', ')}`);
  const found = made.get(history) ?? {
    ...indexHistory(named.make()),
    ...(named.queueDays === undefined ? {} : { createdAt: minutesAgo(named.queueDays * 24 * 60) }),
  };
  made.set(history, found);
  return found;
}

/** Another branch of the repository with a queue of its own, whose series v1's metrics also carry. */
export const OTHER_BRANCH = 'release/2.x';
/** @type {HistoryPr[] | undefined} */
let otherBranch;

/** That queue's last hours: merges, a failure, a cancellation, one PR testing. */
export function otherBranchHistory() {
  const on = { baseBranch: OTHER_BRANCH };
  otherBranch ??= [
    mergedByTrunk(901, 10, on),
    mergedByTrunk(902, 35, on),
    historyPr(
      903,
      [
        ['notReady', 80],
        ['pending', 78],
        ['testing', 70],
        ['failed', 40],
      ],
      on,
    ),
    historyPr(
      904,
      [
        ['notReady', 30],
        ['pending', 28],
        ['cancelled', 20, 'PR_CLOSED'],
      ],
      on,
    ),
    stillTesting(905, 5, on),
  ];
  return otherBranch;
}
