// A source whose module loads on its first read. A run with the v1 token alone never loads v2's
// adapter and the schemas it builds when loaded; one with a v2 key loads it as its first request
// is made, which costs that run what importing it at start would have.
import type { WindowAnswer, WindowRequest } from '../core/history.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Timelines } from '../core/model.js';

export class LazySource implements StatusSource {
  private loaded?: Promise<StatusSource>;

  constructor(private readonly load: () => Promise<StatusSource>) {}

  private source(): Promise<StatusSource> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  async read(signal: AbortSignal): Promise<Snapshot> {
    return (await this.source()).read(signal);
  }

  async readQueue(signal: AbortSignal): Promise<QueueAnswer> {
    return (await this.source()).readQueue(signal);
  }

  async poll(signal: AbortSignal): Promise<PrAnswer> {
    return (await this.source()).poll(signal);
  }

  async refresh(pr: PrAnswer, signal: AbortSignal): Promise<Omit<Snapshot, 'pr'>> {
    return (await this.source()).refresh(pr, signal);
  }

  async readPrs(numbers: readonly number[], signal: AbortSignal, readiness?: boolean): Promise<Map<number, PrAnswer>> {
    return (await this.source()).readPrs(numbers, signal, readiness);
  }

  async timelines(numbers: readonly number[], signal: AbortSignal): Promise<Timelines> {
    return (await this.source()).timelines(numbers, signal);
  }

  async readWindow(request: WindowRequest, signal: AbortSignal): Promise<WindowAnswer> {
    return (await this.source()).readWindow(request, signal);
  }
}
