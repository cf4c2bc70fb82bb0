// `npm run demo -- --scope queue --github-scenario alert-history`: use 3's alert against the past
// runs the GitHub scenario holds. The demo gives the run the job's variables and a token, so the
// run reads the verdict its previous run left, as on a runner.
import { describe, expect, it } from '@jest/globals';
import { parseArgs } from 'node:util';
import { DEMO_OPTIONS, demoPlan, demoRun } from '../../scripts/demo-setup.mjs';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/demo-alert-history', () => {
  const sim = useSimulator({ scenario: 'paused', github: 'alert-history' });

  describe('the demo of a report on the queue, with a GitHub scenario', () => {
    it('reads the previous run it holds: the queue still paused, so not changed', async () => {
      const args = '--scope queue --scenario paused --github-scenario alert-history'.split(' ');
      const { values } = parseArgs({ args, options: DEMO_OPTIONS, strict: true });
      const plan = demoPlan(values);
      expect(plan).toMatchObject({ scope: 'queue', previousRead: true, githubScenario: 'alert-history' });
      const run = demoRun(values, plan, sim);
      expect(run.env).toMatchObject({ GITHUB_JOB: 'alert', GITHUB_API_URL: sim.url });
      const result = await runInProcess({
        inputs: run.inputs,
        eventName: run.eventName,
        event: run.event,
        env: run.env,
      });
      expect(result.outputs).toMatchObject({ 'previous-ready': 'false', changed: 'false' });
    });

    it('without one, nothing is read: changed, as a first run', () => {
      const { values } = parseArgs({ args: ['--scope', 'queue'], options: DEMO_OPTIONS, strict: true });
      const plan = demoPlan(values);
      expect(plan.previousRead).toBe(false);
      expect(demoRun(values, plan, sim).env).toEqual({});
    });
  });
});
