// The queue alone, through each API: what a report on the queue itself, or on a commit no PR
// brought in, reads. No PR is looked up, and both adapters give the same neutral queue: v2's
// order says nothing of how long each PR has waited, so one lookup of the listed PRs fills it in.
import { describe, expect, it } from '@jest/globals';
import { sourceFor } from '../../src/trunk/source.js';
import { createRedactor } from '../../src/shared/redact.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { useSimulator } from '../helpers/simulator.js';

describe('trunk/read-queue', () => {
  const sim = useSimulator();

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
        redactor: createRedactor([]),
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
      expect(answer.queue.entries.map((entry) => entry.number)).toEqual([1840, 1842, 1845]);
      for (const entry of answer.queue.entries) {
        expect(entry).toMatchObject({ stateChangedAt: expect.any(String), author: expect.any(String) });
      }
      const asked = sim.requests.map((request) => request.endpoint);
      expect(asked).not.toContain('getSubmittedPullRequest');
      // Through v2, one read of the listed PRs at once, not one per PR, and never the PR alone.
      const v2Reads = sim.requests.filter((request) => request.endpoint.startsWith('v2.pullRequest'));
      expect(v2Reads.map((request) => request.path)).toEqual(
        key && !token
          ? ['/v2/pull-requests?repositoryId=7c9e6679-7425-40de-944b-e07fc1f90ae7&number=1840%2C1842%2C1845']
          : [],
      );
    });

    it('through v2, the ages read are those v1 sends: one neutral queue', async () => {
      const v1 = await queueSource({ apiToken: sim.token }).readQueue(signal());
      const v2 = await queueSource({ apiKey: sim.apiKey }).readQueue(signal());
      const facts = (entries: typeof v1.queue.entries) =>
        entries.map(({ number, state, testing, author, priorityName, stateChangedAt }) => ({
          number,
          state,
          testing,
          author,
          priorityName,
          stateChangedAt,
        }));
      expect(facts(v2.queue.entries)).toEqual(facts(v1.queue.entries));
    });

    it('through v2, a PR the lookup does not return keeps its age unknown, never guessed', async () => {
      sim.script('v2.pullRequests', [{ body: { data: [], nextCursor: null, hasMore: false } }]);
      const answer = await queueSource({ apiKey: sim.apiKey }).readQueue(signal());
      expect(answer.queue.entries.map((entry) => entry.stateChangedAt)).toEqual([undefined, undefined, undefined]);
    });

    it('a source made for the queue alone refuses a PR read: a bug, not a user error', async () => {
      await expect(queueSource({ apiToken: sim.token }).poll(signal())).rejects.toThrow(
        'A pull request was read from a source made for the queue alone.',
      );
    });
  });
});
