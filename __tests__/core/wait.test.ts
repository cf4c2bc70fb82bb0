// The wait, part by part, on a virtual clock with a fake source: the first read rides over
// failures, the poll loop ends on a wanted or a final state and logs at the heartbeat's pace, the
// deadline's cause is recorded from the request it cut short, and the final refresh may fail
// without failing the wait. No HTTP here: run/wait-causes.test.ts takes the same paths over it.
import { describe, expect, it } from '@jest/globals';
import { ApiError, CancelledError } from '../../src/shared/errors.js';
import type { PrAnswer, PrSource, QueueAnswer, Snapshot, Story } from '../../src/core/model.js';
import type { Observation, ObserveOptions, TimedOut } from '../../src/core/observation.js';
import { timedOutMessage } from '../../src/core/wait-cause.js';
import { observe } from '../../src/core/observe.js';
import {
  FINAL_READ_GRACE_MS,
  finalRefresh,
  firstRead,
  pollUntilSettled,
  startWait,
  stopAfter,
  waitForState,
} from '../../src/core/wait.js';
import { found, queue } from '../helpers/fixtures.js';
import { recorder } from '../helpers/log-recorder.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const START = Date.parse('2026-11-25T12:00:00Z');
const running = queue([[1842, 'testing']]);
const paused = queue([[1842, 'pending']], { state: 'paused' });
const throttled = () => new ApiError('getQueue', 'HTTP 429 (rate limited)', { transient: true, reached: true });
const refused = () => new ApiError('getQueue', 'HTTP 401', { transient: false, reached: true });
const unresolved = () => new ApiError('getQueue', 'ENOTFOUND', { transient: true, reached: false, unresolved: true });

/** Each call takes the next step: an answer, an error to throw, or a function run with the call's signal. */
type Step<T> = T | Error | ((signal: AbortSignal) => Promise<T>);

class FakeSource implements PrSource {
  readonly refreshed: PrAnswer[] = [];
  constructor(
    private readonly reads: Array<Step<Snapshot>>,
    private readonly polls: Array<Step<PrAnswer>> = [],
    private readonly refreshes: Array<Step<Omit<Snapshot, 'pr'>>> = [],
  ) {}
  read(signal: AbortSignal) {
    return take(this.reads, signal, 'read');
  }
  poll(signal: AbortSignal) {
    return take(this.polls, signal, 'poll');
  }
  refresh(pr: PrAnswer, signal: AbortSignal) {
    this.refreshed.push(pr);
    return take(this.refreshes, signal, 'refresh');
  }
  readQueue(): Promise<QueueAnswer> {
    throw new Error('a wait does not read the queue alone');
  }
}

async function take<T>(steps: Array<Step<T>>, signal: AbortSignal, what: string): Promise<T> {
  const step = steps.length > 1 ? steps.shift() : steps[0];
  if (step === undefined) throw new Error(`no ${what} scripted`);
  if (step instanceof Error) throw step;
  if (typeof step === 'function') return (step as (signal: AbortSignal) => Promise<T>)(signal);
  return step;
}

/** Never answers; rejects as the request layer does when its signal aborts, with what it was doing. */
const hangs =
  <T>(sentAtMs: number) =>
  (signal: AbortSignal): Promise<T> =>
    new Promise((_, reject) =>
      signal.addEventListener('abort', () =>
        reject(new CancelledError('cut short', { kind: 'answer', endpoint: 'getQueue', sentAtMs })),
      ),
    );

function setup(source: PrSource, overrides: Partial<ObserveOptions> = {}) {
  const clock = new VirtualClock(START);
  const log = recorder();
  const options: ObserveOptions = {
    source,
    pr: 1842,
    log,
    waitFor: ['merged'],
    waitTimeoutMs: 600_000,
    pollIntervalMs: 10_000,
    clock,
    random: () => 0,
    cancel: new AbortController().signal,
    ...overrides,
  };
  const seen: Observation = { warnings: [], stop: { kind: 'answered' } };
  return { clock, log, options, seen, wait: startWait(options, seen) };
}

const snapshot = (state: string, queueAnswer = running, story?: Story): Snapshot => ({
  pr: found({ state }),
  queue: queueAnswer,
  ...(story ? { story } : {}),
});

