// v2's adapter loads on the first read, once, whichever read comes first; a run with the v1 token
// alone never loads it (the bundle's chunk list in dist/ shows the split).
import { describe, expect, it } from '@jest/globals';
import type { WindowAnswer } from '../../src/core/history.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Timelines } from '../../src/core/model.js';
import { LazySource } from '../../src/trunk/lazy-source.js';
import { found, queue } from '../helpers/fixtures.js';

const answer = found();
const window: WindowAnswer = { kind: 'counts', merged: 12, failures: [], requests: 1 };
const line = queue([[1842, 'testing']]);
const loaded: StatusSource = {
  read: async (): Promise<Snapshot> => ({ pr: answer, queue: line }),
  readQueue: async (): Promise<QueueAnswer> => line,
  poll: async (): Promise<PrAnswer> => answer,
  refresh: async () => ({ queue: line }),
  readPrs: async (): Promise<Map<number, PrAnswer>> => new Map([[1842, answer]]),
  timelines: async (): Promise<Timelines> => ({ known: false }),
  readWindow: async (): Promise<WindowAnswer> => window,
};

describe('LazySource', () => {
  it('loads nothing until asked, then once for every read', async () => {
    let loads = 0;
    const source = new LazySource(async () => {
      loads++;
      return loaded;
    });
    expect(loads).toBe(0);
    const signal = new AbortController().signal;
    await Promise.all([source.read(signal), source.poll(signal)]);
    expect(await source.readQueue(signal)).toBe(line);
    expect(await source.refresh(answer, signal)).toEqual({ queue: line });
    expect(await source.readPrs([1842], signal)).toEqual(new Map([[1842, answer]]));
    expect(await source.timelines([1842], signal)).toEqual({ known: false });
    const hour = { fromMs: 0, toMs: 3_600_000 };
    expect(await source.readWindow({ current: hour, maxRequests: 200, deadlineMs: 120_000 }, signal)).toBe(window);
    expect(loads).toBe(1);
  });

  it('a module that cannot load fails the read that needed it', async () => {
    const source = new LazySource(() => Promise.reject(new Error('Cannot find module 740.index.js')));
    await expect(source.read(new AbortController().signal)).rejects.toThrow('Cannot find module');
  });
});
