// The contract's "Which PR" rules, one by one, on event facts.
import { describe, expect, it } from '@jest/globals';
import { ActionError, InputError } from '../../src/shared/errors.js';
import type { EventFacts } from '../../src/runner/event.js';
import {
  chooseCommitPr,
  commitTarget,
  isOwnBranchRun,
  whichPr,
  type CommitLookup,
  type PrTarget,
  type UnnamedTestRun,
} from '../../src/runner/which-pr.js';
import type { CommitPr } from '../../src/core/model.js';

const prEvent: EventFacts = {
  prNumber: 5,
  baseRef: 'release/1.x',
  headSha: 'abc',
  defaultBranch: 'develop',
};
const tests = (...prs: number[]) => ({ branch: `trunk-merge/pr-${prs.join('-')}/abc`, prs });
const draft: EventFacts = {
  ...prEvent,
  prNumber: 9001,
  baseRef: 'main',
  headSha: 'draft-sha',
  mergeQueue: tests(1842),
};
const push: EventFacts = { defaultBranch: 'develop', mergeQueue: tests(1842), commitSha: 'c'.repeat(40) };
const target = (found: PrTarget | CommitLookup | UnnamedTestRun): PrTarget => {
  if (!('pr' in found)) throw new Error('expected a PR, got a commit to look up');
  return found;
};
const broken: EventFacts = {
  problem: 'The event file GITHUB_EVENT_PATH (/x) does not exist',
};