describe('the first read', () => {
  it('rides over transient failures, a poll interval apart, warning once a heartbeat', async () => {
    const { wait, clock, log } = setup(new FakeSource([throttled(), throttled(), snapshot('testing')]));
    const answer = await firstRead(wait);
    expect(answer.found && answer.pr.state).toBe('testing');
    expect([wait.polls, wait.failedPolls, wait.everAnswered, wait.endedOnFailure]).toEqual([3, 2, true, false]);
    expect(clock.sleeps).toEqual([10_000, 10_000]);
    expect(log.lines).toEqual([
      'warning: Trunk API getQueue: HTTP 429 (rate limited); still waiting (1 failed poll so far).',
      'debug: Trunk API getQueue: HTTP 429 (rate limited); still waiting.',
      'Waiting up to 10 min for PR #1842 to reach merged; it is being tested (testing), ready.',
    ]);
  });

  it('a host that does not resolve ends it at once, and so does a failure retries cannot fix', async () => {
    for (const error of [unresolved(), refused()]) {
      const { wait } = setup(new FakeSource([error]));
      await expect(firstRead(wait)).rejects.toBe(error);
      expect(wait.failedPolls).toBe(0);
    }
  });

  it('a paused queue is warned about at once, and named in the line saying what the wait is for', async () => {
    const { wait, log, seen } = setup(new FakeSource([snapshot('pending', paused)]));
    await firstRead(wait);
    expect(seen.queueWarning).toMatch(/^The merge queue is paused: /);
    expect(log.lines).toEqual([
      `warning: ${seen.queueWarning}`,
      expect.stringMatching(/^Waiting up to 10 min for PR #1842 to reach merged; it is .*; the queue is paused\.$/),
    ]);
  });

  it('a PR already in a wanted or a final state: no line saying the action waits', async () => {
    for (const state of ['merged', 'failed']) {
      const { wait, log } = setup(new FakeSource([snapshot(state)]));
      await firstRead(wait);
      expect(log.lines).toEqual([]);
    }
  });
});

describe('the poll loop', () => {
  it('ends on a wanted state; a change is logged, the same state only at the heartbeat', async () => {
    const polls = [...Array<PrAnswer>(7).fill(found({ state: 'testing' })), found({ state: 'merged' })];
    const { wait, log } = setup(new FakeSource([], polls));
    const stop = await pollUntilSettled(wait, found({ state: 'pending' }));
    expect(stop).toEqual({ kind: 'reached', state: 'merged' });
    expect(wait.polls).toBe(8);
    expect(log.lines.filter((line) => !line.startsWith('debug: '))).toEqual([
      'PR #1842 is being tested (testing), ready; 10 s waited, 1 poll.',
      // 60 s after the last line, the same state: a heartbeat.
      'Still waiting for merged: PR #1842 is being tested (testing), ready; 1 min waited, 7 polls.',
      // Reaching it is the wait's own last line, and the run's account says the state: debug here.
    ]);
    expect(log.lines.at(-1)).toBe('debug: PR #1842 is merged, ready; 1 min waited, 8 polls.');
  });

  it('ends on a final state that is not wanted', async () => {
    const { wait } = setup(new FakeSource([], [found({ state: 'failed' })]));
    expect(await pollUntilSettled(wait, found({ state: 'testing' }))).toEqual({ kind: 'final-state', state: 'failed' });
  });

  it('a failed poll is counted and the loop goes on; the next answer clears endedOnFailure', async () => {
    const { wait } = setup(new FakeSource([], [throttled(), found({ state: 'merged' })]));
    await pollUntilSettled(wait, found({ state: 'testing' }));
    expect([wait.failedPolls, wait.endedOnFailure, wait.polls]).toEqual([1, false, 2]);
  });
});

describe('what stopped it', () => {
  it('the deadline while a request waited: timed out, with what the request was doing', () => {
    const { wait, clock } = setup(new FakeSource([]), { waitTimeoutMs: 60_000 });
    clock.advance(60_000);
    const interrupted = { kind: 'answer', endpoint: 'getQueue', sentAtMs: START } as const;
    expect(stopAfter(wait, new CancelledError('cut short', interrupted))).toEqual({
      kind: 'timed-out',
      deadlineAtMs: START + 60_000,
      failedPolls: 0,
      lastFailure: undefined,
      endedOnFailure: false,
      everAnswered: false,
      interrupted,
    });
  });

  it('a cancelled job is cancelled, whatever was thrown; any other error before the deadline is a failure', () => {
    const cancel = new AbortController();
    const { wait } = setup(new FakeSource([]), { cancel: cancel.signal });
    const error = refused();
    expect(stopAfter(wait, error)).toEqual({ kind: 'failed', error });
    expect(stopAfter(wait, new CancelledError('a sibling failed'))).toMatchObject({ kind: 'failed' });
    cancel.abort('the job was cancelled: SIGTERM');
    expect(stopAfter(wait, error)).toEqual({ kind: 'cancelled', reason: 'the job was cancelled: SIGTERM' });
  });
});

describe('the final refresh', () => {
  const story: Story = { leftOut: [] } as unknown as Story;

  it('reads the queue again for the PR as last polled', async () => {
    const later = queue([
      [1842, 'testing'],
      [1843, 'pending'],
    ]);
    const { wait, seen } = setup(new FakeSource([], [], [{ queue: later }]));
    seen.pr = found({ state: 'merged' });
    seen.queue = running;
    await finalRefresh(wait);
    expect(seen.queue).toBe(later);
  });

  it('fails without failing the wait: a warning, and the story from the start is dropped', async () => {
    const { wait, seen, log } = setup(new FakeSource([], [], [throttled()]));
    Object.assign(seen, { pr: found(), queue: running, story });
    await finalRefresh(wait);
    expect(seen.story).toBeUndefined();
    expect(seen.queue).toBe(running);
    expect(log.lines).toEqual([
      'warning: Could not read the queue again at the end of the wait (Trunk API getQueue: HTTP 429 (rate limited)); outputs show it as it was when the wait began, and the story is left out.',
    ]);
  });

  it('past the deadline, it still has a short grace', async () => {
    const { wait, seen, clock, log } = setup(new FakeSource([], [], [hangs(START)]), { waitTimeoutMs: 1_000 });
    Object.assign(seen, { pr: found(), queue: running });
    clock.advance(5_000);
    const refreshing = finalRefresh(wait);
    clock.advance(FINAL_READ_GRACE_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines).toEqual([]);
    clock.advance(1);
    await refreshing;
    expect(log.lines).toEqual([expect.stringMatching(/^warning: Could not read the queue again/)]);
  });
});

describe('the whole wait', () => {
  it('a deadline in the pause after an answered poll: timed out, not blamed on a failure', async () => {
    const source = new FakeSource(
      [snapshot('testing')],
      [throttled(), found({ state: 'testing' })],
      [{ queue: running }],
    );
    const { options, seen } = setup(source, { waitTimeoutMs: 35_000 });
    await waitForState(options, seen);
    expect(seen.stop).toMatchObject({ kind: 'timed-out', failedPolls: 1, endedOnFailure: false, everAnswered: true });
    expect(seen.stop).not.toHaveProperty('interrupted', expect.anything());
    expect(seen.wait).toEqual({ waitFor: ['merged'], waitedSeconds: 35, timedOut: true, ended: 'timed out', polls: 4 });
    expect(source.refreshed).toHaveLength(1);
  });

  it('observe without wait-for asks once, and says a cancelled job was cancelled', async () => {
    const cancel = new AbortController();
    const source = new FakeSource([
      async () => {
        cancel.abort('the job was cancelled: SIGINT');
        return snapshot('testing');
      },
    ]);
    const { options } = setup(source, { waitFor: [], cancel: cancel.signal });
    const seen = await observe(options);
    expect(seen.stop).toEqual({ kind: 'cancelled', reason: 'the job was cancelled: SIGINT' });
    expect(seen.pr).toBeDefined();
    expect(seen.wait).toBeUndefined();
  });
});

describe('the poll that is due at the deadline', () => {
  // On a real clock the last sleep can end a hair before the deadline fires, and the poll then
  // sent is cut short at once: that is the wait running out, not Trunk being slow.
  it.each([
    [14_800, 'sent 0.8 s before it: the wait simply ran out', false],
    [14_000, 'sent 4 s before it and still unanswered: Trunk was slow', true],
  ])('a 60 s wait polling every %d ms, the last poll %s', async (interval, _, blamed) => {
    const timing: { clock?: VirtualClock } = {};
    const poll = (signal: AbortSignal): Promise<PrAnswer> => {
      const now = timing.clock?.now() ?? START;
      if (now - START <= 3 * interval) return Promise.resolve(found({ state: 'testing' }));
      // The fourth poll is the one the deadline cuts short: no answer comes, and time moves on to it.
      const cut = hangs<PrAnswer>(now)(signal);
      setImmediate(() => timing.clock?.advance(START + 60_000 - now));
      return cut;
    };
    const source = new FakeSource([snapshot('testing')], [poll]);
    const { options, seen, clock } = setup(source, { waitTimeoutMs: 60_000, pollIntervalMs: interval });
    timing.clock = clock;
    await waitForState(options, seen);
    expect(seen.stop).toMatchObject({ kind: 'timed-out', interrupted: { kind: 'answer', endpoint: 'getQueue' } });
    const message = timedOutMessage(seen.stop as TimedOut, { headline: 'Timed out', now: '', queueNote: '' });
    if (blamed) expect(message).toMatch(/^Timed out: Trunk answered slowly: getQueue, sent 4 s before the deadline/);
    else expect(message).toBe('Timed out.');
  });
});
