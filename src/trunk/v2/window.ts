// The queue's past for a window report, from v2: the window and the window before it cut into day
// slices counted back from the run's start (the window slides; the oldest slice may be partial),
// and for each slice the PRs that concluded in it and the stretches of testing that ended in it,
// then every named PR's whole timeline, 50 to a call. The PR list is ordered by entry, not by
// conclusion, so only a filter by conclusion can say which PRs a day ended; a day is small enough
// that a cap or a deadline cuts the read between days, never in the middle of the newest ones.
//
// All of it shares 8 requests in flight (the organization's 100 a second serves everything it
// runs), the newest day's reads first. A read that fails after its retries leaves its figures
// empty for the spans it touched; the cap or the deadline leaves the older days unread, and the
// answer covers only the newest days read in full.
import type {
  HistoryRead,
  PrTimeline,
  Span,
  TestingStretch,
  WindowAnswer,
  WindowReadFailure,
  WindowRequest,
} from '../../core/history.js';
import { RankedGate } from '../../shared/concurrency.js';
import { RequestBudget } from '../request-budget.js';
import type { V2Api, V2Reader } from './api.js';
import { HISTORY_BATCH, readTimelines, type PrRef } from './history.js';
import { concludedPrs, testingStretches, type ListPlace } from './window-reads.js';

const DAY_MS = 86_400_000;
/** Requests in flight at once, across every list and batch of one window read. */
const IN_FLIGHT = 8;
const ENDS = new Set(['merged', 'failed', 'cancelled']);

/** How a read came out: `stopped` by the cap or the deadline, `failed` after its retries. */
type Outcome = 'read' | 'failed' | 'stopped';
type Read = WindowReadFailure['read'];

interface Slice {
  /** 0 for the newest; also the rank of its reads. */
  index: number;
  span: Span;
  prs?: Outcome;
  testing?: Outcome;
  /** The PRs its list named. */
  named: PrRef[];
  /** The stretches that ended in it, (fromMs, toMs]: lists include both ends, slices share them. */
  stretches: TestingStretch[];
  /** Why its figures of each read are empty. */
  failed: Partial<Record<Read, string>>;
}

const endsIn = (span: Span, ms: number) => span.fromMs < ms && ms <= span.toMs;
const overlaps = (a: Span, b: Span) => a.fromMs < b.toMs && b.fromMs < a.toMs;

/** The window and the window before it, as day slices counted back from the window's end, newest first. */
function slicesOf(request: WindowRequest): Span[] {
  const oldest = Math.min(request.current.fromMs, request.before?.fromMs ?? Infinity);
  const slices: Span[] = [];
  for (let toMs = request.current.toMs; toMs > oldest; toMs -= DAY_MS) {
    slices.push({ fromMs: Math.max(oldest, toMs - DAY_MS), toMs });
  }
  return slices;
}

/** The window (and the one before) from v2's queue-level reads, within the request's cap and deadline. */
export async function readHistoryWindow(
  api: V2Api,
  queueId: string,
  request: WindowRequest,
  signal: AbortSignal,
): Promise<WindowAnswer> {
  const budget = new RequestBudget(api.clock, request, signal);
  const read = new WindowRead(api, queueId, budget, slicesOf(request));
  await read.readAll();
  return read.answer(request);
}

class WindowRead {
  private readonly gate = new RankedGate(IN_FLIGHT);
  private readonly slices: Slice[];
  private readonly timelines = new Map<number, PrTimeline>();
  /** Each PR's timeline read, once it is asked for; the failure's message when it failed. */
  private readonly asked = new Map<number, { outcome?: Outcome; message?: string }>();
  /** PRs named by the slices batched so far, not yet sent. */
  private waiting: PrRef[] = [];
  /** How many slices, newest first, have had their PRs put into batches. */
  private batched = 0;
  private readonly batches: Array<Promise<void>> = [];

  constructor(
    private readonly api: V2Api,
    private readonly queueId: string,
    private readonly budget: RequestBudget,
    spans: Span[],
  ) {
    this.slices = spans.map((span, index) => ({ index, span, named: [], stretches: [], failed: {} }));
  }

  async readAll(): Promise<void> {
    await Promise.all(this.slices.flatMap((slice) => [this.readPrs(slice), this.readTesting(slice)]));
    // Every list is in, so every batch has been sent.
    await Promise.all(this.batches);
  }

  private async readPrs(slice: Slice): Promise<void> {
    slice.prs = await this.settle(slice, 'trips', async () => {
      slice.named = await concludedPrs(this.place(slice.index), slice.span);
    });
    this.sendBatches();
  }

  private async readTesting(slice: Slice): Promise<void> {
    slice.testing = await this.settle(slice, 'testing', async () => {
      const stretches = await testingStretches(this.place(slice.index), slice.span);
      slice.stretches = stretches.filter((stretch) => endsIn(slice.span, stretch.endedAtMs));
    });
  }

  /** Runs one list's read; a failure is noted on its slice, a stop is left for the coverage to tell. */
  private async settle(slice: Slice, read: Read, work: () => Promise<void>): Promise<Outcome> {
    try {
      await work();
      return 'read';
    } catch (error) {
      const outcome = this.budget.outcome(error);
      if (outcome === 'stopped') return 'stopped';
      slice.failed[read] = outcome.message;
      return 'failed';
    }
  }

