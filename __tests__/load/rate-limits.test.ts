// Many runs at once against a real rate limit, on the real clock: what a busy repository's jobs
// sharing one token or key meet. They take seconds of real time, so they run as their own command,
// `npm run test:slow`, which .ci/run runs too; the default suite has no real waits.
import { describe, expect, it } from '@jest/globals';
import { startSimulator } from '../../simulator/server.mjs';
import { realClock } from '../../src/shared/time.js';
import { runInProcess } from '../helpers/in-process.js';

describe('v1: many runs against one rate limit', () => {
  it('10 runs at once, 8 requests/s with Retry-After: 1: all succeed, every refused request asked again once', async () => {
    const limited = await startSimulator({ rateLimit: { perSecond: 8, retryAfter: '1' } });
    try {
      const runs = await Promise.all(
        Array.from({ length: 10 }, () =>
          runInProcess({
            inputs: { 'api-token': limited.token, 'api-url': limited.url, retries: '5' },
            clock: realClock,
            random: Math.random,
          }),
        ),
      );
      expect(runs.map((r) => r.code)).toEqual(Array(10).fill(0));
      expect(runs.every((r) => r.outputs.state === 'testing' && r.outputs.position === '2')).toBe(true);
      expect(limited.throttled()).toBeGreaterThan(0);
      expect(limited.requests.length).toBe(20 + limited.throttled());
    } finally {
      await limited.close();
    }
  });
});

describe('v2: throttling costs the story, never the state', () => {
  it('40 key-only runs at once against 5 requests a second per key: every one gets its state', async () => {
    const sim = await startSimulator({ v2RateLimit: { perSecondPerKey: 5 } });
    const runs = await Promise.all(
      Array.from({ length: 40 }, () =>
        runInProcess({
          inputs: { 'api-key': sim.apiKey, 'api-url': sim.url },
          clock: realClock,
          random: Math.random,
        }),
      ),
    ).finally(() => sim.close());
    for (const run of runs) {
      expect(run.error).toBeUndefined();
      expect(run.code).toBe(0);
      expect(run.outputs.state).toBe('testing');
      expect(run.outputs.position).toBe('2');
    }
    expect(sim.throttled()).toBeGreaterThan(0);
  }, 60_000);
});
