// The deploy gate, whole runs in-process against the simulator on a virtual clock: a push asks
// GitHub which PR brought each commit in and which commits the push brought, then Trunk whether
// each came through the queue. The situations of "The verdict for a commit", each with the reason
// it holds with and the requests it costs; the sentences themselves are asserted where they are
// made (core/commit-words.test.ts), and each GitHub fault's line once, here.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { githubFaults, SIM_BASE_SHA, SIM_DIRECT_SHA, SIM_MERGE_SHA, SIM_SHA } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');
beforeEach(() => {
  sim.useScenario('merged');
  sim.useGitHubScenario('merged');
});

const pushEvent = (after: string, before: string, extra: Record<string, unknown> = {}) => ({
  ref: 'refs/heads/main',
  before,
  after,
  deleted: false,
  repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
  ...extra,
});

const credentials = {
  v1: () => ({ 'api-token': sim.token }),
  v2: () => ({ 'api-key': sim.apiKey }),
  both: () => ({ 'api-token': sim.token, 'api-key': sim.apiKey }),
};

/** A push of the GitHub scenario's commit, from its `before`, with these inputs. */
function push(
  inputs: Record<string, string> = {},
  options: InProcessOptions & { api?: keyof typeof credentials } = {},
) {
  const scenario = sim.gitHubScenario();
  const after = scenario.sha;
  const before = scenario.before ?? SIM_BASE_SHA;
  return runInProcess({
    eventName: 'push',
    event: pushEvent(after, before),
    ...options,
    inputs: {
      ...credentials[options.api ?? 'v2'](),
      'api-url': sim.url,
      'github-token': sim.githubToken,
      ...inputs,
    },
    env: { GITHUB_API_URL: sim.url, GITHUB_SHA: after, GITHUB_REF: 'refs/heads/main', ...options.env },
  });
}

/** Serve these scenarios: Trunk's, and GitHub's for the push. */
function use(trunk: string, github = 'merged') {
  sim.useScenario(trunk);
  sim.useGitHubScenario(github);
}
const requestsDuring = async <T>(work: () => Promise<T>) => {
  const before = sim.requests.length;
  const result = await work();
  const made = sim.requests.slice(before);
  const of = (endpoint: string) => made.filter((request) => request.endpoint === endpoint).length;
  return { result, made, of };
};

