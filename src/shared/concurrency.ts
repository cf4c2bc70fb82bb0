// A few requests at a time: enough to overlap their round trips, few enough to stay well inside
// the limits of APIs shared with every other job of the organization.

/** `work` for each item, at most `limit` at once; the answers in the items' order. The first failure rejects. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** The items in runs of at most `size`: an API's batch limit. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * At most `limit` tasks at once, across every caller that shares it; a waiting task of a lower
 * rank starts first, and tasks of one rank start in turn. The window report ranks its reads by
 * how recent their day is, so that when its budget runs out the newest days are the ones read.
 */
export class RankedGate {
  private running = 0;
  /** By rank, then in the order they came. */
  private readonly waiting: Array<{ rank: number; start: () => void }> = [];

  constructor(private readonly limit: number) {}

  async run<T>(rank: number, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((start) => this.enqueue({ rank, start }));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next task, so nothing can slip in between.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }

  private enqueue(task: { rank: number; start: () => void }): void {
    const at = this.waiting.findIndex((other) => other.rank > task.rank);
    this.waiting.splice(at === -1 ? this.waiting.length : at, 0, task);
  }
}
