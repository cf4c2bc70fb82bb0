// The committed dist/index.js, run as the Actions runner runs it: INPUT_* variables, an event
// file, and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files read back after the process exits.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { pullRequestEvent, runAction, type RunResult } from '../simulator/runner.mjs';
import { SIM_SHA, startSimulator, type Simulator } from '../simulator/server.mjs';
import { OUTPUT_NAMES } from '../src/states.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.close());

type Options = Parameters<typeof runAction>[0];
function run(inputs: Record<string, string> = {}, options: Options = {}): Promise<RunResult> {
  return runAction({ ...options, inputs: { 'api-token': sim.token, 'api-url': sim.url, ...inputs } });
}

/** The `::error::` lines of a run. */
const errors = (result: RunResult) => result.stdout.split('\n').filter((line) => line.startsWith('::error::'));

/** An expected failure: exit code 1, one actionable error line, no stack trace. */
function expectFailure(result: RunResult, message: string | RegExp): void {
  expect(result.code).toBe(1);
  const lines = errors(result);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.slice('::error::'.length)).toMatch(message);
  expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
}

describe('a pull_request run', () => {
  it('sets every output, logs the status and writes the summary', async () => {
    const result = await run();
    expect(result.code).toBe(0);
    expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
    expect(result.outputs).toMatchObject({
      state: 'testing',
      submitted: 'true',
      ready: 'true',
      'not-ready-reasons': '',
      'does-base-branch-match': 'true',
      'github-mergeability': 'mergeable',
      'requires-impacted-targets': 'true',
      'has-impacted-targets': 'true',
      position: '2',
      'prs-ahead': '1840',
      'queue-length': '3',
      'queue-state': 'running',
      'queue-mode': 'single',
      'priority-name': 'medium',
      'priority-value': '100',
      'pr-sha': SIM_SHA,
      stale: 'false',
      'waited-seconds': '0',
      'timed-out': 'false',
    });
    expect(JSON.parse(result.outputs['pr-json'] ?? '')).toMatchObject({ prNumber: 1842, verifiedByTestRun: null });
    expect(JSON.parse(result.outputs['queue-json'] ?? '').enqueuedPullRequests).toHaveLength(3);
    expect(result.stdout).toContain('PR #1842 is testing (ready), position 2 of 3; the main queue is running.');
    expect(result.summary).toContain('<h2>✅ Ready: PR #1842 is testing</h2>');
    expect(result.summary).toContain('href="https://github.com/octo-org/octo-repo/pull/1842"');
    expect(sim.count('getSubmittedPullRequest')).toBe(1);
    expect(sim.count('getQueue')).toBe(1);
  });

  it('says stale when the event head differs from the queue', async () => {
    const result = await run({}, { event: pullRequestEvent({ headSha: 'f'.repeat(40) }) });
    expect(result.outputs.stale).toBe('true');
    expect(result.summary).toContain('stale');
  });

  it('reads the PR and base branch of pull_request_target', async () => {
    const result = await run({}, { eventName: 'pull_request_target', event: pullRequestEvent({ baseRef: 'main' }) });
    expect(result.code).toBe(0);
    expect(sim.requests[0]?.body).toMatchObject({ targetBranch: 'main', pr: { number: 1842 } });
  });

  it('sends the branch and host the inputs name', async () => {
    await run({ 'target-branch': 'refs/heads/main', 'repo-host': 'GHE.example.com', repo: 'octo-org/octo-repo' });
    expect(sim.requests[0]?.body).toMatchObject({ repo: { host: 'GHE.example.com' }, targetBranch: 'main' });
  });
});

describe('other events', () => {
  it('issue_comment on a PR: the issue number and the default branch; stale unknown', async () => {
    const event = { issue: { number: 1842, pull_request: { url: 'x' } }, repository: { default_branch: 'main' } };
    const result = await run({}, { eventName: 'issue_comment', event });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ state: 'testing', position: '2', stale: '' });
  });

  it('issue_comment on a plain issue: a clear error naming pr', async () => {
    const event = { issue: { number: 5 }, repository: { default_branch: 'main' } };
    const result = await run({}, { eventName: 'issue_comment', event });
    expectFailure(result, "Input 'pr' is empty and this event has no pull request; set pr to the pull request number");
    expect(sim.requests).toHaveLength(0);
  });

  it('push with a pr input: the default branch', async () => {
    const event = { ref: 'refs/heads/main', repository: { default_branch: 'main' } };
    const result = await run({ pr: '1842' }, { eventName: 'push', event });
    expect(result.code).toBe(0);
    expect(sim.requests[0]?.body).toMatchObject({ targetBranch: 'main' });
  });
});

