// @ts-check
// v2's reads over the queue's past, as the OpenAPI document has them: its PRs, most recently
// enqueued first (mergeQueues.listPullRequests: current state, author, concluded within a window
// at any time in the entry's history), and its finished stretches of testing, newest first
// (mergeQueues.listTestingResults: `since` required, at most 45 days, an open `until` fixed at
// the first page and kept in the cursor). Both over every PR Trunk knows (trunk-known.mjs).
import { concludedWithin, stretchesOf } from './history-derive.mjs';
import { iso } from './trunk-history.mjs';
import { queueTimelines, rememberedTimelines, unrememberedTimelines } from './trunk-known.mjs';
import { ENTRY_STATES } from './trunk-v2-bodies.mjs';
import { boundPage, fail, isAnswer, paging } from './trunk-v2-pages.mjs';

/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {import('./trunk-v2-pages.mjs').Answer} Answer */
/** @typedef {import('./trunk-known.mjs').KnownPr} KnownPr */

const STATES = new Set(Object.values(ENTRY_STATES));
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const DAY = 86_400_000;
/** How far back Trunk keeps testing results, and the longest range it answers. */
const KEPT_DAYS = 45;

/**
 * An instant parameter: null when absent, else ms, or the 400 for a value that is not one.
 * @param {URLSearchParams} query @param {string} name @returns {number | null | Answer}
 */
function instant(query, name) {
  const text = query.get(name);
  if (text === null) return null;
  const ms = Date.parse(text);
  if (!DATE_TIME.test(text) || Number.isNaN(ms)) {
    return fail(400, 'VALIDATION_FAILED', `${name} must be an ISO-8601 date-time, e.g. 2026-09-01T00:00:00Z`);
  }
  return ms;
}

/** @typedef {import('./trunk-known.mjs').QueueTimeline} QueueTimeline */
/** @typedef {{ number: number, stretch: import('./history-derive.mjs').Stretch }} StretchRow */

/**
 * A history's stretches of testing, newest first, worked out once per history: every page of a
 * busy history's testing results would otherwise walk and sort thousands again. A page adds the
 * few the history does not remember and sorts again, which the sort does in a pass over rows
 * already in order.
 * @type {WeakMap<World['history'], StretchRow[]>}
 */
const historyStretches = new WeakMap();

/** @param {World['history']} history */
function stretchesOfHistory(history) {
  const rows = historyStretches.get(history) ?? stretchRows(rememberedTimelines(history));
  historyStretches.set(history, rows);
  return rows;
}

/** Every stretch of these PRs' testing that ended, newest first. @param {QueueTimeline[]} prs @returns {StretchRow[]} */
function stretchRows(prs) {
  return prs
    .flatMap(({ pr, transitions }) => stretchesOf(transitions).map((stretch) => ({ number: pr.number, stretch })))
    .sort((a, b) => b.stretch.endMs - a.stretch.endMs || b.number - a.number || b.stretch.startMs - a.stretch.startMs);
}

/**
 * `GET /v2/merge-queues/{id}/pull-requests`.
 * @param {URLSearchParams} query
 * @param {World} world
 * @returns {Answer}
 */
export function listPullRequests(query, world) {
  for (const [name, only] of [
    ['sort', 'createdAt'],
    ['direction', 'desc'],
  ]) {
    const value = query.get(String(name));
    if (value !== null && value !== only) {
      return fail(400, 'VALIDATION_FAILED', `${name} accepts only ${only} for now, got "${value}"`);
    }
  }
  const stateText = query.get('state');
  const states = stateText === null ? null : stateText.split(',').map((part) => part.trim());
  const unknown = states?.find((state) => !STATES.has(/** @type {never} */ (state)));
  if (states && unknown !== undefined) {
    return fail(400, 'VALIDATION_FAILED', `state: "${unknown}" is not a queue-entry state (${[...STATES].join(', ')})`);
  }
  const author = query.get('author');
  if (author === '') return fail(400, 'VALIDATION_FAILED', 'author must not be empty');
  const after = instant(query, 'concludedAfter');
  const before = instant(query, 'concludedBefore');
  for (const bound of [after, before]) if (bound !== null && typeof bound !== 'number') return bound;
  const [from, to] = /** @type {[number | null, number | null]} */ ([after, before]);
  if (from !== null && to !== null && from > to) {
    return fail(400, 'VALIDATION_FAILED', 'concludedAfter must not be after concludedBefore');
  }
  const paged = paging(query, ['listPullRequests', states?.join(','), author, from, to].join(':'));
  if (isAnswer(paged)) return paged;

  const windowed = from !== null || to !== null;
  const found = queueTimelines(world).filter(({ pr, transitions }) => {
    const now = /** @type {import('./trunk-history.mjs').Transition} */ (transitions.at(-1));
    return (
      (!states || states.includes(now.state)) &&
      (author === null || pr.author === author) &&
      (!windowed || concludedWithin(transitions, from ?? -Infinity, to ?? Infinity))
    );
  });
  // A multi-PR read: Trunk resolves no hasImpactedTargets here, as on a lookup of several numbers.
  return boundPage(found, paged, ({ pr }) => pr.pullRequest(false));
}

/**
 * `GET /v2/merge-queues/{id}/testing-results`.
 * @param {URLSearchParams} query
 * @param {World} world
 * @returns {Answer}
 */
export function listTestingResults(query, world) {
  const since = instant(query, 'since');
  if (since === null) return fail(400, 'VALIDATION_FAILED', 'since is required');
  if (typeof since !== 'number') return since;
  const until = instant(query, 'until');
  if (until !== null && typeof until !== 'number') return until;
  const paged = paging(query, ['listTestingResults', since, until].join(':'));
  if (isAnswer(paged)) return paged;
  // An open range ends when its first page was read, so that later pages do not shift.
  const end = until ?? (typeof paged.carried === 'number' ? paged.carried : world.nowMs);
  if (end < since) return fail(400, 'VALIDATION_FAILED', 'until must not be before since');
  if (end - since > KEPT_DAYS * DAY) {
    return fail(400, 'VALIDATION_FAILED', `the range from since to until may span at most ${KEPT_DAYS} days`);
  }
  const kept = world.nowMs - KEPT_DAYS * DAY;
  const rows = [...stretchRows(unrememberedTimelines(world)), ...stretchesOfHistory(world.history)]
    .filter(({ stretch }) => stretch.endMs >= Math.max(since, kept) && stretch.endMs <= end)
    .sort((a, b) => b.stretch.endMs - a.stretch.endMs || b.number - a.number || b.stretch.startMs - a.stretch.startMs);
  return boundPage(rows, { ...paged, carried: end }, ({ number, stretch }) => ({
    pullRequestNumber: number,
    endedAt: iso(stretch.endMs),
    testingDurationMs: stretch.endMs - stretch.startMs,
    outcome: stretch.outcome,
    ...(stretch.entryConclusion ? { entryConclusion: stretch.entryConclusion } : {}),
    isBisection: stretch.isBisection,
    startedBisection: stretch.startedBisection,
    ...(stretch.verificationRunId ? { verificationRunId: stretch.verificationRunId } : {}),
  }));
}
