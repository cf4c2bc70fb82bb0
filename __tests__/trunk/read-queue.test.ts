// The queue alone, through each API: what a report on the queue itself, or on a commit no PR
// brought in, reads. No PR lookup is made, and both adapters give the same neutral queue.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.mjs';
import { sourceFor } from '../../src/trunk/source.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.close());

function queueSource(credentials: { apiToken?: string; apiKey?: string }) {
  return sourceFor(
    {
      apiToken: credentials.apiToken ?? '',
      apiKey: credentials.apiKey ?? '',
      apiUrl: sim.url,
      repoHost: 'github.com',
      owner: 'octo-org',
      name: 'octo-repo',
      targetBranch: 'main',
      requestTimeoutMs: 5000,
      retries: 0,
    },
    {
      log: { info: () => undefined, warning: () => undefined, notice: () => undefined, debug: () => undefined },
      clock: new VirtualClock(),
      random: () => 0,
    },
  );
}
const signal = () => new AbortController().signal;

describe('readQueue', () => {
  it.each([
    ['v1', true, false],
    ['v2', false, true],
    ['both (v1 decides)', true, true],
  ])('through %s: the queue and its line, and no PR read', async (_api, token, key) => {
    const credentials = { apiToken: token ? sim.token : undefined, apiKey: key ? sim.apiKey : undefined };
    const answer = await queueSource(credentials).readQueue(signal());
    expect(answer.queue).toMatchObject({ state: 'running', branch: 'main' });
    expect(answer.queue.entries.map((entry) => entry.number)).toContain(1842);
    const asked = sim.requests.map((request) => request.endpoint);
    expect(asked).not.toContain('getSubmittedPullRequest');
    expect(asked.filter((endpoint) => endpoint.startsWith('v2.pullRequest'))).toEqual([]);
  });

  it('a source made for the queue alone refuses a PR read: a bug, not a user error', async () => {
    await expect(queueSource({ apiToken: sim.token }).poll(signal())).rejects.toThrow(
      'A pull request was read from a source made for the queue alone.',
    );
  });
});
