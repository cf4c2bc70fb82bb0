// The wait loop against the simulator's state sequences and faults, with short intervals.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../simulator/server.mjs';
import { ApiError, VerdictError } from '../src/errors.js';
import type { Log } from '../src/log.js';
import { observe, type ObserveOptions, type Seen } from '../src/observe.js';
import { TrunkClient } from '../src/trunk-client.js';

const ref = { host: 'github.com', owner: 'octo-org', name: 'octo-repo', targetBranch: 'main' };
let sim: Simulator;
let lines: string[];
let seen: Seen;

const log: Log = {
  info: (line) => lines.push(`info: ${line}`),
  warning: (line) => lines.push(`warning: ${line}`),
  debug: (line) => lines.push(`debug: ${line}`),
  redact: (text) => text,
};

beforeEach(async () => {
  sim = await startSimulator();
  lines = [];
  seen = { wait: { waitedSeconds: 0, timedOut: false } };
});
afterEach(() => sim.close());

function options(
  overrides: Partial<ObserveOptions> & { retries?: number; requestTimeoutMs?: number } = {},
): ObserveOptions {
  const { retries = 3, requestTimeoutMs = 5000, ...rest } = overrides;
  const client = new TrunkClient({
    apiUrl: sim.url,
    token: sim.token,
    requestTimeoutMs,
    retries,
    log: (line) => log.info(line),
    random: () => 0,
  });
  return {
    client,
    ref,
    pr: 1842,
    log,
    waitFor: [],
    waitTimeoutMs: 10_000,
    pollIntervalMs: 50,
    random: () => 0,
    ...rest,
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

const polls = () => sim.count('getSubmittedPullRequest');
const queueReads = () => sim.count('getQueue');

describe('without wait-for', () => {
  it('asks each endpoint once, both at the same time', async () => {
    sim.script('getQueue', [{ delayMs: 300 }]);
    sim.script('getSubmittedPullRequest', [{ delayMs: 300 }]);
    await observe(options(), seen);
    expect([polls(), queueReads()]).toEqual([1, 1]);
    const [a, b] = sim.requests;
    expect(Math.abs((a?.at ?? 0) - (b?.at ?? 0))).toBeLessThan(250);
    expect(seen.pr?.submitted).toBe(true);
    expect(seen.queue?.state).toBe('running');
    expect(seen.waitOutcome).toBeUndefined();
  });

  it('keeps the PR answer when the queue fails', async () => {
    sim.useScenario('no-queue');
    const error = await failure(observe(options(), seen));
    expect(error).toBeInstanceOf(ApiError);
    expect(seen.pr).toEqual({ submitted: false });
  });
});

describe('wait-for', () => {
  it('testing → merged: polls only the PR, reads the queue at the start and the end', async () => {
    sim.setPrStates(['testing', 'testing', 'merged']);
    await observe(options({ waitFor: ['merged'] }), seen);
    expect([polls(), queueReads()]).toEqual([3, 2]);
    expect(seen.wait.timedOut).toBe(false);
    expect(seen.waitOutcome).toBe('reached merged');
    expect(seen.pr?.submitted && seen.pr.pr.state).toBe('merged');
    expect(lines.filter((l) => l.startsWith('info'))).toEqual([
      'info: Waiting up to 10s for PR #1842 to reach merged; it is testing (ready).',
      'info: PR #1842 is merged (not ready: not_submitted) (0s waited, 2 polls).',
      'info: PR #1842 reached merged after 0s.',
    ]);
    expect(lines).toContain('debug: PR #1842 is testing (ready) (0s waited, 1 polls).');
  });

  it('does not read anything more when the PR is already there', async () => {
    await observe(options({ waitFor: ['testing', 'merged'] }), seen);
    expect([polls(), queueReads()]).toEqual([1, 1]);
    expect(seen.waitOutcome).toBe('reached testing');
  });

  it('testing → failed: fails at once on a final state not waited for', async () => {
    sim.setPrStates(['testing', 'failed', 'merged']);
    const error = await failure(observe(options({ waitFor: ['merged'] }), seen));
    expect(error).toBeInstanceOf(VerdictError);
    expect((error as Error).message).toBe('PR #1842 reached failed, a final state that is not in wait-for (merged).');
    expect([polls(), queueReads()]).toEqual([2, 2]);
    expect(seen.waitOutcome).toBe('ended at failed');
  });

  it('not_submitted → pending → tests_passed: not_submitted is not final', async () => {
    sim.setPrStates(['not_submitted', 'not_submitted', 'pending', 'tests_passed']);
    await observe(options({ waitFor: ['tests_passed'] }), seen);
    expect([polls(), queueReads()]).toEqual([4, 2]);
    expect(lines).toContain('info: PR #1842 is pending (ready) (0s waited, 2 polls).');
  });

  it('waits for not_submitted when asked to', async () => {
    sim.setPrStates(['testing', 'not_submitted']);
    await observe(options({ waitFor: ['not_submitted'] }), seen);
    expect(seen.waitOutcome).toBe('reached not_submitted');
  });

  it('pending_failure is not final: the PR can go back to testing', async () => {
    sim.setPrStates(['testing', 'pending_failure', 'testing', 'merged']);
    await observe(options({ waitFor: ['merged'] }), seen);
    expect(polls()).toBe(4);
  });

  it('a hang during the wait is cut off at the deadline, not the request timeout', async () => {
    sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { hang: true, times: Infinity }]);
    const started = Date.now();
    const error = await failure(
      observe(options({ waitFor: ['merged'], waitTimeoutMs: 1500, requestTimeoutMs: 60_000 }), seen),
    );
    // A generous bound that still proves the 60 s request timeout did not decide the end.
    expect(Date.now() - started).toBeLessThan(1500 + 5000);
    expect((error as Error).message).toBe(
      'Timed out after 2s waiting for PR #1842 to reach merged; it is testing (ready).',
    );
    expect(seen.wait).toEqual({ waitedSeconds: 2, timedOut: true });
    expect(queueReads()).toBe(2);
  });

  it('a 429 storm during the wait is retried and does not end it', async () => {
    sim.setPrStates(['testing', 'merged']);
    sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 429, headers: { 'retry-after': '0' }, times: 4 }]);
    await observe(options({ waitFor: ['merged'], retries: 1 }), seen);
    expect(seen.waitOutcome).toBe('reached merged');
    expect(polls()).toBe(1 + 4 + 1);
    expect(lines.filter((l) => l.startsWith('warning'))).toEqual([
      'warning: Trunk API getSubmittedPullRequest: HTTP 429 (rate limited) (after 2 attempts); still waiting.',
      'warning: Trunk API getSubmittedPullRequest: HTTP 429 (rate limited) (after 2 attempts); still waiting.',
    ]);
  });

  it('a refused token during the wait ends it at once', async () => {
    sim.script('getSubmittedPullRequest', [{ delayMs: 0 }, { status: 401, body: 'Unauthorized' }]);
    const error = await failure(observe(options({ waitFor: ['merged'] }), seen));
    expect((error as Error).message).toMatch(/^Trunk API getSubmittedPullRequest: the token was refused \(HTTP 401/);
    expect(polls()).toBe(2);
    expect(seen.waitOutcome).toBe('stopped by an error');
  });

  it('polls as often as the interval implies, no more', async () => {
    const error = await failure(
      observe(options({ waitFor: ['merged'], waitTimeoutMs: 1000, pollIntervalMs: 200 }), seen),
    );
    expect(error).toBeInstanceOf(VerdictError);
    // One poll at the start and at most one per interval after it; no busy loop.
    expect(polls()).toBeGreaterThanOrEqual(3);
    expect(polls()).toBeLessThanOrEqual(1 + 1000 / 200);
    expect(queueReads()).toBe(2);
    expect(seen.wait.timedOut).toBe(true);
  });

  it('keeps the first queue answer when the closing read fails', async () => {
    sim.setPrStates(['testing', 'merged']);
    sim.script('getQueue', [{ delayMs: 0 }, { status: 401, body: 'Unauthorized' }]);
    await observe(options({ waitFor: ['merged'] }), seen);
    expect(seen.queue?.state).toBe('running');
    expect(lines.filter((l) => l.startsWith('warning'))).toEqual([
      expect.stringMatching(
        /^warning: Could not read the queue again at the end of the wait \(Trunk API getQueue: the token was refused/,
      ),
    ]);
  });
});
