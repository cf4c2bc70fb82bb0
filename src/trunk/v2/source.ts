// The v2 adapter. v2 has no lookup by owner/name/number, so a PR is found in three rounds at most,
// the independent reads of each sent together: the repository by its URL; then its queue for the
// branch and the PR by number; then the queue's order and the story the PR's state calls for.
// Ids never change, so each is resolved once a run; a wait polls only GET /v2/pull-requests/{id}.
import { together } from '../../http/request.js';
import { ApiError } from '../../shared/errors.js';
import { askedPr, type TrunkTarget } from '../target.js';
import type { RawResponse } from '../../http/transport.js';
import { rawJsonAt } from '../json-text.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Story, Timelines } from '../../core/model.js';
import type { WindowAnswer, WindowRequest } from '../../core/history.js';
import { unreadWindow } from '../unread-window.js';
import { chunked, mapLimited } from '../../shared/concurrency.js';
import { parseTimestamp } from '../../shared/time.js';
import { v2Detail, type Throttle, type V2Api } from './api.js';
import { withEntryFacts } from './entry-facts.js';
import {
  blockReasons,
  mergeQueueListSchema,
  orderSchema,
  prFacts,
  queueFacts,
  repositoryListSchema,
  type MergeQueue,
  type Order,
  type PullRequest,
} from './schemas.js';
import { readStory, type StoryMode } from './story.js';
import { lookUpPrs, NOT_READ, readPrById, type PrRead } from './lookup.js';
import { HISTORY_BATCH, readTimelines } from './history.js';
import { readHistoryWindow } from './window.js';

/** Queue-entry states a PR has left the queue in, as v2 spells them: its readiness no longer counts. */
const FINAL_ENTRY_STATES: readonly string[] = ['merged', 'failed', 'cancelled'];

export class V2Source implements StatusSource {
  private repositoryId?: string;
  /** Each PR's id, once a lookup has named it: the batch history asks by id. */
  private readonly ids = new Map<number, string>();
  private queue?: { value: MergeQueue; text: string };
  private last?: PrRead;

  constructor(
    private readonly api: V2Api,
    private readonly target: TrunkTarget,
    /** `best-effort`: a story part that fails is left out with a notice; `strict`: it fails the read. */
    private readonly storyMode: StoryMode = 'best-effort',
  ) {}

  async read(signal: AbortSignal): Promise<Snapshot> {
    const throttle: Throttle = { seen: false };
    const repositoryId = await this.repository(signal, throttle);
    const [queue, found] = await together(signal, (both) => [
      this.mergeQueue(repositoryId, both, throttle),
      this.findPr(repositoryId, both, throttle),
    ]);
    this.last = found;
    return { pr: this.answer(found, queue.value), ...(await this.queueAndStory(found, signal, throttle.seen)) };
  }

  async poll(signal: AbortSignal): Promise<PrAnswer> {
    const queue = this.queue?.value;
    const id = this.last?.pr?.id;
    // Not found at first: it may be submitted since, and only the lookup by number finds it.
    this.last = id ? await readPrById(this.api, id, signal) : await this.findPr(await this.repository(signal), signal);
    return this.answer(this.last, queue);
  }

  async refresh(_pr: PrAnswer, signal: AbortSignal): Promise<Omit<Snapshot, 'pr'>> {
    return this.queueAndStory(this.last ?? NOT_READ, signal, false);
  }

  /**
   * The queue and its order, with how long each of the first PRs in line has been in its state
   * (one more read): the line, for a report on the queue itself.
   */
  async readQueue(signal: AbortSignal): Promise<QueueAnswer> {
    const repositoryId = await this.repository(signal);
    const queue = await this.mergeQueue(repositoryId, signal);
    const answer = queueAnswer(queue, await this.order(queue.value.id, signal));
    const place = { repositoryId, queueId: queue.value.id };
    return { ...answer, queue: await withEntryFacts(this.api, place, answer.queue, signal) };
  }

