// v1's reads for a window report (api-token alone), against the simulator: the last hour from
// getMergeQueueMetrics (this queue's series only, a 404 a notice), and a longer window's merged PRs
// counted from listPullRequests, every page, within the same request cap and deadline as v2's.
import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveHistory } from '../../simulator/histories.mjs';
import type { WindowRequest } from '../../src/core/history.js';
import type { RequestContext } from '../../src/http/request.js';
import { V1Source } from '../../src/trunk/v1/source.js';
import { requestContext } from '../helpers/request-context.js';
import { useSimulator } from '../helpers/simulator.js';
import { tripsOf, type Transition } from '../helpers/trunk-history.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('trunk/v1-window', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  /** The run's start, for the action and the simulator alike. */
  const NOW = Date.now();
  const sim = useSimulator({ scenario: 'week', clock: () => NOW });

  function source(context: Partial<RequestContext> = {}) {
    const clock = new VirtualClock(NOW);
    const v1 = new V1Source(requestContext({ clock, ...context }), {
      apiUrl: sim.url,
      token: sim.token,
      host: 'github.com',
      owner: 'octo-org',
      name: 'octo-repo',
      targetBranch: 'main',
    });
    return { v1, clock };
  }

  const windowOf = (ms: number, limits: Partial<WindowRequest> = {}): WindowRequest => ({
    current: { fromMs: NOW - ms, toMs: NOW },
    maxRequests: 200,
    deadlineMs: NOW + 120_000,
    ...limits,
  });
  const signal = () => new AbortController().signal;

  /** From the simulator's own record: PRs merged now whose entry concluded since `fromMs`. */
  function recordedMerged(history: string, fromMs: number): number {
    return resolveHistory(history).prs.filter(
      (pr) =>
        pr.transitions.at(-1)?.state === 'merged' &&
        pr.transitions.some(
          (t) => ['merged', 'failed', 'cancelled'].includes(t.state) && Date.parse(t.changedAt) >= fromMs,
        ),
    ).length;
  }

  describe('the last hour: the metrics', () => {
    it("asks getMergeQueueMetrics for the repository with the token, and counts this queue's series only", async () => {
      const { v1 } = source();
      const answer = await v1.readWindow(windowOf(HOUR), signal());
      expect(sim.requests.map((r) => [r.endpoint, r.auth])).toEqual([
        ['getMergeQueueMetrics', { 'x-api-token': sim.token }],
      ]);
      const query = new URL(sim.requests[0]?.path ?? '', 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({ repo: 'octo-org/octo-repo', repoHost: 'github.com' });
      const trips = resolveHistory('week')
        .prs.flatMap((pr) => tripsOf(pr.transitions as Transition[]))
        .filter((trip) => trip.endMs > NOW - HOUR && trip.endMs <= NOW);
      const ended = (end: string) => trips.filter((trip) => trip.end === end).length;
      expect(answer).toMatchObject({
        kind: 'metrics',
        metrics: { merged: ended('merged'), failed: ended('failed'), cancelled: ended('cancelled') },
        failures: [],
        requests: 1,
      });
      expect(answer.kind === 'metrics' && answer.metrics?.timeInQueue?.buckets.at(-1)?.le).toBe(Infinity);
    });

    it('asks for Prometheus text, not the JSON every other read asks for', async () => {
      const accepted: Array<string | undefined> = [];
      const server = createServer((req, res) => {
        accepted.push(req.headers.accept);
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end('');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const target = { apiUrl: `http://127.0.0.1:${port}`, token: 't', host: 'github.com', owner: 'o', name: 'n' };
        const v1 = new V1Source(requestContext({ clock: new VirtualClock(NOW) }), { ...target, targetBranch: 'main' });
        expect(await v1.readWindow(windowOf(HOUR), signal())).toMatchObject({ kind: 'metrics', failures: [] });
        expect(accepted).toEqual(['text/plain']);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('a 404 (a Trunk without metrics) is an answer that they are missing, not a failure', async () => {
      sim.script('getMergeQueueMetrics', [{ status: 404, body: 'Not Found' }]);
      const { v1 } = source();
      expect(await v1.readWindow(windowOf(HOUR), signal())).toEqual({
        kind: 'metrics',
        missing: true,
        failures: [],
        requests: 1,
      });
    });

    it('a 503 past its retries is a failure of the metrics, each attempt counted', async () => {
      sim.script('getMergeQueueMetrics', [{ status: 503, times: Infinity }]);
      const { v1 } = source();
      expect(await v1.readWindow(windowOf(HOUR), signal())).toEqual({
        kind: 'metrics',
        failures: [{ read: 'metrics', message: expect.stringMatching(/^Trunk API getMergeQueueMetrics: HTTP 503/) }],
        requests: 2,
      });
    });

    it('no time left: nothing is sent, and the metrics are a failure that says why', async () => {
      const { v1 } = source();
      expect(await v1.readWindow(windowOf(HOUR, { deadlineMs: NOW }), signal())).toEqual({
        kind: 'metrics',
        failures: [{ read: 'metrics', message: 'not read within the deadline' }],
        requests: 0,
      });
      expect(sim.requests).toEqual([]);
    });
  });

  describe('a longer window: the merged PRs, counted', () => {
    it('a busy week: every page of listPullRequests (merged, since the window’s start, 100 a page)', async () => {
      await sim.restart({ scenario: 'busy-week', clock: () => NOW });
      const { v1 } = source();
      const answer = await v1.readWindow(windowOf(7 * DAY), signal());
      const merged = recordedMerged('busy-week', NOW - 7 * DAY);
      expect(merged).toBeGreaterThan(1500);
      const pages = Math.ceil(merged / 100);
      expect(answer).toEqual({ kind: 'counts', merged, failures: [], requests: pages });
      expect(sim.requests.map((r) => r.endpoint)).toEqual(Array.from({ length: pages }, () => 'listPullRequests'));
      const bodies = sim.requests.map((r) => r.body as Record<string, unknown>);
      const first = {
        repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
        targetBranch: 'main',
        state: 'merged',
        since: new Date(NOW - 7 * DAY).toISOString(),
        take: 100,
      };
      expect(bodies[0]).toEqual(first);
      // Each next page with the cursor of the one before, the filter unchanged.
      for (const body of bodies.slice(1)) expect(body).toEqual({ ...first, cursor: expect.any(String) });
      expect(new Set(bodies.map((body) => body.cursor)).size).toBe(pages);
    });

    it('cut short by the cap: no count at all (the list is by entry, not by merge), and never past the cap', async () => {
      await sim.restart({ scenario: 'busy-week', clock: () => NOW });
      const { v1 } = source();
      expect(await v1.readWindow(windowOf(7 * DAY, { maxRequests: 3 }), signal())).toEqual({
        kind: 'counts',
        failures: [
          {
            read: 'merged',
            message: 'the list of merged PRs was cut short by the cap of 3 requests after 300 of them',
          },
        ],
        requests: 3,
      });
      expect(sim.requests).toHaveLength(3);
    });

    it('cut short by the deadline, on the run clock, while its retries wait', async () => {
      await sim.restart({ scenario: 'busy-week', clock: () => NOW });
      sim.script('listPullRequests', [{ times: 2 }, { status: 503, times: Infinity }]);
      const { v1, clock } = source({ retries: 5 });
      const answer = await v1.readWindow(windowOf(7 * DAY, { deadlineMs: NOW + 2_500 }), signal());
      expect(answer).toEqual({
        kind: 'counts',
        failures: [
          { read: 'merged', message: 'the list of merged PRs was cut short by the deadline after 200 of them' },
        ],
        requests: 4,
      });
      expect(clock.now()).toBe(NOW + 2_500);
    });

    it('throttled (429) past its retries: a failure of the count', async () => {
      sim.script('listPullRequests', [{ status: 429, headers: { 'retry-after': '1' }, times: Infinity }]);
      const { v1 } = source();
      expect(await v1.readWindow(windowOf(2 * HOUR), signal())).toEqual({
        kind: 'counts',
        failures: [{ read: 'merged', message: expect.stringMatching(/^Trunk API listPullRequests: HTTP 429/) }],
        requests: 2,
      });
      expect(sim.count('getMergeQueueMetrics')).toBe(0);
    });
  });
});
