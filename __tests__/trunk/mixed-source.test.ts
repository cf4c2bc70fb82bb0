// Both credentials, on a virtual clock with two fake sources: v1 decides, v2 only tells the story.
// A story that fails is one warning and never asked for again; a verdict that fails takes the
// story's read down with it; the story gets 5 s once the verdict is in; a cancelled job blames
// nobody. No HTTP here: run/v2.test.ts takes the whole run over the simulator.
import { describe, expect, it } from '@jest/globals';
import type { WindowAnswer, WindowRequest } from '../../src/core/history.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Story, Timelines } from '../../src/core/model.js';
import { MixedSource } from '../../src/trunk/mixed-source.js';
import { found, queue } from '../helpers/fixtures.js';
import { until } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const v1Queue = queue([[1842, 'testing']]);
const v2Queue = queue([[1842, 'pending']], { state: 'paused' });
const story: Story = { testRun: { status: 'in_progress', url: 'https://ci.example/run/1' }, leftOut: [] };

/** What one call answers: a value, an error, or a function run with the call's own signal. */
type Answer<T> = T | Error | ((signal: AbortSignal) => Promise<T>);

/** A source that answers each kind of call the same way, and records what it was asked with. */
class FakeSource implements StatusSource {
  readonly calls: Array<{ what: string; signal: AbortSignal }> = [];
  constructor(
    private readonly answers: {
      read?: Answer<Snapshot>;
      poll?: Answer<PrAnswer>;
      refresh?: Answer<Omit<Snapshot, 'pr'>>;
      readQueue?: Answer<QueueAnswer>;
      readPrs?: Answer<Map<number, PrAnswer>>;
      timelines?: Answer<Timelines>;
      readWindow?: Answer<WindowAnswer>;
    },
  ) {}
  read(signal: AbortSignal) {
    return this.answer('read', this.answers.read, signal);
  }
  poll(signal: AbortSignal) {
    return this.answer('poll', this.answers.poll, signal);
  }
  refresh(_pr: PrAnswer, signal: AbortSignal) {
    return this.answer('refresh', this.answers.refresh, signal);
  }
  readQueue(signal: AbortSignal) {
    return this.answer('readQueue', this.answers.readQueue, signal);
  }
  readPrs(_numbers: readonly number[], signal: AbortSignal) {
    return this.answer('readPrs', this.answers.readPrs, signal);
  }
  timelines(_numbers: readonly number[], signal: AbortSignal) {
    return this.answer('timelines', this.answers.timelines, signal);
  }
  readWindow(_request: WindowRequest, signal: AbortSignal) {
    return this.answer('readWindow', this.answers.readWindow, signal);
  }
  asked(what: string): number {
    return this.calls.filter((call) => call.what === what).length;
  }
  private async answer<T>(what: string, answer: Answer<T> | undefined, signal: AbortSignal): Promise<T> {
    this.calls.push({ what, signal });
    if (answer === undefined) throw new Error(`${what} was not expected`);
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return (answer as (signal: AbortSignal) => Promise<T>)(signal);
    return answer;
  }
}

/** An answer that never comes: it rejects only when its signal aborts, as a real request does. */
const hang = <T>(signal: AbortSignal) =>
  new Promise<T>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));

const v1 = (answers: ConstructorParameters<typeof FakeSource>[0] = {}) =>
  new FakeSource({ read: { pr: found({ state: 'testing' }), queue: v1Queue }, ...answers });
const v2 = (answers: ConstructorParameters<typeof FakeSource>[0] = {}) =>
  new FakeSource({ read: { pr: found({ state: 'pending' }), queue: v2Queue, story }, ...answers });

const signal = () => new AbortController().signal;

