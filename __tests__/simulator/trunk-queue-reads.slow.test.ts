// The reads over a week of the queue's past, against the week scenario: v2's list of the queue's
// PRs and its testing results (pages, cursors bound to their filter, each filter, Trunk's 400s,
// the 45-day limit, an open range fixed at the first page), each held to the OpenAPI document
// and checked against the batch history it must agree with. v1's list: trunk-v1-list.test.ts.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { SIM_QUEUE_ID, SIM_REPO_ID, startSimulator } from '../../simulator/server.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { useSimulator } from '../helpers/simulator.js';
import { allPages, v2Get, type Json, type Page, type Transition } from '../helpers/trunk-history.js';
import { componentSchema, problems, responseSchema } from '../helpers/trunk-openapi.js';

interface Pr {
  id: string;
  number: number;
  author: string;
  queueEntry: { state: string; createdAt: string; readiness: Json };
}
interface Row {
  pullRequestNumber: number;
  endedAt: string;
  testingDurationMs: number;
  outcome: string;
  entryConclusion?: string;
  isBisection: boolean;
  startedBisection: boolean;
}

const DAY = 86_400_000;
const START = Date.parse(minutesAgo(0));
let now = START;
const sim = useSimulator({ scenario: 'week', clock: () => now }, 'all');
beforeEach(() => {
  now = START;
  sim.useScenario('week');
});

