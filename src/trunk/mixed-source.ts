// Both credentials: v1 decides (state, verdict, position and the rest, exactly as without api-key)
// and v2 tells the story, best-effort. Any v2 failure, a refused key, a 404, a 5xx, a timeout or
// throttling, is one warning naming api-key and an empty story; it never fails or delays the
// verdict beyond the read it rides along with. A window report's history is v2's alone, and so is
// who merged a commit's PR: a commit run that cannot read it holds.
import type { Clock } from '../shared/time.js';
import { messageOf } from '../shared/errors.js';
import { millis, withoutStop } from '../shared/format.js';
import type { WindowAnswer, WindowRequest } from '../core/history.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Story, Timelines } from '../core/model.js';
import { unreadWindow } from './unread-window.js';

/** How long the story may take once v1 has answered. */
const STORY_GRACE_MS = 5_000;

export class MixedSource implements StatusSource {
  /** Set once v2 has failed: it is not asked again, and not warned about twice. */
  private storyFailed = false;

  constructor(
    private readonly decides: StatusSource,
    private readonly tells: StatusSource,
    private readonly clock: Clock,
  ) {}

  async read(signal: AbortSignal): Promise<Snapshot> {
    const [snapshot, story] = await this.withStory(
      signal,
      (both) => this.tells.read(both),
      () => this.decides.read(signal),
    );
    return { ...snapshot, ...story };
  }

  readQueue(signal: AbortSignal): Promise<QueueAnswer> {
    return this.decides.readQueue(signal);
  }

  poll(signal: AbortSignal): Promise<PrAnswer> {
    return this.decides.poll(signal);
  }

  readPrs(numbers: readonly number[], signal: AbortSignal, readiness?: boolean): Promise<Map<number, PrAnswer>> {
    return this.decides.readPrs(numbers, signal, readiness);
  }

  /**
   * Who merged each PR is v2's to say. A commit run holds when it cannot (the contract's rule 3):
   * the key was given to tell merges by hand apart, so its failure is the run's, not a warning.
   */
  timelines(numbers: readonly number[], signal: AbortSignal): Promise<Timelines> {
    return this.tells.timelines(numbers, signal);
  }

  /**
   * The history comes from v2 whenever a key is set: v1 can tell only counts. A v2 that fails
   * leaves the figures empty with its reason, never the run failed.
   */
  async readWindow(request: WindowRequest, signal: AbortSignal): Promise<WindowAnswer> {
    try {
      return await this.tells.readWindow(request, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return unreadWindow(request, `Trunk's v2 API failed: ${withoutStop(messageOf(error))}`);
    }
  }

  async refresh(pr: PrAnswer, signal: AbortSignal): Promise<Omit<Snapshot, 'pr'>> {
    const [refreshed, story] = await this.withStory(
      signal,
      async (both) => {
        await this.tells.poll(both);
        return this.tells.refresh(pr, both);
      },
      () => this.decides.refresh(pr, signal),
    );
    return { ...refreshed, ...story };
  }

  /** Runs the story's read beside the verdict's; a failed verdict read aborts the story's. */
  private async withStory<T>(
    signal: AbortSignal,
    story: (signal: AbortSignal) => Promise<{ story?: Story }>,
    verdict: () => Promise<T>,
  ): Promise<[T, { story?: Story; warnings?: string[] }]> {
    if (this.storyFailed) return [await verdict(), {}];
    const abandon = new AbortController();
    const told = story(AbortSignal.any([signal, abandon.signal])).then(
      (value) => ({ story: value.story }),
      (error: unknown) => ({ error }),
    );
    let decided: T;
    try {
      decided = await verdict();
    } catch (error) {
      abandon.abort();
      throw error;
    }
    // The verdict is in: the story gets a few seconds more, not v2's whole retry budget.
    const grace = this.clock.timeout(STORY_GRACE_MS);
    const late = new Promise<{ error: unknown }>((resolve) =>
      grace.addEventListener('abort', () => {
        abandon.abort();
        resolve({ error: new Error(`no answer within ${millis(STORY_GRACE_MS)} of v1's`) });
      }),
    );
    const result = await Promise.race([told, late]);
    if ('story' in result) return [decided, { story: result.story }];
    // The job was cancelled, not the key refused: the verdict stands, and no warning blames v2.
    if (signal.aborted) return [decided, {}];
    this.storyFailed = true;
    return [
      decided,
      {
        story: undefined,
        warnings: [
          `The story (why, test run, estimate) is left out: Trunk's v2 API failed: ${withoutStop(messageOf(result.error))}. The state and the verdict come from the v1 API (api-token), as without api-key; check the api-key input for the story.`,
        ],
      },
    ];
  }
}
