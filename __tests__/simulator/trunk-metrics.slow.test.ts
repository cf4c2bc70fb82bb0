// The queue's metrics (v2's GET /v2/merge-queues/{id}/metrics and v1's getMergeQueueMetrics) in
// Prometheus' text format, checked against the history and testing results they must agree with.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { SIM_API_KEY, SIM_QUEUE_ID, SIM_TOKEN, startSimulator } from '../../simulator/server.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { allPages, tripsOf, v1Metrics, v2Get, type Page, type Transition } from '../helpers/trunk-history.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Row {
  endedAt: string;
  testingDurationMs: number;
  outcome: string;
  isBisection: boolean;
}

const HOUR = 3_600_000;
const NOW = Date.parse(minutesAgo(0));
const sim = useSimulator({ scenario: 'week', clock: () => NOW }, 'all');
beforeEach(() => sim.useScenario('week'));

const queue = `/v2/merge-queues/${SIM_QUEUE_ID}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The samples of a text in Prometheus' format 0.0.4, and the problems of its form. */
function parse(text: string): { samples: Sample[]; problems: string[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const problems: string[] = [];
  const types = new Map<string, string>();
  const helped = new Set<string>();
  for (const line of text.split('\n').filter(Boolean)) {
    const comment = /^# (HELP|TYPE) ([a-z_][a-z0-9_]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'HELP') helped.add(String(comment[2]));
      else types.set(String(comment[2]), String(comment[3]));
      continue;
    }
    const sample = /^([a-z_][a-z0-9_]*)\{((?:[a-z_]+="[^"]*",?)*)\} (-?\d+(?:\.\d+)?)$/.exec(line);
    if (!sample) {
      problems.push(`not a sample: ${line}`);
      continue;
    }
    const name = String(sample[1]);
    const family = name.replace(/_(bucket|sum|count)$/, '');
    const base = types.has(name) ? name : family;
    if (!types.has(base) || !helped.has(base)) problems.push(`${name} before its HELP and TYPE`);
    const labels = Object.fromEntries([...String(sample[2]).matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name, labels: labels as Record<string, string>, value: Number(sample[3]) });
  }
  return { samples, problems, types };
}

/** The value of the one sample of `name` with these labels (and the main queue on main). */
const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
  const wanted: Record<string, string> = { branch: 'main', queue_type: 'main', ...labels };
  const found = samples.filter((s) => s.name === name && Object.entries(wanted).every(([k, v]) => s.labels[k] === v));
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(wanted)}`);
  return found[0]?.value;
};