describe('bad inputs fail before any request', () => {
  it.each([
    [
      { 'api-token': '' },
      /^Input 'api-token' is empty\. .*not give secrets to workflows triggered from forks or by Dependabot\.$/,
    ],
    [{ pr: 'abc' }, /^Input 'pr' must be a pull request number from 1 to 4294967295, got "abc"$/],
    [{ pr: '0' }, /^Input 'pr' must be .*, got "0"$/],
    [{ pr: '-1' }, /^Input 'pr' must be .*, got "-1"$/],
    [{ pr: '1.5' }, /^Input 'pr' must be .*, got "1\.5"$/],
    [{ repo: 'octo-org' }, /^Input 'repo' must be owner\/name, got "octo-org"$/],
    [
      { 'wait-timeout-seconds': 'an hour' },
      /^Input 'wait-timeout-seconds' must be a number of seconds above 0, got "an hour"$/,
    ],
    [
      { 'request-timeout-seconds': 'x' },
      /^Input 'request-timeout-seconds' must be a number of seconds above 0, got "x"$/,
    ],
    [
      { 'poll-interval-seconds': '0' },
      /^Input 'poll-interval-seconds' must be a number of seconds of at least 1, got "0"$/,
    ],
    [{ retries: '-1' }, /^Input 'retries' must be a whole number from 0 to 10, got "-1"$/],
    [{ 'wait-for': 'merged,shipped' }, /^Input 'wait-for' must list PR states among .*, got "merged,shipped"$/],
    [{ 'api-url': 'http://api.trunk.io' }, /^Input 'api-url' must use https .*, got "http:\/\/api\.trunk\.io"$/],
    [{ 'fail-if-not-ready': 'yes' }, /^Input 'fail-if-not-ready' must be true or false, got "yes"$/],
    [{ summary: 'no' }, /^Input 'summary' must be true or false, got "no"$/],
  ])('%j', async (inputs, message) => {
    const result = await run(inputs);
    expectFailure(result, message);
    expect(sim.requests).toHaveLength(0);
    expect(result.outputs.state).toBe('');
    expect(result.outputs['timed-out']).toBe('false');
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
      position: '',
      'pr-json': '',
      'queue-length': '2',
    });
  });

  it('fail-if-not-ready fails with the reasons, and still sets every output', async () => {
    sim.useScenario('not-ready');
    const result = await run({ 'fail-if-not-ready': 'true' });
    expectFailure(
      result,
      'PR #1842 is not ready for the merge queue: mergeability_in_progress (GitHub mergeability is in_progress), impacted_targets_missing (impacted targets have not been uploaded).',
    );
    expect(result.outputs).toMatchObject({
      state: 'not_ready',
      ready: 'false',
      'not-ready-reasons': 'mergeability_in_progress,impacted_targets_missing',
      position: '',
    });
    expect(result.summary).toContain('⏳ Not ready: PR #1842 is not_ready');
  });

  it('fail-if-not-ready passes a ready PR', async () => {
    expect((await run({ 'fail-if-not-ready': 'true' })).code).toBe(0);
  });

  it('no queue (getQueue 404) fails saying so', async () => {
    sim.useScenario('no-queue');
    const result = await run();
    expectFailure(result, /^Trunk API getQueue: there is no merge queue for octo-org\/octo-repo on branch "main"/);
    expect(result.outputs.state).toBe('');
    expect(result.summary).toContain('Merge queue status unavailable');
  });

  it('a refused token fails naming api-token', async () => {
    const result = await run({ 'api-token': 'not-the-token' });
    expectFailure(result, /the token was refused \(HTTP 401: Unauthorized\)\. Check that the api-token input/);
  });

  it('retries a throttled API and logs why', async () => {
    sim.useScenario('flaky');
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('getQueue: HTTP 503: Service Unavailable; retry 1 of 3 in');
    expect(result.stdout).toContain('getQueue: HTTP 429 (rate limited); retry 2 of 3 in');
    expect(sim.count('getQueue')).toBe(3);
  });

  it('a 5,000-entry queue: outputs under 1 MB, the large body left out and logged', async () => {
    sim.useScenario('big-queue');
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      position: '4321',
      'queue-length': '5000',
      'queue-json': '',
      'queue-mode': 'parallel',
    });
    expect(result.outputs['prs-ahead']?.split(',')).toHaveLength(4320);
    expect(result.stdout).toMatch(
      /Output queue-json left out: the body is [\d.]+ MB, over GitHub's 1 MB output limit\./,
    );
    for (const value of Object.values(result.outputs)) expect(Buffer.byteLength(value)).toBeLessThan(1_000_000);
    expect(Buffer.byteLength(result.summary)).toBeLessThan(1024 * 1024);
    expect(result.summary).toContain('and 4950 more');
  });

  it('summary: false writes no summary', async () => {
    const result = await run({ summary: 'false' });
    expect(result.code).toBe(0);
    expect(result.summary).toBe('');
  });

  it('escapes hostile titles in the summary', async () => {
    sim.useScenario('hostile');
    const result = await run();
    expect(result.summary).not.toMatch(/<script|<img|<\/table><h1>|\n\n/);
    expect(result.summary).toContain('&#60;script&#62;');
  });
});

