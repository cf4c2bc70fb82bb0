// The v1 adapter against the simulator over real HTTP on 127.0.0.1: what it sends, which reads a
// read, a poll and a refresh make, how it turns Trunk's statuses into answers or errors, and that
// the facts and the texts it hands on are the answer as sent. The retry policy is api-request's
// (api-request.test.ts); the messages a user reads are asserted once, through run(), in run.test.ts.
import { describe, expect, it } from '@jest/globals';
import { prBody, queueBody, SIM_SHA } from '../../simulator/scenarios.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { ApiError } from '../../src/shared/errors.js';
import { V1Source, type V1Target } from '../../src/trunk/v1/source.js';
import { requestContext } from '../helpers/request-context.js';
import { rejection } from '../helpers/rejection.js';
import { useSimulator } from '../helpers/simulator.js';

describe('trunk/v1-source', () => {
  const sim = useSimulator();

  function source(target: Partial<V1Target> = {}): V1Source {
    return new V1Source(requestContext(), {
      apiUrl: sim.url,
      token: sim.token,
      host: 'github.com',
      owner: 'octo-org',
      name: 'octo-repo',
      targetBranch: 'main',
      pr: 1842,
      ...target,
    });
  }
  const signal = () => new AbortController().signal;

  describe('reads', () => {
    it('a read sends both documented bodies with the token header, and gives the PR and its queue', async () => {
      const { pr, queue } = await source().read(signal());
      expect(pr.found && pr.pr).toMatchObject({
        state: 'testing',
        submitted: true,
        sha: SIM_SHA,
        priorityValue: '100',
      });
      expect(queue.queue.entries.map((e) => [e.number, e.state, e.testing])).toEqual([
        [1840, 'testing', true],
        [1842, 'testing', true],
        [1845, 'pending', false],
      ]);
      expect(Object.fromEntries(sim.requests.map((r) => [r.endpoint, r.body]))).toEqual({
        getSubmittedPullRequest: {
          repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
          targetBranch: 'main',
          pr: { number: 1842 },
        },
        getQueue: { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' },
      });
    });

    it('a poll asks only for the PR; a refresh only for the queue', async () => {
      const v1 = source();
      const pr = await v1.poll(signal());
      expect(sim.requests.map((r) => r.endpoint)).toEqual(['getSubmittedPullRequest']);
      await v1.refresh(pr, signal());
      expect(sim.requests.map((r) => r.endpoint)).toEqual(['getSubmittedPullRequest', 'getQueue']);
    });

    it('a 404 for the PR is an answer: not found, not retried', async () => {
      sim.useScenario('not-submitted');
      expect(await source().poll(signal())).toEqual({ found: false });
      expect(sim.count('getSubmittedPullRequest')).toBe(1);
    });
  });

  describe('the answer as sent', () => {
    it('hands on each body as its own text: key order, repeated keys, big and written numbers', async () => {
      const pr = JSON.stringify(prBody())
        .replace('"priorityValue":100', '"priorityValue":1.50')
        .replace(/^\{/, '{"zeta":9007199254740993,"state":"ignored",');
      const queue = `{"enqueuedPullRequests": [], ${JSON.stringify(queueBody()).slice(1, -1)}, "mode": "single"}`;
      sim.script('getSubmittedPullRequest', [{ body: pr, headers: { 'content-type': 'application/json' } }]);
      sim.script('getQueue', [{ body: queue, headers: { 'content-type': 'application/json' } }]);
      const answer = await source().read(signal());
      expect(answer.pr).toEqual({ found: true, pr: expect.objectContaining({ priorityValue: '1.50' }), json: pr });
      // The last of a repeated key counts, as in JSON.parse: the state is the body's second.
      expect(answer.pr.found && answer.pr.pr.state).toBe('testing');
      expect(answer.queue.json).toBe(queue);
    });

    it('decides on the body as sent, even when it holds the token', async () => {
      const short = await startSimulator({ token: 'failure' });
      try {
        short.script('getSubmittedPullRequest', [{ body: prBody({ state: 'pending_failure', prTitle: 'failure' }) }]);
        const pr = await source({ apiUrl: short.url, token: 'failure' }).poll(signal());
        expect(pr.found && [pr.pr.state, pr.pr.title]).toEqual(['pending_failure', 'failure']);
      } finally {
        await short.close();
      }
    });
  });

  describe('what ends a read', () => {
    it.each([
      ['a refused token (401)', 'getQueue', { status: 401, body: 'Unauthorized' }, { reached: true }],
      ['a refused token (403)', 'getSubmittedPullRequest', { status: 403, body: 'Forbidden' }, { reached: true }],
      ['no queue (getQueue 404)', 'getQueue', { status: 404, body: 'Merge queue not found' }, {}],
      ['a rejected request (400)', 'getQueue', { status: 400, body: 'bad' }, {}],
      ['a redirect', 'getQueue', { status: 302, headers: { location: 'https://elsewhere.example/' } }, {}],
      ['a body that is not JSON', 'getQueue', { body: '<html></html>' }, {}],
      ['a body that does not fit', 'getSubmittedPullRequest', { body: { state: 'testing' } }, {}],
    ] as const)('%s: an error that is not transient', async (_, endpoint, step, options) => {
      sim.script(endpoint, [step]);
      const error = await rejection(source().read(signal()));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ endpoint, transient: false, options });
      expect(sim.count(endpoint)).toBe(1);
    });

    it('a server error after its retries: transient, so a wait keeps going', async () => {
      sim.script('getSubmittedPullRequest', [{ status: 500, times: Infinity }]);
      const error = await rejection(source().poll(signal()));
      expect(error).toMatchObject({ endpoint: 'getSubmittedPullRequest', transient: true, options: { reached: true } });
      expect(sim.count('getSubmittedPullRequest')).toBe(2);
    });
  });
});
