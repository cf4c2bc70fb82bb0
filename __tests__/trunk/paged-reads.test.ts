// Trunk's paged reads against a simulator that misbehaves mid-list: a server that names the same
// next cursor forever costs two requests and a failure that says so, never a hang; a 429 or a 5xx
// on a later page is retried like any other request, and the list is read whole.
import { describe, expect, it } from '@jest/globals';
import type { WindowRequest } from '../../src/core/history.js';
import { V1Source } from '../../src/trunk/v1/source.js';
import { readTimelines } from '../../src/trunk/v2/history.js';
import { V2Api } from '../../src/trunk/v2/api.js';
import { requestContext } from '../helpers/request-context.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { historyOf, QUEUE, windowOf, windowSource } from '../helpers/window-history.js';

describe('trunk/paged-reads', () => {
  const NOW = Date.now();
  const sim = useSimulator({ scenario: 'week', clock: () => NOW });
  const signal = () => new AbortController().signal;
  const PR = { id: 'pr_1842', number: 1842 };
  const group = { pullRequestId: PR.id, transitions: [] };

  function api() {
    return new V2Api(requestContext({ clock: new VirtualClock(NOW) }), sim.url, sim.apiKey);
  }

  describe("v2's batch history (a commit run's who-merged, a window's trips)", () => {
    it('a nextCursor sent twice: two requests, and a failure naming the list and why it stopped', async () => {
      sim.script('v2.historyBatch', [{ body: { data: [group], nextCursor: 'c2' }, times: Infinity }]);
      await expect(readTimelines(api(), [PR], signal())).rejects.toThrow(
        "Trunk API v2 /v2/queue-entry-history: Trunk's batch history named a page it had already sent as the next one, after 2 pages; the read stopped there rather than loop",
      );
      expect(sim.count('v2.historyBatch')).toBe(2);
    });

    it('new cursors without end: stopped at the page limit', async () => {
      let n = 0;
      sim.script(
        'v2.historyBatch',
        Array.from({ length: 40 }, () => ({ body: { data: [group], nextCursor: `c${++n}` } })),
      );
      await expect(readTimelines(api(), [PR], signal())).rejects.toThrow(/was cut short at its limit of 20 pages$/);
      expect(sim.count('v2.historyBatch')).toBe(20);
    });

    it.each([
      ['a 429 with Retry-After', { status: 429, headers: { 'retry-after': '1' } }],
      ['a 503', { status: 503 }],
    ])('%s on the second page is retried, and the list read whole', async (_, fault) => {
      sim.script('v2.historyBatch', [{ body: { data: [group], nextCursor: 'c2' } }, fault]);
      sim.script('v2.historyBatch', [{ body: { data: [{ ...group, transitions: [] }], nextCursor: null } }]);
      const timelines = await readTimelines(api(), [PR], signal());
      expect(timelines).toEqual([
        { number: 1842, transitions: [] },
        { number: 1842, transitions: [] },
      ]);
      expect(
        sim.requests.map((r) => [r.endpoint, r.status, new URL(r.path, 'http://x').searchParams.get('cursor')]),
      ).toEqual([
        ['v2.historyBatch', 200, null],
        ['v2.historyBatch', fault.status, 'c2'],
        ['v2.historyBatch', 200, 'c2'],
      ]);
    });
  });

  describe("v2's lookup of PRs by number (a commit run's PRs, 50 to a lookup)", () => {
    const source = () => windowSource(sim).v2;
    const atStart = Buffer.from('at:0').toString('base64url');

    it('asks for a page as large as the batch, and follows a next page when Trunk names one', async () => {
      sim.useScenario('merged');
      sim.script('v2.pullRequests', [{ body: { data: [], nextCursor: atStart } }]);
      const answers = await source().readPrs([1842, 1850], signal());
      expect([...answers.keys()]).toEqual([1842, 1850]);
      const lookups = sim.requests
        .filter((r) => r.endpoint === 'v2.pullRequests')
        .map((r) => new URL(r.path, 'http://x').searchParams);
      expect(lookups.map((query) => [query.get('limit'), query.get('cursor')])).toEqual([
        ['50', null],
        ['50', atStart],
      ]);
      expect(answers.get(1842)?.found).toBe(true);
    });

    it('a nextCursor sent twice: a failure saying so, not PRs taken as never submitted', async () => {
      sim.useScenario('merged');
      sim.script('v2.pullRequests', [{ body: { data: [], nextCursor: atStart }, times: Infinity }]);
      await expect(source().readPrs([1842, 1850], signal())).rejects.toThrow(
        "Trunk's lookup of pull requests named a page it had already sent as the next one, after 2 pages",
      );
    });
  });

  describe("v2's day lists of a window report", () => {
    it("a PR list that repeats its cursor leaves that span's trips empty, with why, in a few requests", async () => {
      sim.script('v2.queuePullRequests', [{ body: { data: [], nextCursor: 'again' }, times: Infinity }]);
      const { v2, clock } = windowSource(sim);
      const answer = historyOf(await v2.readWindow(windowOf(clock.now(), 1, {}, true), signal()));
      expect(answer.failures).toEqual([
        {
          read: 'trips',
          message: expect.stringMatching(
            /pull-requests: Trunk's list pull-requests named a page it had already sent as the next one, after 2 pages/,
          ),
        },
      ]);
      expect(sim.count('v2.queuePullRequests')).toBe(2);
      expect(answer.current.stretches).toBeDefined();
    });

    it('a 5xx on a later page of the testing results is retried, and the day is read whole', async () => {
      const { v2, clock } = windowSource(sim);
      const first = historyOf(await v2.readWindow(windowOf(clock.now(), 1, {}, true), signal()));
      sim.requests.length = 0;
      sim.script('v2.testingResults', [{ status: 502 }]);
      const again = windowSource(sim);
      const answer = historyOf(await again.v2.readWindow(windowOf(clock.now(), 1, {}, true), signal()));
      expect(answer.failures).toEqual([]);
      expect(answer.current.stretches).toEqual(first.current.stretches);
      expect(sim.requests.filter((r) => r.endpoint === 'v2.testingResults').map((r) => r.status)).toEqual(
        expect.arrayContaining([502, 200]),
      );
    });
  });

  describe("v1's list of merged PRs (api-token alone, a window past the last hour)", () => {
    const v1 = () =>
      new V1Source(requestContext({ clock: new VirtualClock(NOW) }), {
        apiUrl: sim.url,
        token: sim.token,
        ...QUEUE,
        host: 'github.com',
      });
    const week: WindowRequest = {
      current: { fromMs: NOW - 7 * 86_400_000, toMs: NOW },
      maxRequests: 200,
      deadlineMs: NOW + 120_000,
    };

    it('a nextCursor sent twice: the count is left empty, with why, after two requests', async () => {
      sim.script('listPullRequests', [
        {
          body: { pullRequests: [{ prNumber: 1 }], nextCursor: '6f1c2e0a-1b2c-4d3e-8f90-a1b2c3d4e5f6' },
          times: Infinity,
        },
      ]);
      const answer = await v1().readWindow(week, signal());
      expect(answer).toMatchObject({
        kind: 'counts',
        failures: [
          {
            read: 'merged',
            message:
              "Trunk's list of merged PRs (listPullRequests) named a page it had already sent as the next one, after 2 pages; the read stopped there rather than loop",
          },
        ],
      });
      expect(answer.kind === 'counts' && answer.merged).toBeUndefined();
      expect(sim.count('listPullRequests')).toBe(2);
    });

    it('a 429 on the second page is retried and the count is whole', async () => {
      const whole = await v1().readWindow(week, signal());
      sim.requests.length = 0;
      sim.script('listPullRequests', [{ times: 1 }, { status: 429, headers: { 'retry-after': '1' } }]);
      const answer = await v1().readWindow(week, signal());
      expect(answer).toEqual({ ...whole, requests: (whole.requests ?? 0) + 1 });
      expect(sim.requests.map((r) => r.status).slice(0, 3)).toEqual([200, 429, 200]);
    });
  });
});
