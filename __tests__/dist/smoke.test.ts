// The committed dist/index.js, run as the Actions runner runs it: INPUT_* variables with their
// hyphens, an event file in GITHUB_EVENT_PATH, and real GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files
// read back. This proves the bundle; the cases themselves are decided and asserted in-process.
import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { prBody } from '../../simulator/scenarios.mjs';
import { runAction, type RunResult } from '../../simulator/runner.mjs';
import { runInProcess } from '../helpers/in-process.js';
import { startSimulator, type Step } from '../../simulator/server.mjs';
import { OUTPUT_NAMES, STORY_OUTPUTS } from '../../src/render/outputs.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator();

const errors = (result: RunResult) => result.stdout.split('\n').filter((line) => line.startsWith('::error::'));

/** An expected failure as the runner sees it: exit code 1, one error line, no stack trace. */
function expectErrorLine(result: RunResult, message: RegExp): void {
  expect(result.code).toBe(1);
  expect(errors(result)).toEqual([expect.stringMatching(message)]);
  expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
}

describe('the bundle', () => {
  it('a pull_request run: every output in GITHUB_OUTPUT, the summary in GITHUB_STEP_SUMMARY', async () => {
    const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`::add-mask::${sim.token}\n`)).toBe(true);
    expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
    expect(result.outputs).toMatchObject({ state: 'testing', pr: '1842', ready: 'true', position: '2' });
    expect(result.summary).toMatch(/^<h2>✅ Ready: /);
  });

  it('a failure: exit code 1 and one error line', async () => {
    const result = await runAction({ inputs: { 'api-token': 'not-the-token', 'api-url': sim.url } });
    // The message itself is asserted in run.test.ts; here, that the bundle ends as the runner expects.
    expectErrorLine(result, /^::error::Trunk API (getSubmittedPullRequest|getQueue): /);
  });

  // On Windows a signal cannot be caught: kill() ends the process there, as the runner's does not.
  (process.platform === 'win32' ? it.skip : it)(
    'SIGTERM during a wait: the outputs and the summary from the last answer, and one line saying so',
    async () => {
      const inputs = { 'api-token': sim.token, 'api-url': sim.url, 'wait-for': 'merged', 'poll-interval-seconds': '1' };
      let step: ChildProcess | undefined;
      let signalled = false;
      const result = await runAction({
        inputs,
        onSpawn: (child) => (step = child),
        onStdout: (chunk) => {
          // Once it is waiting, as a cancelled job's runner would.
          if (!signalled && chunk.includes('Waiting up to')) {
            signalled = true;
            step?.kill('SIGTERM');
          }
        },
        timeoutMs: 20_000,
      });
      expect(signalled).toBe(true);
      expect(result.code).toBe(1);
      expect(errors(result)).toEqual([
        '::error::The step was cancelled (the job was cancelled: SIGTERM) while waiting for PR #1842 to reach merged; the outputs and the summary show the last answer.',
      ]);
      expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
      expect(result.outputs).toMatchObject({ state: 'testing', position: '2', ready: 'true', 'timed-out': 'false' });
      expect(result.summary).toMatch(/^<h2>❌ Ready, but the step failed: PR #1842 is being tested for /);
      expect(result.summary).toContain('<p>❌ The step was cancelled (the job was cancelled: SIGTERM)');
    },
  );

  it('a hostile summary stays escaped', async () => {
    sim.useScenario('hostile');
    const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
    expect(result.summary).not.toMatch(/<script|<img|<\/table><h1>|\n\n/);
    expect(result.summary).toContain('&#60;script&#62;');
  });

  it('an API failure and an output file that cannot be written: both in the one error line', async () => {
    const result = await runAction({
      inputs: { 'api-token': 'not-the-token', 'api-url': sim.url },
      env: { GITHUB_OUTPUT: '/nonexistent/output' },
    });
    expectErrorLine(
      result,
      /^::error::Trunk API (getSubmittedPullRequest|getQueue): the token was refused .* Also: The step's outputs could not be written: Missing file at path: \/nonexistent\/output$/,
    );
  });

  it('the token appears nowhere but the mask line, even when the API echoes it', async () => {
    const echo = `bad token ${sim.token} / ${sim.token.toUpperCase()}`;
    sim.script('getQueue', [{ status: 401, body: echo }]);
    const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
    expect(result.code).toBe(1);
    const everything = [
      result.stdout.replace(`::add-mask::${sim.token}\n`, ''),
      result.stderr,
      result.outputFile,
      result.summary,
    ];
    expect(everything.join('\n').toLowerCase()).not.toContain(sim.token.toLowerCase());
  });
});

