// The committed dist under random faults and under a shared rate limit, as many pipelines of one
// organization would meet it.
import { afterEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { runAction } from '../simulator/runner.mjs';
import { startSimulator, type Simulator, type Step } from '../simulator/server.mjs';

let sim: Simulator | undefined;
afterEach(() => sim?.close());

describe('the token under random faults', () => {
  it('appears nowhere but the mask line, whatever the API answers', async () => {
    const server = await startSimulator();
    sim = server;
    const token = server.token;
    // Faults whose bodies and headers echo the token back, in varied letter case.
    const echo = fc.constantFrom(token, token.toUpperCase(), `x ${token} y`, `<p>${token.toLowerCase()}</p>`);
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ status: fc.constantFrom(400, 401, 403, 404, 429, 500, 502, 503, 504), body: echo }),
      fc.record({
        status: fc.constant(200),
        body: fc.oneof(
          echo,
          echo.map((t) => ({ prTitle: t, state: t })),
        ),
      }),
      fc.record({ status: fc.constant(307), headers: echo.map((t) => ({ location: `https://x/${t}` })) }),
      fc.constant({ reset: true }),
      fc.constant({ truncate: true }),
      fc.constant({ delayMs: 0 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 2 }),
        fc.array(step, { maxLength: 2 }),
        async (prSteps, queueSteps) => {
          server.useScenario('testing');
          server.script('getSubmittedPullRequest', prSteps);
          server.script('getQueue', queueSteps);
          const result = await runAction({ inputs: { 'api-token': token, 'api-url': server.url, retries: '1' } });
          expect([0, 1]).toContain(result.code);
          const seen = [
            result.stdout.replace(`::add-mask::${token}\n`, ''),
            result.stderr,
            result.outputFile,
            result.summary,
          ];
          expect(seen.join('\n').toLowerCase()).not.toContain(token.toLowerCase());
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('many runs against one rate limit', () => {
  it('40 runs at once, 15 requests/s with Retry-After: 1, all succeed and say they were throttled', async () => {
    const server = await startSimulator({ rateLimit: { perSecond: 15, retryAfter: '1' } });
    sim = server;
    const runs = await Promise.all(
      Array.from({ length: 40 }, () =>
        runAction({ inputs: { 'api-token': server.token, 'api-url': server.url, retries: '5' } }),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual(Array(40).fill(0));
    expect(runs.every((r) => r.outputs.state === 'testing' && r.outputs.position === '2')).toBe(true);
    expect(server.throttled()).toBeGreaterThan(0);
    const throttledRuns = runs.filter((r) => /HTTP 429 \(rate limited\); retry \d of 5 in \d+\.\d s/.test(r.stdout));
    expect(throttledRuns.length).toBeGreaterThan(0);
    // Every request that was turned away was asked again, and nothing more.
    expect(server.requests.length).toBe(80 + server.throttled());
  }, 120_000);
});
