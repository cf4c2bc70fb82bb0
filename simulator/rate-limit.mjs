// @ts-check
// Trunk's limits: per key on `GET /v2/pull-requests*` (5 a second), per organization on every v2
// read (100 a second) and on the metrics (5 a second, v1's and v2's alike). Each is a sliding
// one-second window, so that "the 6th request within a second" is throttled wherever the second
// starts, and a test of it cannot pass or fail by where a fixed window's edge falls.

/**
 * The organization's limits, as a simulator option: off unless given.
 * @typedef {object} OrgRateLimit
 * @property {number} [perSecond]  v2 reads a second, all keys together (default 100; 0: none)
 * @property {number} [metricsPerSecond]  metrics reads a second, v1's and v2's together (default 5; 0: none)
 * @property {'envelope' | 'empty'} [body]  what a v2 429 carries: RATE_LIMIT_EXCEEDED, or nothing
 * @property {() => number} [now]  the clock the second is measured on, in ms (default: the real one)
 */

/**
 * @param {number} perSecond  requests each key may make in any one second
 * @param {() => number} [now]  the clock the second is measured on, in milliseconds
 */
function slidingWindowLimiter(perSecond, now = () => performance.now()) {
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

/** The metrics' own limit, shared by v1 and v2; none without the option. @param {OrgRateLimit} [org] */
export function metricsLimiter(org) {
  const perSecond = org?.metricsPerSecond ?? 5;
  return org && perSecond > 0 ? slidingWindowLimiter(perSecond, org.now) : undefined;
}

/**
 * v2's limits in the order they are counted (before the key is checked, per credential as sent):
 * the per-key one on /v2/pull-requests*, the organization's, then the metrics'. A request one
 * turns away counts against none after it. Answers what throttled it, if anything.
 * @param {{ perSecondPerKey: number, body?: 'envelope' | 'empty', now?: () => number } | undefined} perKey
 * @param {OrgRateLimit | undefined} org
 * @param {ReturnType<typeof slidingWindowLimiter> | undefined} metrics
 * @returns {(path: string, isMetrics: boolean, credential: string) => { message: string, empty: boolean } | undefined}
 */
export function v2Limits(perKey, org, metrics) {
  const keyLimiter = perKey ? slidingWindowLimiter(perKey.perSecondPerKey, perKey.now) : undefined;
  const orgPerSecond = org?.perSecond ?? 100;
  const orgLimiter = org && orgPerSecond > 0 ? slidingWindowLimiter(orgPerSecond, org.now) : undefined;
  return (path, isMetrics, credential) => {
    if (keyLimiter && path.startsWith('/v2/pull-requests') && !keyLimiter.admit(credential)) {
      const message = `Rate limit exceeded: ${perKey?.perSecondPerKey} requests per second per API key`;
      return { message, empty: perKey?.body === 'empty' };
    }
    const empty = org?.body === 'empty';
    if (orgLimiter && !orgLimiter.admit('organization')) {
      return { message: `Rate limit exceeded: ${orgPerSecond} requests per second per organization`, empty };
    }
    if (isMetrics && metrics && !metrics.admit('organization')) {
      const message = `Rate limit exceeded: ${org?.metricsPerSecond ?? 5} metrics requests per second per organization`;
      return { message, empty };
    }
    return undefined;
  };
}