  /**
   * Batches the PRs of the newest slices whose lists are in, in order, so that a batch serves the
   * newest days first and a PR named by two days is read once. Full batches go at once; the last
   * few wait for the next day's PRs, and go when no list is left to add to them.
   */
  private sendBatches(): void {
    let rank = this.batched;
    for (let next = this.slices[this.batched]; next?.prs !== undefined; next = this.slices[this.batched]) {
      this.batched++;
      rank = next.index;
      // Nothing older can be covered once a day is cut short: the budget is spent.
      if (next.prs === 'stopped') this.batched = this.slices.length;
      for (const pr of next.named) {
        if (this.asked.has(pr.number)) continue;
        this.asked.set(pr.number, {});
        this.waiting.push(pr);
      }
      while (this.waiting.length >= HISTORY_BATCH) this.send(this.waiting.splice(0, HISTORY_BATCH), rank);
    }
    if (this.batched === this.slices.length && this.waiting.length > 0) this.send(this.waiting.splice(0), rank);
  }

  private send(prs: PrRef[], rank: number): void {
    const done = (outcome: Outcome, message?: string) => {
      for (const pr of prs) this.asked.set(pr.number, { outcome, message });
    };
    const batch = readTimelines(this.reader(rank), prs, this.budget.signal).then(
      (timelines) => {
        for (const timeline of timelines) this.timelines.set(timeline.number, timeline);
        done('read');
      },
      (error: unknown) => {
        const outcome = this.budget.outcome(error);
        if (outcome === 'stopped') done('stopped');
        else done('failed', outcome.message);
      },
    );
    // Handled now, awaited once the lists are in: a cancelled job's rejection is not left unheard.
    batch.catch(() => undefined);
    this.batches.push(batch);
  }

  private place(rank: number): ListPlace {
    return { reader: this.reader(rank), queueId: this.queueId, signal: this.budget.signal };
  }

  /** The API through the gate and the budget, at this rank. */
  private reader(rank: number): V2Reader {
    return {
      get: (request, signal) =>
        this.gate.run(rank, () => this.api.get({ ...request, history: true, admit: this.budget.admit }, signal)),
      validate: (route, response, schema) => this.api.validate(route, response, schema),
    };
  }

  /** Read in full: both lists came to an answer, and so did the timeline of every PR it named. */
  private complete(slice: Slice): boolean {
    const settled = (outcome?: Outcome) => outcome === 'read' || outcome === 'failed';
    if (!settled(slice.prs) || !settled(slice.testing)) return false;
    return slice.prs === 'failed' || slice.named.every((pr) => settled(this.asked.get(pr.number)?.outcome));
  }

  /** Why the slice's trips are unknown: its list failed, or a timeline it needs. */
  private tripsFailure(slice: Slice): string | undefined {
    if (slice.failed.trips !== undefined) return slice.failed.trips;
    return slice.named.map((pr) => this.asked.get(pr.number)?.message).find((message) => message !== undefined);
  }

  answer(request: WindowRequest): WindowAnswer {
    const unread = this.slices.findIndex((slice) => !this.complete(slice));
    const covered = unread === -1 ? this.slices : this.slices.slice(0, unread);
    const fromMs = covered.at(-1)?.span.fromMs ?? request.current.toMs;
    const failures = new Map<Read, string>();
    const current = this.history(request.current, covered, fromMs, failures);
    const before = request.before && this.history(request.before, covered, fromMs, failures);
    return {
      kind: 'history',
      current,
      ...(before ? { before } : {}),
      failures: [...failures].map(([read, message]) => ({ read, message })),
      requests: this.budget.made,
    };
  }

  /** What was read of one span: its part in the covered days, and only what ended there. */
  private history(span: Span, covered: Slice[], fromMs: number, failures: Map<Read, string>): HistoryRead {
    const part = { fromMs: Math.min(Math.max(span.fromMs, fromMs), span.toMs), toMs: span.toMs };
    const mine = covered.filter((slice) => overlaps(slice.span, part));
    const noted = (read: Read, message: string | undefined) => {
      if (message !== undefined && !failures.has(read)) failures.set(read, message);
      return message !== undefined;
    };
    const tripsFailed = noted('trips', mine.map((slice) => this.tripsFailure(slice)).find(Boolean));
    const testingFailed = noted('testing', mine.map((slice) => slice.failed.testing).find(Boolean));
    const numbers = new Set(mine.flatMap((slice) => slice.named.map((pr) => pr.number)));
    const concluded = (timeline: PrTimeline) =>
      timeline.transitions.some((transition) => ENDS.has(transition.state) && endsIn(part, transition.atMs));
    return {
      timelines: tripsFailed
        ? undefined
        : [...numbers].flatMap((number) => this.timelines.get(number) ?? []).filter(concluded),
      stretches: testingFailed
        ? undefined
        : mine.flatMap((slice) => slice.stretches).filter((stretch) => endsIn(part, stretch.endedAtMs)),
      covered: part,
    };
  }
}
