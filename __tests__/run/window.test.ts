// How the queue has been doing (`scope: queue` with `window`), whole runs through run() in-process
// against the simulator's seeded histories, as a scheduled report runs: the figures against the
// simulator's own record of the history, the summary's section and its chart, the thresholds and
// what they hold, what api-token alone gives, reads that fail or run out, and the report as text
// for other tools in every scope. The sentences are asserted where they are made
// (core/words/window.test.ts, render/window-summary.test.ts, render/comment.test.ts,
// render/slack.test.ts); here, that each arrives where it belongs, once.
import { describe, expect, it } from '@jest/globals';
import { prBody } from '../../simulator/scenarios.mjs';
import { gateRun } from '../helpers/gate-run.js';
import { historyPr } from '../../simulator/trunk-history.mjs';
import { WINDOW_OUTPUTS } from '../../src/render/outputs.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { scheduleRun } from '../helpers/events.js';
import { useSimulator } from '../helpers/simulator.js';
import {
  failureRate,
  percentile,
  tripsOf as contractTrips,
  type Transition,
  type Trip,
} from '../helpers/trunk-history.js';
import { resolveHistory } from '../../simulator/histories.mjs';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { DAY, HISTORY_ROUTES, recordedStretches, recordedTrips } from '../helpers/window-history.js';

