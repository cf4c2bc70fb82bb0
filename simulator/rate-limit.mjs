// @ts-check
// Trunk's per-key limit on `GET /v2/pull-requests*` (5 requests a second per key): a sliding
// one-second window per key, so that "the 6th request within a second" is throttled wherever the
// second starts, and a test of it cannot pass or fail by where a fixed window's edge falls.

/**
 * @param {number} perSecond  requests each key may make in any one second
 * @param {() => number} [now]  the clock the second is measured on, in milliseconds
 */
export function slidingWindowLimiter(perSecond, now = () => performance.now()) {
  /** @type {Map<string, number[]>} when each key's admitted requests of the last second came */
  const admitted = new Map();
  return {
    /** Whether `key` may make a request now; an admitted one counts against it for a second. @param {string} key */
    admit(key) {
      const at = now();
      const recent = (admitted.get(key) ?? []).filter((t) => at - t < 1000);
      const ok = recent.length < perSecond;
      if (ok) recent.push(at);
      admitted.set(key, recent);
      return ok;
    },
  };
}