describe('whichPr', () => {
  it("1. an explicit pr that is the event's own PR: the event's base branch and head SHA", () => {
    expect(whichPr(5, '', prEvent)).toEqual({
      pr: 5,
      foundBy: 'input',
      mergeQueueRun: false,
      targetBranch: 'release/1.x',
      eventHeadSha: 'abc',
    });
  });

  it('1. an explicit pr that is another PR: the default branch, and no head SHA', () => {
    expect(whichPr(1842, '', prEvent)).toEqual({
      pr: 1842,
      foundBy: 'input',
      mergeQueueRun: false,
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it('1. an explicit target-branch wins over the event, as given (readInputs strips refs/heads/)', () => {
    expect(target(whichPr(5, 'release/2.x', prEvent)).targetBranch).toBe('release/2.x');
  });

  it("2. a test run on Trunk's draft PR: the PR under test, the draft's base branch, no head SHA", () => {
    expect(whichPr(undefined, '', draft)).toEqual({
      pr: 1842,
      foundBy: 'merge-queue-run',
      mergeQueueRun: true,
      batchPrs: [1842],
      targetBranch: 'main',
      eventHeadSha: undefined,
    });
  });

  it('2. a test run by a push: the PR under test and the default branch, never a commit run', () => {
    expect(whichPr(undefined, '', push)).toEqual({
      pr: 1842,
      foundBy: 'merge-queue-run',
      mergeQueueRun: true,
      batchPrs: [1842],
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it('2. a batch: every PR its branch names, in order, the first as pr; never the draft PR', () => {
    expect(whichPr(undefined, '', { ...draft, mergeQueue: tests(1843, 1842) })).toEqual({
      pr: 1843,
      foundBy: 'merge-queue-run',
      mergeQueueRun: true,
      batchPrs: [1843, 1842],
      targetBranch: 'main',
      eventHeadSha: undefined,
    });
    expect(target(whichPr(undefined, '', { ...push, mergeQueue: tests(1, 2) }))).toMatchObject({
      pr: 1,
      batchPrs: [1, 2],
      targetBranch: 'develop',
    });
  });

  it('2. a workflow_run on a test branch in draft-PR mode: the base of the draft PR it lists', () => {
    const run: EventFacts = {
      defaultBranch: 'develop',
      mergeQueue: tests(1842, 1843),
      runPrs: [{ number: 9001, baseRef: 'release/2.x', headSha: 'draft-sha' }],
      runPrsFrom: 'workflow-run',
      commitSha: 'c'.repeat(40),
    };
    expect(whichPr(undefined, '', run)).toMatchObject({
      pr: 1842,
      batchPrs: [1842, 1843],
      targetBranch: 'release/2.x',
    });
    // Push mode: the run lists no PR, so the repository's default branch.
    expect(whichPr(undefined, '', { ...run, runPrs: [] })).toMatchObject({ targetBranch: 'develop' });
  });

  it('2. a test branch that names no PR: nothing to ask, with no commit lookup, whatever sha says', () => {
    const unnamed: EventFacts = { ...push, mergeQueue: { branch: 'trunk-merge/docs', prs: [] } };
    expect(whichPr(undefined, '', unnamed)).toEqual({ testBranch: 'trunk-merge/docs' });
    expect(whichPr(undefined, 'main', unnamed, 'd'.repeat(40))).toEqual({ testBranch: 'trunk-merge/docs' });
    expect(whichPr(undefined, '', { ...draft, mergeQueue: unnamed.mergeQueue })).toEqual({
      testBranch: 'trunk-merge/docs',
    });
    // The pr input is asked about, as anywhere: still a test run.
    expect(whichPr(7, '', unnamed)).toMatchObject({ pr: 7, foundBy: 'input', mergeQueueRun: true });
  });

  it('2. a test run is still one when pr names another PR', () => {
    expect(whichPr(7, '', draft)).toEqual({
      pr: 7,
      foundBy: 'input',
      mergeQueueRun: true,
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it("3. the event's PR", () => {
    expect(whichPr(undefined, '', prEvent)).toEqual({
      pr: 5,
      foundBy: 'event',
      mergeQueueRun: false,
      targetBranch: 'release/1.x',
      eventHeadSha: 'abc',
    });
  });

  it('no default branch anywhere: main', () => {
    expect(target(whichPr(3, '', {})).targetBranch).toBe('main');
  });

  it('no PR and no commit (outside a runner): an error naming pr and sha', () => {
    expect(() => whichPr(undefined, 'main', {})).toThrow(InputError);
    expect(() => whichPr(undefined, 'main', {})).toThrow(
      /^Input 'pr' is empty, .*set pr to the pull request number, or sha to the commit$/,
    );
  });

  it('an unusable event file, when a default needs it: an error naming GITHUB_EVENT_PATH', () => {
    expect(() => whichPr(undefined, 'main', broken)).toThrow(ActionError);
    expect(() => whichPr(undefined, 'main', broken)).toThrow(
      /^The event file GITHUB_EVENT_PATH \(\/x\) does not exist, so the pull request is unknown; set the pr input\.$/,
    );
    expect(() => whichPr(3, '', broken)).toThrow(
      /GITHUB_EVENT_PATH .*, so target-branch has no default; set the target-branch input\.$/,
    );
    expect(whichPr(3, 'main', broken)).toMatchObject({ pr: 3, targetBranch: 'main' });
  });
});

const SHA = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);

describe('whichPr, rules 4 and 5: a run with no PR of its own', () => {
  const run = (runPrs: EventFacts['runPrs'], from: EventFacts['runPrsFrom'] = 'workflow-run'): EventFacts => ({
    defaultBranch: 'main',
    runPrs,
    runPrsFrom: from,
    commitSha: SHA,
  });

  it.each<[string, EventFacts, Partial<PrTarget> | Partial<CommitLookup>]>([
    [
      '4. workflow_run listing one PR: that PR, its base branch, found by workflow-run',
      run([{ number: 7, baseRef: 'release/1.x', headSha: OTHER }]),
      { pr: 7, foundBy: 'workflow-run', targetBranch: 'release/1.x', mergeQueueRun: false },
    ],
    [
      '4. check_suite listing one PR: found by event',
      run([{ number: 8, baseRef: 'main' }], 'event'),
      { pr: 8, foundBy: 'event', targetBranch: 'main' },
    ],
    [
      "4. a run on Trunk's test branch: rule 2, whatever it lists",
      { ...run([{ number: 9 }]), mergeQueue: tests(1842) },
      { pr: 1842, foundBy: 'merge-queue-run', mergeQueueRun: true },
    ],
    [
      '4. a run on the branch a queue merges into listing one PR (a promotion PR from it): rule 5, never that PR',
      { ...run([{ number: 7, baseRef: 'release', headSha: SHA }]), runBranch: 'main', commitBranch: 'main' },
      { sha: SHA, commitBranch: 'main', queueBranch: 'main' },
    ],
    [
      '4. the same on the branch target-branch names: rule 5',
      { ...run([{ number: 7, baseRef: 'prod' }]), runBranch: 'release', commitBranch: 'release' },
      { sha: SHA, commitBranch: 'release' },
    ],
    [
      '4. a run on a PR branch listing that one PR: the PR, as before',
      { ...run([{ number: 7, baseRef: 'main' }]), runBranch: 'feature', commitBranch: 'feature' },
      { pr: 7, foundBy: 'workflow-run', targetBranch: 'main' },
    ],
    [
      '4. a run listing no PR: rule 5 with its head SHA',
      run([]),
      { sha: SHA, branchInput: '', fallbackBranch: 'main' },
    ],
    [
      '4. a run listing two PRs: rule 5, since neither is the one',
      run([{ number: 1 }, { number: 2 }]),
      { sha: SHA, branchInput: '', fallbackBranch: 'main' },
    ],
    [
      '5. a push (or any other event): rule 5 with the event commit',
      { defaultBranch: 'develop', commitSha: SHA.toUpperCase() },
      { sha: SHA, branchInput: '', fallbackBranch: 'develop' },
    ],
  ])('%s', (_, event, expected) => {
    const branch = event.runBranch === 'release' ? 'release' : '';
    expect(whichPr(undefined, branch, event)).toMatchObject(expected);
  });

  it.each<[string, EventFacts, string, { commitBranch: string; queueBranch: string }]>([
    [
      'a push to a branch: its queue',
      { defaultBranch: 'main', commitSha: SHA, commitBranch: 'release' },
      '',
      { commitBranch: 'release', queueBranch: 'main' },
    ],
    [
      'an event on no branch: the default branch',
      { defaultBranch: 'develop', commitSha: SHA },
      '',
      { commitBranch: 'develop', queueBranch: 'develop' },
    ],
    [
      'target-branch wins',
      { defaultBranch: 'main', commitSha: SHA, commitBranch: 'release' },
      'prod',
      { commitBranch: 'prod', queueBranch: 'prod' },
    ],
    ['no default branch known: main', { commitSha: SHA }, '', { commitBranch: 'main', queueBranch: 'main' }],
  ])("5. the commit's branch, whose queue is asked: %s", (_, event, branch, expected) => {
    expect(whichPr(undefined, branch, event)).toMatchObject(expected);
  });

  it('5. a tag push keeps the tag for the log, unless sha names another commit', () => {
    const tagged: EventFacts = { commitSha: SHA, tag: { name: 'v1.2.0', object: OTHER } };
    expect(whichPr(undefined, '', tagged)).toMatchObject({ sha: SHA, tag: { name: 'v1.2.0', object: OTHER } });
    expect(whichPr(undefined, '', tagged, OTHER)).not.toHaveProperty('tag');
  });

  it('5. an event commit that is not a full SHA fails before any request, naming sha', () => {
    expect(() => whichPr(undefined, '', { commitSha: 'HEAD; rm -rf' })).toThrow(
      /^Input 'sha' is empty, and the event's commit is not a full commit SHA/,
    );
  });

  it('5. the sha input wins over the event commit; target-branch is kept for the choice', () => {
    expect(whichPr(undefined, 'release/2.x', { commitSha: SHA }, OTHER)).toEqual({
      sha: OTHER,
      branchInput: 'release/2.x',
      fallbackBranch: 'release/2.x',
      commitBranch: 'release/2.x',
      queueBranch: 'release/2.x',
      runBranch: undefined,
    });
  });

  it('5. a push that deleted its ref: an error, unless sha names a commit', () => {
    expect(() => whichPr(undefined, '', { deletedRef: 'refs/heads/topic' })).toThrow(
      /^This push deleted refs\/heads\/topic, so it has no commit/,
    );
    expect(whichPr(undefined, '', { deletedRef: 'refs/heads/topic' }, SHA)).toMatchObject({ sha: SHA });
  });

  it("an event PR number out of range: the event's field named, never 'no pull request'", () => {
    const bad: EventFacts = {
      prNumberProblem:
        'pull_request.number in the event is 4294967296: a pull request number is a whole number from 1 to 4294967295',
      commitSha: SHA,
    };
    expect(() => whichPr(undefined, '', bad)).toThrow(
      /^pull_request\.number in the event is 4294967296: a pull request number is a whole number from 1 to 4294967295; set the pr input\.$/,
    );
    expect(target(whichPr(5, '', bad)).pr).toBe(5);
  });
});

describe('chooseCommitPr: of the PRs GitHub lists for the commit', () => {
  const lookup = (branchInput = ''): CommitLookup => ({
    sha: SHA,
    branchInput,
    fallbackBranch: 'main',
    commitBranch: branchInput || 'main',
    queueBranch: branchInput || 'main',
  });
  const pr = (number: number, over: Partial<CommitPr> = {}): CommitPr => ({
    number,
    open: false,
    baseRef: 'main',
    ...over,
  });

  it.each<
    [
      string,
      CommitPr[],
      string,
      { pr: number; others?: number[]; targetBranch?: string; eventHeadSha?: string } | undefined,
    ]
  >([
    ['none: no PR brought the commit in', [], '', undefined],
    [
      'the one whose merge commit it is, first',
      [
        pr(1, { mergedAt: '2026-11-25T10:00:00Z' }),
        pr(2, { mergeCommitSha: SHA.toUpperCase(), mergedAt: '2026-11-24T10:00:00Z' }),
      ],
      '',
      { pr: 2, others: [] },
    ],
    [
      'else one merged; the latest merged wins, the others named',
      [pr(3, { mergedAt: '2026-11-20T00:00:00Z' }), pr(4, { mergedAt: '2026-11-25T00:00:00Z' })],
      '',
      { pr: 4, others: [3] },
    ],
    [
      'merged is merged_at, whatever state says',
      [pr(5, { open: true, mergedAt: '2026-11-25T00:00:00Z', baseRef: 'release/1.x' })],
      '',
      { pr: 5, targetBranch: 'release/1.x' },
    ],
    [
      'merged into target-branch only, when it is given',
      [pr(6, { mergedAt: '2026-11-25T00:00:00Z', baseRef: 'release/1.x' })],
      'main',
      undefined,
    ],
    [
      'else one open with its head at the commit: stale can be told',
      [pr(7, { open: true, headSha: SHA, updatedAt: '2026-11-25T00:00:00Z' })],
      '',
      { pr: 7, eventHeadSha: SHA },
    ],
    ['an open PR whose head is another commit: none', [pr(8, { open: true, headSha: OTHER })], '', undefined],
    [
      'an open promotion PR whose head is the branch a queue merges into (main → release): it brought nothing in',
      [pr(10, { open: true, headSha: SHA, headRef: 'main', headInRepository: true, baseRef: 'release' })],
      '',
      undefined,
    ],
    [
      "a fork's open PR from a branch named main is not a promotion: it is an open PR with its head at the commit",
      [pr(11, { open: true, headSha: SHA, headRef: 'main', headInRepository: false, baseRef: 'main' })],
      '',
      { pr: 11, eventHeadSha: SHA },
    ],
    ['a PR closed without merging: none', [pr(9, { headSha: SHA })], '', undefined],
  ])('%s', (_, prs, branch, expected) => {
    const choice = chooseCommitPr(SHA, branch, prs, branch || 'main');
    if (!expected) {
      expect(choice).toBeUndefined();
      return;
    }
    expect(choice && commitTarget(lookup(branch), choice)).toMatchObject({
      pr: expected.pr,
      foundBy: 'commit',
      commitSha: SHA,
      ...(expected.targetBranch ? { targetBranch: expected.targetBranch } : {}),
      eventHeadSha: expected.eventHeadSha,
    });
    if (expected.others) expect(choice?.others).toEqual(expected.others);
  });
});

describe("isOwnBranchRun: an open PR whose head is the commit, on the run of that PR's own branch", () => {
  const lookup = (runBranch?: string): CommitLookup => ({
    sha: SHA,
    branchInput: '',
    fallbackBranch: 'main',
    commitBranch: runBranch ?? 'main',
    queueBranch: 'main',
    runBranch,
  });
  const open = (over: Partial<CommitPr> = {}): CommitPr => ({
    number: 7,
    open: true,
    headSha: SHA,
    headRef: 'docs-update',
    headInRepository: true,
    baseRef: 'main',
    ...over,
  });
  const ownRun = (pr: CommitPr, runBranch?: string) => {
    const choice = chooseCommitPr(SHA, '', [pr]);
    return choice !== undefined && isOwnBranchRun(lookup(runBranch), choice);
  };

  it.each<[string, CommitPr, string | undefined, boolean]>([
    ["a push to the PR's branch: the PR's own run", open(), 'docs-update', true],
    ['the same commit pushed to main: a commit verdict', open(), 'main', false],
    ['a run on no branch (a deployment): a commit verdict', open(), undefined, false],
    ["a fork's branch of the same name is another branch", open({ headInRepository: false }), 'docs-update', false],
    [
      'a deleted fork (no head repository) is not this repository',
      open({ headInRepository: undefined }),
      'docs-update',
      false,
    ],
    ['a PR from main into main is not its own run on main', open({ headRef: 'main' }), 'main', false],
    [
      'a direct push to main while a promotion PR main → release is open: never the exception, on the branch a queue merges into',
      open({ headRef: 'main', baseRef: 'release' }),
      'main',
      false,
    ],
    [
      'a merged PR is never the exception',
      open({ open: false, mergedAt: '2026-11-25T00:00:00Z', mergeCommitSha: SHA }),
      'docs-update',
      false,
    ],
  ])('%s', (_, pr, runBranch, expected) => {
    expect(ownRun(pr, runBranch)).toBe(expected);
  });
});