  /**
   * The queue's past over the window and the window before (./window.ts). A queue that cannot be
   * looked up leaves every figure empty with its reason, as a failed history read does.
   */
  async readWindow(request: WindowRequest, signal: AbortSignal): Promise<WindowAnswer> {
    let queue: MergeQueue;
    try {
      queue = (await this.mergeQueue(await this.repository(signal), signal)).value;
    } catch (error) {
      if (signal.aborted || !(error instanceof ApiError)) throw error;
      return unreadWindow(request, error.message);
    }
    const answer = await readHistoryWindow(this.api, queue.id, request, signal);
    // A queue younger than the window (or the window before) has no history before its creation.
    const historyFromMs = queue.createdAt === undefined ? undefined : parseTimestamp(queue.createdAt);
    return answer.kind === 'history' && historyFromMs !== undefined ? { ...answer, historyFromMs } : answer;
  }

  /** The order and the story, read together; `throttled`: Trunk throttled this read's own lookups. */
  private async queueAndStory(found: PrRead, signal: AbortSignal, throttled: boolean): Promise<Omit<Snapshot, 'pr'>> {
    const queue = this.queue as { value: MergeQueue; text: string };
    const answer = this.answer(found, queue.value);
    const state = answer.found ? answer.pr.state : '';
    const [order, story] = await together(signal, (both) => [
      this.order(queue.value.id, both),
      readStory(this.api, found.pr?.id, state, both, { mode: this.storyMode, throttled }),
    ]);
    const reasons = found.pr ? blockReasons(found.pr) : undefined;
    if (reasons && !reasons.ok) {
      if (this.storyMode === 'strict') throw new ApiError('v2 /v2/pull-requests', reasons.problem);
      story.leftOut.push(`The story leaves out why it is blocked: ${reasons.problem}.`);
    }
    const completed: Story = {
      ...story,
      blockReasons: reasons?.ok ? reasons.value : undefined,
      trunkUrl: found.pr?.htmlUrl,
      directlyAhead: directlyAhead(order.value, askedPr(this.target)),
    };
    return { queue: queueAnswer(queue, order), story: completed };
  }

  /** Found in this queue: present, with a queue entry, and that entry is in the queue asked about. */
  private answer(found: PrRead, queue: MergeQueue | undefined): PrAnswer {
    const { pr } = found;
    if (!pr?.queueEntry || !queue || pr.queueEntry.mergeQueueId !== queue.id) return { found: false };
    return { found: true, pr: prFacts(pr, found.text, found.path), json: rawJsonAt(found.text, found.path) ?? '' };
  }

  private async repository(signal: AbortSignal, throttle?: Throttle): Promise<string> {
    if (this.repositoryId) return this.repositoryId;
    const { host, owner, name } = this.target;
    const url = `https://${host}/${owner}/${name}`;
    const route = '/v2/repositories';
    const response = await this.api.get(
      { route, path: `${route}?${new URLSearchParams({ providerUrl: url })}`, throttle },
      signal,
    );
    // Trunk answers 404 PROVIDER_URL_NOT_FOUND alike for an unknown repository and for another
    // organization's: either way, the inputs that name it, or the key, are what to check.
    const first =
      response.status === 200 ? this.api.validate(route, response, repositoryListSchema).data[0] : undefined;
    if (!first) {
      const why = response.status === 404 ? `HTTP 404${v2Detail(response)}` : 'an empty answer';
      throw new ApiError(
        `v2 ${route}`,
        `Trunk knows no repository ${url} for this key (${why}). Check the inputs repo and repo-host, api-url, and that api-key belongs to the organization that has this repository in Trunk.`,
      );
    }
    this.repositoryId = first.id;
    return first.id;
  }

  private async mergeQueue(
    repositoryId: string,
    signal: AbortSignal,
    throttle?: Throttle,
  ): Promise<{ value: MergeQueue; text: string }> {
    if (this.queue) return this.queue;
    const route = '/v2/merge-queues';
    const { targetBranch } = this.target;
    const query = new URLSearchParams({ repositoryId, targetBranch });
    const response = await this.api.get({ route, path: `${route}?${query}`, throttle }, signal);
    const queues = this.api.validate(route, response, mergeQueueListSchema).data;
    // Trunk filters by branch; a queue of another branch is never taken for this one's.
    const index = queues.findIndex((queue) => queue.targetBranch === targetBranch);
    const value = queues[index];
    if (!value) {
      const { owner, name } = this.target;
      throw new ApiError(
        `v2 ${route}`,
        `there is no merge queue for ${owner}/${name} on branch "${targetBranch}". Check the inputs target-branch, api-url and api-key.`,
        { noQueue: true },
      );
    }
    this.queue = { value, text: rawJsonAt(response.body, ['data', index]) ?? '{}' };
    return this.queue;
  }

