// @ts-check
// v2's reads of PRs other than the scenario's own (trunk-known.mjs): a PR by id and its
// queue-entry history, and the batch read `GET /v2/queue-entry-history?pullRequestIds=`, whose
// groups are the same timelines the single read pages through, so that both always agree.
import { knownPr } from './trunk-known.mjs';
import { boundPage, fail, isAnswer, page, paging } from './trunk-v2-pages.mjs';
import { FINAL_STATES } from './trunk-history.mjs';

/** @typedef {import('./trunk-v2-bodies.mjs').World} World */
/** @typedef {import('./trunk-v2-pages.mjs').Answer} Answer */
/** @typedef {import('./trunk-known.mjs').KnownPr} KnownPr */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 50;

/** `direction`, as both history reads take it. @param {URLSearchParams} query @returns {'oldest' | 'newest' | Answer} */
export function directionOf(query) {
  const direction = query.get('direction') ?? 'oldest';
  if (direction === 'oldest' || direction === 'newest') return direction;
  return fail(400, 'VALIDATION_FAILED', 'direction must be oldest or newest');
}

/**
 * A per-PR read of a PR Trunk knows other than the scenario's: its body, its history, no
 * verification runs kept, no estimate.
 * @param {string} route
 * @param {KnownPr} pr
 * @param {URLSearchParams} query
 * @returns {Answer}
 */
export function knownPrAnswer(route, pr, query) {
  switch (route) {
    case 'v2.pullRequest':
      return { status: 200, body: pr.pullRequest(true) };
    case 'v2.history': {
      const direction = directionOf(query);
      if (typeof direction !== 'string') return direction;
      const transitions = pr.transitions();
      return page(direction === 'newest' ? [...transitions].reverse() : transitions, query);
    }
    case 'v2.verificationRuns':
      return page([], query);
    default: {
      const last = pr.transitions().at(-1);
      const computedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const gone = !last || FINAL_STATES.has(last.state);
      const reason = gone ? 'The pull request is not in the queue.' : 'Too little history to estimate.';
      return { status: 200, body: { status: 'unavailable', reason, computedAt } };
    }
  }
}

/**
 * `GET /v2/queue-entry-history?pullRequestIds=`: up to 50 PRs' whole timelines, a group per id in
 * the order asked (lowercased, a repeat read once); an id Trunk does not know is an empty group.
 * `limit` counts PRs.
 * @param {URLSearchParams} query
 * @param {World} world
 * @returns {Answer}
 */
export function historyBatch(query, world) {
  const asked = query.get('pullRequestIds');
  if (!asked) return fail(400, 'VALIDATION_FAILED', 'pullRequestIds is required: up to 50 pull request ids');
  const members = asked.split(',').map((member) => member.trim());
  const bad = members.find((member) => !UUID.test(member));
  if (bad !== undefined) return fail(400, 'VALIDATION_FAILED', `pullRequestIds: "${bad}" is not a uuid`);
  const ids = [...new Set(members.map((member) => member.toLowerCase()))];
  if (ids.length > MAX_IDS) {
    return fail(400, 'VALIDATION_FAILED', `pullRequestIds takes at most ${MAX_IDS} ids, got ${ids.length}`);
  }
  const direction = directionOf(query);
  if (typeof direction !== 'string') return direction;
  const paged = paging(query, `historyBatch:${direction}:${ids.join(',')}`);
  if (isAnswer(paged)) return paged;
  const groups = ids.map((pullRequestId) => {
    const transitions = knownPr(world, pullRequestId)?.transitions() ?? [];
    return { pullRequestId, transitions: direction === 'newest' ? [...transitions].reverse() : transitions };
  });
  return boundPage(groups, paged);
}