// The contract's verdict table through the bundle: every state, with and without a readiness
// object, with and without fail-if-not-ready, and after a wait. The rule itself is unit-tested in
// verdict.test.ts; this proves the bundle carries it to the outputs, the exit code and the summary.
describe('the verdict table through the bundle', () => {
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
    name: string;
    steps: Step[];
    inputs: Record<string, string>;
    state: string;
    ready: boolean;
    reasons: string;
  }
  const cases: Case[] = [];
  for (const [state, readyWith, reasonsWith, readyWithout, reasonsWithout] of table) {
    for (const readiness of [true, false]) {
      for (const fail of ['true', 'false']) {
        cases.push({
          name: `${state ?? '(no state)'}, ${readiness ? 'with' : 'without'} readiness, fail-if-not-ready ${fail}`,
          steps: [answer(state, readiness)],
          inputs: { 'fail-if-not-ready': fail },
          state: state ?? '',
          ready: readiness ? readyWith : readyWithout,
          reasons: readiness ? reasonsWith : reasonsWithout,
        });
      }
    }
    // wait-for takes only the states this version knows.
    if (state && state !== 'awaiting_review') {
      cases.push({
        name: `${state} after a wait, with fail-if-not-ready`,
        steps: [{ body: prBody({ state: 'pending' }) }, answer(state, false)],
        inputs: { 'fail-if-not-ready': 'true', 'wait-for': state, 'poll-interval-seconds': '1' },
        state,
        ready: readyWithout,
        reasons: reasonsWithout,
      });
    }
  }
  for (const fail of ['true', 'false']) {
    cases.push({
      name: `not_submitted (404), fail-if-not-ready ${fail}`,
      steps: [{ status: 404, body: 'Pull request not found', times: Infinity }],
      inputs: { 'fail-if-not-ready': fail },
      state: 'not_submitted',
      ready: false,
      reasons: 'not_submitted',
    });
  }
  cases.push({
    name: 'not_submitted after a wait, with fail-if-not-ready',
    steps: [{ body: prBody({ state: 'pending' }) }, { status: 404, body: 'Pull request not found', times: Infinity }],
    inputs: { 'fail-if-not-ready': 'true', 'wait-for': 'not_submitted', 'poll-interval-seconds': '1' },
    state: 'not_submitted',
    ready: false,
    reasons: 'not_submitted',
  });

  it(`holds in all ${cases.length} cases`, async () => {
    const failures: string[] = [];
    const check = async (c: Case) => {
      const server = await startSimulator();
      try {
        server.script('getSubmittedPullRequest', c.steps);
        const inputs = { 'api-token': server.token, 'api-url': server.url, ...c.inputs };
        // A wait's poll interval is a real second in a process: those cases run in-process, on a
        // virtual clock, with the same modules the bundle is built from.
        const result = c.inputs['wait-for']
          ? await runInProcess({ inputs })
          : await runAction({ inputs });
        const heading = /^<h2>(.*?)<\/h2>/.exec(result.summary)?.[1] ?? '';
        const expectedCode = c.inputs['fail-if-not-ready'] === 'true' && !c.ready ? 1 : 0;
        const got = {
          code: result.code,
          state: result.outputs.state,
          ready: result.outputs.ready,
          reasons: result.outputs['not-ready-reasons'],
        };
        const want = { code: expectedCode, state: c.state, ready: String(c.ready), reasons: c.reasons };
        if (JSON.stringify(got) !== JSON.stringify(want))
          failures.push(`${c.name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
        if (/not ready/i.test(heading) === c.ready) failures.push(`${c.name}: the summary is headed "${heading}"`);
      } finally {
        await server.close();
      }
    };
    // A few at a time: each is a whole Node process.
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await check(c);
      }),
    );
    expect(failures).toEqual([]);
  }, 60_000);
});

// The contract's v2 section through the bundle: which API answers for which credentials, and which
// story outputs each state reads. What each part says is asserted in-process, in v2.test.ts.
describe("Trunk's v2 API through the bundle", () => {
  const STORY = STORY_OUTPUTS;
  /** The story outputs the contract reads in each scenario's state (and that the scenario has). */
  const cases: Array<[string, string, ReadonlyArray<(typeof STORY)[number]>]> = [
    ['testing', 'testing', ['test-run-url', 'test-run-status', 'estimated-merge-at', 'estimate-status', 'trunk-url']],
    ['failed', 'failed', ['exit-reason', 'failing-checks', 'test-run-url', 'test-run-status', 'trunk-url']],
    ['cancelled', 'cancelled', ['exit-reason', 'trunk-url']],
    ['not-ready', 'not_ready', ['block-reasons', 'trunk-url']],
    ['no-estimates', 'testing', ['test-run-url', 'test-run-status', 'estimate-status', 'trunk-url']],
    ['parallel', 'pending', ['estimated-merge-at', 'estimate-status', 'directly-ahead', 'trunk-url']],
    // Trunk knows the PR but it has no queue entry: its page in Trunk is still where to submit it.
    ['not-submitted', 'not_submitted', ['trunk-url']],
  ];

  it.each(cases)(
    'key only, %s: v2 answers, and the story has exactly the parts its state reads',
    async (scenario, state, parts) => {
      sim.useScenario(scenario);
      const result = await runAction({ inputs: { 'api-key': sim.apiKey, 'api-url': sim.url } });
      expect(result.stdout.startsWith(`::add-mask::${sim.apiKey}\n`)).toBe(true);
      expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
      expect(result.outputs.state).toBe(state);
      const filled = STORY.filter((name) => result.outputs[name] !== '');
      expect(filled).toEqual([...parts]);
      expect(sim.requests.every((request) => String(request.endpoint).startsWith('v2.'))).toBe(true);
    },
  );

  it('token only: v1 answers, and the story is empty', async () => {
    const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
    expect(result.code).toBe(0);
    for (const name of STORY) expect(result.outputs[name]).toBe('');
    expect(sim.requests.every((request) => !String(request.endpoint).startsWith('v2.'))).toBe(true);
  });

  it('both: v1 decides, v2 tells the story; a refused key is one warning, and the run passes', async () => {
    const both = await runAction({ inputs: { 'api-token': sim.token, 'api-key': sim.apiKey, 'api-url': sim.url } });
    expect(both.code).toBe(0);
    expect(JSON.parse(both.outputs['pr-json'] ?? '')).toHaveProperty('prNumber', 1842);
    expect(both.outputs['test-run-status']).toBe('in_progress');

    const refused = await runAction({
      inputs: { 'api-token': sim.token, 'api-key': 'trunk_v2_not_the_key_0000', 'api-url': sim.url },
    });
    expect(refused.code).toBe(0);
    expect(refused.outputs.ready).toBe('true');
    for (const name of STORY) expect(refused.outputs[name]).toBe('');
    const warnings = refused.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
    expect(warnings).toEqual([expect.stringContaining('api-key')]);
  });

  it('a refused key alone fails the step with one line naming api-key', async () => {
    const result = await runAction({ inputs: { 'api-key': 'trunk_v2_not_the_key_0000', 'api-url': sim.url } });
    expectErrorLine(result, /^::error::Trunk API v2 .*the API key was refused .*api-key/);
  });
});

describe('the log while nothing answers', () => {
  it('streams from the start, even when no connection ever opens', async () => {
    let step: ChildProcess | undefined;
    let stdoutWhileRunning = '';
    const result = await runAction({
      inputs: {
        'api-token': sim.token,
        'api-url': 'https://127.0.0.1:1',
        'wait-for': 'merged',
        'wait-timeout-seconds': '600',
        'poll-interval-seconds': '1',
        retries: '0',
      },
      onSpawn: (child) => (step = child),
      // The first failed poll's warning, while the wait has ten minutes to go: the job is then cancelled.
      onStdout: (chunk) => {
        stdoutWhileRunning += chunk;
        if (stdoutWhileRunning.includes('::warning::')) step?.kill('SIGTERM');
      },
    });
    expect(stdoutWhileRunning.startsWith(`::add-mask::${sim.token}\n`)).toBe(true);
    expect(stdoutWhileRunning).toMatch(/^::warning::Trunk API \w+: connection to 127\.0\.0\.1:1 failed .*; still waiting \(1 failed poll so far\)\.$/m);
    // Stopped by the cancellation, not by its deadline: only streaming could have shown the warning.
    expect(errors(result)).toEqual([expect.stringMatching(/^::error::The step was cancelled /)]);
  });
});
