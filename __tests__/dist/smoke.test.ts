// The committed dist/index.js, run as the Actions runner runs it: INPUT_* variables with their
// hyphens, an event file in GITHUB_EVENT_PATH, and real GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files
// read back. A few runs prove the bundle: that it loads the chunks each API needs, writes the
// runner's files, ends with the runner's exit code, masks the credential and streams its log while
// it waits, until a signal ends it. Here a PR's run through v1 and a failure in v2's chunk;
// smoke.slow.test.ts has the other four: v2's story told, a PR's run from a dist without GitHub's
// client, the mask, the log streamed while a wait is cancelled. The cases
// themselves are decided and asserted in-process: the verdict table in run/v1.test.ts, what v2's
// story holds in each state in run/v2.test.ts.
import { describe, expect, it } from '@jest/globals';
import { runAction, type RunResult } from '../../simulator/runner.mjs';
import { OUTPUT_NAMES, STORY_OUTPUTS } from '../../src/render/outputs.js';
import { useSimulator } from '../helpers/simulator.js';

describe('dist/smoke', () => {
  const sim = useSimulator();

  const errors = (result: RunResult) => result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
  const endpoints = () => sim.requests.map((request) => String(request.endpoint));

  describe('the bundle', () => {
    it('a pull_request run with a token (v1): every output in GITHUB_OUTPUT, the summary in GITHUB_STEP_SUMMARY', async () => {
      const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
      expect(result.code).toBe(0);
      expect(result.stdout.startsWith(`::add-mask::${sim.token}\n`)).toBe(true);
      expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
      expect(result.outputs).toMatchObject({ state: 'testing', pr: '1842', ready: 'true', position: '2' });
      for (const name of STORY_OUTPUTS) expect(result.outputs[name]).toBe('');
      expect(result.summary).toMatch(/^<h2>✅ Ready: /);
      expect(endpoints().filter((endpoint) => endpoint.startsWith('v2.'))).toEqual([]);
    });

    it('a failure in the chunk of v2: exit code 1, one error line, no stack trace', async () => {
      // A key of the right shape that Trunk refuses: the v2 chunk loads, asks, and the step fails.
      const result = await runAction({
        inputs: { 'api-key': 'trunk_v2_refused_0123456789abcdef', 'api-url': sim.url },
      });
      // The message itself is asserted in-process (run/v2.test.ts); here, that the bundle ends as the
      // runner expects.
      expect(result.code).toBe(1);
      expect(errors(result)).toEqual([expect.stringMatching(/^::error::Trunk API v2 \S+: the API key was refused /)]);
      expect(endpoints().length).toBeGreaterThan(0);
      expect(endpoints().filter((endpoint) => !endpoint.startsWith('v2.'))).toEqual([]);
      expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
    });
  });
});
