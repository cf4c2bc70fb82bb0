// The whole action in-process: run() with its real modules against the simulator over HTTP,
// the runner's side kept in memory and a virtual clock where waits and back-offs would sleep.
// This is the layer of wiring: which PR is asked about, which inputs fail, how each API answer
// ends the step, and what the wait does. The verdict's rules are in verdict.test.ts.
import { describe, expect, it, jest } from '@jest/globals';
import { pullRequestEvent } from '../../simulator/runner.mjs';
import { entry, prBody, queueBody, SIM_SHA } from '../../simulator/scenarios.mjs';
import { startSimulator, type Simulator, type Step } from '../../simulator/server.mjs';
import { realClock } from '../../src/shared/time.js';
import { OUTPUT_NAMES } from '../../src/render/outputs.js';
import { runInProcess, type InProcessOptions, type InProcessResult } from '../helpers/in-process.js';
import { expectFailure, until, useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('run/v1', () => {
  const sim = useSimulator();

  function run(inputs: Record<string, string> = {}, options: InProcessOptions = {}): Promise<InProcessResult> {
    return runInProcess({ ...options, inputs: { 'api-token': sim.token, 'api-url': sim.url, ...inputs } });
  }

  const warnings = (result: InProcessResult) => result.lines.filter((line) => line.startsWith('::warning::'));
  const bodies = () => sim.requests.map((request) => request.body as { targetBranch: string; pr?: { number: number } });

  describe('a pull_request run', () => {
    it('sets every output, logs the status and writes the summary', async () => {
      const result = await run();
      expect(result.code).toBe(0);
      expect(Object.keys(result.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
      expect(result.outputs).toMatchObject({
        state: 'testing',
        pr: '1842',
        'merge-queue-run': 'false',
        submitted: 'true',
        ready: 'true',
        'not-ready-reasons': '',
        position: '2',
        'prs-ahead': '1840',
        'ahead-testing': '1',
        'ahead-pending': '0',
        'queue-length': '3',
        'pr-sha': SIM_SHA,
        stale: 'false',
        'waited-seconds': '0',
        'timed-out': 'false',
      });
      expect(result.log).toContain(
        'PR #1842 is being tested (testing), ready, 2nd of 3 in line; the main queue is running.',
      );
      expect(result.summary).toMatch(/^<h2>✅ Ready: /);
      expect(result.secrets).toEqual([sim.token]);
      expect([sim.count('getSubmittedPullRequest'), sim.count('getQueue')]).toEqual([1, 1]);
    });

    it('summary: false writes no summary, even when another input is bad', async () => {
      expect((await run({ summary: 'false' })).summary).toBe('');
      expect((await run({ summary: 'FALSE', pr: 'abc' })).summary).toBe('');
    });
  });

  describe('which PR', () => {
    it("the event's own PR: its base branch and head SHA", async () => {
      const event = pullRequestEvent({ baseRef: 'main', headSha: 'f'.repeat(40) });
      const result = await run({}, { event });
      expect(bodies()[0]).toMatchObject({ targetBranch: 'main', pr: { number: 1842 } });
      expect(result.outputs).toMatchObject({ pr: '1842', stale: 'true' });
    });

    it('an explicit pr that is the event PR uses the event facts too', async () => {
      const result = await run({ pr: '1842' }, { event: pullRequestEvent({ headSha: SIM_SHA }) });
      expect(result.outputs.stale).toBe('false');
    });

    it("an explicit pr that differs from the event's: neither its base branch nor its head SHA", async () => {
      const event = pullRequestEvent({ number: 5, baseRef: 'release/1.x', headSha: 'f'.repeat(40) });
      const result = await run({ pr: '1842' }, { event });
      expect(bodies()[0]).toMatchObject({ targetBranch: 'main', pr: { number: 1842 } });
      expect(result.outputs).toMatchObject({ pr: '1842', stale: '', 'merge-queue-run': 'false' });
    });

    it("a merge-queue test run on Trunk's draft PR: the PR under test, the draft's base branch", async () => {
      const event = {
        pull_request: {
          number: 9001,
          title: 'trunk-merge/pr-1842/3f0c1b9e-5d7a-4c1e-9a52-0b8f2c6d7e11',
          base: { ref: 'main' },
          head: {
            ref: 'trunk-merge/pr-1842/3f0c1b9e-5d7a-4c1e-9a52-0b8f2c6d7e11',
            sha: 'e'.repeat(40),
            repo: { full_name: 'octo-org/octo-repo' },
          },
        },
        repository: { default_branch: 'develop', full_name: 'octo-org/octo-repo' },
      };
      const result = await run({}, { event });
      expect(result.code).toBe(0);
      expect(bodies()[0]).toMatchObject({ targetBranch: 'main', pr: { number: 1842 } });
      expect(result.outputs).toMatchObject({ pr: '1842', 'merge-queue-run': 'true', stale: '', state: 'testing' });
      expect(result.summary).toContain('test runs');
    });

    it('a merge-queue test run by a push to the test branch: the PR under test, the default branch', async () => {
      const result = await run(
        {},
        {
          eventName: 'push',
          event: { ref: 'refs/heads/trunk-merge/pr-1842/abc', repository: { default_branch: 'main' } },
          env: { GITHUB_REF: 'refs/heads/trunk-merge/pr-1842/abc' },
        },
      );
      expect(result.code).toBe(0);
      expect(bodies()[0]).toMatchObject({ targetBranch: 'main', pr: { number: 1842 } });
      expect(result.outputs).toMatchObject({ pr: '1842', 'merge-queue-run': 'true', stale: '' });
      expect(result.log).toContain("This run is one of the merge queue's test runs, for PR #1842");
    });

    it('issue_comment on a PR: the issue number and the default branch; stale unknown', async () => {
      const event = { issue: { number: 1842, pull_request: { url: 'x' } }, repository: { default_branch: 'main' } };
      const result = await run({}, { eventName: 'issue_comment', event });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ pr: '1842', state: 'testing', stale: '' });
    });

    it('another PR than the one Trunk knows is not submitted, as Trunk would answer', async () => {
      const result = await run({ pr: '5' });
      expect(bodies()[0]?.pr).toEqual({ number: 5 });
      expect(result.outputs).toMatchObject({ pr: '5', state: 'not_submitted' });
    });

    it('issue_comment on a plain issue: a clear error naming pr', async () => {
      const event = { issue: { number: 5 }, repository: { default_branch: 'main' } };
      const result = await run({}, { eventName: 'issue_comment', event });
      // The words are readInputs' (runner/inputs.test.ts): here, that it fails before any request.
      expect(result.error).toMatch(/^Input 'pr' is empty/);
      expect(sim.requests).toHaveLength(0);
      expect(result.outputs).toMatchObject({ pr: '', 'merge-queue-run': 'false', state: '' });
    });

    it('a push with a pr input and no default branch in the event: main', async () => {
      const result = await run({ pr: '1842' }, { eventName: 'push', event: { ref: 'refs/heads/x' } });
      expect(result.code).toBe(0);
      expect(bodies()[0]?.targetBranch).toBe('main');
    });

    // The messages themselves are asserted in event.test.ts and which-pr.test.ts.
    describe('an event file that cannot be used', () => {
      const notJson = { event: '{"pull_request": ', eventName: 'pull_request' };

      it('is a warning naming GITHUB_EVENT_PATH when the inputs need nothing from it', async () => {
        const result = await run({ pr: '1842', 'target-branch': 'main' }, notJson);
        expect(result.code).toBe(0);
        expect(warnings(result)).toEqual([expect.stringMatching(/^::warning::The event file GITHUB_EVENT_PATH /)]);
      });

      it('fails naming GITHUB_EVENT_PATH, not "no pull request", when pr needed it', async () => {
        const result = await run({}, notJson);
        expectFailure(result, /^The event file GITHUB_EVENT_PATH .*set the pr input\.$/);
        expect(sim.requests).toHaveLength(0);
      });

      it('fails naming GITHUB_EVENT_PATH when target-branch needed it', async () => {
        const result = await run({ pr: '1842' }, notJson);
        expectFailure(result, /^The event file GITHUB_EVENT_PATH .*set the target-branch input\.$/);
      });

      it("a missing file is the action's one warning, not a line of Context's own", async () => {
        const written: string[] = [];
        const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
          written.push(String(chunk));
          return true;
        });
        try {
          const result = await run({ pr: '1842' }, { env: { GITHUB_EVENT_PATH: '/nonexistent/event.json' } });
          expectFailure(result, /^The event file GITHUB_EVENT_PATH \(\/nonexistent\/event\.json\) does not exist/);
          expect(warnings(result)).toHaveLength(1);
        } finally {
          write.mockRestore();
        }
        expect(written.filter((line) => line.includes('does not exist'))).toEqual([]);
      });
    });
  });

  // The message for each bad value is asserted in inputs.test.ts; here, that the run stops there.
  describe('bad inputs fail before any request, naming the input', () => {
    it.each([
      ['api-token', { 'api-token': 'trunk_v2_x' }],
      ['pr', { pr: 'abc' }],
      ['pr', { pr: '0' }],
      ['pr', { pr: '-1' }],
      ['pr', { pr: '1.5' }],
      ['repo', { repo: 'octo-org' }],
      ['wait-timeout-seconds', { 'wait-timeout-seconds': 'an hour' }],
      ['request-timeout-seconds', { 'request-timeout-seconds': 'x' }],
      ['poll-interval-seconds', { 'poll-interval-seconds': '0' }],
      ['retries', { retries: '-1' }],
      ['wait-for', { 'wait-for': 'merged,shipped' }],
      ['api-url', { 'api-url': 'http://api.trunk.io' }],
      ['fail-if-not-ready', { 'fail-if-not-ready': 'yes' }],
      ['summary', { summary: 'no' }],
    ])('%s: %j', async (input, inputs) => {
      const result = await run(inputs);
      expectFailure(result, new RegExp(`^Input '${input}' `));
      expect(result.summary).toMatch(
        new RegExp(`^<h2>❌ Merge queue status unavailable</h2>\n<p>❌ Input &#39;${input}&#39; `),
      );
      expect(sim.requests).toHaveLength(0);
      expect(result.outputs).toMatchObject({ state: '', 'waited-seconds': '0', 'timed-out': 'false' });
    });
  });

  describe('the verdict as a gate', () => {
    it('fail-if-not-ready fails a PR that is not ready, with the reasons, and still sets every output', async () => {
      sim.useScenario('not-ready');
      const result = await run({ 'fail-if-not-ready': 'true' });
      expectFailure(
        result,
        'PR #1842 is not ready: GitHub is still computing whether it can merge, and its impacted targets have not been uploaded (not_ready, mergeability_in_progress, impacted_targets_missing).',
      );
      expect(result.outputs).toMatchObject({ state: 'not_ready', ready: 'false', position: '' });
      expect(result.summary).toMatch(/^<h2>❌ Not ready: /);
    });

    it('fail-if-not-ready passes a merged PR, whose summary is headed Merged', async () => {
      sim.useScenario('merged');
      const result = await run({ 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        state: 'merged',
        ready: 'true',
        submitted: 'false',
        'not-ready-reasons': '',
      });
      expect(result.summary).toMatch(/^<h2>✅ Merged: /);
      expect(result.summary).not.toMatch(/not ready/i);
    });

    it('wait-for merged with fail-if-not-ready passes when the PR merges', async () => {
      sim.useScenario('merging');
      const result = await run({ 'wait-for': 'merged', 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'merged', ready: 'true', 'timed-out': 'false' });
    });

    it('a failed PR is not ready for its own reason, not as not_submitted', async () => {
      sim.script('getSubmittedPullRequest', [
        { body: prBody({ state: 'failed', isCurrentlySubmittedToQueue: false }) },
      ]);
      const result = await run({ 'fail-if-not-ready': 'true' });
      expectFailure(result, /^PR #1842 left the queue: the queue failed it \(state_failed\)\.$/);
      expect(result.outputs['not-ready-reasons']).toBe('state_failed');
    });
  });

  // The contract's verdict table through the whole run: every state, with and without a readiness
  // object, with and without fail-if-not-ready, and after a wait. The rule itself is unit-tested in
  // verdict.test.ts; this proves run() carries it to the outputs, the exit code and the summary.
  describe('the verdict table, through the whole run', () => {
    const good = {
      hasImpactedTargets: true,
      requiresImpactedTargets: true,
      doesBaseBranchMatch: true,
      gitHubMergeability: 'mergeable',
    };
    // [state (undefined: none sent), ready with readiness, reasons with readiness, ready without, reasons without]
    const table: Array<[string | undefined, boolean, string, boolean, string]> = [
      ['merged', true, '', true, ''],
      ['failed', false, 'state_failed', false, 'state_failed'],
      ['cancelled', false, 'state_cancelled', false, 'state_cancelled'],
      ['pending_failure', false, 'state_pending_failure', false, 'state_pending_failure'],
      ['pending', true, '', true, ''],
      ['testing', true, '', true, ''],
      ['tests_passed', true, '', true, ''],
      ['not_ready', true, '', false, 'readiness_unknown'],
      [undefined, true, '', false, 'readiness_unknown'],
      ['awaiting_review', true, '', false, 'readiness_unknown'],
    ];
    const terminal = ['merged', 'failed', 'cancelled'];
    const answer = (state: string | undefined, readiness: boolean): Step => ({
      body: prBody({
        state,
        readiness: readiness ? good : undefined,
        isCurrentlySubmittedToQueue: !terminal.includes(state ?? ''),
      }),
      times: Infinity,
    });

    interface Case {
      steps: Step[];
      inputs: Record<string, string>;
      state: string;
      ready: boolean;
      reasons: string;
    }
    const cases: Array<[string, Case]> = [];
    for (const [state, readyWith, reasonsWith, readyWithout, reasonsWithout] of table) {
      for (const readiness of [true, false]) {
        for (const fail of ['true', 'false']) {
          cases.push([
            `${state ?? '(no state)'}, ${readiness ? 'with' : 'without'} readiness, fail-if-not-ready ${fail}`,
            {
              steps: [answer(state, readiness)],
              inputs: { 'fail-if-not-ready': fail },
              state: state ?? '',
              ready: readiness ? readyWith : readyWithout,
              reasons: readiness ? reasonsWith : reasonsWithout,
            },
          ]);
        }
      }
      // wait-for takes only the states this version knows.
      if (state && state !== 'awaiting_review') {
        cases.push([
          `${state} after a wait, with fail-if-not-ready`,
          {
            steps: [{ body: prBody({ state: 'pending' }) }, answer(state, false)],
            inputs: { 'fail-if-not-ready': 'true', 'wait-for': state, 'poll-interval-seconds': '1' },
            state,
            ready: readyWithout,
            reasons: reasonsWithout,
          },
        ]);
      }
    }
    const notSubmitted: Step = { status: 404, body: 'Pull request not found', times: Infinity };
    for (const fail of ['true', 'false']) {
      cases.push([
        `not_submitted (404), fail-if-not-ready ${fail}`,
        {
          steps: [notSubmitted],
          inputs: { 'fail-if-not-ready': fail },
          state: 'not_submitted',
          ready: false,
          reasons: 'not_submitted',
        },
      ]);
    }
    cases.push([
      'not_submitted after a wait, with fail-if-not-ready',
      {
        steps: [{ body: prBody({ state: 'pending' }) }, notSubmitted],
        inputs: { 'fail-if-not-ready': 'true', 'wait-for': 'not_submitted', 'poll-interval-seconds': '1' },
        state: 'not_submitted',
        ready: false,
        reasons: 'not_submitted',
      },
    ]);

    it.each(cases)('%s', async (_, c) => {
      sim.script('getSubmittedPullRequest', c.steps);
      const result = await run(c.inputs);
      expect({
        code: result.code,
        state: result.outputs.state,
        ready: result.outputs.ready,
        reasons: result.outputs['not-ready-reasons'],
      }).toEqual({
        code: c.inputs['fail-if-not-ready'] === 'true' && !c.ready ? 1 : 0,
        state: c.state,
        ready: String(c.ready),
        reasons: c.reasons,
      });
      const heading = /^<h2>(.*?)<\/h2>/.exec(result.summary)?.[1] ?? '';
      expect(/not ready/i.test(heading)).toBe(!c.ready);
    });
  });

  describe('answers and errors of the API', () => {
    it('not submitted (404): an answer, not an error', async () => {
      sim.useScenario('not-submitted');
      const result = await run();
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        state: 'not_submitted',
        submitted: 'false',
        ready: 'false',
        'not-ready-reasons': 'not_submitted',
        'pr-json': '',
        'state-changed-at': '',
        'queue-length': '2',
      });
    });

    const html = '<!DOCTYPE html><html><body>403 Forbidden</body></html>';
    const { mode: _mode, ...missingMode } = { ...queueBody(), enqueuedPullRequests: [] };
    // [fault, steps for getQueue, the one error (null: success), getQueue requests], with retries 1.
    const faults: Array<[string, Parameters<Simulator['script']>[1], RegExp | null, number]> = [
      [
        '401',
        [{ status: 401, body: 'Unauthorized' }],
        /^Trunk API getQueue: the token was refused \(HTTP 401: Unauthorized\)\. Check that the api-token input holds a valid Trunk organization API token\.$/,
        1,
      ],
      [
        '403 with an HTML page',
        [{ status: 403, body: html }],
        /^Trunk API getQueue: the token was refused \(HTTP 403: an HTML page\)/,
        1,
      ],
      [
        '404 on getQueue',
        [{ status: 404, body: 'Not Found' }],
        /^Trunk API getQueue: there is no merge queue for octo-org\/octo-repo on branch "main" at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404: Not Found\)\. Check the inputs repo, repo-host, target-branch and api-url\.$/,
        1,
      ],
      [
        '400',
        [{ status: 400, body: 'targetBranch is required' }],
        /^Trunk API getQueue: the request was rejected \(HTTP 400: targetBranch is required\)$/,
        1,
      ],
      [
        'a redirect',
        [{ status: 307, headers: { location: 'https://elsewhere.example/v1/getQueue' } }],
        /^Trunk API getQueue: answered with a redirect \(HTTP 307\) to https:\/\/elsewhere\.example\/v1\/getQueue; redirects are not followed/,
        1,
      ],
      ['429 with Retry-After, then success', [{ status: 429, headers: { 'retry-after': '7' } }], null, 2],
      ['500, then success', [{ status: 500, body: 'oops' }], null, 2],
      ['502, then success', [{ status: 502 }], null, 2],
      ['503, then success', [{ status: 503 }], null, 2],
      ['504, then success', [{ status: 504 }], null, 2],
      ['a reset, then success', [{ reset: true }], null, 2],
      [
        '429 persistent',
        [{ status: 429, times: Infinity }],
        /^Trunk API getQueue: HTTP 429 \(rate limited\) \(after 2 attempts\)$/,
        2,
      ],
      [
        '500 persistent',
        [{ status: 500, body: 'oops', times: Infinity }],
        /^Trunk API getQueue: HTTP 500: oops \(after 2 attempts\)$/,
        2,
      ],
      [
        'a hang past the request timeout',
        [{ hang: true, times: Infinity }],
        /^Trunk API getQueue: no answer from 127\.0\.0\.1:\d+ within 0\.2 s \(after 2 attempts\): Trunk was slow, or unreachable; re-run, and check request-timeout-seconds and api-url$/,
        2,
      ],
      [
        'a body cut off mid-JSON',
        [{ truncate: true, times: Infinity }],
        /^Trunk API getQueue: the connection closed before the whole answer arrived \(after 2 attempts\)$/,
        2,
      ],
      [
        'an HTML 200',
        [{ status: 200, body: '<html><body>hi</body></html>' }],
        /^Trunk API getQueue: answered HTTP 200 with a body that is not JSON: an HTML page$/,
        1,
      ],
      [
        'a missing field the action reads',
        [{ status: 200, body: missingMode }],
        /^Trunk API getQueue: the answer does not fit the API: required field "mode" is missing$/,
        1,
      ],
      [
        'a field the action reads, of the wrong type',
        [{ status: 200, body: { ...queueBody({ testingTimeoutMinutes: 'soon' }), enqueuedPullRequests: [] } }],
        /^Trunk API getQueue: the answer does not fit the API: field "testingTimeoutMinutes" should be number but is string "soon"$/,
        1,
      ],
      [
        'a 50 MB body',
        [{ bytes: 50 * 1024 * 1024 }],
        /^Trunk API getQueue: the answer is larger than 16 MiB, more than any real queue needs; refused$/,
        1,
      ],
    ];

    it.each(faults)('%s', async (name, steps, message, requests) => {
      sim.script('getQueue', steps);
      // Only a hang needs a short real timeout; under load, 0.2 s would cut a 50 MB body short too.
      const timeout = name.startsWith('a hang') ? '0.2' : '10';
      const result = await run({ retries: '1', 'request-timeout-seconds': timeout });
      if (message) {
        expectFailure(result, message);
        expect(result.outputs.state).toBe('');
        expect(result.summary).toMatch(/^<h2>❌ Merge queue status unavailable<\/h2>/);
      } else {
        expect(result.code).toBe(0);
        expect(result.outputs.state).toBe('testing');
        expect(result.log).toMatch(/getQueue: .*; retry 1 of 1 in (\d+ s|0\.\d+ s)/);
      }
      expect(sim.count('getQueue')).toBe(requests);
    });

    it('a connection refused names the host and port, and api-url', async () => {
      const url = sim.url;
      await sim.close();
      const result = await runInProcess({ inputs: { 'api-token': 'not-a-real-token', 'api-url': url, retries: '0' } });
      expectFailure(
        result,
        new RegExp(
          `^Trunk API (getSubmittedPullRequest|getQueue): connection to ${url.slice(7).replace(/\./g, '\\.')} failed \\(ECONNREFUSED\\); nothing accepts connections there: check api-url$`,
        ),
      );
      await sim.restart();
    });

    it('an answer that ends the run aborts the other request at once, not after its retries', async () => {
      // getQueue is throttled for 5 s first; the refused token ends the run while it waits.
      sim.script('getQueue', [{ status: 503, headers: { 'retry-after': '5' }, times: Infinity }]);
      sim.script('getSubmittedPullRequest', [{ status: 401, body: 'Unauthorized', delayMs: 50 }]);
      const result = await run({}, { clock: realClock });
      expectFailure(result, /^Trunk API getSubmittedPullRequest: the token was refused/);
      expect(result.log).toContain('getQueue: HTTP 503; retry 1 of 3 in 5 s');
      expect(sim.count('getQueue')).toBe(1);
    });

    it('a body without fields the action does not read is fine', async () => {
      const { forceEnqueued: _f, skipTheLine: _s, id: _i, prNumber: _p, ...pr } = prBody();
      const { commentsEnabled: _c, bisectionConcurrency: _b, ...queue } = queueBody();
      sim.script('getSubmittedPullRequest', [{ body: pr }]);
      sim.script('getQueue', [
        { body: { ...queue, enqueuedPullRequests: [entry(1842, 'testing', { noBatch: undefined })] } },
      ]);
      const result = await run();
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'testing', position: '1' });
    });

    it('API strings become single-line outputs; the JSON outputs keep the bodies exactly', async () => {
      const { state: _state, ...rest } = prBody();
      // Trunk's order of fields, an unknown one first, and an UPPERCASE state with a line break.
      const body = { zeta: 1, state: 'TESTING\nghadelimiter_x', ...rest, priorityName: ' high\r\n' };
      sim.script('getSubmittedPullRequest', [{ body }]);
      const result = await run();
      expect(result.outputs).toMatchObject({ state: 'testing ghadelimiter_x', 'priority-name': 'high' });
      expect(result.outputs['pr-json']).toBe(JSON.stringify(body));
    });

    it('API text cannot start a workflow command in the log', async () => {
      sim.script('getQueue', [{ status: 500, body: '##[stop-commands]x' }]);
      sim.script('getSubmittedPullRequest', [{ body: prBody({ state: 'testing ##[error]fake' }) }]);
      const result = await run({ retries: '1' });
      expect(result.log).toContain('getQueue: HTTP 500: ## [stop-commands]x; retry 1 of 1');
      expect(result.lines.filter((line) => line.includes('##['))).toEqual([]);
    });

    it('API text in every field of the summary stays escaped', async () => {
      sim.useScenario('hostile');
      const { summary } = await run();
      expect(summary).not.toMatch(/<script|<img|<\/table><h1>|\n\n/);
      expect(summary).toContain('&#60;script&#62;');
    });

    it('several failures in one run are all in the one error line', async () => {
      const result = await run(
        { 'api-token': 'wrong-token' },
        { failOutputs: 'Missing file at path: /nonexistent/output' },
      );
      expectFailure(
        result,
        /^Trunk API (getSubmittedPullRequest|getQueue): the token was refused .* Also: The step's outputs could not be written: Missing file at path: \/nonexistent\/output$/,
      );
    });
  });

  describe('the queue state', () => {
    it('a paused queue gives one warning saying what it means for the PR', async () => {
      sim.useScenario('paused');
      const result = await run();
      expect(result.code).toBe(0);
      expect(warnings(result)).toEqual([
        '::warning::The merge queue is paused: nothing merges and no new test run starts until it resumes, though test runs already going may finish, so PR #1842 will not merge until then.',
      ]);
      expect(result.outputs['queue-state']).toBe('paused');
    });

    it('a draining queue: the PRs in it keep going', async () => {
      sim.useScenario('draining');
      const result = await run();
      expect(warnings(result)).toEqual([
        expect.stringMatching(
          /^::warning::The merge queue is draining: the PRs already in it are still tested and merged, .*; PR #1842 goes on only if it was in the queue before the drain began\./,
        ),
      ]);
    });

    it('a running queue gives no warning', async () => {
      expect(warnings(await run())).toEqual([]);
    });
  });

  describe('wait-for', () => {
    it('waits until merged: polls only the PR, reads the queue at the start and the end', async () => {
      sim.useScenario('merging');
      const result = await run({ 'wait-for': 'merged' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'merged', 'timed-out': 'false', position: '' });
      expect(Number(result.outputs['waited-seconds'])).toBeGreaterThanOrEqual(45);
      expect(result.summary).toMatch(/reached merged after \d+ s \(waiting for merged, 4 polls\)/);
      expect([sim.count('getSubmittedPullRequest'), sim.count('getQueue')]).toEqual([4, 2]);
      expect(result.lines.filter((line) => !line.startsWith('::'))).toEqual([
        'Waiting up to 1 h for PR #1842 to reach merged; it is being tested (testing), ready.',
        expect.stringMatching(
          /^PR #1842 is through its tests and waiting to merge \(tests_passed\), ready; \d+ s waited, 3 polls\.$/,
        ),
        // Reaching it is the wait's last line; the PR's state is the account's, said once.
        expect.stringMatching(/^Reached merged after \d+ s, 4 polls\.$/),
        'PR #1842 is merged, ready, not listed in the queue (1 entry); the main queue is running.',
      ]);
    });

    it('times out at its deadline, with every output still set', async () => {
      const result = await run({ 'wait-for': 'merged', 'wait-timeout-seconds': '900' });
      expectFailure(
        result,
        'Timed out after 15 min waiting for PR #1842 to reach merged; it is being tested (testing), ready.',
      );
      expect(result.outputs).toMatchObject({
        state: 'testing',
        position: '2',
        'timed-out': 'true',
        'waited-seconds': '900',
      });
      // One poll at the start and about one per 15 s interval after it: no busy loop.
      expect(sim.count('getSubmittedPullRequest')).toBeGreaterThan(50);
      expect(sim.count('getSubmittedPullRequest')).toBeLessThanOrEqual(1 + 900 / 15);
      expect(sim.count('getQueue')).toBe(2);
      expect(result.lines.filter((line) => line.startsWith('Still waiting for merged'))).toHaveLength(14);
    });

    it('a PR already in a final state is not waited for, and the log does not say it is', async () => {
      sim.setPrStates(['failed']);
      const result = await run({ 'wait-for': 'merged' });
      expectFailure(result, 'PR #1842 is out of the queue after failing, so it will never reach merged (failed).');
      expect(result.log).not.toContain('Waiting up to');
      expect(sim.count('getSubmittedPullRequest')).toBe(1);
    });

    it('fails at once on a final state it was not waiting for', async () => {
      sim.setPrStates(['testing', 'failed']);
      const result = await run({ 'wait-for': 'merged' });
      expectFailure(result, 'PR #1842 is out of the queue after failing, so it will never reach merged (failed).');
      expect(result.outputs).toMatchObject({
        state: 'failed',
        'timed-out': 'false',
        'not-ready-reasons': 'state_failed',
      });
      expect(result.summary).toContain('ended at failed');
    });

    it('not_submitted and pending_failure are not final', async () => {
      sim.setPrStates(['not_submitted', 'pending', 'pending_failure', 'testing', 'tests_passed']);
      const result = await run({ 'wait-for': 'tests_passed' });
      expect(result.code).toBe(0);
      expect(sim.count('getSubmittedPullRequest')).toBe(5);
    });

    it('the first read rides over transient failures, as every later poll does', async () => {
      sim.useScenario('merging');
      sim.script('getQueue', [{ status: 503, body: 'Service Unavailable', times: 4 }]);
      const result = await run({ 'wait-for': 'merged', retries: '1' });
      expect(result.code).toBe(0);
      // Two reads failed, 15 s apart: one warning, the second failure in the debug log.
      expect(warnings(result)).toEqual([
        '::warning::Trunk API getQueue: HTTP 503: Service Unavailable (after 2 attempts); still waiting (1 failed poll so far).',
      ]);
      expect(result.lines).toContain(
        '::debug::Trunk API getQueue: HTTP 503: Service Unavailable (after 2 attempts); still waiting.',
      );
      expect(result.outputs.state).toBe('merged');
    });

    it('a 429 storm during the wait is retried and does not end it', async () => {
      sim.setPrStates(['testing', 'merged']);
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 429, times: 4 }]);
      const result = await run({ 'wait-for': 'merged', retries: '1' });
      expect(result.code).toBe(0);
      expect(warnings(result)).toEqual([
        expect.stringMatching(/HTTP 429 .*; still waiting \(1 failed poll so far\)\.$/),
      ]);
      expect(sim.count('getSubmittedPullRequest')).toBe(1 + 4 + 1);
    });

    it('a refused token during the wait ends it at once', async () => {
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 401, body: 'Unauthorized' }]);
      const result = await run({ 'wait-for': 'merged' });
      expectFailure(result, /^Trunk API getSubmittedPullRequest: the token was refused \(HTTP 401/);
      expect(sim.count('getSubmittedPullRequest')).toBe(2);
      expect(result.summary).toContain('stopped by an error');
    });

    it('the deadline cuts a hanging request off, not the request timeout', async () => {
      sim.script('getQueue', [{ hang: true, times: Infinity }]);
      const inputs = { 'wait-for': 'merged', 'wait-timeout-seconds': '1', 'request-timeout-seconds': '60' };
      const clock = new VirtualClock();
      const running = run(inputs, { clock });
      await until(() => sim.count('getQueue') > 0, 'getQueue asked');
      clock.advance(1000);
      const result = await running;
      // The PR's answer came, the queue's never did: a read is both or nothing, so there is no state.
      expectFailure(
        result,
        /^Timed out after 1 s waiting for PR #1842 to reach merged: Trunk did not answer within it \(getQueue, sent 1 s before the deadline, still had no answer\)\. Check api-url, and request-timeout-seconds against wait-timeout-seconds\.$/,
      );
      expect(result.outputs).toMatchObject({ 'timed-out': 'true', 'waited-seconds': '1', state: '' });
    });

    it('a paused queue: warned at the start of the wait, once, and named in its lines', async () => {
      sim.useScenario('paused');
      const result = await run({ 'wait-for': 'merged', 'wait-timeout-seconds': '120' });
      expectFailure(result, /; the queue is paused\.$/);
      const lines = result.lines.filter((line) => !line.startsWith('::debug::'));
      expect(lines[0]).toMatch(/^::warning::The merge queue is paused: /);
      expect(warnings(result)).toHaveLength(1);
      expect(lines[1]).toMatch(
        /^Waiting up to 2 min for PR #1842 to reach merged; it is waiting in the queue for a test run \(pending\), ready; the queue is paused\.$/,
      );
      expect(result.lines).toContainEqual(
        expect.stringMatching(/^Still waiting for merged: .*; the queue was paused at the start\.$/),
      );
    });

    it('a wait that times out on a PR that is not ready says both', async () => {
      sim.useScenario('not-ready');
      const result = await run({ 'wait-for': 'merged', 'wait-timeout-seconds': '60', 'fail-if-not-ready': 'true' });
      expectFailure(
        result,
        /^Timed out after 1 min waiting for PR #1842 .* Also: PR #1842 is not ready: GitHub is still computing whether it can merge/,
      );
    });
  });

  describe('a wait that gets no answer', () => {
    it('polls that all fail: the last cause named, outputs from the last good answer, a warning a minute', async () => {
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 503, body: 'upstream down', times: Infinity }]);
      const result = await run({ 'wait-for': 'merged', 'wait-timeout-seconds': '600', retries: '0' });
      expectFailure(
        result,
        /^Timed out after 10 min waiting for PR #1842 to reach merged; it is being tested \(testing\), ready; 39 polls failed, the last with: Trunk API getSubmittedPullRequest: HTTP 503: upstream down\.$/,
      );
      expect(result.outputs).toMatchObject({
        state: 'testing',
        position: '2',
        'queue-length': '3',
        'timed-out': 'true',
      });
      expect(result.summary).toContain('39 polls failed, the last with: Trunk API getSubmittedPullRequest: HTTP 503');
      // 39 failed polls over 10 minutes: a warning when the outage starts, then one a minute.
      const failed = warnings(result).filter((line) => line.includes('upstream down'));
      expect(failed.length).toBeGreaterThanOrEqual(9);
      expect(failed.length).toBeLessThanOrEqual(11);
      expect(failed[0]).toMatch(/; still waiting \(1 failed poll so far\)\.$/);
    });

    it('Trunk never reached: the error says so, with the last cause and where to look', async () => {
      const url = sim.url;
      await sim.close();
      const result = await runInProcess({
        inputs: {
          'api-token': 'not-a-real-token',
          'api-url': url,
          'wait-for': 'merged',
          'wait-timeout-seconds': '60',
          retries: '0',
        },
      });
      expectFailure(
        result,
        new RegExp(
          `^Timed out after 1 min waiting for PR #1842 to reach merged: Trunk was never reached\\. The last of 4 attempts failed: Trunk API (getSubmittedPullRequest|getQueue): connection to ${url.slice(7).replace(/\./g, '\\.')} failed \\(ECONNREFUSED\\); nothing accepts connections there: check api-url\\.$`,
        ),
      );
      expect(result.outputs).toMatchObject({ state: '', 'timed-out': 'true', 'waited-seconds': '60' });
      expect(warnings(result)).toHaveLength(1);
      await sim.restart();
    });

    it('Trunk never reached, the address not in doubt: the error says where to look', async () => {
      for (const endpoint of ['getSubmittedPullRequest', 'getQueue'] as const) {
        sim.script(endpoint, [{ reset: true, times: Infinity }]);
      }
      const result = await runInProcess({
        inputs: {
          'api-token': sim.token,
          'api-url': sim.url,
          'wait-for': 'merged',
          'wait-timeout-seconds': '60',
          retries: '0',
        },
      });
      expectFailure(
        result,
        /^Timed out after 1 min waiting for PR #1842 to reach merged: Trunk was never reached\. The last of \d+ attempts failed: Trunk API (getSubmittedPullRequest|getQueue): .* — check api-url, and the network or proxy between the runner and Trunk\.$/,
      );
    });

    it('a host name that does not resolve on the first read fails at once, not after the whole timeout', async () => {
      const result = await runInProcess({
        inputs: {
          'api-token': 'not-a-real-token',
          'api-url': 'https://nonexistent.invalid',
          'wait-for': 'merged',
          retries: '1',
        },
      });
      expectFailure(
        result,
        /^Trunk API (getSubmittedPullRequest|getQueue): connection to nonexistent\.invalid:443 failed \(ENOTFOUND\) \(after 2 attempts\); the host name does not resolve: check api-url$/,
      );
      // One retry's back-off for each request, not an hour of polls.
      expect(result.outputs['timed-out']).toBe('false');
      expect(Number(result.outputs['waited-seconds'])).toBeLessThanOrEqual(2);
    });
  });

  describe('a cancelled job', () => {
    it('writes the outputs and the summary from the last answer, and one line saying it was cancelled', async () => {
      // The first poll never answers: the job is cancelled while the action waits on it.
      sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { hang: true }]);
      let cancel: ((reason: string) => void) | undefined;
      const running = run({ 'wait-for': 'merged' }, { onCancel: (listener) => (cancel = listener) });
      await until(() => sim.count('getSubmittedPullRequest') >= 2, 'the second poll');
      expect(cancel).toBeDefined();
      cancel?.('the job was cancelled: SIGTERM');
      const result = await running;
      expectFailure(
        result,
        'The step was cancelled (the job was cancelled: SIGTERM) while waiting for PR #1842 to reach merged; the outputs and the summary show the last answer.',
      );
      expect(result.outputs).toMatchObject({ state: 'testing', position: '2', 'timed-out': 'false' });
      expect(result.summary).toMatch(/^<h2>❌ Ready, but the step failed: PR #1842 is being tested for /);
      expect(result.summary).toContain('<p>❌ The step was cancelled (the job was cancelled: SIGTERM)');
      expect(result.summary).toContain('cancelled after');
      // The queue was not read again for a job that is going away.
      expect(sim.count('getQueue')).toBe(1);
    });

    it('a cancel before any answer: every output still set, the summary says there was none', async () => {
      sim.script('getQueue', [{ hang: true }]);
      let cancel: ((reason: string) => void) | undefined;
      const running = run({}, { onCancel: (listener) => (cancel = listener) });
      await until(() => sim.count('getQueue') >= 1, 'the queue read');
      cancel?.('the job was cancelled: SIGINT');
      const result = await running;
      expectFailure(
        result,
        'The step was cancelled (the job was cancelled: SIGINT); the outputs and the summary show the last answer (there was none).',
      );
      expect(Object.keys(result.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
      expect(result.outputs).toMatchObject({ state: '', pr: '1842' });
      expect(result.summary).toMatch(/^<h2>❌ Merge queue status unavailable<\/h2>\n<p>❌ The step was cancelled/);
    });
  });

  describe('decisions on the answers as redacted on their way in; what the action computes left as it is', () => {
    /** A run against a simulator that takes this token. */
    async function withToken(token: string, inputs: Record<string, string>, setup?: (own: Simulator) => void) {
      const own = await startSimulator({ token });
      try {
        setup?.(own);
        return await runInProcess({ inputs: { 'api-token': token, 'api-url': own.url, ...inputs } });
      } finally {
        await own.close();
      }
    }

    it("the simulator's token and Trunk's example SHA share 9 characters: pr-sha intact, stale false", async () => {
      const sha = '1234567890abcdef';
      sim.script('getSubmittedPullRequest', [{ body: prBody({ prSha: sha }) }]);
      const result = await run({}, { event: pullRequestEvent({ headSha: sha }) });
      expect(sim.token).toBe('sim-token-0123456789');
      expect(result.outputs).toMatchObject({ 'pr-sha': sha, stale: 'false' });
      expect(result.summary).toContain(`<code>${sha.slice(0, 12)}</code> (matches this event)`);
    });

    it('a token that spells pending_failure does not make the gate pass', async () => {
      const result = await withToken('pending_failure', { 'fail-if-not-ready': 'true' }, (own) =>
        own.script('getSubmittedPullRequest', [{ body: prBody({ state: 'pending_failure' }) }]),
      );
      // Redacted as it arrived, the state is no word at all: refused, named, never a state to pass;
      // no verdict was reached, which ready says (not_checked).
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'not_checked', state: '' });
      expect(result.error).toBe(
        'Trunk API getSubmittedPullRequest: the answer does not fit the API: field "state" holds text cut out as a credential (***), so the action cannot decide on it',
      );
    });

    it('a PR number that shares 8 digits with the token is asked about and reported as it is', async () => {
      const result = await withToken('tok-12345678-secret', { pr: '12345678' }, (own) =>
        own.script('getSubmittedPullRequest', [{ body: prBody({ prNumber: 12345678 }) }]),
      );
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ pr: '12345678', state: 'testing' });
    });

    it.each([
      ['merged\n', 'merged'],
      ['testing ', 'testing'],
      [' TESTS_PASSED\r\n', 'tests_passed'],
    ])('a state sent as %j is %s for the verdict and for wait-for', async (sent, state) => {
      sim.script('getSubmittedPullRequest', [
        { body: prBody({ state: sent, isCurrentlySubmittedToQueue: state !== 'merged' }) },
      ]);
      const result = await run({ 'wait-for': state, 'fail-if-not-ready': 'true' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state, ready: 'true', 'timed-out': 'false' });
      expect(sim.count('getSubmittedPullRequest')).toBe(1);
      expect(result.summary).toMatch(/^<h2>✅ (Ready|Merged): /);
    });

    it('pr-json is the body as sent: key order, repeated keys, big numbers, 5,000 levels deep', async () => {
      const depth = 5000;
      // JSON.stringify writes the quotes as \": an escaped quote is no reason to call a body "not JSON".
      const body = JSON.stringify(prBody({ note: 'say "hi"' }))
        .replace('"priorityValue":100', '"priorityValue":1.50')
        .replace(/^\{/, `{"zeta":9007199254740993,"state":"pending","deep":${'['.repeat(depth)}${']'.repeat(depth)},`);
      sim.script('getSubmittedPullRequest', [{ body, headers: { 'content-type': 'application/json' } }]);
      const result = await run();
      expect(result.code).toBe(0);
      expect(result.outputs['pr-json']).toBe(body);
      expect(result.outputs).toMatchObject({ state: 'testing', 'priority-value': '1.50' });
    });

    it('a field only the summary shows, of another type: the run goes on, and it shows as "—"', async () => {
      sim.script('getQueue', [
        { body: { ...queueBody({ batch: 'no', concurrency: null, mergeMethod: 7 }), enqueuedPullRequests: [] } },
      ]);
      sim.script('getSubmittedPullRequest', [{ body: prBody({ prTitle: { a: 1 }, priorityName: null }) }]);
      const result = await run();
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'testing', 'queue-length': '0', 'priority-name': '' });
      expect(result.summary).toContain('<th align="left">Batching</th><td>—</td>');
      expect(result.summary).toContain('<th align="left">Merge method</th><td>—</td>');
    });

    it('the error line is one line, whatever line breaks the API text had', async () => {
      sim.script('getSubmittedPullRequest', [
        { body: prBody({ state: 'testing\nstill\r\n::error::fake' }), times: Infinity },
      ]);
      const result = await run({ 'wait-for': 'merged', 'wait-timeout-seconds': '30' });
      expectFailure(
        result,
        /^Timed out after 30 s waiting for PR #1842 to reach merged; it is in a state this version does not know \(testing still ::error::fake\), ready\.$/,
      );
    });
  });
});
