// scope: queue through run(), in-process against the simulator, as a scheduled report runs: a
// schedule event with no PR, the queue read alone (no PR looked up, nothing asked of GitHub), the
// same outputs through v1 and v2, and fail-if-not-ready as the gate a deploy job holds on.
import { describe, expect, it } from '@jest/globals';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import type { OutputName } from '../../src/render/outputs.js';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import { scheduleRun } from '../helpers/events.js';
import { until, useSimulator } from '../helpers/simulator.js';

describe('run/queue', () => {
  const sim = useSimulator();

  const API = {
    v1: () => ({ 'api-token': sim.token }),
    v2: () => ({ 'api-key': sim.apiKey }),
  } as const;

  function report(api: keyof typeof API, inputs: Record<string, string> = {}, options: InProcessOptions = {}) {
    return runInProcess({
      ...scheduleRun,
      ...options,
      inputs: { ...API[api](), 'api-url': sim.url, scope: 'queue', ...inputs },
    });
  }

  describe.each(['v1', 'v2'] as const)('through %s', (api) => {
    it('a healthy queue: its health and counts, every PR output empty, only the queue read', async () => {
      // The scenario's times are set when it loads: a clock from then keeps the wait at 30 min, however
      // long after it this test runs (an hour later, it would be 1 h 30 min).
      const at = Date.parse(minutesAgo(0));
      sim.useScenario('testing');
      const result = await report(api, {}, { clock: new VirtualClock(at) });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        ready: 'true',
        'not-ready-reasons': '',
        'queue-state': 'running',
        'queue-length': '3',
        'queue-testing': '2',
        'queue-waiting': '1',
        state: '',
        pr: '',
        position: '',
        'pr-json': '',
      });
      expect(Number(result.outputs['queue-longest-wait-seconds'])).toBeGreaterThanOrEqual(1800);
      expect(result.summary).toMatch(
        /^<h2>✅ Queue main is healthy: 2 testing, 1 waiting; the longest wait is 30 min<\/h2>/,
      );
      expect(result.lines).toContain('Queue main is healthy: 2 testing, 1 waiting; the longest wait is 30 min.');
      const asked = sim.requests.map((request) => request.endpoint);
      expect(asked).toEqual(
        api === 'v1' ? ['getQueue'] : ['v2.repositories', 'v2.mergeQueues', 'v2.order', 'v2.pullRequests'],
      );
    });

    it.each([
      ['paused', 'queue_paused'],
      ['stalled', 'queue_stalled'],
      ['overdue', 'testing_overdue'],
    ])('%s, behind fail-if-not-ready: the gate holds, every output still set', async (scenario, reason) => {
      sim.useScenario(scenario);
      const result = await report(api, { 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(1);
      // The verdict said once, as the error line: the heading's sentence, the code at the end.
      expect(result.error).toMatch(new RegExp(`^Queue main (is|has) .* \\(${reason}\\)\\.$`));
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': reason });
      expect(result.summary).toMatch(/^<h2>❌ Queue main /);
    });

    it('a queue that is not there fails the step, naming the inputs to check', async () => {
      const result = await report(api, { 'target-branch': 'develop' });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(/no merge queue for octo-org\/octo-repo on branch "develop"/);
      expect(result.summary).toMatch(/^<h2>❌ Merge queue status unavailable<\/h2>\n<p>❌ Trunk API /);
    });
  });

  describe('one world, two APIs', () => {
    it.each(['testing', 'paused', 'draining', 'stalled', 'overdue', 'parallel', 'big-queue', 'merged'])(
      '%s: every output but queue-json is the same through v1 and v2',
      async (scenario) => {
        const at = Date.now();
        sim.useScenario(scenario);
        const v1 = await report('v1', {}, { clock: new VirtualClock(at) });
        sim.useScenario(scenario);
        const v2 = await report('v2', {}, { clock: new VirtualClock(at) });
        // v2 alone knows the queue's page in Trunk, and links it. In a 5,000-entry queue v2 looks up
        // the first 50 PRs' times only, and the report texts say so.
        const texts = scenario === 'big-queue' ? { markdown: '', 'slack-text': '' } : {};
        const same = (outputs: Record<OutputName, string>) => ({
          ...outputs,
          'queue-json': '',
          'slack-text': outputs['slack-text'].replace(/\n<https:[^|]+\|the queue in Trunk>$/, ''),
          ...texts,
        });
        expect(same(v2.outputs)).toEqual(same(v1.outputs));
        expect(v2.code).toBe(v1.code);
      },
    );
  });

  describe('endings', () => {
    it('a cancelled job: one line saying so, the outputs and the summary still written', async () => {
      sim.script('getQueue', [{ hang: true }]);
      let cancel: ((reason: string) => void) | undefined;
      const running = report('v1', {}, { onCancel: (listener) => (cancel = listener) });
      // Cancelled once the read is on its way and will not be answered.
      await until(() => sim.count('getQueue') >= 1, 'the queue read');
      cancel?.('the job was cancelled: SIGTERM');
      const result = await running;
      expect(result.code).toBe(1);
      expect(result.error).toBe('The step was cancelled (the job was cancelled: SIGTERM) before the queue was read.');
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'not_checked',
        'waited-seconds': '0',
      });
      expect(result.summary).toMatch(/^<h2>❌ Merge queue status unavailable<\/h2>/);
    });

    it('through v2, a lookup of the PRs in line that fails fails the step: the health needs their ages', async () => {
      sim.script('v2.pullRequests', [{ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'no' } } }]);
      const result = await report('v2');
      expect(result.code).toBe(1);
      expect(result.error).toMatch(
        /^Trunk API v2 \/v2\/pull-requests: the request was rejected \(HTTP 400: VALIDATION_FAILED/,
      );
    });
  });

  describe('what scope: queue does not do', () => {
    it('wait-for with scope queue fails before any request', async () => {
      const result = await report('v1', { 'wait-for': 'merged' });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(/^Input 'wait-for' /);
      expect(sim.requests).toEqual([]);
    });

    it('a run with no event PR and no pr input is no error: a schedule has none', async () => {
      const result = await report('v1', {}, { eventName: 'workflow_dispatch' });
      expect(result.code).toBe(0);
      expect(result.outputs.pr).toBe('');
    });
  });
});