describe('run/window', () => {
  const sim = useSimulator({ scenario: 'week' });
  const HOUR = 3_600_000;

  const API = {
    v1: () => ({ 'api-token': sim.token }),
    v2: () => ({ 'api-key': sim.apiKey }),
  } as const;

  /** A report on the queue at `at` (the window ends there), through one API, with these inputs. */
  function report(api: keyof typeof API, inputs: Record<string, string>, at = Date.now()) {
    return runInProcess({
      ...scheduleRun,
      clock: new VirtualClock(at),
      inputs: { ...API[api](), 'api-url': sim.url, scope: 'queue', ...inputs },
    });
  }

  const windowOutputs = (result: InProcessResult) =>
    Object.fromEntries(WINDOW_OUTPUTS.map((name) => [name, result.outputs[name]]));

  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  /** Most frequent first, ties by code point, at most ten. */
  const ranked = <T extends { count: number }>(rows: T[], key: (row: T) => string) =>
    rows.sort((a, b) => b.count - a.count || byCodePoint(key(a), key(b))).slice(0, 10);

  function topReasons(failed: Trip[]) {
    const counts = new Map<string, number>();
    for (const { reason } of failed)
      if (reason) counts.set(reason.toLowerCase(), (counts.get(reason.toLowerCase()) ?? 0) + 1);
    return ranked(
      [...counts].map(([reason, count]) => ({ reason, count })),
      (row) => row.reason,
    );
  }

  function topChecks(failed: Trip[]) {
    const rows = new Map<string, { name: string; count: number; url: string | null }>();
    for (const trip of [...failed].sort((a, b) => a.endMs - b.endMs)) {
      for (const name of new Set(trip.checks)) {
        const url = trip.failingChecks.find((check) => check.name === name && check.url !== null)?.url ?? null;
        rows.set(name, { name, count: (rows.get(name)?.count ?? 0) + 1, url });
      }
    }
    return ranked([...rows.values()], (row) => row.name);
  }

  /**
   * The window's outputs as the contract defines them, worked out here from the simulator's own
   * record of the history (its timelines, and the stretches of testing derived from them), not from
   * what the action read.
   */
  function recorded(history: string, fromMs: number, toMs: number): Record<string, string> {
    const trips = recordedTrips(history, fromMs, toMs);
    const stretches = recordedStretches(history, fromMs, toMs);
    const ended = (end: string) => trips.filter((trip) => trip.end === end);
    const lengths = trips.flatMap((trip) => (trip.startMs === undefined ? [] : [trip.endMs - trip.startMs]));
    const runs = stretches
      .filter((stretch) => stretch.outcome === 'passed' || stretch.outcome === 'failed')
      .map((stretch) => stretch.endMs - stretch.startMs);
    const at = (values: number[], p: number) => (values.length ? String(Math.round(percentile(values, p) / 1000)) : '');
    const decided = ended('merged').length + ended('failed').length;
    return {
      'merged-count': String(ended('merged').length),
      'failed-count': String(ended('failed').length),
      'cancelled-count': String(ended('cancelled').length),
      'failure-rate': decided ? (Math.round(failureRate(trips) * 10) / 10).toFixed(1) : '',
      'time-in-queue-p50-seconds': at(lengths, 50),
      'time-in-queue-p90-seconds': at(lengths, 90),
      'testing-p50-seconds': at(runs, 50),
      'testing-p90-seconds': at(runs, 90),
      restarts: String(stretches.filter((stretch) => stretch.outcome === 'interrupted').length),
      ...recordedRetries(history, fromMs, toMs),
      'top-failure-reasons': JSON.stringify(topReasons(ended('failed'))),
      'top-failing-checks': JSON.stringify(topChecks(ended('failed'))),
      'percentile-kind': lengths.length + runs.length > 0 ? 'exact' : '',
    };
  }

  /**
   * Tries per merge, merges after a failed or cancelled try, and PRs that failed twice or more, from
   * each PR's whole record: a merge in the span counts the tries since the PR's last merge that
   * entered the queue, itself included.
   */
  function recordedRetries(history: string, fromMs: number, toMs: number): Record<string, string> {
    const inSpan = (ms: number) => ms > fromMs && ms <= toMs;
    let tries = 0;
    let merges = 0;
    let retried = 0;
    let loops = 0;
    for (const pr of resolveHistory(history).prs) {
      const trips = contractTrips(pr.transitions as Transition[]);
      let since = 0;
      trips.forEach((trip, i) => {
        if (trip.end !== 'merged') return;
        const earlier = trips.slice(since, i).filter((t) => t.startMs !== undefined);
        if (inSpan(trip.endMs)) {
          merges++;
          tries += earlier.length + 1;
          if (earlier.length > 0) retried++;
        }
        since = i + 1;
      });
      if (trips.filter((trip) => trip.end === 'failed' && inSpan(trip.endMs)).length >= 2) loops++;
    }
    return {
      'attempts-per-merge': merges ? (Math.round((tries / merges) * 10) / 10).toFixed(1) : '',
      'retried-merges': String(retried),
      'repeat-failures': String(loops),
    };
  }

  /** Merged and failed trips per day of the week ending at `now`, oldest first. */
  function perDay(history: string, now: number, days: number) {
    return Array.from({ length: days }, (_, i) => {
      const trips = recordedTrips(history, now - (days - i) * DAY, now - (days - i - 1) * DAY);
      return [trips.filter((t) => t.end === 'merged').length, trips.filter((t) => t.end === 'failed').length];
    });
  }

  /** The summary's section on the window: from its heading to what follows it (a note, or the entries). */
  const section = (summary: string) =>
    /<h3>(?!Entries<)[\s\S]*?(?=\n<p>⚠️|\n<h3>Entries<\/h3>|\n<p>The queue is empty\.<\/p>)/.exec(summary)?.[0] ?? '';
  const notices = (result: InProcessResult) => result.lines.filter((line) => line.startsWith('::notice::'));
  const warnings = (result: InProcessResult) => result.lines.filter((line) => line.startsWith('::warning::'));

  describe('a week through v2', () => {
    it("the figures are the simulator's record of the last 7 days; the window before is read for comparison only", async () => {
      const at = Date.now();
      const result = await report('v2', { window: '7d' }, at);
      expect(result.code).toBe(0);
      const expected = recorded('week', at - 7 * DAY, at);
      expect(windowOutputs(result)).toEqual(expected);
      // Not vacuous: a week of this history has merges, failures, restarts and failing checks.
      expect(Number(expected['merged-count'])).toBeGreaterThan(150);
      expect(Number(expected['failed-count'])).toBeGreaterThan(5);
      expect(Number(expected.restarts)).toBeGreaterThan(0);
      expect(JSON.parse(expected['top-failing-checks'] ?? '[]')).not.toEqual([]);
      expect(result.outputs).toMatchObject({ ready: 'true', 'not-ready-reasons': '', 'queue-state': 'running' });

      // The history from v2's queue-level reads alone: no metrics, nothing from v1, within the cap.
      const asked = sim.requests.map((request) => request.endpoint);
      expect(asked.filter((endpoint) => !(HISTORY_ROUTES as readonly string[]).includes(endpoint))).toEqual([
        'v2.repositories',
        'v2.mergeQueues',
        'v2.order',
        'v2.pullRequests',
      ]);
      expect(asked.length).toBeLessThanOrEqual(204);

      // The window before shows in the summary only, as each figure's change.
      const before = recorded('week', at - 14 * DAY, at - 7 * DAY);
      const change = Number(expected['merged-count']) - Number(before['merged-count']);
      const arrow = change > 0 ? `▲ ${change}` : change < 0 ? `▼ ${-change}` : 'no change';
      expect(result.summary).toContain(
        `<tr><th align="left">Merged</th><td>${expected['merged-count']} (${arrow} on the 7 days before)`,
      );
      // The account's second line is the window's sentence, once.
      expect(result.lines.filter((line) => line.startsWith('Over the last 7 days: '))).toHaveLength(1);
      expect([notices(result), warnings(result)]).toEqual([[], []]);
    });

    it('the summary: "The last 7 days" after the health, a daily chart of what the record says, failures as words and links', async () => {
      const at = Date.now();
      const { summary, outputs } = await report('v2', { window: '7d' }, at);
      const days = perDay('week', at, 7);
      const part = section(summary);
      expect(summary.indexOf('<h3>The last 7 days</h3>')).toBeGreaterThan(summary.indexOf('</h2>'));
      expect(part.startsWith('<h3>The last 7 days</h3>')).toBe(true);
      const mermaid = /\n\n```mermaid\n([\s\S]*?)\n```\n\n/.exec(part)?.[1] ?? '';
      const labels = Array.from(
        { length: 7 },
        (_, i) => `"${new Date(at - (6 - i) * DAY).toISOString().slice(5, 10)}"`,
      );
      expect(mermaid.split('\n')).toEqual([
        'xychart-beta',
        '  title "Merged and failed trips per day"',
        `  x-axis [${labels.join(', ')}]`,
        `  y-axis "Trips" 0 --> ${Math.max(...days.map(([m = 0, f = 0]) => m + f))}`,
        `  bar [${days.map(([m]) => m).join(', ')}]`,
        `  line [${days.map(([, f]) => f).join(', ')}]`,
      ]);
      // The same bars as rows, for where Mermaid is not drawn.
      expect(part.match(/<tr><td>\d\d-\d\d<\/td>/g)).toHaveLength(7);
      // Each reason as words with its code; each failing check linked to its most recent run.
      const reasons = JSON.parse(outputs['top-failure-reasons']) as Array<{ reason: string; count: number }>;
      for (const { reason, count } of reasons) expect(part).toContain(`: ${count} (<code>${reason}</code>)</li>`);
      const checks = JSON.parse(outputs['top-failing-checks']) as Array<{ name: string; count: number; url: string }>;
      for (const { name, count, url } of checks) {
        expect(part).toMatch(
          new RegExp(
            `<li><a href="${url}"><code>${name}</code></a> failed ${count} trips(; \\d+ of those PRs merged on a later try)?</li>`,
          ),
        );
      }
      expect(part).toMatch(/<p><a href="https:\/\/app\.trunk\.io\/[^"]+">The queue's health in Trunk<\/a>\.<\/p>$/);
    });
  });

  describe('thresholds', () => {
    it('an unhealthy week over both limits, behind fail-if-not-ready: the gate holds; the reasons in words, the codes once at the end', async () => {
      sim.useScenario('unhealthy-week');
      const at = Date.now();
      const result = await report(
        'v2',
        { window: '7d', 'max-failure-rate': '20', 'max-time-in-queue-minutes': '60', 'fail-if-not-ready': 'true' },
        at,
      );
      const expected = recorded('unhealthy-week', at - 7 * DAY, at);
      expect(Number(expected['failure-rate'])).toBeGreaterThan(20);
      expect(Number(expected['time-in-queue-p90-seconds'])).toBeGreaterThan(3600);
      expect(windowOutputs(result)).toEqual(expected);
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'failure_rate_high,time_in_queue_high',
      });
      const words = /^Queue main needs attention: (.+) \(failure_rate_high, time_in_queue_high\)\.$/.exec(
        result.error ?? '',
      )?.[1];
      // Both reasons, each naming its input, and no code in the words.
      expect(words).toMatch(/max-failure-rate.+max-time-in-queue-minutes/);
      expect(words).not.toMatch(/_(high|unknown)\b/);
      expect(result.summary).toMatch(/^<h2>❌ Queue main needs attention: /);
      expect(result.summary).toContain('(<code>failure_rate_high</code>)');
      expect(result.summary).toContain('(<code>time_in_queue_high</code>)');
      // The gate's failure is the error line; no warning repeats it.
      expect(warnings(result)).toEqual([]);
    });

    it('the same report without fail-if-not-ready passes the step, with one warning that carries the codes', async () => {
      sim.useScenario('unhealthy-week');
      const result = await report('v2', { window: '7d', 'max-failure-rate': '20' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'failure_rate_high' });
      expect(warnings(result)).toEqual([
        expect.stringMatching(/^::warning::Queue main needs attention: .+ \(failure_rate_high\)\.$/),
      ]);
    });

    it("limits at the week's own figures pass; a tenth of a point or a minute less holds", async () => {
      const at = Date.now();
      const expected = recorded('week', at - 7 * DAY, at);
      const rate = Number(expected['failure-rate']);
      const minutes = Math.ceil(Number(expected['time-in-queue-p90-seconds']) / 60);
      const gate = (maxRate: number, maxMinutes: number) =>
        report(
          'v2',
          {
            window: '7d',
            'max-failure-rate': String(maxRate),
            'max-time-in-queue-minutes': String(maxMinutes),
            'fail-if-not-ready': 'true',
          },
          at,
        );
      const passing = await gate(rate, minutes);
      expect([passing.code, passing.outputs.ready, passing.outputs['not-ready-reasons']]).toEqual([0, 'true', '']);
      const held = await gate(Math.round((rate - 0.1) * 10) / 10, minutes - 1);
      expect([held.code, held.outputs['not-ready-reasons']]).toEqual([1, 'failure_rate_high,time_in_queue_high']);
    });

    it('a window in which no PR left the queue: counts 0, the rate and times empty, thresholds pass', async () => {
      // The testing scenario remembers no history: its PRs are all still in the queue.
      sim.useScenario('testing');
      const result = await report('v2', {
        window: '1h',
        'max-failure-rate': '0',
        'max-time-in-queue-minutes': '1',
        'fail-if-not-ready': 'true',
      });
      expect(result.code).toBe(0);
      expect(windowOutputs(result)).toEqual({
        'attempts-per-merge': '',
        'retried-merges': '0',
        'repeat-failures': '0',
        'merged-count': '0',
        'failed-count': '0',
        'cancelled-count': '0',
        'failure-rate': '',
        'time-in-queue-p50-seconds': '',
        'time-in-queue-p90-seconds': '',
        'testing-p50-seconds': '',
        'testing-p90-seconds': '',
        restarts: '0',
        'top-failure-reasons': '[]',
        'top-failing-checks': '[]',
        'percentile-kind': '',
      });
      expect(result.outputs).toMatchObject({ ready: 'true', 'not-ready-reasons': '' });
      // The section says so in a line, with no table or chart of nothing.
      expect(section(result.summary)).toMatch(/^<h3>The last hour<\/h3>\n<p>No PR left the queue [^<]*<\/p>\n/);
      expect(section(result.summary)).not.toMatch(/<table>|mermaid/);
      for (const text of [result.summary, result.outputs.markdown, result.outputs['slack-text'], result.log]) {
        expect(text).not.toMatch(/NaN|\b0(\.0)? %|undefined/);
      }
    });
  });

  describe('api-token alone', () => {
    /** The upper bound of the simulator's metrics bucket that holds `seconds`; '' for +Inf. */
    const bucketOf = (seconds: string) =>
      String([60, 300, 600, 900, 1800, 3600, 5400, 7200].find((le) => Number(seconds) <= le) ?? '');

    it("the last hour from Trunk's metrics: this queue's counts, percentiles as bucket bounds, one notice naming api-key", async () => {
      const at = Date.now();
      const result = await report('v1', { window: '1h' }, at);
      expect(result.code).toBe(0);
      const hour = recorded('week', at - HOUR, at);
      // Not vacuous: the record has trips in the last hour, and ones on another branch the metrics also carry.
      expect(Number(hour['merged-count'])).toBeGreaterThan(0);
      expect(result.outputs).toMatchObject({
        'merged-count': hour['merged-count'],
        'failed-count': hour['failed-count'],
        'cancelled-count': hour['cancelled-count'],
        'failure-rate': hour['failure-rate'],
        'time-in-queue-p50-seconds': bucketOf(hour['time-in-queue-p50-seconds'] ?? ''),
        'time-in-queue-p90-seconds': bucketOf(hour['time-in-queue-p90-seconds'] ?? ''),
        restarts: hour.restarts,
        'top-failure-reasons': '',
        'top-failing-checks': '',
        'percentile-kind': 'bucket-bound',
      });
      expect(sim.requests.map((request) => request.endpoint)).toEqual(['getQueue', 'getMergeQueueMetrics']);
      expect(section(result.summary)).toMatch(/<th align="left">Time in queue<\/th><td>at most /);
      expect(notices(result)).toEqual([expect.stringMatching(/^::notice::.*\bapi-key\b/)]);
      expect(warnings(result)).toEqual([]);
    });

    it('7 days: the merged count alone, the rest empty, and one notice naming api-key', async () => {
      const at = Date.now();
      const result = await report('v1', { window: '7d' }, at);
      expect(result.code).toBe(0);
      const week = recorded('week', at - 7 * DAY, at);
      expect(windowOutputs(result)).toEqual({
        ...Object.fromEntries(WINDOW_OUTPUTS.map((name) => [name, ''])),
        'merged-count': week['merged-count'],
      });
      expect(new Set(sim.requests.map((request) => request.endpoint))).toEqual(
        new Set(['getQueue', 'listPullRequests']),
      );
      expect(notices(result)).toEqual([expect.stringMatching(/^::notice::.*\bapi-key\b/)]);
      expect(warnings(result)).toEqual([]);
    });

    it.each(['max-failure-rate', 'max-time-in-queue-minutes'])(
      '%s beyond the last hour could never be read: refused before any request, naming api-key',
      async (threshold) => {
        const result = await report('v1', { window: '7d', [threshold]: '10' });
        expect(result.code).toBe(1);
        expect(result.error).toMatch(new RegExp(`^Input '${threshold}' .*\\bapi-key\\b`));
        expect(sim.requests).toEqual([]);
      },
    );

    it("a Trunk whose v2 has no metrics route (week-no-metrics): v1's metrics still answer the last hour", async () => {
      sim.useScenario('week-no-metrics');
      const result = await report('v1', { window: '1h', 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(result.outputs['percentile-kind']).toBe('bucket-bound');
      expect(notices(result)).toHaveLength(1);
    });

    it('a metrics endpoint that answers 404 (an older Trunk) is a notice, not a failure: the figures are empty', async () => {
      sim.script('getMergeQueueMetrics', [{ status: 404, body: 'Not Found' }]);
      const result = await report('v1', { window: '1h', 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(windowOutputs(result)).toEqual(Object.fromEntries(WINDOW_OUTPUTS.map((name) => [name, ''])));
      expect(result.outputs.ready).toBe('true');
      expect(notices(result)).toEqual([expect.stringMatching(/^::notice::.*404/)]);
      expect(warnings(result)).toEqual([]);
    });
  });

  describe('reads that fail or run out', () => {
    it('timelines failing after their retries: their figures empty with one warning, the thresholds held as unknown', async () => {
      sim.script('v2.historyBatch', [{ status: 503, times: Infinity }]);
      const at = Date.now();
      const result = await report(
        'v2',
        {
          window: '7d',
          retries: '1',
          'max-failure-rate': '50',
          'max-time-in-queue-minutes': '600',
          'fail-if-not-ready': 'true',
        },
        at,
      );
      const expected = recorded('week', at - 7 * DAY, at);
      // The trips' figures are empty; the testing results were read, and are right.
      expect(windowOutputs(result)).toEqual({
        ...Object.fromEntries(WINDOW_OUTPUTS.map((name) => [name, ''])),
        'testing-p50-seconds': expected['testing-p50-seconds'],
        'testing-p90-seconds': expected['testing-p90-seconds'],
        restarts: expected.restarts,
        'percentile-kind': 'exact',
      });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'failure_rate_unknown,time_in_queue_unknown',
      });
      expect(result.error).toMatch(
        /^Queue main needs attention: .+ \(failure_rate_unknown, time_in_queue_unknown\)\.$/,
      );
      expect(warnings(result)).toEqual([expect.stringMatching(/^::warning::.*HTTP 503.*merged-count/)]);
      expect(result.summary).toMatch(/^<h2>❌ /);
    });

    it('the deadline (wait-timeout-seconds, on the run clock) cuts the reads: the figures are those of the newest days read in full, said so', async () => {
      // Timelines answer twice, then fail, and their retries wait past the deadline.
      sim.script('v2.historyBatch', [{ times: 2 }, { status: 503, times: Infinity }]);
      const at = Date.now();
      const result = await report('v2', { window: '7d', retries: '5', 'wait-timeout-seconds': '2' }, at);
      expect(result.code).toBe(0);
      const days = Number(/^<h3>The last (\d) of 7 days<\/h3>/.exec(section(result.summary))?.[1]);
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThan(7);
      const covered = recorded('week', at - days * DAY, at);
      expect(result.outputs['merged-count']).toBe(covered['merged-count']);
      expect(result.outputs['failure-rate']).toBe(covered['failure-rate']);
      expect(result.outputs['time-in-queue-p90-seconds']).toBe(covered['time-in-queue-p90-seconds']);
      expect(result.lines).toContainEqual(expect.stringMatching(`^Over the last ${days} of 7 days: `));
      expect(notices(result)).toEqual([expect.stringMatching(`the last ${days} of 7 days, not extrapolated`)]);
      expect(warnings(result)).toEqual([]);
    });
  });

  describe('the report as text for other tools', () => {
    /** Text from outside that would ping, link or mention if it were passed on as it is. */
    const HOSTILE = '<!channel> <https://evil.example|click> @here';

    /** Text outside code spans, where GitHub makes mentions and references. */
    const prose = (markdown: string) => markdown.replace(/<code>[^<]*<\/code>/g, '').replace(/<[^>]*>/g, '');
    /** What a comment would turn into a mention: an @ before a name, not broken. */
    const mentions = (markdown: string) => prose(markdown).match(/@(?!&#8203;)[A-Za-z0-9]/g) ?? [];
    /** References to PRs outside code spans: what GitHub would link back from the PR named. */
    const references = (markdown: string) => prose(markdown).match(/(?<!&)#\d+/g) ?? [];

    function expectQuiet(result: InProcessResult) {
      const { markdown, 'slack-text': slack } = result.outputs;
      expect(markdown.length).toBeGreaterThan(0);
      expect(markdown.length).toBeLessThanOrEqual(65_000);
      expect(mentions(markdown)).toEqual([]);
      expect(references(markdown)).toEqual([]);
      expect(markdown).not.toMatch(/href="[^"]*\/(pull|issues)\/\d+/);
      expect(markdown).not.toMatch(/href="(?!https:)/);
      expect(slack.length).toBeGreaterThan(0);
      expect(slack.length).toBeLessThanOrEqual(3_000);
      // Every Slack link is an https one the action wrote; no broadcast is left whole.
      expect(slack.match(/<[^>]*>/g)?.every((tag) => /^<https:\/\/[^|<>]+\|[^<>]+>$/.test(tag)) ?? true).toBe(true);
      expect(slack).not.toMatch(/@(here|channel|everyone)\b|<!/);
    }

    it('a PR: a hostile title escaped in the markdown, other PRs in code spans, and nothing of it in Slack but safe text', async () => {
      sim.useScenario('testing');
      sim.script('getSubmittedPullRequest', [{ body: prBody({ prTitle: HOSTILE, prAuthor: '@octocat' }) }]);
      const result = await runInProcess({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
      expect(result.code).toBe(0);
      expectQuiet(result);
      expect(result.outputs.markdown).toContain(
        '<p><code>#1842</code> &#60;!channel&#62; &#60;https://evil.example|click&#62; @&#8203;here by @&#8203;octocat ',
      );
      expect(result.outputs.markdown).toContain('<code>#1840</code>');
      // The summary itself links the PRs; only the comment must not.
      expect(result.summary).toMatch(/<a href="https:\/\/github\.com\/octo-org\/octo-repo\/pull\/1840">/);
    });

    it('a push: the commits and their PRs, quiet and within the limits', async () => {
      sim.useScenario('merged');
      sim.useGitHubScenario('long-push');
      const result = await gateRun(sim);
      expect(result.outputs['commit-sha']).toBe(sim.gitHubScenario().sha);
      expectQuiet(result);
      expect(result.outputs.markdown).toContain('<code>#1842</code>');
    });

    it('the queue over a week: the chart and the figures, quiet, with a link to the run', async () => {
      const result = await runInProcess({
        ...scheduleRun,
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: 'queue', window: '7d' },
        env: { GITHUB_RUN_ID: '4242', GITHUB_SERVER_URL: 'https://github.com' },
      });
      expectQuiet(result);
      expect(result.outputs.markdown).toContain('```mermaid\nxychart-beta');
      const slack = result.outputs['slack-text'].split('\n');
      expect(slack[0]).toMatch(/^\*✅ Queue main of octo-org\/octo-repo is healthy\*$/);
      expect(slack).toContainEqual(expect.stringMatching(/^Over the last 7 days: /));
      expect(slack).toContainEqual(expect.stringMatching(/^Merged per day: [▁▂▃▄▅▆▇█]{7}$/));
      // Reasons apart from checks: a line of each.
      expect(slack).toContainEqual(
        expect.stringMatching(/^Why trips failed: required check failed \d+(, [a-z ]+ \d+)*\.$/),
      );
      expect(slack).toContainEqual(
        expect.stringMatching(
          /^<https:\/\/github\.com\/[^|]+\|`ci\/integration`> failed \d+ trips(; \d+ of those PRs merged on a later try)?\.$/,
        ),
      );
      expect(slack.at(-1)).toMatch(
        /\|the queue in Trunk> · <https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/4242\|this run>$/,
      );
    });

    it('a check named to ping and forge a link: escaped in the summary, the comment and Slack; its unsafe link left out', async () => {
      const failed = (number: number, minutes: number, name: string, url: string) =>
        historyPr(number, [
          ['notReady', minutes + 30],
          ['pending', minutes + 25],
          ['testing', minutes + 20],
          [
            'failed',
            minutes,
            'TEST_RUN_REQUIRED_STATUS_FAILED',
            { failed: { failureCausingChecks: [{ name, url, conclusion: 'FAILURE' }], blockReasons: [] } },
          ],
        ]);
      sim.setHistory([
        failed(2001, 90, HOSTILE, 'javascript:alert(1)'),
        failed(2002, 60, HOSTILE, 'http://insecure.example/run'),
        failed(2003, 30, '<img src=x onerror=alert(1)>', 'https://ci.example/run|x>'),
      ]);
      const result = await report('v2', { window: '1d' });
      expect(result.outputs['failed-count']).toBe('3');
      // The output keeps the name as Trunk sent it (JSON, for tools), and no unsafe link.
      expect(JSON.parse(result.outputs['top-failing-checks'])).toEqual([
        { name: HOSTILE, count: 2, url: null },
        { name: '<img src=x onerror=alert(1)>', count: 1, url: null },
      ]);
      const escaped = '&#60;!channel&#62; &#60;https://evil.example|click&#62; @here';
      expect(section(result.summary)).toContain(`<li><code>${escaped}</code> failed 2 trips</li>`);
      expect(section(result.summary)).toContain(
        '<li><code>&#60;img src=x onerror=alert(1)&#62;</code> failed 1 trip</li>',
      );
      expect(result.summary).not.toMatch(/<img|<!channel|href="(?!https:)/);
      expect(result.outputs.markdown).toContain(`<code>${escaped}</code>`);
      expectQuiet(result);
      expect(result.outputs['slack-text']).toContain(
        '`&lt;!channel&gt; &lt;https://evil.example|click&gt; @\u200dhere` failed 2 trips.',
      );
    });
  });
});
