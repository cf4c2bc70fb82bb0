// @ts-check
// The histories a scenario can name instead of listing its PRs (scenarios.mjs: `history`): each
// made once, on first use, from the builders of trunk-history.mjs.
import { TWENTY_PRS } from './github-scenarios.mjs';
import { historyPr, indexHistory, mergedByTrunk, mergedManually, stillTesting } from './trunk-history.mjs';

/** @typedef {import('./trunk-history.mjs').HistoryPr} HistoryPr */

/** @type {Record<string, { description: string, make: () => HistoryPr[] }>} */
const HISTORIES = {
  'twenty-merged': {
    description: `#${TWENTY_PRS[0]} to #${TWENTY_PRS.at(-1)} merged by Trunk in the last half hour (GitHub scenario: twenty-prs)`,
    make: () => TWENTY_PRS.map((n) => mergedByTrunk(n, 30 - (n - 1900))),
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
  const found = made.get(history) ?? indexHistory(named.make());
  made.set(history, found);
  return found;
}