describe('a commit that came through the queue passes', () => {
  it.each(['v2', 'both'] as const)('%s: merged by Trunk, as its history says', async (api) => {
    use('merged');
    const { result, of } = await requestsDuring(() => push({ 'fail-if-not-ready': 'true' }, { api }));
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
    const { result, made } = await requestsDuring(() => push({ 'fail-if-not-ready': 'true' }, { api: 'v1' }));
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
    const { result, of } = await requestsDuring(() => push({ 'fail-if-not-ready': 'true' }));
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
    '%s: a push of twenty queue merges stays within the limits: one compare, twenty lookups, Trunk batched',
    async (api) => {
      use('twenty-merged', 'twenty-prs');
      const { result, of } = await requestsDuring(() => push({ 'fail-if-not-ready': 'true' }, { api }));
      expect(result.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '20' });
      expect([of('github.compare'), of('github.commitPulls')]).toEqual([1, 20]);
      // v2: one lookup for the twenty PRs, one for the ages of the queue's entries, one history read.
      if (api === 'v2') expect([of('v2.pullRequests'), of('v2.historyBatch')]).toEqual([2, 1]);
      else expect(of('getSubmittedPullRequest')).toBe(20);
    },
  );

  it.each([
    ['a new branch (before all zeros)', '0'.repeat(40), {}],
    ['base-sha: none', SIM_BASE_SHA, { 'base-sha': 'none' }],
  ])('%s: the tip alone, and no compare', async (_, before, inputs) => {
    use('merged');
    const { result, of } = await requestsDuring(() =>
      runInProcess({
        eventName: 'push',
        event: pushEvent(SIM_MERGE_SHA, before),
        inputs: { ...credentials.v2(), 'api-url': sim.url, 'github-token': sim.githubToken, ...inputs },
        env: { GITHUB_API_URL: sim.url, GITHUB_SHA: SIM_MERGE_SHA, GITHUB_REF: 'refs/heads/main' },
      }),
    );
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
    ['a push of more than 100 commits', 'merged', 'long-push', {}, 'commit_range_unchecked'],
    ['a force push', 'merged', 'force-push', {}, 'commit_range_unchecked'],
    ['a base GitHub does not know', 'merged', 'unknown-base', {}, 'commit_range_unchecked'],
  ])('%s: %s', async (_, trunk, github, inputs, reasons) => {
    use(trunk, github);
    const result = await push({ 'fail-if-not-ready': 'true', 'settle-seconds': '30', ...inputs });
    expect(result.code).toBe(1);
    expect(result.outputs.ready).toBe('false');
    expect(result.outputs['not-ready-reasons']).toBe(reasons);
    expect(result.error).toMatch(
      new RegExp(
        `^Commit [0-9a-f]{7} (did not come|came) through the merge queue[:, (].*\\(${reasons.replace(/,/g, ', ')}\\)\\.$`,
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
    const { result, of } = await requestsDuring(() => push({ 'settle-seconds': '0' }));
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
    const items = [...result.summary.matchAll(/<li>([✅❌]) (.*?)<\/li>/g)].map(([, mark, text]) => `${mark} ${text}`);
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
    const result = await push({ 'settle-seconds': '120', 'wait-timeout-seconds': '10', 'poll-interval-seconds': '5' });
    expect(result.outputs['not-ready-reasons']).toBe('not_merged_by_queue');
    expect(Number(result.outputs['waited-seconds'])).toBeLessThanOrEqual(10);
  });

  it("an explicit sha is the commit alone: the push's before is not its base", async () => {
    use('merged', 'rebase-three');
    const { result, of } = await requestsDuring(() => push({ sha: sim.gitHubScenario().sha }));
    expect(result.outputs).toMatchObject({ ready: 'true', 'commits-checked': '1' });
    expect(of('github.compare')).toBe(0);
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

  it("both credentials, and v2 cannot tell: one warning naming api-key, and the verdict is v1's", async () => {
    use('merged');
    sim.script('v2.historyBatch', [{ status: 500, times: Infinity }]);
    const result = await push({ 'fail-if-not-ready': 'true', retries: '1' }, { api: 'both' });
    expect(result.error).toBeUndefined();
    expect(result.outputs.ready).toBe('true');
    expect(result.lines.filter((line) => line.startsWith('::warning::') && /api-key/.test(line))).toHaveLength(1);
  });
});

describe("a PR's own run is still the PR's", () => {
  it('an open PR whose head is the commit, on a push to its own branch: the PR verdict, as before', async () => {
    use('testing', 'open');
    const { result, of } = await requestsDuring(() =>
      runInProcess({
        eventName: 'push',
        event: { ...pushEvent(SIM_SHA, SIM_BASE_SHA), ref: 'refs/heads/docs-update' },
        inputs: { ...credentials.v2(), 'api-url': sim.url, 'github-token': sim.githubToken },
        env: { GITHUB_API_URL: sim.url, GITHUB_SHA: SIM_SHA, GITHUB_REF: 'refs/heads/docs-update' },
      }),
    );
    expect(result.outputs).toMatchObject({
      pr: '1842',
      'pr-found-by': 'commit',
      state: 'testing',
      ready: 'true',
      stale: 'false',
    });
    expect(result.outputs['commits-checked']).toBe('');
    expect(of('v2.historyBatch')).toBe(0);
  });
});

describe('inputs', () => {
  it.each([
    ['base-sha', 'abc1234', /^Input 'base-sha' must be a full commit SHA/],
    ['settle-seconds', '-1', /^Input 'settle-seconds' must be a number of seconds of at least 0, got "-1"$/],
  ])('a bad %s fails before any request', async (name, value, message) => {
    const before = sim.requests.length;
    const result = await push({ [name]: value });
    expect(result.error).toMatch(message);
    expect(sim.requests.length).toBe(before);
  });

  it.each(['base-sha', 'settle-seconds'])(
    '%s with scope: queue fails before any request, naming it and scope',
    async (name) => {
      const result = await push({ scope: 'queue', [name]: name === 'base-sha' ? SIM_BASE_SHA : '30' });
      expect(result.error).toMatch(new RegExp(`^Input '${name}' belongs to a commit's verdict .* but scope is queue`));
    },
  );
});

describe("GitHub's faults: the line says GitHub answered, and what to fix", () => {
  it.each([
    [
      'bad-credentials',
      /^GitHub API \(which pull request brought the commit in\): HTTP 401 \(Bad credentials\): github-token was refused/,
    ],
    [
      'no-permission',
      /HTTP 403 \(Resource not accessible by integration\): github-token may not read .*permissions: contents: read and pull-requests: read$/,
    ],
    [
      'unknown-commit',
      /HTTP 422 \(No commit found for SHA: [0-9a-f]+\): commit [0-9a-f]{40} is not in octo-org\/octo-repo; check sha$/,
    ],
  ])('%s', async (scenario, message) => {
    use('merged', scenario);
    const result = await push();
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
    expect(result.error).not.toMatch(/Trunk/);
    expect(result.log).not.toContain(sim.githubToken);
  });

  it.each(['secondary-limit-429', 'secondary-limit-403', 'server-errors', 'primary-limit'])(
    "%s: retried on the run's clock, then the PR is found",
    async (scenario) => {
      use('merged', scenario);
      const result = await push();
      expect(result.error).toBeUndefined();
      expect(result.outputs.pr).toBe('1842');
      expect(result.lines.some((line) => /^GitHub: HTTP \d+.*; retry 1 of 3 in/.test(line))).toBe(true);
    },
  );

  it('a compare that fails after its retries: the range is unchecked, and the gate holds, naming base-sha', async () => {
    use('merged');
    sim.script('github.compare', [
      githubFaults.serverError(502),
      { ...githubFaults.serverError(503), times: Infinity },
    ]);
    const result = await push({ retries: '1' });
    expect(result.outputs['not-ready-reasons']).toBe('commit_range_unchecked');
    // The heading says why, once; the range's line says what was checked.
    expect(result.summary).toMatch(
      /^<h2>❌ .*the commits before it could not be checked: the commits since base-sha [0-9a-f]{7} could not be read: GitHub API \(which commits the push brought\): HTTP 503/,
    );
    expect(result.summary).toContain('Only the tip was checked.');
  });

  it('a rate limit that resets beyond what the step waits: one line, at once', async () => {
    use('merged');
    sim.script('github.commitPulls', [githubFaults.primaryLimit(Math.floor(Date.now() / 1000) + 3600)]);
    const result = await push();
    expect(result.error).toMatch(
      /HTTP 403, rate limited \(API rate limit exceeded.*\) until \d{4}-\d\d-\d\dT[\d:]+Z, beyond what this step waits/,
    );
  });

  it('an empty github-token on a push names it', async () => {
    const result = await push({ 'github-token': '' });
    expect(result.error).toMatch(/^Input 'github-token' is empty, and this event names no pull request/);
  });

  it('a push that deleted its branch has no commit: one line, no request', async () => {
    const before = sim.requests.length;
    const result = await runInProcess({
      eventName: 'push',
      event: pushEvent('0'.repeat(40), SIM_BASE_SHA, { deleted: true, ref: 'refs/heads/topic' }),
      inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, 'github-token': sim.githubToken },
      env: { GITHUB_API_URL: sim.url, GITHUB_REF: 'refs/heads/topic' },
    });
    expect(result.error).toMatch(/^This push deleted refs\/heads\/topic, so it has no commit/);
    expect(sim.requests.length).toBe(before);
  });
});
