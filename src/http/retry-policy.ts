// When to retry and how long to wait. Pure: the client supplies the clock and the randomness.

/** Statuses Trunk's docs call safe to retry for reads. 400/401/403/404 are final. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

const BASE_MS = 1000;
const MAX_BACKOFF_MS = 32_000;
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The time `Retry-After` asks for, in ms since the epoch: delta-seconds or an HTTP date, as the
 * server wrote it (it may be days away). undefined when absent or unreadable.
 */
export function retryAfterAt(header: string | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return nowMs + Number(value) * 1000;
  // An HTTP date always names its day; Date.parse alone would read "-5" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : date;
}

/**
 * `Retry-After` as milliseconds from now, capped at 60 s so a wrong or hostile header cannot park
 * a job. undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  const at = retryAfterAt(header, nowMs);
  if (at === undefined) return undefined;
  return Math.min(Math.max(at - nowMs, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The wait before retry number `retry` (0 for the first): about 1 s, doubling each time; at least
 * `Retry-After` when the server sent one. Jitter of up to half the exponential step is added on
 * top in both cases, so many runs throttled together do not come back in step; when throttled
 * without a Retry-After, the jitter spans twice the step: forty jobs sharing a 5-a-second limit
 * only all get through if their retries spread over more seconds than they need between them.
 */
export function backoffMs(
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
  throttled = false,
): number {
  const exponential = Math.min(BASE_MS * 2 ** retry, MAX_BACKOFF_MS);
  const least = Math.max(exponential, retryAfterMs ?? 0);
  const spread = throttled && retryAfterMs === undefined ? 2 : 0.5;
  return Math.round(least + random() * exponential * spread);
}
