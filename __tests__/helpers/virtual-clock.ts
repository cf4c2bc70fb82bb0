// A clock whose time moves only when the action sleeps: an hour-long wait, its back-offs and its
// deadline run in milliseconds. Real I/O still happens in real time between the sleeps.
import type { Clock } from '../../src/shared/time.js';

export class VirtualClock implements Clock {
  private ms: number;
  private readonly deadlines: Array<{ at: number; controller: AbortController }> = [];
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];
  /** Every timeout asked for, in ms, in order: a test advances the clock once the one it means is set. */
  readonly timeouts: number[] = [];

  constructor(start = Date.now()) {
    this.ms = start;
  }

  now(): number {
    return this.ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    // Let pending real I/O (a sibling request) run before time moves on.
    await new Promise((resolve) => setImmediate(resolve));
    // As a real sleep, cut short at the deadline that aborts it, not after the whole time.
    const end = this.ms + ms;
    for (;;) {
      const next = this.pending().find(({ at }) => at <= end);
      if (!next) break;
      this.advance(next.at - this.ms);
      signal?.throwIfAborted();
    }
    this.advance(end - this.ms);
    signal?.throwIfAborted();
  }

  /** Deadlines not yet passed, the earliest first. */
  private pending(): Array<{ at: number }> {
    return this.deadlines.filter(({ controller }) => !controller.signal.aborted).sort((a, b) => a.at - b.at);
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    this.timeouts.push(ms);
    this.deadlines.push({ at: this.ms + ms, controller });
    return controller.signal;
  }

  advance(ms: number): void {
    this.ms += ms;
    for (const { at, controller } of this.deadlines) {
      if (at <= this.ms && !controller.signal.aborted) {
        controller.abort(new DOMException('The virtual deadline passed', 'TimeoutError'));
      }
    }
  }
}
