// The history reads under Trunk's limits (the organization's on every v2 read, the metrics' own
// on v1's and v2's metrics), as Trunk's edge answers them; faults scripted on every new route; and
// the command line that names the routes, limits, scenarios and histories.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SIM_API_KEY, SIM_QUEUE_ID, startSimulator, type Simulator } from '../../simulator/server.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { REPO, v1Metrics, v1Post, v2Get } from '../helpers/trunk-history.js';

const HOUR = 3_600_000;
const NOW = Date.parse(minutesAgo(0));
const sim = useSimulator({ scenario: 'week', clock: () => NOW }, 'all');
beforeEach(() => sim.useScenario('week'));

const queue = `/v2/merge-queues/${SIM_QUEUE_ID}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe("the organization's limits", () => {
  let limited: Simulator;
  let now = 0;
  afterEach(() => limited.close());
  const start = async (orgRateLimit: NonNullable<Parameters<typeof startSimulator>[0]>['orgRateLimit']) => {
    now = 0;
    limited = await startSimulator({ scenario: 'week', orgRateLimit: { now: () => now, ...orgRateLimit } });
  };

  it('every v2 read counts against the organization, whatever the route or key; the window slides', async () => {
    await start({ perSecond: 3 });
    const paths = [
      `${queue}/pull-requests`,
      `/v2/queue-entry-history?pullRequestIds=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      '/v2/merge-queues',
    ];
    for (const path of paths) expect((await v2Get(limited.url, path)).status).toBe(200);
    const over = await v2Get(limited.url, `/v2/pull-requests/${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}`);
    expect([over.status, over.body]).toEqual([
      429,
      { error: { code: 'RATE_LIMIT_EXCEEDED', message: expect.stringMatching(/per organization/) } },
    ]);
    expect(limited.throttled('v2')).toBe(1);
    now = 1000;
    expect((await v2Get(limited.url, '/v2/merge-queues')).status).toBe(200);
  });

  it("metrics: 5 a second, v1's and v2's together; a v1 429 has no body", async () => {
    await start({ perSecond: 1000 });
    for (let i = 0; i < 3; i++) expect((await v2Get(limited.url, `${queue}/metrics`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v1Metrics(limited.url)).status).toBe(200);
    const v1 = await v1Metrics(limited.url);
    expect([v1.status, v1.text]).toEqual([429, '']);
    expect((await v2Get(limited.url, `${queue}/metrics`)).status).toBe(429);
    expect((await v2Get(limited.url, `${queue}/pull-requests`)).status).toBe(200);
    expect([limited.throttled('v1'), limited.throttled('v2')]).toEqual([1, 1]);
  });

  it('as the edge sends it: a 429 with no body when asked', async () => {
    await start({ perSecond: 1, body: 'empty' });
    await v2Get(limited.url, '/v2/merge-queues');
    const over = await v2Get(limited.url, '/v2/merge-queues');
    expect([over.status, over.text]).toEqual([429, '']);
  });

  it('off unless given', async () => {
    for (let i = 0; i < 8; i++) expect((await v2Get(sim.url, `${queue}/metrics`)).status).toBe(200);
  });
});

describe('faults scripted on the new routes', () => {
  const since = `since=${iso(NOW - HOUR)}`;
  const reads: Array<[Parameters<Simulator['script']>[0], () => Promise<number>]> = [
    ['v2.queuePullRequests', async () => (await v2Get(sim.url, `${queue}/pull-requests`)).status],
    ['v2.testingResults', async () => (await v2Get(sim.url, `${queue}/testing-results?${since}`)).status],
    ['v2.metrics', async () => (await v2Get(sim.url, `${queue}/metrics`)).status],
    [
      'listPullRequests',
      async () => (await v1Post(sim.url, 'listPullRequests', { repo: REPO, targetBranch: 'main' })).status,
    ],
    ['getMergeQueueMetrics', async () => (await v1Metrics(sim.url)).status],
  ];
  it.each(reads)('%s: 502, 503 and 429, then the answer', async (route, read) => {
    sim.script(route, [{ status: 502 }, { status: 503 }, { status: 429 }]);
    expect([await read(), await read(), await read(), await read()]).toEqual([502, 503, 429, 200]);
    expect(sim.requests.slice(-4).map((r) => r.endpoint)).toEqual([route, route, route, route]);
  });

  it('a hang, until the client gives up', async () => {
    sim.script('v2.testingResults', [{ hang: true }]);
    const signal = AbortSignal.timeout(200);
    await expect(
      fetch(`${sim.url}${queue}/testing-results?${since}`, {
        headers: { authorization: `Bearer ${SIM_API_KEY}` },
        signal,
      }),
    ).rejects.toThrow();
  });
});

describe('the command line', () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['simulator/server.mjs', ...args], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });

  it('--help names the new routes and limits; --list the new scenarios and histories', async () => {
    const help = (await cli('--help')).stdout;
    for (const text of [
      '/v1/listPullRequests',
      '/v1/getMergeQueueMetrics',
      '/testing-results',
      '/metrics',
      '/v2/queue-entry-history?pullRequestIds=',
      '--v2-org-rate-limit N',
      '--metrics-rate-limit N',
    ]) {
      expect(help).toContain(text);
    }
    const list = (await cli('--list')).stdout;
    for (const name of ['recent-merges', 'week', 'unhealthy-week', 'busy-week', 'week-no-metrics', 'recent']) {
      expect(list).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('refuses a limit that is not a whole number', async () => {
    await expect(cli('--metrics-rate-limit', 'many')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--metrics-rate-limit must be a whole number/),
    });
  });
});