/** Whether a promise has settled by the time pending I/O and timers of this turn have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('MixedSource', () => {
  it("takes the state and the queue from v1 and only the story from v2's answer", async () => {
    const decides = v1();
    const tells = v2();
    const snapshot = await new MixedSource(decides, tells, new VirtualClock()).read(signal());
    expect(snapshot.pr).toMatchObject({ found: true, pr: { state: 'testing' } });
    expect(snapshot.queue).toBe(v1Queue);
    expect(snapshot.story).toEqual(story);
    expect(snapshot.warnings).toBeUndefined();
    expect([decides.asked('read'), tells.asked('read')]).toEqual([1, 1]);
  });

  it('a failed story is one warning naming api-key, and v2 is not asked again', async () => {
    const tells = v2({ read: new Error('Trunk API v2 /v2/pull-requests: the API key was refused (HTTP 401).') });
    const mixed = new MixedSource(v1({ refresh: { queue: v1Queue } }), tells, new VirtualClock());
    const first = await mixed.read(signal());
    expect(first.pr).toMatchObject({ found: true, pr: { state: 'testing' } });
    expect(first.story).toBeUndefined();
    expect(first.warnings).toEqual([
      "The story (why, test run, estimate) is left out: Trunk's v2 API failed: Trunk API v2 /v2/pull-requests: the API key was refused (HTTP 401). The state and the verdict come from the v1 API (api-token), as without api-key; check the api-key input for the story.",
    ]);
    const second = await mixed.read(signal());
    expect(second.warnings).toBeUndefined();
    expect(second.story).toBeUndefined();
    const refreshed = await mixed.refresh(second.pr, signal());
    expect(refreshed.warnings).toBeUndefined();
    expect(tells.calls.map((call) => call.what)).toEqual(['read']);
  });

  it("a failed verdict read aborts the story's and fails the read with v1's error", async () => {
    const refused = new Error('getSubmittedPullRequest: HTTP 401');
    const tells = v2({ read: hang });
    const mixed = new MixedSource(v1({ read: refused }), tells, new VirtualClock());
    await expect(mixed.read(signal())).rejects.toBe(refused);
    expect(tells.calls[0]?.signal.aborted).toBe(true);
  });

  it('the story gets 5 s after the verdict: still awaited at 4999 ms, given up at 5000 ms', async () => {
    const clock = new VirtualClock();
    const tells = v2({ read: hang });
    const reading = new MixedSource(v1(), tells, clock).read(signal());
    await until(() => clock.timeouts.length > 0, 'the grace timeout');
    expect(clock.timeouts).toEqual([5000]);
    clock.advance(4999);
    expect(await settled(reading)).toBe(false);
    expect(tells.calls[0]?.signal.aborted).toBe(false);
    clock.advance(1);
    const snapshot = await reading;
    expect(tells.calls[0]?.signal.aborted).toBe(true);
    expect(snapshot.pr).toMatchObject({ found: true, pr: { state: 'testing' } });
    expect(snapshot.story).toBeUndefined();
    expect(snapshot.warnings).toEqual([expect.stringContaining("v2 API failed: no answer within 5 s of v1's. ")]);
  });

  it('a cancelled job keeps the verdict, warns of nothing, and does not give up on v2', async () => {
    const clock = new VirtualClock();
    const tells = v2({ read: hang });
    const job = new AbortController();
    const mixed = new MixedSource(v1(), tells, clock);
    const reading = mixed.read(job.signal);
    await until(() => clock.timeouts.length > 0, 'the grace timeout');
    job.abort();
    const snapshot = await reading;
    expect(snapshot.pr).toMatchObject({ found: true, pr: { state: 'testing' } });
    expect(snapshot.story).toBeUndefined();
    expect(snapshot.warnings).toBeUndefined();
    // The next read asks v2 again (and is cancelled in its turn, which is all this test needs).
    const next = new AbortController();
    const again = mixed.read(next.signal);
    await until(() => tells.asked('read') === 2, "v2's second read");
    next.abort();
    expect((await again).warnings).toBeUndefined();
  });

  it("a refresh polls v2 before its refresh, and keeps v1's queue with v2's story", async () => {
    const tells = v2({ poll: found({ state: 'pending' }), refresh: { queue: v2Queue, story } });
    const decides = v1({ refresh: { queue: v1Queue } });
    const refreshed = await new MixedSource(decides, tells, new VirtualClock()).refresh(found(), signal());
    expect(refreshed).toEqual({ queue: v1Queue, story });
    expect(tells.calls.map((call) => call.what)).toEqual(['poll', 'refresh']);
    expect(decides.calls.map((call) => call.what)).toEqual(['refresh']);
  });

  it('a poll and a queue read go to v1 alone', async () => {
    const tells = v2();
    const mixed = new MixedSource(
      v1({ poll: found({ state: 'merged' }), readQueue: { queue: v1Queue.queue, json: v1Queue.json } }),
      tells,
      new VirtualClock(),
    );
    expect(await mixed.poll(signal())).toMatchObject({ found: true, pr: { state: 'merged' } });
    expect((await mixed.readQueue(signal())).queue).toBe(v1Queue.queue);
    expect(tells.calls).toEqual([]);
  });

  it("PRs are v1's to read; who merged them is v2's to say", async () => {
    const timelines: Timelines = { known: true, byPr: new Map([[1842, { number: 1842, transitions: [] }]]) };
    const decides = v1({ readPrs: new Map([[1842, found({ state: 'merged' })]]) });
    const tells = v2({ timelines });
    const mixed = new MixedSource(decides, tells, new VirtualClock());
    expect(await mixed.readPrs([1842], signal())).toEqual(new Map([[1842, found({ state: 'merged' })]]));
    expect(await mixed.timelines([1842], signal())).toBe(timelines);
    expect(decides.calls.map((call) => call.what)).toEqual(['readPrs']);
    expect(tells.calls.map((call) => call.what)).toEqual(['timelines']);
  });

  it("v2 failing to say who merged is the run's failure, not a warning: a commit run holds on it", async () => {
    const mixed = new MixedSource(v1(), v2({ timelines: new Error('HTTP 401: INVALID_TOKEN') }), new VirtualClock());
    await expect(mixed.timelines([1842], signal())).rejects.toThrow('HTTP 401: INVALID_TOKEN');
  });

  it('a cancelled job is not blamed on v2', async () => {
    const job = new AbortController();
    job.abort();
    const mixed = new MixedSource(v1(), v2({ timelines: new Error('aborted') }), new VirtualClock());
    await expect(mixed.timelines([1842], job.signal)).rejects.toThrow('aborted');
  });

  describe('the window report', () => {
    const DAY = 86_400_000;
    const now = Date.parse('2026-11-20T12:00:00Z');
    const request: WindowRequest = {
      current: { fromMs: now - 7 * DAY, toMs: now },
      before: { fromMs: now - 14 * DAY, toMs: now - 7 * DAY },
      maxRequests: 200,
      deadlineMs: now + 120_000,
    };

    it('reads the history from v2 alone: v1 could only count', async () => {
      const history: WindowAnswer = {
        kind: 'history',
        current: { timelines: [], stretches: [], covered: request.current },
        failures: [],
        requests: 28,
      };
      const decides = v1();
      const tells = v2({ readWindow: history });
      expect(await new MixedSource(decides, tells, new VirtualClock()).readWindow(request, signal())).toBe(history);
      expect(decides.calls).toEqual([]);
      expect(tells.calls.map((call) => call.what)).toEqual(['readWindow']);
    });

    it("v2 failing is each read's failure, its figures empty with the reason: never a failed run", async () => {
      const refused = new Error('Trunk API v2 /v2/repositories: the API key was refused (HTTP 401).');
      const mixed = new MixedSource(v1(), v2({ readWindow: refused }), new VirtualClock());
      const message = "Trunk's v2 API failed: Trunk API v2 /v2/repositories: the API key was refused (HTTP 401)";
      expect(await mixed.readWindow(request, signal())).toEqual({
        kind: 'history',
        current: { covered: request.current },
        before: { covered: request.before },
        failures: [
          { read: 'trips', message },
          { read: 'testing', message },
        ],
        requests: 0,
      });
    });

    it('a cancelled job throws, and is not blamed on v2', async () => {
      const job = new AbortController();
      job.abort();
      const mixed = new MixedSource(v1(), v2({ readWindow: new Error('aborted') }), new VirtualClock());
      await expect(mixed.readWindow(request, job.signal)).rejects.toThrow('aborted');
    });
  });
});
