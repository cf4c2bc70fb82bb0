// RankedGate: the window report's reads share it, so its promises are the report's: never more
// than its limit at once, a lower rank (a newer day) first among those waiting, one rank in turn,
// and a slot freed by a failure as by a success.
import { describe, expect, it } from '@jest/globals';
import { RankedGate } from '../../src/shared/concurrency.js';

/** A task that runs until its test lets it finish. */
function held() {
  let finish: (fail?: boolean) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => (finish = (fail) => (fail ? reject(new Error('x')) : resolve())));
  return { done, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('RankedGate', () => {
  it('runs at most its limit at once; the lowest rank waiting goes next, equal ranks in the order they came', async () => {
    const gate = new RankedGate(2);
    const started: string[] = [];
    const tasks = new Map<string, ReturnType<typeof held>>();
    const run = (name: string, rank: number) =>
      gate
        .run(rank, () => {
          started.push(name);
          const task = held();
          tasks.set(name, task);
          return task.done;
        })
        .catch(() => undefined);
    const all = [run('a', 5), run('b', 5), run('c', 3), run('d', 1), run('e', 3), run('f', 1)];
    await turn();
    expect(started).toEqual(['a', 'b']);
    tasks.get('a')?.finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'd']);
    // A failure frees its slot as a success does.
    tasks.get('b')?.finish(true);
    await turn();
    expect(started).toEqual(['a', 'b', 'd', 'f']);
    for (const name of ['d', 'f', 'c', 'e']) {
      tasks.get(name)?.finish();
      await turn();
    }
    expect(started).toEqual(['a', 'b', 'd', 'f', 'c', 'e']);
    await Promise.all(all);
  });

  it("answers with the task's own value or error", async () => {
    const gate = new RankedGate(1);
    await expect(gate.run(0, async () => 42)).resolves.toBe(42);
    await expect(gate.run(0, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(gate.run(0, async () => 'still free')).resolves.toBe('still free');
  });
});
