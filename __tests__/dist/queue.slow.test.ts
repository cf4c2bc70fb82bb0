// The committed bundle with scope: queue, as a scheduled report runs it: a schedule event with no
// PR, the outputs in GITHUB_OUTPUT and the summary in GITHUB_STEP_SUMMARY; the gate's failure is
// one error line. The cases themselves are decided and asserted in-process (run/queue.test.ts).
import { expect, it } from '@jest/globals';
import { runAction } from '../../simulator/runner.mjs';
import { OUTPUT_NAMES } from '../../src/render/outputs.js';
import { scheduleRun } from '../helpers/events.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({ scenario: 'paused' });

it('a scheduled report on a paused queue, behind fail-if-not-ready: exit code 1, every output set', async () => {
  const result = await runAction({
    inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: 'queue', 'fail-if-not-ready': 'true' },
    ...scheduleRun,
  });
  expect(result.code).toBe(1);
  expect(result.stdout.split('\n').filter((line) => line.startsWith('::error::'))).toEqual([
    expect.stringMatching(/^::error::Queue main is paused: nothing merges .* \(queue_paused\)\.$/),
  ]);
  expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
  expect(result.outputs).toMatchObject({
    ready: 'false',
    'not-ready-reasons': 'queue_paused',
    'queue-testing': '1',
    'queue-waiting': '2',
    pr: '',
    state: '',
  });
  expect(result.summary).toMatch(/^<h2>❌ Queue main is paused: /);
  expect(sim.requests.map((request) => request.endpoint)).not.toContain('v2.pullRequest');
});
