// The demo's alert sequence (`npm run demo -- --alert-sequence`), run in-process: three hourly runs
// of use 3's alert, each reading back through the simulated GitHub the verdict the run before it
// left. The first posts the pause, the second stays quiet, the third posts the recovery, with the
// spell's length as the aged records give it.
import { expect, it } from '@jest/globals';
import { alertSequence } from '../../scripts/demo-alerts.mjs';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator();

it('an alert, the same alert an hour later (quiet), and the recovery', async () => {
  const results = await alertSequence(sim, async (options) => {
    const result = await runInProcess({ ...options, env: options.env ?? {} });
    return { code: result.code, outputs: result.outputs, log: result.log };
  });
  expect(
    results.map(({ outputs, posted, requests }) => [outputs['previous-ready'], outputs.changed, posted, requests]),
  ).toEqual([
    ['true', 'true', true, 4],
    ['false', 'false', false, 4],
    ['false', 'true', true, 4],
  ]);
  expect(results.map(({ outputs }) => outputs['slack-text']?.split('\n')[0])).toEqual([
    '*❌ Queue main of octo-org/octo-repo is paused*',
    '*❌ Queue main of octo-org/octo-repo is paused*',
    '*✅ Queue main of octo-org/octo-repo is healthy again, after 2 h paused*',
  ]);
  // The second run carried the spell on from the first, an hour back.
  const [first, second] = results.map(({ outputs }) => Date.parse(outputs['unhealthy-since'] ?? ''));
  expect((first ?? 0) - (second ?? 0)).toBe(3_600_000);
});
