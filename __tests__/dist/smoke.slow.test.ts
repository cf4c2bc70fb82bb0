// The committed dist/index.js run as the runner runs it, the slower of its smoke runs (the others:
// smoke.test.ts): a PR's run with a key, whose v2 chunk tells the story; a PR's own run from a dist
// without GitHub's client, where a push cannot run; the credential nowhere but the mask line; the
// log streamed from the start while a wait goes on, until a SIGTERM ends it with every output
// written.
import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAction, type RunResult } from '../../simulator/runner.mjs';
import { SIM_MERGE_SHA } from '../../simulator/server.mjs';
import { testBranchFor, testPushRun } from '../../simulator/events.mjs';
import { OUTPUT_NAMES } from '../../src/render/outputs.js';
import { useSimulator } from '../helpers/simulator.js';
const sim = useSimulator();

const errors = (result: RunResult) => result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
const endpoints = () => sim.requests.map((request) => String(request.endpoint));

describe('the bundle', () => {
  it('a pull_request run with a key (v2, a chunk of its own): v2 answers, and the story is told', async () => {
    const result = await runAction({ inputs: { 'api-key': sim.apiKey, 'api-url': sim.url } });
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`::add-mask::${sim.apiKey}\n`)).toBe(true);
    expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
    expect(result.outputs).toMatchObject({ state: 'testing', ready: 'true', 'test-run-status': 'in_progress' });
    expect(result.summary).toMatch(/^<h2>✅ Ready: /);
    expect(endpoints().filter((endpoint) => !endpoint.startsWith('v2.'))).toEqual([]);
  });

  it("a PR's own run never loads GitHub's client: it runs from a dist without it, where a push cannot", async () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const copy = mkdtempSync(join(tmpdir(), 'mqs-dist-'));
    try {
      cpSync(dist, copy, { recursive: true });
      const octokit = readdirSync(copy).filter(
        (file) => file !== 'index.js' && /octokit/i.test(readFileSync(join(copy, file), 'utf8')),
      );
      expect(octokit.length).toBeGreaterThan(0);
      for (const file of octokit) rmSync(join(copy, file));
      const script = join(copy, 'index.js');
      const pr = await runAction({ script, inputs: { 'api-key': sim.apiKey, 'api-url': sim.url } });
      expect([pr.code, pr.outputs.state]).toEqual([0, 'testing']);
      // Nor does a push to one of Trunk's test branches: it is a test run, never a commit to look up.
      sim.useScenario('batch');
      const testRun = testPushRun(testBranchFor([1842, 1843]));
      const tested = await runAction({
        script,
        ...testRun,
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken },
        env: { ...testRun.env, GITHUB_API_URL: sim.url },
      });
      expect([tested.code, tested.outputs['batch-prs'], tested.outputs.ready]).toEqual([0, '1842,1843', 'true']);
      // The same push passes with the whole dist (dist/push.test.ts); here GitHub's client is missing.
      sim.useScenario('merged');
      const push = await runAction({
        script,
        eventName: 'push',
        event: { ref: 'refs/heads/main', after: SIM_MERGE_SHA, repository: { full_name: 'octo-org/octo-repo' } },
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken },
        env: { GITHUB_API_URL: sim.url, GITHUB_SHA: SIM_MERGE_SHA },
      });
      expect(push.code).toBe(1);
      expect(errors(push).join('\n')).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|could not load/i);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
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

describe('the log while nothing answers', () => {
  it('streams from the start, even when no connection ever opens; SIGTERM then ends the wait, every output written', async () => {
    let step: ChildProcess | undefined;
    let signalled = false;
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
      // The first failed poll's warning, while the wait has ten minutes to go: the job is then
      // cancelled, as a cancelled job's runner does.
      onStdout: (chunk) => {
        stdoutWhileRunning += chunk;
        if (!signalled && stdoutWhileRunning.includes('::warning::')) {
          signalled = true;
          step?.kill('SIGTERM');
        }
      },
      timeoutMs: 20_000,
    });
    expect(signalled).toBe(true);
    expect(stdoutWhileRunning.startsWith(`::add-mask::${sim.token}\n`)).toBe(true);
    expect(stdoutWhileRunning).toMatch(
      /^::warning::Trunk API \w+: connection to 127\.0\.0\.1:1 failed .*; still waiting \(1 failed poll so far\)\.$/m,
    );
    // On Windows a signal cannot be caught: kill() ends the process there, as the runner's does not.
    if (process.platform === 'win32') return;
    // Stopped by the cancellation, not by its deadline: only streaming could have shown the
    // warning. What the run writes then is asserted in-process (run/v1.test.ts, a cancelled job).
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(/^::error::The step was cancelled \(the job was cancelled: SIGTERM\) /),
    ]);
    expect(Object.keys(result.outputs)).toEqual([...OUTPUT_NAMES]);
    expect(result.summary).toMatch(/^<h2>❌ .*\n<p>❌ The step was cancelled \(the job was cancelled: SIGTERM\)/);
  });
});
