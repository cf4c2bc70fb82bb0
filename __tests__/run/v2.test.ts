// Trunk's v2 API through run(), in-process against the simulator serving both APIs: the same
// world gives the same core outputs through v1 and v2; the story's parts, in the states that call
// for them; round trips; errors that name api-key; throttling that costs the story, never the
// state; and the mixed mode, where v1 decides and v2 only tells.
import { describe, expect, it } from '@jest/globals';
import { SIM_REPO_ID } from '../../simulator/server.mjs';
import { OUTPUT_NAMES, STORY_OUTPUTS, type OutputName } from '../../src/render/outputs.js';
import { realClock } from '../../src/shared/time.js';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { until, useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('run/v2', () => {
  /** Outputs that say which API answered by their nature: the bodies as sent, and the story. */
  const API_SPECIFIC: ReadonlySet<OutputName> = new Set([
    'pr-json',
    'queue-json',
    // The report texts carry the story a key adds.
    'markdown',
    'slack-text',
    ...STORY_OUTPUTS,
  ]);

  const sim = useSimulator();

  const withKey = (inputs: Record<string, string> = {}, options: InProcessOptions = {}) =>
    runInProcess({ ...options, inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, ...inputs } });

  describe('one world, two APIs', () => {
    it.each([
      'testing',
      'not-ready',
      'not-submitted',
      'near-deadline',
      'paused',
      'small-queue',
      'draining',
      'merged',
      'failed',
      'cancelled',
      'parallel',
    ])('%s: every core output is the same through v1 and v2', async (scenario) => {
      // One moment for both, so that ages in seconds agree.
      const at = Date.now();
      sim.useScenario(scenario);
      const v1 = await runInProcess({
        inputs: { 'api-token': sim.token, 'api-url': sim.url },
        clock: new VirtualClock(at),
      });
      sim.useScenario(scenario);
      const v2 = await withKey({}, { clock: new VirtualClock(at) });
      const core = (outputs: Record<OutputName, string>) =>
        Object.fromEntries(OUTPUT_NAMES.filter((name) => !API_SPECIFIC.has(name)).map((name) => [name, outputs[name]]));
      expect(core(v2.outputs)).toEqual(core(v1.outputs));
      expect(v2.code).toBe(v1.code);
      for (const name of STORY_OUTPUTS) expect(v1.outputs[name]).toBe('');
    });

    it('pr-json is the v2 pull request as sent; queue-json holds the queue and its order as sent', async () => {
      const { outputs } = await withKey();
      const pr = JSON.parse(outputs['pr-json']) as { number: number; queueEntry: { state: string } };
      expect(pr.number).toBe(1842);
      expect(pr.queueEntry.state).toBe('testing');
      const queue = JSON.parse(outputs['queue-json']) as {
        queue: { targetBranch: string };
        order: { batches: unknown[] };
      };
      expect(Object.keys(queue)).toEqual(['queue', 'order']);
      expect(queue.queue.targetBranch).toBe('main');
      expect(Array.isArray(queue.order.batches)).toBe(true);
    });
  });

  describe('the story', () => {
    it('testing: the test run and the estimate, no exit', async () => {
      const { outputs, summary } = await withKey();
      expect(outputs['test-run-url']).toMatch(/^https:\/\//);
      expect(outputs['test-run-status']).toBe('in_progress');
      expect(outputs['estimate-status']).toBe('available');
      expect(outputs['estimated-merge-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(outputs['exit-reason']).toBe('');
      expect(outputs['trunk-url']).toMatch(/^https:\/\/app\.trunk\.io\//);
      expect(summary).toContain('Expected to merge around');
      expect(summary).toMatch(/<a href="https:\/\/[^"]+">Test run<\/a>: in progress/);
    });

    it('failed: why it left, the failing checks as links, the test run', async () => {
      sim.useScenario('failed');
      const { outputs, summary } = await withKey();
      expect(outputs['exit-reason']).toBe('test_run_required_status_failed');
      const checks = JSON.parse(outputs['failing-checks']) as Array<{
        name: string;
        url: string | null;
        conclusion: string | null;
      }>;
      expect(checks.length).toBeGreaterThan(0);
      expect(Object.keys(checks[0] ?? {})).toEqual(['name', 'url', 'conclusion']);
      expect(outputs['test-run-status']).toBe('failed');
      expect(outputs['estimate-status']).toBe('');
      expect(summary).toContain('a required check failed in its test run');
      expect(summary).toMatch(/<a href="https:\/\/[^"]+"><code>/);
    });

    it('cancelled: the reason and who asked', async () => {
      sim.useScenario('cancelled');
      const { outputs, summary } = await withKey();
      expect(outputs['exit-reason']).toBe('user_requested');
      expect(outputs['test-run-url']).toBe('');
      expect(summary).toMatch(/Left the queue by [^:]+: it was cancelled on request/);
    });

    it('not ready: the block reasons as codes, and in words', async () => {
      sim.useScenario('not-ready');
      const { outputs, summary } = await withKey();
      expect(outputs['block-reasons'].split(',')).toEqual(expect.arrayContaining(['review_required']));
      expect(outputs['block-reasons']).toMatch(/^[a-z_,]+$/);
      expect(summary).toContain('Blocked because:');
      expect(outputs['exit-reason']).toBe('');
      expect(outputs['estimate-status']).toBe('');
    });

    it('not ready, behind fail-if-not-ready: slack-text says why once, and the error line is that sentence', async () => {
      sim.useScenario('not-ready');
      const { code, error, outputs } = await withKey({ 'fail-if-not-ready': 'true' });
      expect(code).toBe(1);
      const slack = outputs['slack-text'].split('\n');
      expect(slack[0]).toMatch(/^\*❌ /);
      // The error line is fail-if-not-ready's, the sentence the message already carries: not twice.
      expect(slack.filter((line) => line.includes('is not ready:'))).toEqual([error]);
    });

    it('a queue that serves no estimates: not_enabled, and nothing about it in the summary', async () => {
      sim.useScenario('no-estimates');
      const { outputs, summary, lines } = await withKey();
      expect(outputs['estimate-status']).toBe('not_enabled');
      expect(outputs['estimated-merge-at']).toBe('');
      expect(summary).not.toContain('estimate');
      expect(lines.filter((line) => line.startsWith('::notice::'))).toEqual([]);
    });

    // The contract's v2 section: the story outputs each state reads (and that the scenario has).
    it.each<[string, string, ReadonlyArray<(typeof STORY_OUTPUTS)[number]>]>([
      ['testing', 'testing', ['test-run-url', 'test-run-status', 'estimated-merge-at', 'estimate-status', 'trunk-url']],
      ['failed', 'failed', ['exit-reason', 'failing-checks', 'test-run-url', 'test-run-status', 'trunk-url']],
      ['cancelled', 'cancelled', ['exit-reason', 'trunk-url']],
      ['not-ready', 'not_ready', ['block-reasons', 'trunk-url']],
      ['no-estimates', 'testing', ['test-run-url', 'test-run-status', 'estimate-status', 'trunk-url']],
      ['parallel', 'pending', ['estimated-merge-at', 'estimate-status', 'directly-ahead', 'trunk-url']],
      // Trunk knows the PR but it has no queue entry: its page in Trunk is still where to submit it.
      ['not-submitted', 'not_submitted', ['trunk-url']],
    ])(
      'key only, %s: v2 answers, and the story has exactly the parts its state reads',
      async (scenario, state, parts) => {
        sim.useScenario(scenario);
        const { outputs } = await withKey();
        expect(outputs.state).toBe(state);
        expect(STORY_OUTPUTS.filter((name) => outputs[name] !== '')).toEqual([...parts]);
        expect(sim.requests.every((request) => String(request.endpoint).startsWith('v2.'))).toBe(true);
      },
    );

    it('token only: v1 answers, and the story is empty', async () => {
      const result = await runInProcess({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
      expect(result.code).toBe(0);
      for (const name of STORY_OUTPUTS) expect(result.outputs[name]).toBe('');
      expect(sim.requests.every((request) => !String(request.endpoint).startsWith('v2.'))).toBe(true);
    });

    it('hostile story text: escaped, single-line, and links only for https', async () => {
      sim.useScenario('hostile-story');
      const { outputs, summary } = await withKey();
      expect(summary).not.toMatch(/<script|<img|href="javascript/i);
      for (const name of STORY_OUTPUTS) expect(outputs[name]).not.toMatch(/[\r\n]/);
      for (const href of summary.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="https:\/\//);
    });
  });

  describe('round trips', () => {
    it('three rounds at most in sequence, with the independent reads of each sent together', async () => {
      await sim.restart({ latencyMs: 60 });
      await withKey({}, { clock: realClock });
      const starts = sim.requests.map((request) => request.at).sort((a, b) => a - b);
      // Requests of one round start together; the next round only after the last answer (60 ms later).
      const rounds = starts.reduce<number[]>((found, at) => {
        const last = found.at(-1);
        if (last === undefined || at - last >= 40) found.push(at);
        return found;
      }, []);
      expect(rounds.length).toBeLessThanOrEqual(3);
    });

    it('a wait polls only GET /v2/pull-requests/{id}, then reads the order and the story once more', async () => {
      sim.useScenario('merging');
      const { outputs } = await withKey({ 'wait-for': 'merged', 'poll-interval-seconds': '1' });
      expect(outputs.state).toBe('merged');
      const routes = sim.requests.map((request) => request.endpoint);
      expect(routes.filter((route) => route === 'v2.repositories')).toHaveLength(1);
      expect(routes.filter((route) => route === 'v2.mergeQueues')).toHaveLength(1);
      expect(routes.filter((route) => route === 'v2.pullRequests')).toHaveLength(1);
      expect(routes.filter((route) => route === 'v2.pullRequest').length).toBeGreaterThanOrEqual(3);
      expect(routes.filter((route) => route === 'v2.order')).toHaveLength(2);
    });
  });

  describe('errors', () => {
    it('a refused key names api-key, the code and the request id', async () => {
      const result = await withKey({ 'api-key': 'trunk_v2_wrong_key_0000000000' });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(/API key was refused \(HTTP 401: [A-Z_]+: .*request id [\w-]+\)/);
      expect(result.error).toContain('api-key');
    });

    it.each([
      [
        403,
        'INSUFFICIENT_PERMISSIONS',
        /the API key may not read this \(HTTP 403: INSUFFICIENT_PERMISSIONS: no; request id [\w-]+\)\. Check that the api-key input/,
      ],
      [
        400,
        'VALIDATION_FAILED',
        /the request was rejected \(HTTP 400: VALIDATION_FAILED: no; request id [\w-]+\)\. Check the inputs api-url and api-key\.$/,
      ],
      [
        302,
        undefined,
        /answered with a redirect \(HTTP 302\) to https:\/\/elsewhere\.example\/; redirects are not followed/,
      ],
    ])('HTTP %i is final and says what to check', async (status, code, message) => {
      const body = code ? { error: { code, message: 'no' } } : '';
      sim.script('v2.mergeQueues', [{ status, body, headers: { location: 'https://elsewhere.example/' } }]);
      const result = await withKey();
      expect(result.code).toBe(1);
      expect(result.error).toMatch(message);
      expect(sim.count('v2.mergeQueues')).toBe(1);
    });

    it('an unknown repository names repo, repo-host, api-url and api-key', async () => {
      const result = await withKey({ repo: 'octo-org/elsewhere' });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(
        /knows no repository https:\/\/github\.com\/octo-org\/elsewhere.*repo and repo-host, api-url.*api-key/,
      );
    });

    it('no queue for the branch names target-branch, api-url and api-key', async () => {
      const result = await withKey({ 'target-branch': 'release' });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(
        /no merge queue .* branch "release"\. Check the inputs target-branch, api-url and api-key/,
      );
    });

    it('a 429 without the envelope is throttling: retried, and the state still arrives', async () => {
      sim.script('v2.pullRequests', [{ status: 429, body: '' }]);
      const result = await withKey();
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('testing');
      expect(result.log).toMatch(
        /pull-requests: HTTP 429 \(rate limited; request id [\w-]+\); the key is shared and at its limit: trying again in/,
      );
    });
  });

  describe('throttling costs the story, never the state', () => {
    it('a story read throttled twice is left out with one notice; the run passes', async () => {
      sim.script('v2.estimate', [{ status: 429, body: '', times: 2 }]);
      const result = await withKey();
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('testing');
      expect(result.outputs['estimate-status']).toBe('');
      expect(result.outputs['test-run-status']).toBe('in_progress');
      const notices = result.lines.filter((line) => line.startsWith('::notice::'));
      expect(notices).toEqual([expect.stringMatching(/leaves out its merge estimate: Trunk throttled the read/)]);
      expect(sim.count('v2.estimate')).toBe(2);
    });
  });

  describe('both credentials', () => {
    it('v1 decides and v2 tells the story', async () => {
      const result = await runInProcess({
        inputs: { 'api-token': sim.token, 'api-key': sim.apiKey, 'api-url': sim.url },
      });
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('testing');
      expect(JSON.parse(result.outputs['pr-json'])).toHaveProperty('prNumber', 1842);
      expect(result.outputs['test-run-status']).toBe('in_progress');
    });

    it('a refused key is one warning naming api-key; the story is empty and the v1 verdict stands', async () => {
      const result = await runInProcess({
        inputs: { 'api-token': sim.token, 'api-key': 'trunk_v2_wrong_key_0000000000', 'api-url': sim.url },
      });
      expect(result.code).toBe(0);
      expect(result.outputs.ready).toBe('true');
      for (const name of STORY_OUTPUTS) expect(result.outputs[name]).toBe('');
      const warnings = result.lines.filter((line) => line.startsWith('::warning::'));
      expect(warnings).toEqual([
        expect.stringMatching(/story .* left out: Trunk's v2 API failed: .*; check the api-key input for the story\./),
      ]);
    });
  });

  describe('what the review found', () => {
    it('a failure that retries cannot fix names Trunk’s code, the request id and the inputs to check', async () => {
      sim.script('v2.order', [{ status: 503, body: { error: { code: 'INTERNAL_ERROR', message: 'down' } }, times: 4 }]);
      const result = await withKey();
      expect(result.error).toMatch(
        /^Trunk API v2 \/v2\/merge-queues\/\{id\}\/order: HTTP 503: INTERNAL_ERROR: down; request id [\w-]+ \(after 4 attempts\)\. Check the inputs api-url and api-key\.$/,
      );
    });

    it('a 404 from the PR lookup is an error, not a PR that was never submitted', async () => {
      sim.script('v2.pullRequests', [{ status: 404, body: { error: { code: 'NOT_FOUND', message: 'no route' } } }]);
      const result = await withKey({ 'wait-for': 'not_submitted' });
      expect(result.code).toBe(1);
      expect(result.outputs.state).toBe('');
      expect(result.error).toMatch(/HTTP 404: NOT_FOUND: no route; request id/);
    });

    it('a key without the v2 prefix that is refused: the message says where a v1 token goes', async () => {
      const result = await withKey({ 'api-key': 'not-a-v2-key-0123456789' });
      expect(result.error).toContain('It does not start with trunk_v2_: the v1 organization token goes in api-token');
    });

    it('one throttled poll during a wait does not cost the story read at its end', async () => {
      sim.setPrStates(['testing', 'testing', 'tests_passed']);
      sim.script('v2.pullRequest', [{ status: 429, body: '' }]);
      const result = await withKey({ 'wait-for': 'tests_passed', 'poll-interval-seconds': '1' });
      expect(result.outputs.state).toBe('tests_passed');
      expect(result.outputs['test-run-status']).not.toBe('');
      expect(result.lines.filter((line) => line.startsWith('::notice::'))).toEqual([]);
      // During the wait only the PR is polled: the story is read at the first read and at the end.
      expect(sim.count('v2.verificationRuns')).toBe(2);
    });

    it('a story the closing read cannot get is left out, not kept from the state the wait began in', async () => {
      sim.setPrStates(['testing', 'testing', 'tests_passed']);
      // The first read's order answers; the closing one fails for good.
      sim.script('v2.order', [{ status: 200 }, { status: 500, body: '', times: 4 }]);
      const result = await withKey({ 'wait-for': 'tests_passed', 'poll-interval-seconds': '1' });
      expect(result.outputs.state).toBe('tests_passed');
      expect(result.outputs['test-run-status']).toBe('');
      expect(result.outputs['estimate-status']).toBe('');
      expect(result.log).toMatch(
        /Could not read the queue again at the end of the wait .* and the story is left out\./,
      );
    });

    it('both credentials: a story that fails at the end of a wait leaves the story empty, with one warning', async () => {
      sim.setPrStates(['testing', 'testing', 'tests_passed']);
      sim.script('v2.order', [{ status: 200 }, { status: 500, body: '', times: 4 }]);
      const result = await runInProcess({
        inputs: {
          'api-token': sim.token,
          'api-key': sim.apiKey,
          'api-url': sim.url,
          'wait-for': 'tests_passed',
          'poll-interval-seconds': '1',
        },
      });
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('tests_passed');
      for (const name of STORY_OUTPUTS) expect(result.outputs[name]).toBe('');
      expect(result.lines.filter((line) => line.startsWith('::warning::'))).toEqual([
        expect.stringContaining('check the api-key input for the story'),
      ]);
    });

    it('both credentials: a v2 that hangs costs the verdict at most 5 s', async () => {
      sim.script('v2.repositories', [{ hang: true }]);
      const clock = new VirtualClock();
      const running = runInProcess({
        inputs: { 'api-token': sim.token, 'api-key': sim.apiKey, 'api-url': sim.url, 'request-timeout-seconds': '60' },
        clock,
      });
      await until(() => clock.timeouts.includes(5_000), "the story's grace set");
      // 4.999 s after v1's answer the story may still come; at 5 s it is given up.
      let finished = false;
      void running.then(() => (finished = true));
      clock.advance(4_999);
      await new Promise((resolve) => setImmediate(resolve));
      expect(finished).toBe(false);
      clock.advance(1);
      const result = await running;
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('testing');
      expect(result.lines.filter((line) => line.startsWith('::warning::'))).toEqual([
        expect.stringMatching(/failed: no answer within 5 s of v1's\. The state and the verdict come from the v1 API/),
      ]);
    });

    it('both credentials: a job cancelled while the story is read is cancelled, not a v2 failure', async () => {
      sim.script('v2.repositories', [{ hang: true }]);
      let cancel: ((reason: string) => void) | undefined;
      const clock = new VirtualClock();
      const running = runInProcess({
        inputs: { 'api-token': sim.token, 'api-key': sim.apiKey, 'api-url': sim.url },
        clock,
        onCancel: (listener) => (cancel = listener),
      });
      // v1 answers at once; the story's read hangs (the virtual clock never ends its grace) until the job is cancelled.
      await until(() => clock.timeouts.includes(5_000), "v1's answer in, the story's grace set");
      cancel?.('the job was cancelled: SIGINT');
      const result = await running;
      expect(result.code).toBe(1);
      expect(result.error).toMatch(/^The step was cancelled \(the job was cancelled: SIGINT\)/);
      expect(result.outputs.state).toBe('testing');
      expect(result.lines.filter((line) => line.startsWith('::warning::'))).toEqual([]);
    });

    it('Trunk’s reason for having no estimate goes to the log and the summary, one full stop', async () => {
      sim.useScenario('paused');
      const result = await withKey();
      expect(result.outputs['estimate-status']).toBe('unavailable');
      expect(result.log).toMatch(/^Trunk has no merge estimate for PR #1842: .*[^.]\.$/m);
      expect(result.summary).toMatch(/No merge estimate: [^<]*[^.]\.<\/li>/);
    });

    it('outputs pass on only https links; check conclusions are snake_case', async () => {
      sim.useScenario('hostile-story');
      const hostile = await withKey();
      expect(hostile.outputs['trunk-url']).toBe('');
      expect(hostile.outputs['test-run-url']).toBe('');
      for (const check of JSON.parse(hostile.outputs['failing-checks']) as Array<{ url: string | null }>) {
        expect(check.url === null || check.url.startsWith('https://')).toBe(true);
      }
      sim.useScenario('failed');
      const failed = await withKey();
      const checks = JSON.parse(failed.outputs['failing-checks']) as Array<{ conclusion: string | null }>;
      expect(checks.map((check) => check.conclusion)).toEqual(
        checks.map((check) => check.conclusion?.toLowerCase() ?? null),
      );
    });

    it('block reasons Trunk sends malformed are left out with a notice naming the field; the state stands', async () => {
      sim.useScenario('not-ready');
      const lookup = `/v2/pull-requests?repositoryId=${SIM_REPO_ID}&number=1842`;
      const body = (await (
        await fetch(`${sim.url}${lookup}`, { headers: { authorization: `Bearer ${sim.apiKey}` } })
      ).json()) as {
        data: Array<{
          queueEntry: { readiness: { mergeabilityDetails: { reasons: Array<Record<string, unknown>> } } };
        }>;
      };
      delete body.data[0]?.queueEntry.readiness.mergeabilityDetails.reasons[0]?.code;
      sim.script('v2.pullRequests', [{ body }]);
      const result = await withKey();
      expect(result.code).toBe(0);
      expect(result.outputs.state).toBe('not_ready');
      expect(result.outputs['block-reasons']).toBe('');
      expect(result.lines.filter((line) => line.startsWith('::notice::'))).toEqual([
        expect.stringContaining('"queueEntry.readiness.mergeabilityDetails.reasons[0].code" is missing'),
      ]);
    });
  });
});
