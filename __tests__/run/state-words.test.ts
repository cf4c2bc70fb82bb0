// What a person reads first, for every state, through both APIs: the summary's heading and the
// log's one-line account say the state in words. A code may stand only in parentheses or in
// <code>, and "Ready" never stands beside words that mean the PR is not on its way.
import { describe, expect, it } from '@jest/globals';
import { PR_STATES } from '../../src/core/verdict.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/state-words', () => {
  const SNAKE_CODE = /\b[a-z]+_[a-z_]+\b/;
  const UNKNOWN = 'awaiting_review';
  /** Words that mean a PR is out of the queue or not yet in: never under a "Ready" heading. */
  const NOT_ON_ITS_WAY = /failing|cancelled|never submitted/;

  /** The text with every parenthesis and <code> element taken out: what must read as words. */
  function outsideCodes(text: string): string {
    return text.replace(/<code>[^<]*<\/code>/g, '').replace(/\([^()]*\)/g, '');
  }

  const sim = useSimulator({}, 'all');

  const credentials = {
    v1: () => ({ 'api-token': sim.token }),
    v2: () => ({ 'api-key': sim.apiKey }),
  };

  describe.each(['v1', 'v2'] as const)('through %s', (api) => {
    it.each([...PR_STATES, 'not_submitted', UNKNOWN])('%s: the heading and the log line in words', async (state) => {
      sim.useScenario('testing');
      sim.setPrStates([state]);
      const result = await runInProcess({ inputs: { ...credentials[api](), 'api-url': sim.url } });

      const heading = /<h2>(.*?)<\/h2>/.exec(result.summary)?.[1] ?? '';
      const account = result.lines.find((line) => line.startsWith('PR #1842 is ')) ?? '';
      expect(heading).toMatch(/PR #1842/);
      for (const text of [heading, account]) expect(outsideCodes(text)).not.toMatch(SNAKE_CODE);

      const ready = result.outputs.ready === 'true';
      expect(heading).toMatch(ready ? /^\S+ (Ready|Merged)[:,]/ : /^\S+ Not ready:/);
      if (ready) expect(heading).not.toMatch(NOT_ON_ITS_WAY);
      if (state === UNKNOWN) expect(heading).toContain(`(${UNKNOWN})`);
      if (state !== 'not_submitted') expect(account).toMatch(ready ? /, ready, / : /, not ready[ ,]/);
    });
  });
});
