// The sweep of the words guard over the demo's scenarios: each Trunk scenario for a PR and for the
// queue, through v1 and v2, and each GitHub scenario for a push. `only` picks which of them a file runs.
import { describe, it } from '@jest/globals';
import { GITHUB_SCENARIOS, SCENARIOS } from '../../simulator/server.mjs';
import { gateRun } from './gate-run.js';
import { runInProcess } from './in-process.js';
import { useSimulator } from './simulator.js';
import { expectClean } from './words-guard.js';

export function sweepWords(only: (scenario: string) => boolean): void {
  const sim = useSimulator({}, 'all');
  const credentials = {
    v1: () => ({ 'api-token': sim.token }),
    v2: () => ({ 'api-key': sim.apiKey }),
  };

  describe.each(['v1', 'v2'] as const)('through %s', (api) => {
    it.each(Object.keys(SCENARIOS).filter(only))('%s, about a PR and about the queue', async (scenario) => {
      for (const scope of ['pr', 'queue']) {
        sim.useScenario(scenario);
        const result = await runInProcess({
          inputs: {
            ...credentials[api](),
            'api-url': sim.url,
            scope,
            'fail-if-not-ready': 'true',
            ...(scope === 'queue' && /week/.test(scenario) ? { window: api === 'v2' ? '7d' : '1h' } : {}),
            ...(scenario === 'merging' && scope === 'pr' ? { 'wait-for': 'merged', 'poll-interval-seconds': '1' } : {}),
          },
          ...(scope === 'queue' ? { eventName: 'schedule', event: { repository: { default_branch: 'main' } } } : {}),
        });
        expectClean(result);
      }
    });
  });

  describe('a push, checked commit by commit', () => {
    const pushes = Object.entries(GITHUB_SCENARIOS).filter(([name, scenario]) => !scenario.faults && only(name));
    it.each(pushes.map(([name]) => name))('%s', async (name) => {
      sim.useScenario(name === 'twenty-prs' ? 'twenty-merged' : name === 'sixty-prs' ? 'sixty-merged' : 'merged');
      sim.useGitHubScenario(name);
      expectClean(await gateRun(sim, { 'fail-if-not-ready': 'true' }));
    });
  });
}
