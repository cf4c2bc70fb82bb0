// The committed bundle as a deploy gate runs it: a push to main, no PR in the event, so GitHub is
// asked which PR brought the commit in (the chunk holding @actions/github loads only here), then
// Trunk about that PR. The rules themselves are decided and asserted in-process (run/deploy-gate.test.ts).
import { describe, expect, it } from '@jest/globals';
import { runAction } from '../../simulator/runner.mjs';
import { SIM_BRANCH, SIM_MERGE_SHA, SIM_REPO } from '../../simulator/server.mjs';
import { OUTPUT_NAMES } from '../../src/render/outputs.js';
import { RUN_ID } from '../helpers/gate-run.js';
import { useSimulator } from '../helpers/simulator.js';

describe('dist/push', () => {
  const sim = useSimulator({ scenario: 'merged' });

  it('a push to main: the merged PR found through GitHub, the gate passes, the token never shows', async () => {
    const result = await runAction({
      inputs: {
        'api-key': sim.apiKey,
        'api-url': sim.url,
        'github-token': sim.githubToken,
        'fail-if-not-ready': 'true',
      },
      eventName: 'push',
      event: {
        ref: `refs/heads/${SIM_BRANCH}`,
        after: SIM_MERGE_SHA,
        repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
      },
      env: {
        GITHUB_API_URL: sim.url,
        GITHUB_SHA: SIM_MERGE_SHA,
        GITHUB_REF: `refs/heads/${SIM_BRANCH}`,
        GITHUB_RUN_ID: RUN_ID,
      },
    });
    expect(result.code).toBe(0);
    expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
    expect(result.outputs).toMatchObject({
      pr: '1842',
      state: 'merged',
      ready: 'true',
      'pr-found-by': 'commit',
      'commit-sha': SIM_MERGE_SHA,
    });
    expect(sim.count('github.commitPulls')).toBe(1);
    expect(sim.misdirected()).toEqual([]);
    expect(result.stdout).toContain(`::add-mask::${sim.githubToken}`);
    expect(result.stdout.replace(`::add-mask::${sim.githubToken}`, '')).not.toContain(sim.githubToken);
  });
});
