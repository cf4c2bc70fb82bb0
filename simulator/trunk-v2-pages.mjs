// @ts-check
// How Trunk's v2 answers a list and an error: the envelope `{error: {code, message}}`, and pages
// of `{data, nextCursor, hasMore, total?}` with `limit` 1–100 (default 25) and an opaque cursor.
// The first reads' cursors only mark a place; the history reads' are bound, as the document says,
// "to the operation and filter it was minted for": another filter with one is INVALID_CURSOR.
import { createHash } from 'node:crypto';

/** @typedef {{ status: number, body: unknown, readsPr?: boolean, headers?: Record<string, string> }} Answer */
/** @typedef {{ limit: number, offset: number, includeTotal: boolean, carried: unknown, bind: string }} Paging */

/** Trunk's error envelope, for answers and for scripts. @param {string} code @param {string} message */
export function v2Error(code, message) {
  return { error: { code, message } };
}

/** @param {number} status @param {string} code @param {string} message @returns {Answer} */
export const fail = (status, code, message) => ({ status, body: v2Error(code, message) });

/** @param {URLSearchParams} query @returns {number | Answer} */
function limitOf(query) {
  const text = query.get('limit') ?? '25';
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > 100) {
    return fail(400, 'VALIDATION_FAILED', 'limit must be an integer from 1 to 100');
  }
  return limit;
}

/**
 * One page of a list, as Trunk pages them: `limit` 1–100 (default 25), an opaque cursor passed
 * back verbatim, `total` when asked for.
 * @param {unknown[]} items
 * @param {URLSearchParams} query
 * @returns {Answer}
 */
export function page(items, query) {
  const limit = limitOf(query);
  if (typeof limit !== 'number') return limit;
  const cursor = query.get('cursor');
  let start = 0;
  if (cursor !== null) {
    const decoded = /^at:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!decoded) return fail(400, 'INVALID_CURSOR', 'cursor is not valid');
    start = Number(decoded[1]);
  }
  const paged = {
    limit,
    offset: start,
    includeTotal: query.get('includeTotal') === 'true',
    carried: undefined,
    bind: '',
  };
  return pageAt(
    items,
    paged,
    (at) => Buffer.from(`at:${at}`).toString('base64url'),
    (item) => item,
  );
}

/**
 * The paging of a bound list: its limit, whether `total` is wanted, and where the cursor points
 * with what it carries; or the 400 for a bad one. `bind` names the operation and its filter.
 * @param {URLSearchParams} query
 * @param {string} bind
 * @returns {Paging | Answer}
 */
export function paging(query, bind) {
  const limit = limitOf(query);
  if (typeof limit !== 'number') return limit;
  const total = query.get('includeTotal');
  if (total !== null && total !== 'true' && total !== 'false') {
    return fail(400, 'VALIDATION_FAILED', 'includeTotal must be true or false');
  }
  const paged = { limit, offset: 0, includeTotal: total === 'true', carried: undefined, bind };
  const cursor = query.get('cursor');
  if (cursor === null) return paged;
  /** @type {{ b?: unknown, o?: unknown, c?: unknown } | undefined} */
  let decoded;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (!decoded || decoded.b !== digest(bind) || !Number.isInteger(decoded.o) || Number(decoded.o) < 0) {
    return fail(400, 'INVALID_CURSOR', 'cursor is not valid for this operation and filter');
  }
  return { ...paged, offset: Number(decoded.o), carried: decoded.c };
}

/** @param {Paging | Answer} value @returns {value is Answer} */
export const isAnswer = (value) => 'status' in value;

/**
 * A page of `items` at `paging`'s place, each shown as `show` makes it (only the page's are made),
 * its next cursor bound as `paging` was.
 * @template T
 * @param {T[]} items
 * @param {Paging} paged
 * @param {(item: T) => unknown} [show]
 * @returns {Answer}
 */
export function boundPage(items, paged, show = (item) => item) {
  const cursorAt = (/** @type {number} */ at) =>
    Buffer.from(JSON.stringify({ b: digest(paged.bind), o: at, c: paged.carried })).toString('base64url');
  return pageAt(items, paged, cursorAt, show);
}

/**
 * @template T
 * @param {T[]} items @param {Paging} paged @param {(at: number) => string} cursorAt
 * @param {(item: T) => unknown} show
 * @returns {Answer}
 */
function pageAt(items, { limit, offset, includeTotal }, cursorAt, show) {
  const hasMore = offset + limit < items.length;
  return {
    status: 200,
    body: {
      data: items.slice(offset, offset + limit).map(show),
      nextCursor: hasMore ? cursorAt(offset + limit) : null,
      hasMore,
      ...(includeTotal ? { total: items.length } : {}),
    },
  };
}

/** A short digest, so that a cursor names its filter without spelling it out. @param {string} text */
function digest(text) {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
