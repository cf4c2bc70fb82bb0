// Both credentials: v1 decides and v2 only tells the story. From fake sources on a virtual clock:
// the story rides along, a failed story is one warning and v2 is not asked again, a failed verdict
// abandons the story, the story gets 5 s after the verdict and no more, and a cancelled job blames
// nobody. The whole mode through the simulator is in run/v2.test.ts.
import { describe, expect, it } from '@jest/globals';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Story } from '../../src/core/model.js';
import { MixedSource } from '../../src/trunk/mixed-source.js';
import { found, queue } from '../helpers/fixtures.js';
import { until } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const answer = found();
const line = queue([[1842, 'testing']]);
const story: Story = { directlyAhead: [1840], leftOut: [] };

/** A source whose read answers as `read` says, counting its reads and noting the signal it got. */
function source(read: (signal: AbortSignal) => Promise<Snapshot>) {
  const seen = { reads: 0, signals: [] as AbortSignal[] };
  const it: StatusSource = {
    read: (signal) => {
      seen.reads++;
      seen.signals.push(signal);
      return read(signal);
    },
    readQueue: async (): Promise<QueueAnswer> => line,
    poll: async (): Promise<PrAnswer> => answer,
    refresh: async (_pr, signal) => read(signal),
  };
  return { it, seen };
}

const decides = () => source(async () => ({ pr: answer, queue: line }));
const never = (signal: AbortSignal) =>
  new Promise<Snapshot>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
const signal = () => new AbortController().signal;

describe('MixedSource', () => {
  it("v1's answers, with v2's story", async () => {
    const tells = source(async () => ({ pr: found({ state: 'pending' }), queue: line, story }));
    const mixed = new MixedSource(decides().it, tells.it, new VirtualClock());
    const read = await mixed.read(signal());
    expect(read.pr).toBe(answer);
    expect(read.story).toBe(story);
    expect(read.warnings).toBeUndefined();
  });

  it('a failed story is one warning naming api-key, and v2 is not asked again', async () => {
    const tells = source(async () => {
      throw new Error('Trunk API v2 GET /v2/repositories: the key was refused (HTTP 401).');
    });
    const mixed = new MixedSource(decides().it, tells.it, new VirtualClock());
    const first = await mixed.read(signal());
    expect(first.pr).toBe(answer);
    expect(first.story).toBeUndefined();
    expect(first.warnings).toEqual([
      expect.stringMatching(/the key was refused \(HTTP 401\)\. .*check the api-key input/),
    ]);
    const second = await mixed.read(signal());
    expect(second.warnings).toBeUndefined();
    expect(tells.seen.reads).toBe(1);
  });

  it("a failed verdict fails the read and abandons the story's", async () => {
    const tells = source(never);
    const failing = source(async () => {
      throw new Error('HTTP 503');
    });
    const mixed = new MixedSource(failing.it, tells.it, new VirtualClock());
    await expect(mixed.read(signal())).rejects.toThrow('HTTP 503');
    expect(tells.seen.signals[0]?.aborted).toBe(true);
  });

  it('the story gets 5 s after the verdict, not a millisecond more', async () => {
    const clock = new VirtualClock();
    const tells = source(never);
    const reading = new MixedSource(decides().it, tells.it, clock).read(signal());
    let done = false;
    void reading.then(() => (done = true));
    await until(() => clock.timeouts.includes(5_000));
    clock.advance(4_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    clock.advance(1);
    const read = await reading;
    expect(read.pr).toBe(answer);
    expect(read.warnings).toEqual([expect.stringContaining("no answer within 5 s of v1's")]);
    expect(tells.seen.signals[0]?.aborted).toBe(true);
  });

  it('a job cancelled while the story is read: the verdict stands, and no warning blames v2', async () => {
    const cancel = new AbortController();
    const tells = source((story) => {
      const pending = never(story);
      cancel.abort('the job was cancelled: SIGINT');
      return pending;
    });
    const read = await new MixedSource(decides().it, tells.it, new VirtualClock()).read(cancel.signal);
    expect(read.pr).toBe(answer);
    expect(read.warnings).toBeUndefined();
  });
});
