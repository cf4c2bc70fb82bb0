// What v2's queue order leaves out about each PR in line: how long it has been in its state, its
// author and its priority. v1's getQueue sends them; v2 sends them only on the PR itself. One
// lookup by number (up to 50 at once, on the key's 5-a-second budget) fills them in for the first
// PRs in line, so the core sees the same neutral queue whichever API answered. A PR the lookup
// does not return, or returns in another queue, keeps its age unknown: never guessed.
import * as z from 'zod/mini';
import type { QueueEntry, QueueFacts } from '../../core/model.js';
import { prNumber, shown } from '../validate.js';
import type { V2Api } from './api.js';

/** Trunk's lookup takes up to this many comma-separated numbers. */
const MAX_NUMBERS = 50;

const listedSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      number: prNumber,
      author: shown(z.string()),
      queueEntry: shown(
        z.looseObject({
          mergeQueueId: z.string(),
          stateChangedAt: shown(z.string()),
          priorityName: shown(z.string()),
        }),
      ),
    }),
  ),
});

/** The queue with each of its first PRs' own facts, where the line has none. */
export async function withEntryFacts(
  api: V2Api,
  place: { repositoryId: string; queueId: string },
  queue: QueueFacts,
  signal: AbortSignal,
): Promise<QueueFacts> {
  const numbers = [...new Set(queue.entries.map((entry) => entry.number))].slice(0, MAX_NUMBERS);
  if (numbers.length === 0) return queue;
  const route = '/v2/pull-requests';
  const query = new URLSearchParams({ repositoryId: place.repositoryId, number: numbers.join(',') });
  const response = await api.get({ route, path: `${route}?${query}` }, signal);
  const byNumber = new Map(
    api
      .validate(route, response, listedSchema)
      .data.filter((pr) => pr.queueEntry?.mergeQueueId === place.queueId)
      .map((pr) => [pr.number, pr]),
  );
  const entries = queue.entries.map((entry): QueueEntry => {
    const pr = byNumber.get(entry.number);
    if (!pr) return entry;
    return {
      ...entry,
      author: entry.author ?? pr.author,
      priorityName: entry.priorityName ?? pr.queueEntry?.priorityName,
      stateChangedAt: entry.stateChangedAt ?? pr.queueEntry?.stateChangedAt,
    };
  });
  return { ...queue, entries };
}
