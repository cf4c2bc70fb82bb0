// The committed dist/index.js, run as the Actions runner runs it: INPUT_* variables with their
// hyphens, an event file in GITHUB_EVENT_PATH, and real GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files
// read back. A few runs prove the bundle: that it loads the chunks each API needs, writes the
// runner's files, ends with the runner's exit code, masks the credential and streams its log while
// it waits, until a signal ends it (smoke.slow.test.ts has the slower three: a PR's run from a dist
// without GitHub's client, the mask, the log streamed while a wait is cancelled). The cases
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

    it('a pull_request run with a key (v2, a chunk of its own): v2 answers, and the story is told', async () => {
      const result = await runAction({ inputs: { 'api-key': sim.apiKey, 'api-url': sim.url } });
      expect(result.code).toBe(0);
      expect(result.stdout.startsWith(`::add-mask::${sim.apiKey}\n`)).toBe(true);
      expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
      expect(result.outputs).toMatchObject({ state: 'testing', ready: 'true', 'test-run-status': 'in_progress' });
      expect(result.summary).toMatch(/^<h2>✅ Ready: /);
      expect(endpoints().filter((endpoint) => !endpoint.startsWith('v2.'))).toEqual([]);
    });

    it('a failure: exit code 1, one error line, no stack trace', async () => {
      const result = await runAction({ inputs: { 'api-token': 'not-the-token', 'api-url': sim.url } });
      // The message itself is asserted in-process (run/v1.test.ts); here, that the bundle ends as the runner expects.
      expect(result.code).toBe(1);
      expect(errors(result)).toEqual([
        expect.stringMatching(/^::error::Trunk API (getSubmittedPullRequest|getQueue): /),
      ]);
      expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
    });
  });
});
