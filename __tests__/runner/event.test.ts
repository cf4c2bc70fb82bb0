// The event's facts, from the event file and the variables the runner sets (GITHUB_EVENT_PATH,
// GITHUB_EVENT_NAME, GITHUB_REF).
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventFacts, readEvent } from '../../src/runner/event.js';
import { createRedactor } from '../../src/shared/redact.js';

const repository = { default_branch: 'trunk' };
const pullRequest = { number: 12, base: { ref: 'main' }, head: { sha: 'abc123', ref: 'feature' } };
/** The PRs a test branch names; undefined when the run is on none. */
const tested = (facts: { mergeQueue?: { prs: number[] } }) => facts.mergeQueue?.prs;

describe('eventFacts', () => {
  it.each(['pull_request', 'pull_request_target', 'pull_request_review', 'pull_request_review_comment'])(
    'reads the PR, its base and head from %s',
    (name) => {
      expect(eventFacts(name, { pull_request: pullRequest, repository })).toEqual({
        prNumber: 12,
        baseRef: 'main',
        defaultBranch: 'trunk',
        headSha: 'abc123',
        mergeQueue: undefined,
      });
    },
  );

  it('reads the PR number of an issue_comment on a pull request', () => {
    const payload = { issue: { number: 34, pull_request: { url: 'https://api.github.com/…' } }, repository };
    expect(eventFacts('issue_comment', payload)).toMatchObject({
      prNumber: 34,
      defaultBranch: 'trunk',
      headSha: undefined,
    });
  });

  it('takes no PR from an issue_comment on a plain issue', () => {
    expect(eventFacts('issue_comment', { issue: { number: 34 }, repository }).prNumber).toBeUndefined();
  });

  it("knows a merge-queue test run by Trunk's branch, from a draft PR or a push", () => {
    const head = { ref: 'trunk-merge/pr-1842/3f0c1b9e', sha: 'x', repo: { full_name: 'octo-org/octo-repo' } };
    const draft = { ...pullRequest, number: 9001, head };
    const own = { ...repository, full_name: 'octo-org/octo-repo' };
    expect(eventFacts('pull_request', { pull_request: draft, repository: own }).mergeQueue).toEqual({
      branch: 'trunk-merge/pr-1842/3f0c1b9e',
      prs: [1842],
    });
    // A deleted fork's PR has no head repository: it is no test run either.
    const orphan = { ...draft, head: { ...head, repo: null } };
    expect(eventFacts('pull_request_target', { pull_request: orphan, repository: own }).mergeQueue).toBeUndefined();
    expect(tested(eventFacts('push', {}, 'refs/heads/trunk-merge/pr-77/abc'))).toEqual([77]);
    expect(eventFacts('push', {}, 'refs/heads/trunk-temp/pr-77/abc').mergeQueue).toBeUndefined();
    expect(eventFacts('push', {}, 'refs/heads/main').mergeQueue).toBeUndefined();
    expect(eventFacts('pull_request', { pull_request: pullRequest }, 'refs/pull/12/merge').mergeQueue).toBeUndefined();
  });

  it.each<[string, number[]]>([
    ['trunk-merge/pr-1842-1843/abc123', [1842, 1843]],
    ['trunk-merge/pr-1-2/abc123', [1, 2]],
    ['trunk-merge/pr-1843-1842-1850/x/y', [1843, 1842, 1850]],
    ['trunk-merge/pr-5-5/x', [5]],
    ['trunk-merge/pr-0042/x', [42]],
    ['trunk-merge/pr-4294967295/x', [4294967295]],
  ])("a batch's branch %s names its PRs in its order, each once", (branch, prs) => {
    expect(eventFacts('push', {}, `refs/heads/${branch}`).mergeQueue).toEqual({ branch, prs });
  });

  it.each([
    'trunk-merge/pr-77',
    'trunk-merge/pr-77/',
    'trunk-merge/pr-0/abc',
    'trunk-merge/pr-1-0/abc',
    'trunk-merge/pr-1-4294967296/abc',
    'trunk-merge/pr-1--2/abc',
    'trunk-merge/pr-1-/abc',
    'trunk-merge/pr-x/abc',
    'trunk-merge/docs-preview',
    'trunk-merge/',
  ])('%s is a test branch that names no PR the way Trunk writes it', (branch) => {
    expect(eventFacts('push', {}, `refs/heads/${branch}`).mergeQueue).toEqual({ branch, prs: [] });
  });

  it('only a push names its branch in GITHUB_REF for this', () => {
    expect(eventFacts('workflow_dispatch', {}, 'refs/heads/trunk-merge/pr-77/abc').mergeQueue).toBeUndefined();
  });

  it('takes no PR from a push and tolerates odd payloads', () => {
    expect(eventFacts('push', { ref: 'refs/heads/main', repository })).toMatchObject({
      prNumber: undefined,
      defaultBranch: 'trunk',
    });
    expect(eventFacts('pull_request', null).prNumber).toBeUndefined();
    expect(eventFacts('pull_request', 42).prNumber).toBeUndefined();
    expect(eventFacts('pull_request', { pull_request: { number: '12' } }).prNumber).toBeUndefined();
  });
});

