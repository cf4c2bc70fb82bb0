// Waits that take real time: the bundle and the demo each sleep a real poll interval (one second
// at least) between polls. The default suite proves the same waits on a virtual clock; these show
// the built artefacts stream their log while they wait. Run by `npm run test:slow` and .ci/run.
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateHistory } from '../../simulator/history-gen.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { runAction } from '../../simulator/runner.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { node } from '../helpers/node-process.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('the bundle', () => {
  it('a wait, with the log streamed as the state changes', async () => {
    const sim = await startSimulator();
    try {
      sim.setPrStates(['testing', 'merged']);
      const inputs = { 'api-token': sim.token, 'api-url': sim.url, 'wait-for': 'merged', 'poll-interval-seconds': '1' };
      const result = await runAction({ inputs });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'merged', 'timed-out': 'false' });
      expect(Number(result.outputs['waited-seconds'])).toBeGreaterThanOrEqual(1);
      expect(result.stdout).toMatch(/Reached merged after \d s, \d+ polls\./);
    } finally {
      await sim.close();
    }
  });
});

describe('the demo', () => {
  it('a demo runs against the simulator, streams the step log while it waits, and exits 0', async () => {
    // The merging scenario waits for the PR to merge over three polls, one a second.
    const run = await node(['scripts/demo.mjs', '--scenario', 'merging'], repo);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/wait-timeout-seconds: 30\n\s+poll-interval-seconds: 1\n/);
    expect(run.stdout).toMatch(/Reached merged after \d+ s, \d+ polls\./);
    expect(run.stdout).toMatch(/\(exit code 0, /);
    expect(run.stdout).toMatch(/ state\s+merged\n/);
    // The wait's first line was shown while the step was still running, not after it ended.
    const waiting = run.chunks.find((chunk) => chunk.text.includes('Waiting up to 30 s'));
    const ended = run.chunks.find((chunk) => chunk.text.includes('(exit code 0,'));
    expect(waiting).toBeDefined();
    expect(ended).toBeDefined();
    expect((ended?.at ?? 0) - (waiting?.at ?? 0)).toBeGreaterThan(1500);
  });
});

// The simulator's generated histories count from when it started: a seed makes the same PRs at the
// same offsets from the start, in another process started a second later.
describe('a seed makes one history', () => {
  const start = Date.parse(minutesAgo(0));
  it('in another process, started at another time, the same PRs at the same offsets from its start', async () => {
    const offsets = (prs: ReturnType<typeof generateHistory>, from: number) =>
      prs.map((pr) => [
        pr.number,
        pr.author,
        ...pr.transitions.map((t) => [t.state, t.reason, Date.parse(t.changedAt) - from]),
      ]);
    const script = `
      const { generateHistory } = await import('./simulator/history-gen.mjs');
      const { minutesAgo } = await import('./simulator/scenarios.mjs');
      const from = Date.parse(minutesAgo(0));
      const prs = generateHistory({ seed: 11, days: 4 });
      console.log(JSON.stringify(prs.map((pr) => [pr.number, pr.author, ...pr.transitions.map((t) => [t.state, t.reason, Date.parse(t.changedAt) - from])])));`;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a start at least a second later
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repo,
    });
    expect(JSON.parse(stdout)).toEqual(offsets(generateHistory({ seed: 11, days: 4 }), start));
  });
});
