// The queue's first PRs filled in from one v2 lookup by number, against the simulator: what v2's
// order leaves out (age, author, priority) is taken from the PR itself, only when that PR is in
// this queue, never over what the line already says, and never guessed for a PR not returned.
import { describe, expect, it } from '@jest/globals';
import { SIM_QUEUE_ID, SIM_REPO_ID } from '../../../simulator/scenarios.mjs';
import type { QueueEntry, QueueFacts } from '../../../src/core/model.js';
import { V2Api } from '../../../src/trunk/v2/api.js';
import { withEntryFacts } from '../../../src/trunk/v2/entry-facts.js';
import { useSimulator } from '../../helpers/simulator.js';
import { requestContext } from '../../helpers/request-context.js';

describe('trunk/v2/entry-facts', () => {
  const sim = useSimulator();
  const place = { repositoryId: SIM_REPO_ID, queueId: SIM_QUEUE_ID };

  function api(): V2Api {
    const context = requestContext();
    return new V2Api(context, sim.url, sim.apiKey);
  }

  /** The line as v2's order gives it: numbers and states, nothing else. */
  function line(entries: Array<number | QueueEntry>): QueueFacts {
    const each = entries.map((e) => (typeof e === 'number' ? { number: e, state: 'pending', testing: false } : e));
    return { state: 'running', mode: 'single', branch: 'main', settings: {}, entries: each, length: each.length };
  }

  const fill = (queue: QueueFacts) => withEntryFacts(api(), place, queue, new AbortController().signal);

  /** The numbers the lookup asked for, from the one request it sent. */
  function askedNumbers(): string[] {
    const lookups = sim.requests.filter((r) => r.endpoint === 'v2.pullRequests');
    expect(lookups).toHaveLength(1);
    const query = new URL(lookups[0]?.path ?? '', sim.url).searchParams;
    expect(query.get('repositoryId')).toBe(SIM_REPO_ID);
    return (query.get('number') ?? '').split(',');
  }

  const listed = (number: number, queueEntry: Record<string, unknown> | null, author = `dev${number}`) => ({
    number,
    author,
    queueEntry,
  });

  describe('withEntryFacts', () => {
    it("fills each PR's author, priority and age from the simulator's lookup, in one request", async () => {
      const filled = await fill(line([1840, 1845]));
      expect(askedNumbers()).toEqual(['1840', '1845']);
      expect(filled.entries).toEqual([
        {
          number: 1840,
          state: 'pending',
          testing: false,
          author: 'bob',
          priorityName: 'medium',
          stateChangedAt: expect.stringMatching(/Z$/),
        },
        {
          number: 1845,
          state: 'pending',
          testing: false,
          author: 'dev4',
          priorityName: 'medium',
          stateChangedAt: expect.stringMatching(/Z$/),
        },
      ]);
    });

    it('an empty line sends no request and is handed back as it is', async () => {
      const empty = line([]);
      expect(await fill(empty)).toBe(empty);
      expect(sim.count('v2.pullRequests')).toBe(0);
    });

    it('asks for each number once, and for the first 50 only', async () => {
      const numbers = Array.from({ length: 60 }, (_, i) => 3000 + i);
      await fill(line([3000, ...numbers]));
      expect(askedNumbers()).toEqual(numbers.slice(0, 50).map(String));
    });

    it('what the line already says wins over the lookup', async () => {
      const own = {
        number: 1840,
        state: 'testing',
        testing: true,
        author: 'mona',
        stateChangedAt: '2026-11-20T11:00:00Z',
      };
      const [entry] = (await fill(line([own]))).entries;
      expect(entry).toEqual({ ...own, priorityName: 'medium' });
    });

    it('a PR returned in another queue, or not in one, or not returned, keeps its facts unknown', async () => {
      sim.script('v2.pullRequests', [
        {
          body: {
            data: [
              listed(1, { mergeQueueId: 'otherQueue', stateChangedAt: '2026-11-20T11:00:00Z', priorityName: 'high' }),
              listed(2, null),
              listed(4, { mergeQueueId: SIM_QUEUE_ID, stateChangedAt: '2026-11-20T11:30:00Z' }),
            ],
          },
        },
      ]);
      const filled = await fill(line([1, 2, 3, 4]));
      expect(filled.entries).toEqual([
        { number: 1, state: 'pending', testing: false },
        { number: 2, state: 'pending', testing: false },
        { number: 3, state: 'pending', testing: false },
        {
          number: 4,
          state: 'pending',
          testing: false,
          author: 'dev4',
          priorityName: undefined,
          stateChangedAt: '2026-11-20T11:30:00Z',
        },
      ]);
      expect(filled.length).toBe(4);
    });
  });
});