describe('the runner environment', () => {
  it('a missing GITHUB_OUTPUT file ends in one error line, not a stack trace', async () => {
    const result = await run({}, { env: { GITHUB_OUTPUT: '/nonexistent/output' } });
    expectFailure(result, /^Unexpected error: Missing file at path: \/nonexistent\/output$/);
  });
});

describe('the token', () => {
  it('appears nowhere but the mask line, even when the API echoes it in any case', async () => {
    const token = sim.token;
    const echo = `bad token ${token} / ${token.toUpperCase()}`;
    const results: RunResult[] = [];
    sim.script('getQueue', [{ status: 401, body: echo }]);
    results.push(await run());
    sim.script('getQueue', [{ status: 503, body: echo, times: 2 }]);
    results.push(await run({ retries: '1' }));
    sim.script('getSubmittedPullRequest', [{ status: 200, body: { prTitle: token } }]);
    results.push(await run());
    results.push(await run({ 'api-url': `${sim.url}/${token}` }));
    for (const result of results) {
      expect(result.code).toBe(1);
      const everything = [
        result.stdout.replace(`::add-mask::${token}\n`, ''),
        result.stderr,
        result.outputFile,
        result.summary,
      ].join('\n');
      expect(everything.toLowerCase()).not.toContain(token.toLowerCase());
      expect(result.stdout.startsWith(`::add-mask::${token}\n`)).toBe(true);
    }
  });
});

describe('wait-for', () => {
  it('waits until merged, then sets every output and says how it ended', async () => {
    sim.useScenario('merging');
    const result = await run({ 'wait-for': 'merged', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ state: 'merged', 'timed-out': 'false', position: '' });
    expect(Number(result.outputs['waited-seconds'])).toBeGreaterThanOrEqual(2);
    expect(result.summary).toMatch(/reached merged after \ds \(waiting for merged\)/);
    expect(sim.count('getSubmittedPullRequest')).toBe(4);
    expect(sim.count('getQueue')).toBe(2);
  });

  it('times out at its deadline with every output still set', async () => {
    const result = await run({ 'wait-for': 'merged', 'poll-interval-seconds': '1', 'wait-timeout-seconds': '1.5' });
    expectFailure(result, 'Timed out after 2s waiting for PR #1842 to reach merged; it is testing (ready).');
    expect(result.outputs).toMatchObject({
      state: 'testing',
      position: '2',
      'timed-out': 'true',
      'waited-seconds': '2',
    });
    expect(result.summary).toContain('timed out after 2s');
  });

  it('fails at once on a final state it was not waiting for', async () => {
    sim.useScenario('merged');
    const result = await run({ 'wait-for': 'tests_passed' });
    expectFailure(result, 'PR #1842 reached merged, a final state that is not in wait-for (tests_passed).');
    expect(result.outputs).toMatchObject({ state: 'merged', 'timed-out': 'false', 'waited-seconds': '0' });
  });
});