describe('readEvent', () => {
  const none = createRedactor([]);
  const dir = mkdtempSync(join(tmpdir(), 'mqs-event-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it("reads the event file named by the environment it is given, not this process's", () => {
    const path = file('pr.json', JSON.stringify({ pull_request: pullRequest, repository }));
    const facts = readEvent({ GITHUB_EVENT_PATH: path, GITHUB_EVENT_NAME: 'pull_request' }, none);
    expect(facts).toMatchObject({ prNumber: 12, baseRef: 'main', headSha: 'abc123' });
    expect(facts.problem).toBeUndefined();
  });

  it('reports a file that is not JSON, one that cannot be read, and one that does not exist, as a problem', () => {
    const env = (path: string) => ({ GITHUB_EVENT_PATH: path, GITHUB_EVENT_NAME: 'pull_request' });
    const notJson = file('bad.json', '{"pull_request":');
    expect(readEvent(env(notJson), none).problem).toMatch(
      /^The event file GITHUB_EVENT_PATH \(.*bad\.json\) could not be read, or is not JSON \([^\n]+\)$/,
    );
    const folder = join(dir, 'a-folder.json');
    mkdirSync(folder);
    expect(readEvent(env(folder), none).problem).toMatch(
      /^The event file GITHUB_EVENT_PATH \(.*a-folder\.json\) could not be read, or is not JSON \(.*EISDIR/,
    );
    expect(readEvent(env(join(dir, 'none.json')), none).problem).toBe(
      `The event file GITHUB_EVENT_PATH (${join(dir, 'none.json')}) does not exist`,
    );
  });

  it('keeps the pushed ref when the event file is unusable', () => {
    const facts = readEvent(
      {
        GITHUB_EVENT_PATH: file('broken.json', 'not json'),
        GITHUB_EVENT_NAME: 'push',
        GITHUB_REF: 'refs/heads/trunk-merge/pr-5/x',
      },
      none,
    );
    expect([facts.problem !== undefined, facts.mergeQueue?.prs]).toEqual([true, [5]]);
  });

  it('reads the payload and the pushed ref with the credentials cut out of every text, before any is read', () => {
    const token = 'ghs_Tq2Wm9Xp4Lz8Nb3Vc7HdQa1Sw2Ed3Rf4Tg5';
    const byToken = createRedactor([token]);
    const head = { ...pullRequest.head, ref: `feature-${token}` };
    const path = file(
      'echo.json',
      JSON.stringify({ pull_request: { ...pullRequest, head, base: { ref: token } }, repository }),
    );
    const facts = readEvent({ GITHUB_EVENT_PATH: path, GITHUB_EVENT_NAME: 'pull_request' }, byToken);
    expect(facts).toMatchObject({ prNumber: 12, baseRef: '***' });
    const pushed = readEvent(
      { GITHUB_EVENT_NAME: 'push', GITHUB_REF: `refs/heads/${[...token].join('\u200b')}` },
      byToken,
    );
    expect(pushed.runBranch).toBe('***');
    const broken = file('echo-broken.json', `{"ref": "${token}" oops}`);
    expect(readEvent({ GITHUB_EVENT_PATH: broken, GITHUB_EVENT_NAME: 'push' }, byToken).problem).not.toContain(
      token.slice(4, 16),
    );
  });

  it('has no problem without an event file (a local run), and keeps the pushed ref', () => {
    const facts = readEvent({ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/trunk-merge/pr-5/x' }, none);
    expect([facts.problem, facts.mergeQueue?.prs]).toEqual([undefined, [5]]);
  });
});

describe('eventFacts: the commit each event carries, and its PR list (rules 4 and 5)', () => {
  const SHA = 'c'.repeat(40);
  const RUN_SHA = 'd'.repeat(40);
  it.each<[string, unknown, string | undefined]>([
    ['push', { after: SHA }, SHA],
    ['workflow_run', { workflow_run: { head_sha: RUN_SHA } }, RUN_SHA],
    ['check_suite', { check_suite: { head_sha: RUN_SHA } }, RUN_SHA],
    ['check_run', { check_run: { head_sha: RUN_SHA } }, RUN_SHA],
    ['deployment', { deployment: { sha: RUN_SHA } }, RUN_SHA],
    ['deployment_status', { deployment: { sha: RUN_SHA } }, RUN_SHA],
    ['workflow_dispatch', {}, 'e'.repeat(40)],
    ['schedule', {}, 'e'.repeat(40)],
  ])('%s', (eventName, payload, commit) => {
    expect(eventFacts(eventName, payload, 'refs/heads/main', 'e'.repeat(40)).commitSha).toBe(commit);
  });

  it('a push that deleted its ref has no commit, and says which ref', () => {
    const facts = eventFacts('push', { after: '0'.repeat(40), deleted: true }, 'refs/heads/topic', SHA);
    expect(facts).toMatchObject({ commitSha: undefined, deletedRef: 'refs/heads/topic' });
  });

  it("a workflow_run's PR list, from workflow-run; a check_run's, from the event", () => {
    const list = [{ number: 7, base: { ref: 'main' }, head: { sha: SHA } }, { number: 'x' }];
    expect(eventFacts('workflow_run', { workflow_run: { pull_requests: list } })).toMatchObject({
      runPrs: [{ number: 7, baseRef: 'main', headSha: SHA }],
      runPrsFrom: 'workflow-run',
    });
    expect(eventFacts('check_run', { check_run: { pull_requests: list } }).runPrsFrom).toBe('event');
  });

  it("a workflow_run or check_suite on Trunk's test branch is a merge-queue run; a fork's is not", () => {
    const repository = { full_name: 'o/r' };
    const run = (head: string) => ({
      workflow_run: { head_branch: 'trunk-merge/pr-1842-1843/x', head_repository: { full_name: head } },
      repository,
    });
    expect(tested(eventFacts('workflow_run', run('o/r')))).toEqual([1842, 1843]);
    expect(eventFacts('workflow_run', run('fork/r')).mergeQueue).toBeUndefined();
    expect(tested(eventFacts('check_suite', { check_suite: { head_branch: 'trunk-merge/pr-7/y' } }))).toEqual([7]);
    const checkRun = { check_run: { check_suite: { head_branch: 'trunk-merge/pr-8-9/y' } } };
    expect(tested(eventFacts('check_run', checkRun))).toEqual([8, 9]);
  });

  it.each([0, 1842.5, '1842', 4294967296, 2 ** 53 + 1, 2 ** 64 + 1])(
    'a pull_request.number of %j: a problem that names the field and the range',
    (number) => {
      const facts = eventFacts('pull_request', { pull_request: { number } });
      expect(facts.prNumber).toBeUndefined();
      expect(facts.prNumberProblem).toMatch(
        /^pull_request\.number in the event is .+: a pull request number is a whole number from 1 to 4294967295$/,
      );
    },
  );

  it('a number JavaScript cannot hold exactly says so', () => {
    expect(eventFacts('pull_request', { pull_request: { number: 2 ** 64 + 1 } }).prNumberProblem).toContain(
      'beyond what JavaScript holds exactly',
    );
  });
});

describe("the commit's branch, whose queue a commit run asks, and a tag's commit", () => {
  const SHA = 'c'.repeat(40);
  const OBJECT = 'a'.repeat(40);

  it.each<[string, string, unknown, string | undefined, string | undefined]>([
    ['a push to a branch: that branch', 'push', { after: SHA }, 'refs/heads/release', 'release'],
    [
      'a workflow_run: its head branch',
      'workflow_run',
      {
        workflow_run: { head_branch: 'main', head_sha: SHA, head_repository: { full_name: 'o/r' } },
        repository: { full_name: 'o/r' },
      },
      'refs/heads/main',
      'main',
    ],
    ['a workflow_dispatch: the ref it ran on', 'workflow_dispatch', {}, 'refs/heads/release', 'release'],
    [
      'a deployment of a branch: that branch (GITHUB_REF)',
      'deployment',
      { deployment: { sha: SHA, ref: 'release' } },
      'refs/heads/release',
      'release',
    ],
    [
      'a deployment of a tag: none (the default branch)',
      'deployment',
      { deployment: { sha: SHA, ref: 'v1.2.0' } },
      'refs/tags/v1.2.0',
      undefined,
    ],
    ['a schedule: none of its own (GITHUB_REF is the default branch)', 'schedule', {}, 'refs/heads/trunk', 'trunk'],
    [
      'a tag push: the branch base_ref names',
      'push',
      { after: SHA, base_ref: 'refs/heads/main' },
      'refs/tags/v1.2.0',
      'main',
    ],
    [
      'a tag push without base_ref: none (the default branch)',
      'push',
      { after: SHA, base_ref: null },
      'refs/tags/v1.2.0',
      undefined,
    ],
  ])('%s', (_, name, payload, ref, branch) => {
    expect(eventFacts(name, payload, ref).commitBranch).toBe(branch);
  });

  it("an annotated tag's push: the commit is head_commit's, and the tag object is kept to say so", () => {
    const facts = eventFacts('push', { after: OBJECT, head_commit: { id: SHA } }, 'refs/tags/v1.2.0');
    expect([facts.commitSha, facts.tag]).toEqual([SHA, { name: 'v1.2.0', object: OBJECT }]);
  });

  it('a lightweight tag: after is the commit, head_commit the same; no object', () => {
    const facts = eventFacts('push', { after: SHA, head_commit: { id: SHA } }, 'refs/tags/v1.2.0');
    expect([facts.commitSha, facts.tag]).toEqual([SHA, { name: 'v1.2.0' }]);
  });

  it("a branch push's head_commit is not used: after is the commit pushed", () => {
    expect(eventFacts('push', { after: SHA, head_commit: { id: OBJECT } }, 'refs/heads/main').commitSha).toBe(SHA);
  });
});
