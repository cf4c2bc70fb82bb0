// Credentials against the action's own values, in whole runs: a credential too plain to mask is
// refused before any request and stars nothing, and a valid one that reads like a value the
// action computes leaves that value as it is while it is still cut out of the text from outside.
// The refusal's wording is asserted in inputs.test.ts; which outputs are redacted, in outputs.test.ts.
import { describe, expect, it } from '@jest/globals';
import { prBody } from '../../simulator/scenarios.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/credentials', () => {
  const sim = useSimulator();

  describe('a credential too plain to mask', () => {
    it.each([
      ['api-token', { 'api-token': 'false' }],
      ['api-token', { 'api-token': 'true', 'wait-for': 'merged' }],
      ['api-token', { 'api-token': '1234', pr: '1234' }],
      ['api-key', { 'api-key': '20261120' }],
      ['api-key', { 'api-token': 'sim-token-0123456789', 'api-key': 'key' }],
    ])('is refused before any request, naming %s; no output or summary is starred', async (input, credentials) => {
      const result = await runInProcess({ inputs: { 'api-url': sim.url, ...credentials } });
      expect(result.code).toBe(1);
      expect(result.error).toMatch(new RegExp(`^Input '${input}' `));
      expect(sim.requests).toEqual([]);
      // Never masked: the runner would star every such word and number in the log from then on.
      const refused = (credentials as Record<string, string>)[input];
      expect(result.secrets).not.toContain(refused);
      expect(result.outputs).toMatchObject({ 'merge-queue-run': 'false', 'waited-seconds': '0', 'timed-out': 'false' });
      for (const text of [...Object.values(result.outputs), result.summary, result.log, result.error ?? '']) {
        expect(text).not.toContain('***');
      }
      expect(result.summary).toMatch(
        /^<h2>❌ Merge queue status unavailable<\/h2>\n<p>❌ Input &#39;api-(token|key)&#39; is /,
      );
    });
  });

  describe('a credential that reads like a value the action computes', () => {
    // The simulator's queue gives up at stateChangedAt plus its 300-minute testing timeout: this time.
    const deadline = '2026-11-20T16:48:00Z';

    it('leaves the computed value as it is, and is cut out of the API text around it', async () => {
      const own = await startSimulator({ token: deadline });
      try {
        own.script('getSubmittedPullRequest', [
          // The same moment as 11:48 UTC, written so that it shares no 12 characters with the token:
          // Trunk's answers are redacted as they arrive, and a time that did would be cut.
          { body: prBody({ stateChangedAt: '2026-11-20T06:48:00-05:00', prTitle: `Ship before ${deadline}` }) },
        ]);
        const result = await runInProcess({ inputs: { 'api-token': deadline, 'api-url': own.url } });
        expect(result.error).toBeUndefined();
        expect(result.secrets).toEqual([deadline]);
        expect(result.outputs).toMatchObject({ 'testing-deadline': deadline, pr: '1842', ready: 'true' });
        expect(result.outputs['pr-json']).toContain('"prTitle":"Ship before ***"');
        expect(result.summary).toContain('Ship before ***');
        expect(result.summary).toContain('PR #1842');
      } finally {
        await own.close();
      }
    });
  });
});
