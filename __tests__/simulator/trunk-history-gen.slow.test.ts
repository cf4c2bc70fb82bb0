// The generated histories (simulator/history-gen.mjs, named in histories.mjs): the same seed
// makes the same history (in another process started later too: load/real-time.test.ts); each named one has what
// its description promises, counted here from its transitions by the contract's definitions; and
// every transition fits Trunk's document.
import { describe, expect, it } from '@jest/globals';
import { generateHistory, mulberry32 } from '../../simulator/history-gen.mjs';
import { resolveHistory } from '../../simulator/histories.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { failureRate, percentile, tripsOf, type Transition, type Trip } from '../helpers/trunk-history.js';
import { componentSchema, problems } from '../helpers/trunk-openapi.js';

type Json = Record<string, unknown>;
const DAY = 86_400_000;
const start = Date.parse(minutesAgo(0));
const history = (name: string) => resolveHistory(name).prs;
/** Every trip of a history with its PR's number. */
const trips = (name: string): Array<Trip & { number: number }> =>
  history(name).flatMap((pr) =>
    tripsOf(pr.transitions as Transition[]).map((trip) => ({ ...trip, number: pr.number })),
  );
/** The trips that ended between `from` and `to` days before the start. */
const endedBetween = (all: Trip[], from: number, to: number) =>
  all.filter((t) => t.endMs <= start - from * DAY && t.endMs > start - to * DAY);
const transitions = (name: string) => history(name).flatMap((pr) => pr.transitions as Transition[]);

describe('a seed makes one history', () => {
  it('mulberry32: the same seed, the same numbers; another seed, others', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(42).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('the same seed, the same history; another seed, another', () => {
    expect(generateHistory({ seed: 7, days: 3 })).toEqual(generateHistory({ seed: 7, days: 3 }));
    expect(generateHistory({ seed: 7, days: 3 })).not.toEqual(generateHistory({ seed: 8, days: 3 }));
  });
});

describe.each(['week', 'unhealthy-week'])('the %s history', (name) => {
  it('15 days of trips, every one over before the start, oldest first, in whole seconds', () => {
    const all = transitions(name);
    const times = all.map((t) => Date.parse(t.changedAt));
    expect(Math.max(...times)).toBeLessThan(start);
    expect(Math.min(...times)).toBeGreaterThan(start - 16 * DAY);
    expect(Math.min(...times)).toBeLessThan(start - 14 * DAY);
    expect(times.every((ms) => ms % 1000 === 0)).toBe(true);
    for (const pr of history(name)) {
      const at = pr.transitions.map((t) => Date.parse(t.changedAt));
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(['merged', 'failed', 'cancelled']).toContain(pr.transitions.at(-1)?.state);
    }
  });

  it('about 40 trips a day, and PRs that came back for a second trip', () => {
    const all = trips(name);
    expect(all.length / 15).toBeGreaterThan(32);
    expect(all.length / 15).toBeLessThan(48);
    const perPr = new Map<number, number>();
    for (const trip of all) perPr.set(trip.number, (perPr.get(trip.number) ?? 0) + 1);
    expect([...perPr.values()].filter((n) => n === 2).length).toBeGreaterThan(10);
  });

  it('restarts, by a person or for a PR ahead that failed, and bisections', () => {
    const all = transitions(name);
    const byUser = all.filter((t) => t.reason === 'TESTS_RESTARTED_BY_USER');
    const ahead = all.filter((t) => t.reason === 'PREREQUISITE_MERGE_ITEM_FAILED');
    expect(byUser.length).toBeGreaterThan(3);
    expect(byUser.every((t) => t.state === 'pending' && typeof (t.actor as Json)?.gitHubLogin === 'string')).toBe(true);
    expect(ahead.length).toBeGreaterThan(3);
    expect(ahead.every((t) => typeof t.prerequisitePullRequestId === 'string')).toBe(true);
    expect(all.some((t) => t.reason === 'BISECTION_REQUIRED')).toBe(true);
  });

  it('every way out: timeouts, a flaky check, conflicts, cancellations (some never ready), merges by hand', () => {
    const all = trips(name);
    const reasons = new Set(all.map((t) => t.reason));
    for (const reason of [
      'MERGE_GRAPH_MERGE',
      'MANUAL_MERGE',
      'TEST_RUN_REQUIRED_STATUS_FAILED',
      'TEST_RUN_TIMEOUT',
      'START_TEST_RUN_MERGE_CONFLICT',
      'USER_REQUESTED',
      'PR_CLOSED',
    ]) {
      expect(reasons).toContain(reason);
    }
    expect(all.some((t) => t.end === 'cancelled' && t.startMs === undefined)).toBe(true);
    const checks = all.flatMap((t) => t.checks);
    const flaky = checks.filter((c) => c === 'ci/integration').length;
    expect(flaky / checks.length).toBeGreaterThan(0.4);
    const failed = transitions(name).find((t) => t.reason === 'TEST_RUN_REQUIRED_STATUS_FAILED');
    expect(failed?.failed).toMatchObject({
      failureCausingChecks: [{ url: expect.stringMatching(/^https:\/\/github\.com\//) }],
    });
  });

  it('every transition fits the document', () => {
    const transition = componentSchema('QueueEntryStateTransition');
    expect(
      transitions(name).flatMap((t) => problems(transition, t).map((p) => `${t.pullRequestId} ${t.state}: ${p}`)),
    ).toEqual([]);
  });
});

describe('healthy, unhealthy, busy', () => {
  it('week: a healthy queue, the two weeks alike', () => {
    const all = trips('week');
    expect(failureRate(endedBetween(all, 0, 7))).toBeLessThan(15);
    expect(failureRate(endedBetween(all, 7, 14))).toBeLessThan(15);
  });

  it('unhealthy-week: the last 7 days clearly worse than the 7 before', () => {
    const all = trips('unhealthy-week');
    const [last, before] = [endedBetween(all, 0, 7), endedBetween(all, 7, 14)];
    expect(failureRate(last)).toBeGreaterThan(20);
    expect(failureRate(last)).toBeGreaterThan(2 * failureRate(before));
    const inQueue = (list: Trip[]) => list.flatMap((t) => (t.startMs === undefined ? [] : [t.endMs - t.startMs]));
    expect(percentile(inQueue(last), 90)).toBeGreaterThan(3 * percentile(inQueue(before), 90));
    const restarts = (from: number, to: number) =>
      transitions('unhealthy-week').filter((t, i, list) => {
        const at = Date.parse(t.changedAt);
        const previous = list[i - 1];
        const restart = t.state === 'pending' && previous?.state === 'testing' && !t.reason?.startsWith('BISECTION');
        return restart && at > start - to * DAY && at <= start - from * DAY;
      }).length;
    expect(restarts(0, 7)).toBeGreaterThan(3 * restarts(7, 14));
  });

  it('busy-week: about 2,000 trips in 7 days, its PRs numbered apart from the scenarios’', () => {
    const all = trips('busy-week');
    const week = endedBetween(all, 0, 7).length;
    expect(week).toBeGreaterThan(1800);
    expect(week).toBeLessThan(2200);
    expect(Math.min(...history('busy-week').map((pr) => pr.number))).toBe(10_000);
  });
});
