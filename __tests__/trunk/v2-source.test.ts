// The v2 adapter read directly against the simulator: a read throttled by Trunk spares the key
// the story's optional reads, and that throttling belongs to that read alone (it is passed
// along the read, not kept on the API for the next one to find).
import { describe, expect, it } from '@jest/globals';
import { V2Api } from '../../src/trunk/v2/api.js';
import { V2Source } from '../../src/trunk/v2/source.js';
import { decideVerdict } from '../../src/core/verdict.js';
import { requestContext } from '../helpers/request-context.js';
import { useSimulator } from '../helpers/simulator.js';

describe('trunk/v2-source', () => {
  const sim = useSimulator();

  function source(): V2Source {
    const context = requestContext();
    const target = {
      apiUrl: sim.url,
      host: 'github.com',
      owner: 'octo-org',
      name: 'octo-repo',
      targetBranch: 'main',
      pr: 1842,
    };
    return new V2Source(new V2Api(context, sim.url, sim.apiKey), target, 'best-effort');
  }
  const signal = () => new AbortController().signal;
  const storyReads = () => sim.count('v2.estimate') + sim.count('v2.verificationRuns');

  describe('throttling, passed along one read', () => {
    it('a read whose own lookups were throttled leaves the story out, and sends none of its reads', async () => {
      sim.script('v2.pullRequests', [{ status: 429, body: '' }]);
      const snapshot = await source().read(signal());
      expect(snapshot.pr).toMatchObject({ found: true, pr: { state: 'testing' } });
      expect(snapshot.story?.leftOut).toEqual([
        expect.stringMatching(
          /^The story leaves out its test run and its merge estimate: Trunk throttled this read's own lookups/,
        ),
      ]);
      expect(storyReads()).toBe(0);
    });

    it('the next read starts unthrottled: its story is read', async () => {
      sim.script('v2.pullRequests', [{ status: 429, body: '' }]);
      const v2 = source();
      const first = await v2.read(signal());
      const refreshed = await v2.refresh(first.pr, signal());
      expect(refreshed.story?.leftOut).toEqual([]);
      expect(refreshed.story?.testRun).toMatchObject({ status: 'in_progress' });
      expect(storyReads()).toBe(2);
    });

    it('a throttled poll costs no later story', async () => {
      const v2 = source();
      const first = await v2.read(signal());
      sim.script('v2.pullRequest', [{ status: 429, body: '' }]);
      const polled = await v2.poll(signal());
      expect(polled).toMatchObject({ found: true });
      expect((await v2.refresh(first.pr, signal())).story?.leftOut).toEqual([]);
    });

    it('without throttling, the story is read in the same read', async () => {
      const snapshot = await source().read(signal());
      expect(snapshot.story).toMatchObject({ leftOut: [], testRun: { status: 'in_progress' } });
      expect(storyReads()).toBe(2);
    });
  });

  describe('several PRs by number', () => {
    it('a lookup of several leaves out whether impacted targets are uploaded: with readiness, a PR whose queue needs them is read again by id', async () => {
      const batched = await source().readPrs([1842, 1840], signal());
      expect(batched.get(1842)).toMatchObject({ found: true, pr: { readiness: { hasImpactedTargets: undefined } } });
      expect(decideVerdict(batched.get(1842) ?? { found: false }).reasons).toEqual(['impacted_targets_missing']);
      expect(sim.count('v2.pullRequest')).toBe(0);

      const full = await source().readPrs([1842, 1840], signal(), true);
      expect(full.get(1842)).toMatchObject({
        found: true,
        pr: { state: 'testing', readiness: { hasImpactedTargets: true } },
      });
      expect(decideVerdict(full.get(1842) ?? { found: false })).toEqual({ ready: true, reasons: [] });
      // #1840's queue needs none: it is not read again.
      expect(full.get(1840)).toMatchObject({ found: true, pr: { state: 'testing' } });
      expect(sim.count('v2.pullRequest')).toBe(1);
      expect(sim.count('v2.pullRequests')).toBe(2);
    });
  });
});
