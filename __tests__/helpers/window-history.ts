// What the tests of the window report's v2 reads share: a V2Source on a virtual clock against the
// file's simulator, a window and the one before it, the history reads in the simulator's log, and
// trips counted two ways: from what the adapter read, and from the simulator's own record.
import { resolveHistory } from '../../simulator/histories.mjs';
import { stretchesOf } from '../../simulator/history-derive.mjs';
import type { Simulator } from '../../simulator/server.mjs';
import type { HistoryRead, WindowAnswer, WindowRequest } from '../../src/core/history.js';
import { tripsOf } from '../../src/core/window/trips.js';
import type { RequestContext } from '../../src/http/request.js';
import { V2Api } from '../../src/trunk/v2/api.js';
import { V2Source } from '../../src/trunk/v2/source.js';
import { requestContext } from './request-context.js';
import { tripsOf as contractTrips, type Transition } from './trunk-history.js';
import { VirtualClock } from './virtual-clock.js';

export const DAY = 86_400_000;
export const QUEUE = { host: 'github.com', owner: 'octo-org', name: 'octo-repo', targetBranch: 'main' };

/** A V2Source for the simulator's queue, on a virtual clock unless the context gives another. */
export function windowSource(sim: Simulator, context: Partial<RequestContext> = {}, storyOnly = false) {
  const full = requestContext({ clock: new VirtualClock(), ...context });
  const api = new V2Api(full, sim.url, sim.apiKey, storyOnly);
  return {
    v2: new V2Source(api, { apiUrl: sim.url, ...QUEUE }, storyOnly ? 'strict' : 'best-effort'),
    clock: full.clock,
  };
}

/** The window of `days` ending at `now`, with the window before it unless `alone`. */
export function windowOf(now: number, days: number, limits: Partial<WindowRequest> = {}, alone = false): WindowRequest {
  const current = { fromMs: now - days * DAY, toMs: now };
  return {
    current,
    ...(alone ? {} : { before: { fromMs: current.fromMs - days * DAY, toMs: current.fromMs } }),
    maxRequests: 200,
    deadlineMs: now + 120_000,
    ...limits,
  };
}

export function historyOf(answer: WindowAnswer) {
  if (answer.kind !== 'history') throw new Error(`a ${answer.kind} answer`);
  return answer;
}

export const HISTORY_ROUTES = ['v2.queuePullRequests', 'v2.testingResults', 'v2.historyBatch'] as const;

/** The history reads in the simulator's log (not the repository and queue lookups). */
export const historyRequests = (sim: Simulator) =>
  sim.requests.filter((r) => (HISTORY_ROUTES as readonly string[]).includes(r.endpoint));

export const queryOf = (path: string) => new URL(path, 'http://x').searchParams;

/** The trips that ended in what was covered, as the core will count them from what was read. */
export function tripsIn(read: HistoryRead) {
  const { fromMs, toMs } = read.covered;
  return (read.timelines ?? []).flatMap(tripsOf).filter((trip) => trip.endMs > fromMs && trip.endMs <= toMs);
}

/** The trips that ended in (fromMs, toMs], from the simulator's own record of the history. */
export function recordedTrips(history: string, fromMs: number, toMs: number) {
  return resolveHistory(history)
    .prs.flatMap((pr) => contractTrips(pr.transitions as Transition[]))
    .filter((trip) => trip.endMs > fromMs && trip.endMs <= toMs);
}

/** The stretches of testing that ended in (fromMs, toMs], from the simulator's own record of the history. */
export function recordedStretches(history: string, fromMs: number, toMs: number) {
  return resolveHistory(history)
    .prs.flatMap((pr) => stretchesOf(pr.transitions))
    .filter((stretch) => stretch.endMs > fromMs && stretch.endMs <= toMs);
}
