// The summary of a report on the queue itself: the health first, in words, then what is wrong, the
// longest waits, the entries with no row marked, and the settings; every API text escaped. The
// words themselves are queue-report's; here, where they go and that they are safe. The outputs:
// queue-outputs.test.ts; the section on a window: window-summary.test.ts.
import { describe, expect, it } from '@jest/globals';
import { assessQueue } from '../../src/core/health.js';
import type { QueueAnswer } from '../../src/core/model.js';
import { renderQueueSummary, type QueueSummaryInput } from '../../src/render/queue-summary.js';
import { entry, queueBody, queueFrom } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function answer(state: string, entries: Array<[number, string, number | undefined]>, overrides = {}): QueueAnswer {
  return queueFrom({
    ...queueBody({ state, testingTimeoutMinutes: 60, ...overrides }),
    enqueuedPullRequests: entries.map(([n, s, minutes]) =>
      entry(n, s, { stateChangedAt: minutes === undefined ? undefined : ago(minutes) }),
    ),
  });
}

function render(queue: QueueAnswer | undefined, overrides: Partial<QueueSummaryInput> = {}): string {
  const health = queue && assessQueue({ queue: queue.queue, nowMs: NOW, stallMinutes: 30 });
  return renderQueueSummary({
    answer: queue,
    health,
    repo: 'octo-org/octo-repo',
    serverUrl: 'https://github.com',
    nowMs: NOW,
    ...overrides,
  });
}
const headline = (html: string) => /^<h2>(.*?)<\/h2>/.exec(html)?.[1];

const healthy = answer('running', [
  [1840, 'testing', 20],
  [1845, 'pending', 72],
  [1846, 'pending', 15],
]);

describe('the health first', () => {
  it('healthy: a green mark and the one sentence', () => {
    expect(headline(render(healthy))).toBe(
      '✅ Queue main is healthy: 1 testing, 2 waiting; the longest wait is 1 h 12 min',
    );
  });

  it('not healthy: a red mark, then what is wrong and what clears it, codes in <code>', () => {
    const html = render(answer('paused', [[1840, 'testing', 20]]));
    expect(headline(html)).toMatch(/^❌ Queue main is paused: /);
    expect(html).toContain(
      // The heading says what paused means: the list names it, its code and what clears it.
      '<p>What is wrong, and what clears it:</p><ul><li>Paused (<code>queue_paused</code>): resume the queue in the Trunk web app',
    );
  });

  it('a state this version does not know: named, with no made-up fix', () => {
    expect(render(answer('frozen', []))).toContain(
      '<li>In a state this version does not know (<code>queue_frozen</code>)</li>',
    );
  });

  it('a check that could not be made: a warning mark, never a green one', () => {
    const html = render(answer('running', [[1842, 'pending', undefined]]));
    expect(headline(html)).toMatch(/^⚠️ Queue main is running: /);
    expect(html).toContain('<p>⚠️ Trunk sent no state time for the one entry, so the waits');
  });

  it('a step that failed is never headed green', () => {
    const html = render(healthy, { failure: 'The step’s outputs could not be written: disk full' });
    expect(headline(html)).toMatch(/^❌ Queue main is healthy/);
    expect(html).toContain('<p>❌ The step’s outputs could not be written: disk full</p>');
  });

  it('nothing read: says so, and why', () => {
    expect(render(undefined, { failure: 'Trunk API getQueue: no queue' })).toBe(
      '<h2>❌ Merge queue status unavailable</h2>\n<p>❌ Trunk API getQueue: no queue</p>\n',
    );
  });
});

describe('against the previous run', () => {
  it('a recovery: the heading says so, naming the repository, how long and what it was', () => {
    const alert = { previousReady: false, changed: true, recovery: { afterMs: 130 * 60_000, was: ['queue_paused'] } };
    expect(headline(render(healthy, { alert }))).toBe(
      '✅ Queue main of octo-org/octo-repo is healthy again, after 2 h 10 min paused: 1 testing, 2 waiting; the longest wait is 1 h 12 min',
    );
  });

  it('a spell that began before this run: since when, once', () => {
    const paused = answer('paused', [[1840, 'testing', 20]]);
    const alert = { previousReady: false, changed: false, unhealthySinceMs: NOW - 130 * 60_000 };
    expect(render(paused, { alert })).toContain(
      '<p>Not healthy since 09:50 UTC (2 h 10 min), as the runs of this job have seen it.</p>',
    );
    // A spell this run began says nothing the heading does not.
    expect(render(paused, { alert: { changed: true, unhealthySinceMs: NOW } })).not.toContain('Not healthy since');
  });

  it('the step failed on the verdict itself: the heading says it, no line says it again, the mark is red', () => {
    const paused = answer('paused', [[1840, 'testing', 20]]);
    const html = render(paused, { failed: true });
    expect(headline(html)).toMatch(/^❌ Queue main is paused: /);
    expect(html).not.toContain('<p>❌');
  });
});

describe('then the waits, the entries and the settings', () => {
  it('the longest waits and the longest test run, each PR linked', () => {
    expect(render(healthy)).toContain(
      '<p>Longest waits: <a href="https://github.com/octo-org/octo-repo/pull/1845">#1845</a> for 1 h 12 min, <a href="https://github.com/octo-org/octo-repo/pull/1846">#1846</a> for 15 min. Longest in a test run: <a href="https://github.com/octo-org/octo-repo/pull/1840">#1840</a>, for 20 min (the testing timeout is 1 h).</p>',
    );
  });

  it('the entries in line, no row marked, then the settings folded', () => {
    const html = render(healthy);
    expect(html).toMatch(/<h3>Entries<\/h3><table><tr><th>#<\/th><th>PR<\/th><th>State<\/th><th>Priority<\/th>/);
    expect(html).toContain('<td>1</td><td><a href="https://github.com/octo-org/octo-repo/pull/1840">#1840 ');
    expect(html).not.toMatch(/👉|<b>/);
    expect(html).toMatch(/<details><summary>Queue settings<\/summary><table>.*<\/table><\/details>\n$/);
  });

  it('lets no API text add markup, break the table or end the HTML block', () => {
    const hostile = '<script>alert(1)</script></td></tr></table>\n\n# | x';
    const body = {
      ...queueBody({ branch: hostile, state: hostile, mode: hostile }),
      enqueuedPullRequests: [entry(1, hostile, { prTitle: hostile, prAuthor: hostile, stateChangedAt: hostile })],
    };
    const html = render(queueFrom(body), { repo: 'o/<r>', failure: hostile });
    expect(html).not.toMatch(/<script|<\/table><\/td>|\n\n/);
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    const ours = ['a', 'code', 'details', 'h2', 'h3', 'li', 'p', 'summary', 'table', 'td', 'th', 'tr', 'ul'];
    expect([...tags].filter((tag) => !ours.includes(tag as string))).toEqual([]);
  });
});