describe('GET /v2/merge-queues/{id}/metrics', () => {
  it('Prometheus text 0.0.4: each family with HELP and TYPE, every series labelled repo, branch, queue_type', async () => {
    const answer = await v2Get(sim.url, `${queue}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('x-request-id')).toMatch(/^req-\d+$/);
    const { samples, problems, types } = parse(answer.text);
    expect(problems).toEqual([]);
    expect(Object.fromEntries(types)).toEqual({
      mq_depth_current: 'gauge',
      mq_awaiting_mergeability: 'gauge',
      mq_testing_slots_active: 'gauge',
      mq_pr_conclusions_1h_total: 'gauge',
      mq_pr_restarts_1h_total: 'gauge',
      mq_pr_wait_duration_1h_seconds: 'histogram',
      mq_pr_test_duration_1h_seconds: 'histogram',
      mq_pr_time_in_queue_1h_seconds: 'histogram',
      mq_pr_state_duration_1h_seconds: 'histogram',
    });
    for (const { labels } of samples) {
      expect(labels).toMatchObject({ repo: 'octo-org/octo-repo', branch: 'main' });
      expect(['main', 'bisection']).toContain(labels.queue_type);
    }
    expect(samples.some((s) => s.labels.queue_type === 'bisection')).toBe(true);
  });

  it("histograms: Trunk's buckets, cumulative, +Inf equal to _count", async () => {
    const { samples } = parse((await v2Get(sim.url, `${queue}/metrics`)).text);
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((sample) => sample.name.endsWith('_bucket'))) {
      const { le: _le, ...rest } = s.labels;
      const key = `${s.name}${JSON.stringify(rest)}`;
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    expect(series.size).toBeGreaterThan(5);
    for (const buckets of series.values()) {
      expect(buckets.map((b) => b.labels.le)).toEqual([
        '60',
        '300',
        '600',
        '900',
        '1800',
        '3600',
        '5400',
        '7200',
        '+Inf',
      ]);
      const counts = buckets.map((b) => b.value);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      const { le: _le, ...labels } = buckets[0]?.labels ?? {};
      const name = String(buckets[0]?.name).replace(/_bucket$/, '_count');
      expect(value(samples, name, labels)).toBe(counts.at(-1));
    }
  });

  it('the last hour agrees with the history and the testing results', async () => {
    const { samples } = parse((await v2Get(sim.url, `${queue}/metrics`)).text);
    // The trips that ended in the hour, from the PRs that concluded in it and their histories.
    const window = `concludedAfter=${iso(NOW - HOUR + 1000)}&concludedBefore=${iso(NOW)}`;
    const ids = (await allPages<{ id: string }>(sim.url, `${queue}/pull-requests?limit=100&${window}`)).items.map(
      (pr) => pr.id,
    );
    const groups = (
      await v2Get<Page<{ transitions: Transition[] }>>(
        sim.url,
        `/v2/queue-entry-history?limit=50&pullRequestIds=${ids.join(',')}`,
      )
    ).body.data;
    const trips = groups.flatMap((g) => tripsOf(g.transitions)).filter((t) => t.endMs > NOW - HOUR && t.endMs <= NOW);
    expect(trips.length).toBeGreaterThan(0);
    for (const conclusion of ['merged', 'failed', 'cancelled']) {
      const ended = trips.filter((t) => t.end === conclusion);
      expect(value(samples, 'mq_pr_conclusions_1h_total', { conclusion })).toBe(ended.length);
      const stays = ended.flatMap((t) => (t.startMs === undefined ? [] : [(t.endMs - t.startMs) / 1000]));
      expect(value(samples, 'mq_pr_time_in_queue_1h_seconds_count', { conclusion })).toBe(stays.length);
      expect(value(samples, 'mq_pr_time_in_queue_1h_seconds_sum', { conclusion })).toBe(
        stays.reduce((a, b) => a + b, 0),
      );
    }
    const rows = (
      await allPages<Row>(
        sim.url,
        `${queue}/testing-results?limit=100&since=${iso(NOW - HOUR + 1000)}&until=${iso(NOW)}`,
      )
    ).items;
    expect(value(samples, 'mq_pr_restarts_1h_total')).toBe(rows.filter((r) => r.outcome === 'interrupted').length);
    for (const [lane, bisection] of [
      ['main', false],
      ['bisection', true],
    ] as const) {
      const runs = rows.filter(
        (r) => r.isBisection === bisection && (r.outcome === 'passed' || r.outcome === 'failed'),
      );
      expect(value(samples, 'mq_pr_test_duration_1h_seconds_count', { queue_type: lane })).toBe(runs.length);
      expect(value(samples, 'mq_pr_test_duration_1h_seconds_sum', { queue_type: lane })).toBe(
        runs.reduce((sum, r) => sum + r.testingDurationMs / 1000, 0),
      );
    }
  });

  it('the gauges are the queue now: three PRs in it, two testing, none waiting to be ready', async () => {
    const { samples } = parse((await v2Get(sim.url, `${queue}/metrics`)).text);
    expect(value(samples, 'mq_depth_current')).toBe(3);
    expect(value(samples, 'mq_testing_slots_active')).toBe(2);
    expect(value(samples, 'mq_awaiting_mergeability')).toBe(0);
    expect(value(samples, 'mq_depth_current', { queue_type: 'bisection' })).toBe(0);
  });

  it('the same seed and clock, the same text', async () => {
    const other = await startSimulator({ scenario: 'week', clock: () => NOW });
    try {
      expect((await v2Get(other.url, `${queue}/metrics`)).text).toBe((await v2Get(sim.url, `${queue}/metrics`)).text);
    } finally {
      await other.close();
    }
  });

  it('another queue: 404 MERGE_QUEUE_NOT_FOUND; a Trunk from before the route: 404 NOT_FOUND, and v1 still answers', async () => {
    expect((await v2Get(sim.url, '/v2/merge-queues/nope/metrics')).body).toMatchObject({
      error: { code: 'MERGE_QUEUE_NOT_FOUND' },
    });
    sim.useScenario('week-no-metrics');
    const absent = await v2Get(sim.url, `${queue}/metrics`);
    expect([absent.status, absent.body]).toEqual([404, { error: { code: 'NOT_FOUND', message: expect.any(String) } }]);
    expect(sim.requests.at(-1)?.endpoint).toBe('v2.metrics');
    expect((await v1Metrics(sim.url)).status).toBe(200);
  });
});

describe('GET /v1/getMergeQueueMetrics', () => {
  it("the same series as v2's for main, and another branch's: a client must filter by branch", async () => {
    const response = await v1Metrics(sim.url);
    expect([response.status, response.headers.get('content-type')]).toEqual([
      200,
      expect.stringMatching(/^text\/plain; version=0\.0\.4/),
    ]);
    const { text } = response;
    const { samples, problems } = parse(text);
    expect(problems).toEqual([]);
    const v2Lines = (await v2Get(sim.url, `${queue}/metrics`)).text
      .split('\n')
      .filter((line) => line.startsWith('mq_'));
    expect(text.split('\n').filter((line) => line.includes('branch="main"'))).toEqual(v2Lines);
    const other = samples.filter((s) => s.labels.branch === 'release/2.x');
    expect(other.length).toBeGreaterThan(20);
    expect(value(samples, 'mq_pr_conclusions_1h_total', { branch: 'release/2.x', conclusion: 'merged' })).toBe(2);
  });

  it('x-api-token only; repo as owner/name; another repository is not found', async () => {
    expect((await v1Metrics(sim.url, undefined, 'wrong')).status).toBe(401);
    const bearer = await fetch(`${sim.url}/v1/getMergeQueueMetrics?repo=octo-org/octo-repo`, {
      headers: { authorization: `Bearer ${SIM_API_KEY}` },
    });
    expect([bearer.status, await bearer.text()]).toEqual([401, expect.any(String)]);
    expect((await v1Metrics(sim.url, 'repoHost=github.com')).status).toBe(400);
    expect((await v1Metrics(sim.url, 'repo=octo-repo')).status).toBe(400);
    expect((await v1Metrics(sim.url, 'repo=octo-org/other')).status).toBe(404);
    expect((await v1Metrics(sim.url, 'repo=Octo-Org/octo-repo')).status).toBe(200);
    const post = await fetch(`${sim.url}/v1/getMergeQueueMetrics?repo=octo-org/octo-repo`, {
      method: 'POST',
      headers: { 'x-api-token': SIM_TOKEN },
    });
    expect([post.status, await post.text()]).toEqual([404, expect.any(String)]);
  });
});