const queue = `/v2/merge-queues/${SIM_QUEUE_ID}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const prs = async (query = '') => (await allPages<Pr>(sim.url, `${queue}/pull-requests?limit=100${query}`)).items;
const results = async (query: string) =>
  (await allPages<Row>(sim.url, `${queue}/testing-results?limit=100${query}`)).items;
const error = async (path: string) => {
  const answer = await v2Get<{ error: { code: string; message: string } }>(sim.url, path);
  expect(problems(componentSchema('ErrorResponse'), answer.body)).toEqual([]);
  return [answer.status, answer.body.error.code, answer.body.error.message];
};
/** Every timeline of these PRs, through the batch history, 50 at a time. */
async function timelines(ids: string[]): Promise<Map<string, Transition[]>> {
  const found = new Map<string, Transition[]>();
  for (let i = 0; i < ids.length; i += 50) {
    const path = `/v2/queue-entry-history?limit=50&pullRequestIds=${ids.slice(i, i + 50).join(',')}`;
    const { body } = await v2Get<Page<{ pullRequestId: string; transitions: Transition[] }>>(sim.url, path);
    for (const group of body.data) found.set(group.pullRequestId, group.transitions);
  }
  return found;
}
const FINAL = new Set(['merged', 'failed', 'cancelled']);

describe('GET /v2/merge-queues/{id}/pull-requests', () => {
  it('every PR Trunk knows in this queue, most recently enqueued first, once, in the document’s shape', async () => {
    const first = await v2Get(sim.url, `${queue}/pull-requests?includeTotal=true`);
    expect(problems(responseSchema('/v2/merge-queues/{id}/pull-requests', 200), first.body)).toEqual([]);
    const all = await prs();
    expect(all.length).toBe((first.body as { total: number }).total);
    expect(new Set(all.map((pr) => pr.id)).size).toBe(all.length);
    const created = all.map((pr) => Date.parse(pr.queueEntry.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(all.some((pr) => 'hasImpactedTargets' in pr.queueEntry.readiness)).toBe(false);
    // The queue now is among them: the scenario's PR and the others in its queue.
    expect(all.filter((pr) => pr.number > 1800).map((pr) => pr.number)).toEqual([1845, 1842, 1840]);
  });

  it('pages of any size make the same list', async () => {
    const small = (await allPages<Pr>(sim.url, `${queue}/pull-requests?limit=7&author=bob`)).items;
    expect(small.map((pr) => pr.id)).toEqual((await prs('&author=bob')).map((pr) => pr.id));
  });

  it('state: the current state, several separated by commas', async () => {
    const waiting = await prs('&state=testing,pending');
    expect(waiting.map((pr) => [pr.number, pr.queueEntry.state])).toEqual([
      [1845, 'pending'],
      [1842, 'testing'],
      [1840, 'testing'],
    ]);
    const merged = await prs('&state=merged');
    expect(merged.length).toBeGreaterThan(400);
    expect(merged.every((pr) => pr.queueEntry.state === 'merged')).toBe(true);
  });

  it('author: only that author’s', async () => {
    const all = await prs();
    const alice = await prs('&author=alice');
    expect(alice.length).toBeGreaterThan(10);
    expect(alice.map((pr) => pr.id)).toEqual(all.filter((pr) => pr.author === 'alice').map((pr) => pr.id));
  });

  it('concludedAfter/Before: every PR whose entry concluded in the window at any time in its history, once', async () => {
    const all = await prs();
    const history = await timelines(all.map((pr) => pr.id));
    const [from, to] = [START - 2 * DAY, START - DAY];
    const concluded = (id: string, a: number, b: number) =>
      (history.get(id) ?? []).some(
        (t) => FINAL.has(t.state) && Date.parse(t.changedAt) >= a && Date.parse(t.changedAt) <= b,
      );
    const day = await prs(`&concludedAfter=${iso(from)}&concludedBefore=${iso(to)}`);
    expect(day.map((pr) => pr.id)).toEqual(all.filter((pr) => concluded(pr.id, from, to)).map((pr) => pr.id));
    expect(day.length).toBeGreaterThan(25);
    expect((await prs(`&concludedAfter=${iso(to)}`)).map((pr) => pr.id)).toEqual(
      all.filter((pr) => concluded(pr.id, to, Infinity)).map((pr) => pr.id),
    );

    // A PR that failed, came back and merged matches a window around its failure, and both bounds count.
    const twice = all.find((pr) => {
      const finals = (history.get(pr.id) ?? []).filter((t) => FINAL.has(t.state));
      return finals.length === 2 && finals[0]?.state === 'failed' && finals[1]?.state === 'merged';
    });
    const failedAt = (history.get(String(twice?.id)) ?? []).find((t) => t.state === 'failed')?.changedAt ?? '';
    const around = await prs(`&concludedAfter=${failedAt}&concludedBefore=${failedAt}`);
    expect(around.filter((pr) => pr.id === twice?.id).map((pr) => pr.queueEntry.state)).toEqual(['merged']);
    const failedNow = await prs(`&concludedAfter=${failedAt}&concludedBefore=${failedAt}&state=failed`);
    expect(failedNow.some((pr) => pr.id === twice?.id)).toBe(false);
  });

  const bad: Array<[string, string, string, RegExp]> = [
    ['a state it does not know', 'state=testing,done', 'VALIDATION_FAILED', /"done"/],
    ['v1’s spelling of a state', 'state=tests_passed', 'VALIDATION_FAILED', /tests_passed/],
    ['an empty author', 'author=', 'VALIDATION_FAILED', /author/],
    ['a date that is not one', 'concludedAfter=yesterday', 'VALIDATION_FAILED', /concludedAfter/],
    [
      'a window backwards',
      `concludedAfter=${iso(START)}&concludedBefore=${iso(START - DAY)}`,
      'VALIDATION_FAILED',
      /after/,
    ],
    ['another sort', 'sort=number', 'VALIDATION_FAILED', /sort/],
    ['another direction', 'direction=asc', 'VALIDATION_FAILED', /direction/],
    ['a limit of 0', 'limit=0', 'VALIDATION_FAILED', /limit/],
    ['includeTotal not a boolean', 'includeTotal=yes', 'VALIDATION_FAILED', /includeTotal/],
    ['a cursor not minted here', 'cursor=AQEKZm9vYmFy', 'INVALID_CURSOR', /cursor/],
  ];
  it.each(bad)('%s: 400', async (_name, query, code, message) => {
    const [status, found, text] = await error(`${queue}/pull-requests?${query}`);
    expect([status, found]).toEqual([400, code]);
    expect(text).toMatch(message);
  });

  it('sort=createdAt and direction=desc are what it does, so they are accepted', async () => {
    expect((await v2Get(sim.url, `${queue}/pull-requests?sort=createdAt&direction=desc`)).status).toBe(200);
  });

  it('a cursor is bound to its filter: with another, INVALID_CURSOR', async () => {
    const { body } = await v2Get<Page<Pr>>(sim.url, `${queue}/pull-requests?limit=5&state=merged`);
    const cursor = encodeURIComponent(String(body.nextCursor));
    expect((await v2Get(sim.url, `${queue}/pull-requests?limit=5&state=merged&cursor=${cursor}`)).status).toBe(200);
    expect(await error(`${queue}/pull-requests?limit=5&state=failed&cursor=${cursor}`)).toEqual([
      400,
      'INVALID_CURSOR',
      expect.any(String),
    ]);
    expect((await error(`${queue}/testing-results?since=${iso(START - DAY)}&cursor=${cursor}`))[1]).toBe(
      'INVALID_CURSOR',
    );
  });

  it('another queue, or none: 404 MERGE_QUEUE_NOT_FOUND', async () => {
    expect((await error('/v2/merge-queues/nope/pull-requests'))[1]).toBe('MERGE_QUEUE_NOT_FOUND');
    sim.useScenario('no-queue');
    expect((await error(`${queue}/pull-requests`))[1]).toBe('MERGE_QUEUE_NOT_FOUND');
    expect((await error(`${queue}/testing-results?since=${iso(START - DAY)}`))[1]).toBe('MERGE_QUEUE_NOT_FOUND');
  });
});

describe('GET /v2/merge-queues/{id}/testing-results', () => {
  const since = `&since=${iso(START - 7 * DAY)}`;

  it('a row per stretch of testing that ended, newest first, in whole seconds, in the document’s shape', async () => {
    const first = await v2Get(sim.url, `${queue}/testing-results?includeTotal=true${since}`);
    expect(problems(responseSchema('/v2/merge-queues/{id}/testing-results', 200), first.body)).toEqual([]);
    const rows = await results(since);
    expect(rows.length).toBe((first.body as { total: number }).total);
    const ended = rows.map((row) => Date.parse(row.endedAt));
    expect(ended).toEqual([...ended].sort((a, b) => b - a));
    expect(ended.every((ms) => ms >= START - 7 * DAY && ms <= START)).toBe(true);
    expect(rows.every((row) => row.testingDurationMs > 0 && row.testingDurationMs % 1000 === 0)).toBe(true);
    expect(new Set(rows.map((row) => row.outcome))).toEqual(new Set(['passed', 'failed', 'interrupted', 'cancelled']));
    expect(rows.some((row) => row.isBisection)).toBe(true);
    expect(rows.some((row) => row.startedBisection && row.outcome === 'failed')).toBe(true);
  });

  it('derived from the transitions: each testing and what followed it', async () => {
    const rows = await results(since);
    const restarted = rows.find((row) => row.outcome === 'interrupted');
    const [pr] = (
      await v2Get<Page<Pr>>(
        sim.url,
        `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=${restarted?.pullRequestNumber}`,
      )
    ).body.data;
    const history = (await timelines([String(pr?.id)])).get(String(pr?.id)) ?? [];
    const expected = history.flatMap((t, i) => {
      const next = history[i + 1];
      if (t.state !== 'testing' || !next) return [];
      const outcome =
        next.reason === 'BISECTION_REQUIRED'
          ? 'failed'
          : next.reason === 'BISECTION_TEST_RUN_PASSED' || next.state === 'testsPassed'
            ? 'passed'
            : next.state === 'failed' || next.state === 'pendingFailure'
              ? 'failed'
              : next.state === 'merged' || next.state === 'cancelled'
                ? 'cancelled'
                : 'interrupted';
      return [[next.changedAt, Date.parse(next.changedAt) - Date.parse(t.changedAt), outcome]];
    });
    const mine = rows.filter((row) => row.pullRequestNumber === pr?.number).reverse();
    expect(mine.map((row) => [row.endedAt, row.testingDurationMs, row.outcome])).toEqual(
      expected.filter(([endedAt]) => Date.parse(String(endedAt)) >= START - 7 * DAY),
    );
    const conclusion = history.findLast((t) => FINAL.has(t.state))?.state;
    expect(mine.at(-1)?.entryConclusion).toBe(conclusion);
  });

  it('until bounds it; without until, the time of the first page, kept by its cursor', async () => {
    const until = START - 2 * 3_600_000;
    const bounded = await results(`${since}&until=${iso(until)}`);
    expect(bounded.every((row) => Date.parse(row.endedAt) <= until)).toBe(true);
    expect(bounded.length).toBeLessThan((await results(since)).length);

    now = until; // the first page is read two hours before the start…
    const first = await v2Get<Page<Row>>(sim.url, `${queue}/testing-results?limit=100${since}`);
    now = START; // …and the rest after it: nothing that ended in between shows up
    const path = `${queue}/testing-results?limit=100${since}`;
    const rest = (await allPages<Row>(sim.url, path, String(first.body.nextCursor))).items;
    expect([...first.body.data, ...rest]).toEqual(bounded);
    // The cursor of an open range is not one of the closed range.
    const closed = `${queue}/testing-results?limit=100${since}&until=${iso(until)}&cursor=${String(first.body.nextCursor)}`;
    expect((await error(closed))[1]).toBe('INVALID_CURSOR');
  });

  const bad: Array<[string, string, RegExp]> = [
    ['no since', '', /since is required/],
    ['a since that is no date', 'since=last-week', /since/],
    ['until before since', `since=${iso(START)}&until=${iso(START - DAY)}`, /until/],
    ['a range over 45 days', `since=${iso(START - 46 * DAY)}&until=${iso(START)}`, /45 days/],
    ['an open range over 45 days', `since=${iso(START - 45 * DAY - 1000)}`, /45 days/],
  ];
  it.each(bad)('%s: 400 VALIDATION_FAILED', async (_name, query, message) => {
    const [status, code, text] = await error(`${queue}/testing-results?${query}`);
    expect([status, code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(text).toMatch(message);
  });

  it('45 days exactly is fine', async () => {
    expect(
      (await v2Get(sim.url, `${queue}/testing-results?since=${iso(START - 45 * DAY)}&until=${iso(START)}`)).status,
    ).toBe(200);
  });
});

describe('the same seed, the same answers', () => {
  it('two simulators serving the week answer every list alike', async () => {
    const other = await startSimulator({ scenario: 'week', clock: () => START });
    try {
      for (const path of [
        `${queue}/pull-requests?limit=100&concludedAfter=${iso(START - 3 * DAY)}`,
        `${queue}/testing-results?limit=100&since=${iso(START - 2 * DAY)}&until=${iso(START)}`,
      ]) {
        expect((await allPages(other.url, path)).items).toEqual((await allPages(sim.url, path)).items);
      }
    } finally {
      await other.close();
    }
  });
});