  private async findPr(repositoryId: string, signal: AbortSignal, throttle?: Throttle): Promise<PrRead> {
    const number = askedPr(this.target);
    return (await this.lookUp(repositoryId, [number], signal, throttle)).get(number) ?? NOT_READ;
  }

  /** A lookup by number (./lookup.ts), each PR's id kept: the batch history asks by id. */
  private async lookUp(repositoryId: string, numbers: readonly number[], signal: AbortSignal, throttle?: Throttle) {
    const found = await lookUpPrs(this.api, repositoryId, numbers, signal, throttle);
    for (const [number, read] of found) if (read.pr) this.ids.set(number, read.pr.id);
    return found;
  }

  /**
   * Several PRs in this queue, 50 to a lookup: a commit verdict's PRs, and their polls while Trunk
   * settles. One PR already found is read by its id, as a wait polls it.
   */
  async readPrs(numbers: readonly number[], signal: AbortSignal, readiness = false): Promise<Map<number, PrAnswer>> {
    const [only] = numbers;
    const id = numbers.length === 1 && only !== undefined ? this.ids.get(only) : undefined;
    if (id !== undefined && this.queue && only !== undefined) {
      return new Map([[only, this.answer(await readPrById(this.api, id, signal), this.queue.value)]]);
    }
    const repositoryId = await this.repository(signal);
    const chunks = chunked([...new Set(numbers)], HISTORY_BATCH);
    const [queue, reads] = await together(signal, (both) => [
      this.mergeQueue(repositoryId, both),
      mapLimited(chunks, 2, (chunk) => this.lookUp(repositoryId, chunk, both)),
    ]);
    const found = new Map(reads.flatMap((read) => [...read]));
    if (readiness) await this.withImpactedTargets(found, signal);
    return new Map(numbers.map((number) => [number, this.answer(found.get(number) ?? NOT_READ, queue.value)]));
  }

  /**
   * A lookup of several numbers leaves out whether impacted targets are uploaded: a PR whose queue
   * needs them, and that is still in it, is read again by its id, which says.
   */
  private async withImpactedTargets(found: Map<number, PrRead>, signal: AbortSignal): Promise<void> {
    const unsaid = [...found.values()].filter(({ pr }) => {
      const entry = pr?.queueEntry;
      return (
        entry?.readiness.requiresImpactedTargets === true &&
        (entry.readiness.hasImpactedTargets ?? undefined) === undefined &&
        !FINAL_ENTRY_STATES.includes(entry.state.toLowerCase())
      );
    });
    const reads = await mapLimited(unsaid, 2, ({ pr }) => readPrById(this.api, (pr as PullRequest).id, signal));
    for (const read of reads) if (read.pr) found.set(read.pr.number, read);
  }

  /** Their whole timelines, 50 PRs to a call of the batch history read. */
  async timelines(numbers: readonly number[], signal: AbortSignal): Promise<Timelines> {
    const unknown = numbers.filter((number) => !this.ids.has(number));
    if (unknown.length > 0) await this.readPrs(unknown, signal);
    const refs = numbers.flatMap((number) => {
      const id = this.ids.get(number);
      return id === undefined ? [] : [{ id, number }];
    });
    const reads = await mapLimited(chunked(refs, HISTORY_BATCH), 2, (chunk) => readTimelines(this.api, chunk, signal));
    return { known: true, byPr: new Map(reads.flat().map((timeline) => [timeline.number, timeline])) };
  }

  private async order(queueId: string, signal: AbortSignal): Promise<{ value: Order; text: string }> {
    const route = '/v2/merge-queues/{id}/order';
    const response: RawResponse = await this.api.get(
      { route, path: `/v2/merge-queues/${encodeURIComponent(queueId)}/order` },
      signal,
    );
    return { value: this.api.validate(route, response, orderSchema), text: response.body };
  }
}

/** `queue-json` is `{"queue": …, "order": …}`, each as Trunk sent it. */
function queueAnswer(queue: { value: MergeQueue; text: string }, order: { value: Order; text: string }): QueueAnswer {
  return { queue: queueFacts(queue.value, order.value), json: `{"queue":${queue.text},"order":${order.text}}` };
}

function directlyAhead(order: Order, pr: number): number[] | undefined {
  const item = order.pending.find((pending) => pending.pullRequest.number === pr);
  return item?.directlyAhead.map((ahead) => ahead.number);
}
