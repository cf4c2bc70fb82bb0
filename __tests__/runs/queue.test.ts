// scope: queue wired, called directly with the simulator and in-memory tools: which reads happen,
// that the health is judged on the run's clock with stall-minutes, and what the run returns when
// the read fails or the job is cancelled. The sentences are asserted by whole runs
// (run/queue.test.ts) and by core/queue-report.test.ts.
import { describe, expect, it } from '@jest/globals';
import { SIM_BRANCH, SIM_REPO } from '../../simulator/server.mjs';
import type { QueueInputs } from '../../src/runner/inputs.js';
import { reportOnQueue } from '../../src/runs/queue.js';
import { queueInputs, queueTools } from '../helpers/queue-run.js';
import { until, useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { plainWords } from '../../src/shared/format.js';
import type { PreviousRead, VerdictRecord } from '../../src/core/alerts.js';

describe('runs/queue', () => {
  const sim = useSimulator();

  const tools = queueTools;
  const inputs = (overrides: Partial<QueueInputs> = {}) => queueInputs(sim, overrides);

  const asked = () => sim.requests.map((request) => request.endpoint);

  describe('a queue read', () => {
    it('reads only the queue, and reports on it: no failure, its outputs set', async () => {
      const { run } = tools();
      const {
        report,
        outputs: { outputs },
      } = await reportOnQueue(inputs(), run);
      expect(asked()).toEqual(['getQueue']);
      expect(report.failures).toEqual([]);
      expect(plainWords(report.statusLine ?? '')).toMatch(/^Queue main is healthy/);
      expect(outputs).toMatchObject({ ready: 'true', 'queue-state': 'running', 'waited-seconds': '0' });
    });

    it.each([
      [30, 0, ['queue_stalled']],
      [60, 0, []],
      [60, 15 * 60_000, ['queue_stalled']],
    ])('stall-minutes %d, %d ms on: judged on the run clock', async (stallMinutes, later, reasons) => {
      sim.useScenario('stalled');
      const { run } = tools(new VirtualClock(Date.now() + later));
      const { outputs } = (await reportOnQueue(inputs({ stallMinutes }), run)).outputs;
      expect(outputs['not-ready-reasons']).toBe(reasons.join(','));
    });

    it('fail-if-not-ready turns an unhealthy queue into a failure, and only then', async () => {
      sim.useScenario('paused');
      expect((await reportOnQueue(inputs(), tools().run)).report.failures).toEqual([]);
      const { report } = await reportOnQueue(inputs({ failIfNotReady: true }), tools().run);
      expect(report.failures).toEqual([expect.stringMatching(/queue_paused/)]);
    });

    it('the summary is rendered when asked, with the failure the step ends on', async () => {
      const { summary } = await reportOnQueue(inputs(), tools().run);
      expect(summary('https://github.com', 'Writing the outputs failed.')).toContain('Writing the outputs failed.');
      expect(summary('https://github.com', undefined)).not.toContain('Writing the outputs failed.');
    });
  });

  describe('a read that fails: a report, not a throw', () => {
    it("an API error: its line is the one failure, outputs empty, and no stack in the log (it's expected)", async () => {
      const { lines, run } = tools();
      const {
        report,
        outputs: { outputs },
      } = await reportOnQueue(inputs({ targetBranch: 'develop' }), run);
      expect(asked()).toEqual(['getQueue']);
      expect(report.failures).toEqual([expect.stringMatching(/^Trunk API getQueue: /)]);
      expect(report.statusLine).toBeUndefined();
      expect(outputs).toMatchObject({ ready: '', 'queue-state': '', 'queue-json': '' });
      expect(lines.filter((line) => line.startsWith('debug: '))).toEqual([]);
    });

    it("a cancelled job: the cancel's reason, not the request's error", async () => {
      sim.script('getQueue', [{ hang: true }]);
      const cancel = new AbortController();
      const { run } = tools(new VirtualClock(), cancel.signal);
      const running = reportOnQueue(inputs(), run);
      await until(() => sim.count('getQueue') === 1, 'the read on its way');
      cancel.abort('SIGTERM');
      const { report } = await running;
      expect(report.failures).toEqual([expect.stringMatching(/^The step was cancelled \(SIGTERM\) /)]);
    });
  });

  describe('a window read cut short after the queue was read: no verdict', () => {
    it('cancelled mid-history, with a limit the week would break: no ready, no record, and the line says the history', async () => {
      sim.useScenario('week');
      sim.script('v2.testingResults', [{ hang: true, times: Infinity }]);
      const cancel = new AbortController();
      const { run } = tools(new VirtualClock(Date.now()), cancel.signal);
      const running = reportOnQueue(
        inputs({ apiToken: '', apiKey: sim.apiKey, window: { label: '7d', ms: 7 * 86_400_000 }, maxFailureRate: 0 }),
        run,
      );
      await until(() => sim.count('v2.testingResults') > 0, 'the history read on its way');
      cancel.abort('SIGTERM');
      const { report, outputs } = await running;
      expect(report.failures).toEqual(["The step was cancelled (SIGTERM) before the queue's history was read."]);
      expect(report.record).toBeUndefined();
      expect(outputs.outputs).toMatchObject({ ready: '', 'not-ready-reasons': '' });
    });
  });

  describe('against the previous run: the reader of its verdict plugged in', () => {
    const key = { repo: `${SIM_REPO.owner}/${SIM_REPO.name}`, branch: SIM_BRANCH, job: 'alert' };
    // The hour before's record: paused since 2 h 10 min before `now`, taken in each test with the
    // run's clock, not when the file loads (npm test's suite loads it long before it runs).
    const pausedBefore = (now: number): VerdictRecord => ({
      ...key,
      ready: false,
      reasons: ['queue_paused'],
      unhealthySinceMs: now - 7_800_000,
    });
    const reader = (answer: PreviousRead | Error) => {
      const asked: Array<typeof key> = [];
      const read = async (queue: typeof key): Promise<PreviousRead> => {
        asked.push(queue);
        if (answer instanceof Error) throw answer;
        return answer;
      };
      return { asked, read };
    };

    it('none given: unknown, so changed; the verdict is left for the next run', async () => {
      sim.useScenario('paused');
      const { report, outputs } = await reportOnQueue(inputs(), tools().run);
      expect(outputs.outputs).toMatchObject({ 'previous-ready': '', changed: 'true' });
      expect(outputs.outputs['unhealthy-since']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(report.record?.message).toMatch(
        / job= repo=octo-org\/octo-repo target-branch=main ready=false not-ready-reasons=queue_paused unhealthy-since=\S+Z$/,
      );
    });

    it('still paused: asked about this queue, not changed, the spell from when it began', async () => {
      sim.useScenario('paused');
      const paused = pausedBefore(Date.now());
      const { asked, read } = reader({ kind: 'read', thisRunId: 9, runs: [{ runId: 8, record: paused }] });
      const { outputs } = await reportOnQueue(inputs({ job: 'alert' }), { ...tools().run, previousVerdicts: read });
      expect(asked).toEqual([key]);
      expect(outputs.outputs).toMatchObject({
        'previous-ready': 'false',
        changed: 'false',
        'unhealthy-since': new Date(Math.floor((paused.unhealthySinceMs ?? 0) / 1000) * 1000)
          .toISOString()
          .replace('.000Z', 'Z'),
      });
    });

    it('recovered: the heading, the log and Slack say so', async () => {
      const now = Date.now();
      const { read } = reader({ kind: 'read', thisRunId: 9, runs: [{ runId: 8, record: pausedBefore(now) }] });
      const run = await reportOnQueue(inputs(), { ...tools(new VirtualClock(now)).run, previousVerdicts: read });
      expect(run.outputs.outputs).toMatchObject({
        ready: 'true',
        'previous-ready': 'false',
        changed: 'true',
        'unhealthy-since': '',
      });
      expect(plainWords(run.report.statusLine ?? '')).toMatch(
        /^Queue main of octo-org\/octo-repo is healthy again, after 2 h 10 min paused: /,
      );
      expect(run.summary('https://github.com', undefined)).toMatch(
        /^<h2>✅ Queue main of octo-org\/octo-repo is healthy again, after 2 h 10 min paused: /,
      );
      expect(run.slack({ redact: (text) => text, serverUrl: 'https://github.com', repo: key.repo })).toMatch(
        /^\*✅ Queue main of octo-org\/octo-repo is healthy again, after 2 h 10 min paused\*\n/,
      );
    });

    it('the read failed: unknown, changed, and one warning that says so', async () => {
      sim.useScenario('paused');
      const { read } = reader(new Error('socket hang up'));
      const { report, outputs } = await reportOnQueue(inputs(), { ...tools().run, previousVerdicts: read });
      expect(outputs.outputs).toMatchObject({ 'previous-ready': '', changed: 'true' });
      expect(report.warnings.map(plainWords)).toContain(
        "The previous run's verdict could not be read (Unexpected error: socket hang up), so changed is true and previous-ready is empty.",
      );
    });

    it('the queue could not be read: no verdict to leave, changed, and what the previous run knew', async () => {
      const { read } = reader({ kind: 'read', thisRunId: 9, runs: [{ runId: 8, record: pausedBefore(Date.now()) }] });
      const { report, outputs } = await reportOnQueue(inputs({ targetBranch: 'develop' }), {
        ...tools().run,
        previousVerdicts: read,
      });
      expect(report.record).toBeUndefined();
      expect(outputs.outputs).toMatchObject({ 'previous-ready': 'false', changed: 'true' });
    });
  });
});
