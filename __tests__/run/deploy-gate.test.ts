// The deploy gate, whole runs in-process against the simulator on a virtual clock: a push asks
// GitHub which PR brought each commit in and which commits the push brought, then Trunk whether
// each came through the queue. The situations of "The verdict for a commit", each with the reason
// it holds with and the requests it costs; the sentences themselves are asserted where they are
// made (core/commit-words.test.ts), each GitHub fault's line once in deploy-gate-edges.test.ts.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { SIM_DIRECT_SHA, SIM_MERGE_SHA } from '../../simulator/server.mjs';
import { gateRun, requestsDuring } from '../helpers/gate-run.js';
import { useSimulator } from '../helpers/simulator.js';

describe('run/deploy-gate', () => {
  const sim = useSimulator({}, 'all');
  beforeEach(() => {
    sim.useScenario('merged');
    sim.useGitHubScenario('merged');
  });

  /** A push of the GitHub scenario's commit, from its `before`, with these inputs. */
  const push = (inputs: Record<string, string> = {}, options: Parameters<typeof gateRun>[2] = {}) =>
    gateRun(sim, inputs, options);
  /** Serve these scenarios: Trunk's, and GitHub's for the push. */
  function use(trunk: string, github = 'merged') {
    sim.useScenario(trunk);
    sim.useGitHubScenario(github);
  }

  describe('a commit that came through the queue passes', () => {
    it.each(['v2', 'both'] as const)('%s: merged by Trunk, as its history says', async (api) => {
      use('merged');
      const { result, of } = await requestsDuring(sim, () => push({ 'fail-if-not-ready': 'true' }, { api }));
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({
        pr: '1842',
        state: 'merged',
        ready: 'true',
        'not-ready-reasons': '',
        'pr-found-by': 'commit',
        'commit-sha': SIM_MERGE_SHA,
        'commits-checked': '1',
        'commits-not-from-queue': '',
        'waited-seconds': '0',
        'timed-out': 'false',
      });
      expect([of('github.compare'), of('github.commitPulls'), of('v2.historyBatch')]).toEqual([1, 1, 1]);
      expect(result.summary).toMatch(
        /^<h2>✅ Commit [0-9a-f]{7} came through the merge queue: PR #1842, merged by Trunk/,
      );
      expect(sim.misdirected()).toEqual([]);
    });

    it('v1 alone cannot tell who merged: it passes, and a notice and the summary name api-key', async () => {
      use('merged');
      const { result, made } = await requestsDuring(sim, () => push({ 'fail-if-not-ready': 'true' }, { api: 'v1' }));
      expect(result.error).toBeUndefined();
      expect(result.outputs.ready).toBe('true');
      expect(result.lines.filter((line) => line.startsWith('::notice::') && /api-key/.test(line))).toHaveLength(1);
      expect(result.summary).toMatch(/Trunk cannot say by whom without api-key/);
      expect(made.filter((request) => request.api === 'v2')).toEqual([]);
    });

    it("Trunk's lag: a PR GitHub merged and Trunk still has tests_passed is polled until Trunk records the merge", async () => {
      use('merge-lag');
      const result = await push({ 'fail-if-not-ready': 'true', 'poll-interval-seconds': '5' });
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ ready: 'true', state: 'merged', 'timed-out': 'false' });
      expect(Number(result.outputs['waited-seconds'])).toBeGreaterThanOrEqual(5);
      expect(Number(result.outputs['waited-seconds'])).toBeLessThan(120);
    });

    it('a rebase merge writes three commits, each with its PR: all three checked, one compare, three lookups', async () => {
      use('merged', 'rebase-three');
      const { result, of } = await requestsDuring(sim, () => push({ 'fail-if-not-ready': 'true' }));
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '3', 'commits-not-from-queue': '' });
      expect([of('github.compare'), of('github.commitPulls')]).toEqual([1, 3]);
    });

    it("a merge commit: its PR's own commits come with it, off the first-parent line", async () => {
      use('merged', 'merge-commit');
      const result = await push({ 'fail-if-not-ready': 'true' });
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
    });

    it.each(['v1', 'v2'] as const)(
      '%s: a push of twenty queue merges stays within the limits: one compare, one list of merged PRs for the nineteen before the tip, Trunk batched',
      async (api) => {
        use('twenty-merged', 'twenty-prs');
        const { result, of } = await requestsDuring(sim, () => push({ 'fail-if-not-ready': 'true' }, { api }));
        expect(result.error).toBeUndefined();
        expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '20' });
        expect([of('github.compare'), of('github.commitPulls'), of('github.pulls')]).toEqual([1, 1, 1]);
        // v2: one lookup for the twenty PRs, one for the ages of the queue's entries, one history read.
        if (api === 'v2') expect([of('v2.pullRequests'), of('v2.historyBatch')]).toEqual([2, 1]);
        else expect(of('getSubmittedPullRequest')).toBe(20);
      },
    );

    it.each([
      ['a new branch (before all zeros) with no successful run before', 'new-branch', {}],
      ['base-sha: none', 'merged', { 'base-sha': 'none' }],
    ])('%s: the tip alone, and no compare', async (_, github, inputs) => {
      use('merged', github);
      const { result, of } = await requestsDuring(sim, () => push(inputs));
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
      expect(of('github.compare')).toBe(0);
    });
  });

  describe('a commit that skipped the queue holds the gate, with the reason', () => {
    it.each<[string, string, string, Record<string, string>, string]>([
      ['a PR still being tested was merged by hand', 'testing', 'merged', {}, 'not_merged_by_queue'],
      ['a PR Trunk never had', 'not-submitted', 'merged', {}, 'not_merged_by_queue,not_submitted'],
      ["the push's tip is a PR's head, not its merge commit", 'merged', 'several', {}, 'not_merge_commit'],
      ['an open PR whose head was pushed to main', 'testing', 'open', {}, 'not_merge_commit'],
      ['a direct push', 'merged', 'direct-push', {}, 'no_pull_request'],
      ['a direct commit inside the push', 'merged', 'direct-inside-push', {}, 'earlier_commit_not_from_queue'],
      ["a PR another branch's queue merged", 'merged', 'other-queue', {}, 'merged_into_other_branch'],
      ['a direct push while a promotion PR from main is open', 'merged', 'promotion-pr', {}, 'no_pull_request'],
      ["a merge Trunk's history gives no reason", 'merged-no-reason', 'merged', {}, 'merge_reason_unknown'],
      ['a force push', 'merged', 'force-push', {}, 'commit_range_unchecked'],
      ['a base GitHub does not know', 'merged', 'unknown-base', {}, 'commit_range_unchecked'],
    ])('%s: %s', async (_, trunk, github, inputs, reasons) => {
      use(trunk, github);
      const result = await push({ 'fail-if-not-ready': 'true', 'settle-seconds': '30', ...inputs });
      expect(result.code).toBe(1);
      expect(result.outputs.ready).toBe('false');
      expect(result.outputs['not-ready-reasons']).toBe(reasons);
      // The codes end the verdict's sentence; how a person accepts what holds follows, when one can.
      const accept =
        ' Every deploy holds until a person accepts [0-9a-f]{7}: after review, run this workflow by hand with base-sha [0-9a-f]{40}(, on a commit the queue merges after it)?\\.';
      expect(result.error).toMatch(
        new RegExp(
          `^Commit [0-9a-f]{7} (did not come|came) through the merge queue[:, (].*\\(${reasons.replace(/,/g, ', ')}\\)\\.(${accept})?$`,
        ),
      );
      expect(result.error).not.toMatch(/Not ready/);
      expect(result.summary).toMatch(/^<h2>❌ Commit [0-9a-f]{7} /);
    });

    it("the summary's fixes are the gate's: none meant for a PR not yet merged", async () => {
      use('not-submitted', 'merged');
      const result = await push({ 'settle-seconds': '0' });
      const list = /<p>Why the gate holds, and what clears it:<\/p><ul>(.*?)<\/ul>/.exec(result.summary)?.[1] ?? '';
      expect(list).toContain('(<code>not_merged_by_queue</code>): merge through the queue, not by hand');
      expect(list).toContain('<li>it is not submitted to this queue (<code>not_submitted</code>)</li>');
      expect(list).not.toMatch(/submit it|trunk merge/);
    });

    it('merged by hand: MANUAL_MERGE in the history (api-key)', async () => {
      use('merged-manually');
      const result = await push({ 'fail-if-not-ready': 'true' });
      expect(result.outputs['not-ready-reasons']).toBe('merged_manually');
      expect(result.outputs['commits-not-from-queue']).toBe(SIM_MERGE_SHA);
    });

    it('the settle runs out: not merged by the queue, not a timeout; it waited settle-seconds', async () => {
      use('testing');
      const result = await push({ 'settle-seconds': '45', 'poll-interval-seconds': '10' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ ready: 'false', 'timed-out': 'false', 'waited-seconds': '45' });
    });

    it('settle-seconds 0 decides at once, on the first answer', async () => {
      use('merge-lag');
      const { result, of } = await requestsDuring(sim, () => push({ 'settle-seconds': '0' }));
      expect(result.outputs).toMatchObject({
        ready: 'false',
        'not-ready-reasons': 'not_merged_by_queue',
        'waited-seconds': '0',
      });
      // No poll: the PR is read once, by the lookup that found it.
      expect(of('v2.pullRequest')).toBe(0);
    });

    it('the earlier commit that skipped the queue is listed; the tip is not', async () => {
      use('merged', 'direct-inside-push');
      const result = await push();
      expect(result.outputs).toMatchObject({ 'commits-checked': '2', 'commits-not-from-queue': SIM_DIRECT_SHA });
      // The summary lists each commit checked, with the PR it came with and why.
      const items = [...result.summary.matchAll(/<li>([✅❌]) (.*?)<\/li>/g)].map(
        ([, mark, text]) => `${mark} ${text}`,
      );
      expect(items).toEqual([
        expect.stringMatching(new RegExp(`^✅ ${SIM_MERGE_SHA.slice(0, 7)}: PR .*#1842.*merged by Trunk`)),
        `❌ ${SIM_DIRECT_SHA.slice(0, 7)}: no PR`,
      ]);
    });

    it("slack-text: the verdict, each commit that did not come through, the tip's PR and the run", async () => {
      use('merged', 'direct-inside-push');
      const result = await push({}, { env: { GITHUB_RUN_ID: '4242', GITHUB_REPOSITORY: 'octo-org/octo-repo' } });
      const lines = result.outputs['slack-text'].split('\n');
      expect(lines[0]).toMatch(/^\*❌ Commit [0-9a-f]{7} came through the merge queue/);
      expect(lines).toContain(`• ${SIM_DIRECT_SHA.slice(0, 7)}: no PR`);
      expect(lines.at(-1)).toBe(
        '<https://github.com/octo-org/octo-repo/pull/1842|PR #1842> · <https://github.com/octo-org/octo-repo/actions/runs/4242|this run>',
      );
    });

    it("the settle is capped by wait-timeout-seconds: the step's one deadline", async () => {
      use('testing');
      const result = await push({
        'settle-seconds': '120',
        'wait-timeout-seconds': '10',
        'poll-interval-seconds': '5',
      });
      expect(result.outputs['not-ready-reasons']).toBe('not_merged_by_queue');
      expect(Number(result.outputs['waited-seconds'])).toBeLessThanOrEqual(10);
    });

    it('an explicit sha keeps the range: it ends at sha, from the last successful run', async () => {
      use('merged', 'rebase-three');
      const { result, of } = await requestsDuring(sim, () => push({ sha: sim.gitHubScenario().sha }));
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '3' });
      expect(of('github.compare')).toBe(1);
    });

    it("api-key alone, and Trunk's history cannot be read: the gate holds, and the line says to re-run", async () => {
      use('merged');
      sim.script('v2.historyBatch', [{ status: 500, times: Infinity }]);
      const result = await push({ 'fail-if-not-ready': 'true', retries: '1' });
      expect(result.outputs['not-ready-reasons']).toBe('merge_reason_unknown');
      expect(result.error).toMatch(
        /v2 \/v2\/queue-entry-history: HTTP 500.*; re-run the job \(merge_reason_unknown\)\.$/,
      );
    });

    it('both credentials, and v2 cannot tell who merged: the gate holds too, and no notice asks for the key that is set', async () => {
      use('merged');
      sim.script('v2.historyBatch', [{ status: 500, times: Infinity }]);
      const result = await push({ 'fail-if-not-ready': 'true', retries: '1' }, { api: 'both' });
      expect(result.outputs).toMatchObject({ ready: 'false', 'not-ready-reasons': 'merge_reason_unknown' });
      expect(result.error).toMatch(
        /v2 \/v2\/queue-entry-history: HTTP 500.*; re-run the job \(merge_reason_unknown\)\.$/,
      );
      expect(result.lines.filter((line) => line.startsWith('::notice::'))).toEqual([]);
      expect(result.summary).not.toMatch(/set api-key/);
    });

    it('both credentials, and the key refused: the gate holds, and the line says to fix the key', async () => {
      use('merged');
      sim.script('v2.historyBatch', [
        { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'bad key' } } },
      ]);
      const result = await push({ 'fail-if-not-ready': 'true' }, { api: 'both' });
      expect(result.outputs['not-ready-reasons']).toBe('merge_reason_unknown');
      expect(result.error).toMatch(
        /api-key.*fix what it names \(the api-key input, for a refused key\), then re-run the job/,
      );
      expect(result.lines.filter((line) => line.startsWith('::notice::'))).toEqual([]);
    });
  });
});
