// A clock whose time moves only when the action sleeps: an hour-long wait, its back-offs and its
// deadline run in milliseconds. Real I/O still happens in real time between the sleeps.
import type { Clock } from '../../src/shared/time.js';

export class VirtualClock implements Clock {
  private ms: number;
  private readonly deadlines: Array<{ at: number; controller: AbortController }> = [];
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];

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
    this.advance(ms);
    signal?.throwIfAborted();
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
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
