// Which commits a commit verdict covers, from GitHub's compare written as data: the first-parent
// chain from the tip back to base-sha, read in full or not at all. A range that cannot be read
// (a force push, a base after the tip, too long, listed only in part, a compare that failed) is
// unchecked, naming base-sha; a base from the last successful run that is not on the tip's
// first-parent line is passed over (`off-line`), so that an older run may be.
import { describe, expect, it } from '@jest/globals';
import { outside, plainWords } from '../../src/shared/format.js';
import {
  MAX_RANGE_COMMITS,
  oldestCommitMs,
  rangeFrom,
  rangeUnread,
  walkChain,
  walkNeedsMore,
  type BaseFrom,
  type CommitRange,
  type Comparison,
} from '../../src/core/commit-range.js';
import { sha } from '../helpers/commits.js';

const BASE = sha('ba5e000');

type Ranged = ReturnType<typeof rangeFrom>;
/** A range as a person reads its why: the marks of text from outside removed. */
const readable = (range: Ranged): Ranged =>
  range.kind === 'unchecked' || range.kind === 'off-line' ? { ...range, why: plainWords(range.why) } : range;
const INPUT: BaseFrom = { kind: 'input' };
const LAST: BaseFrom = { kind: 'last-success', run: { id: 4242, number: 57 } };

/** The n-th commit of the push: `c000001`, … */
const c = (n: number) => sha(`c${String(n).padStart(6, '0')}`);

type Listed = Comparison['commits'];

/** n commits one on another from base, oldest first, as GitHub lists them. */
function linear(n: number, from = BASE, name = c): Listed {
  return Array.from({ length: n }, (_, i) => ({ sha: name(i + 1), parents: [i === 0 ? from : name(i)] }));
}

const ahead = (commits: Listed, totalCommits = commits.length): Comparison => ({
  status: 'ahead',
  totalCommits,
  commits,
});

/**
 * The first-parent line of `merges` merge commits (`a000001`, …), each bringing a PR's `side`
 * commits (`5000101`, … for the first merge) as its second parent: oldest first, each PR's commits
 * before its merge.
 */
function mergesOf(merges: number, side: number) {
  const merge = (m: number) => sha(`a${String(m).padStart(6, '0')}`);
  const sideOf = (m: number) => (i: number) => sha(`5${String(m * 100 + i).padStart(6, '0')}`);
  const byMerge = Array.from({ length: merges }, (_, k) => {
    const m = k + 1;
    const first = m === 1 ? BASE : merge(m - 1);
    const branch = linear(side, first, sideOf(m));
    return { merge: { sha: merge(m), parents: [first, sideOf(m)(side)] }, branch };
  });
  return {
    head: merge(merges),
    line: byMerge.map(({ merge: commit }) => commit.sha).reverse(),
    listed: byMerge.flatMap(({ merge: commit, branch }) => [...branch, commit]),
    merges: byMerge.map(({ merge: commit }) => commit),
    sides: byMerge.flatMap(({ branch }) => branch),
  };
}

/** A tip, a PR's two commits on its second parent, and the tip's first parent. */
const mergeCommit: Listed = [
  { sha: c(1), parents: [BASE] },
  { sha: sha('51de001'), parents: [BASE] },
  { sha: sha('51de002'), parents: [sha('51de001')] },
  { sha: c(2), parents: [c(1), sha('51de002')] },
];

/**
 * A branch made from an older commit of main (`01d0000`), two commits on it, then main (base-sha)
 * merged into it as the second parent, and the merge pushed: its first parents never pass base-sha.
 */
const foxtrot: Listed = [
  { sha: c(1), parents: [sha('01d0000')] },
  { sha: c(2), parents: [c(1)] },
  { sha: c(3), parents: [c(2), BASE] },
];

const thousand = linear(MAX_RANGE_COMMITS);
const thousandAndOne = linear(MAX_RANGE_COMMITS + 1);
// 20 merges of 15 commits each: 320 commits, of which the read stopped after 250.
const long = mergesOf(20, 15);
/** A range expected: exactly, or unchecked with a why that matches. */
type Expected = Ranged | { kind: 'unchecked'; base: string; why: ReturnType<typeof expect.stringMatching> };
const unchecked = (why: RegExp): Expected => ({ kind: 'unchecked', base: BASE, why: expect.stringMatching(why) });
const read = (chain: string[]): CommitRange => ({ kind: 'read', base: BASE, chain, from: INPUT });
const CUT = "GitHub's comparison was cut short after 3 pages: this step had made all the requests it may make";

describe('rangeFrom', () => {
  it.each<[string, string, Comparison, Expected]>([
    [
      'identical: the tip alone',
      c(1),
      { status: 'identical', totalCommits: 0, commits: [] },
      { kind: 'tip', why: 'identical', from: INPUT },
    ],
    [
      'behind (base-sha is a later commit than the tip): unchecked, said as such, never blamed on a force push',
      c(1),
      { status: 'behind', totalCommits: 0, commits: [] },
      unchecked(
        /^base-sha ba5e000 comes after c000001 on the branch \(GitHub compares them as behind\): c000001 is already behind it/,
      ),
    ],
    [
      'diverged: unchecked, naming base-sha, a rewritten branch or another branch',
      c(2),
      { status: 'diverged', totalCommits: 2, commits: linear(2) },
      unchecked(
        /^base-sha ba5e000 is not in the history of c000002 \(GitHub compares them as diverged\): the branch was rewritten since \(a force push\), or base-sha is a commit of another branch/,
      ),
    ],
    ['ahead by one: the tip', c(1), ahead(linear(1)), read([c(1)])],
    ['ahead, a linear chain: the tip first, back to base-sha', c(3), ahead(linear(3)), read([c(3), c(2), c(1)])],
    [
      "a merge commit: its first parent is walked; its PR's commits, listed, are not checked",
      c(2),
      ahead(mergeCommit),
      read([c(2), c(1)]),
    ],
    [
      "main merged into an old branch, pushed: the walk leaves the complete list into main's history, not at base-sha",
      c(3),
      ahead(foxtrot),
      read([c(3), c(2), c(1)]),
    ],
    [
      `exactly ${MAX_RANGE_COMMITS} commits: read`,
      c(MAX_RANGE_COMMITS),
      ahead(thousand),
      read(thousand.map(({ sha: commit }) => commit).reverse()),
    ],
    [
      `${MAX_RANGE_COMMITS + 1} commits: unchecked, naming base-sha`,
      c(MAX_RANGE_COMMITS + 1),
      ahead(thousandAndOne),
      unchecked(/^more than 1,000 commits lie on the branch between base-sha ba5e000 and c001001/),
    ],
    [
      'the read stopped after 250 of 320 and the first-parent walk leaves them before base-sha: unchecked, with why',
      long.head,
      { ...ahead(long.listed.slice(-250), 320), cutShort: CUT },
      unchecked(
        /^GitHub listed 250 of the 320 commits between base-sha ba5e000 and a000020: GitHub's comparison was cut short after 3 pages: this step had made all the requests it may make$/,
      ),
    ],
    [
      'the read stopped after 250 of 320 but the first-parent walk reaches base-sha itself: read',
      long.head,
      { ...ahead([...long.sides.slice(-(250 - 20)), ...long.merges], 320), cutShort: CUT },
      read(long.line),
    ],
    [
      'a head GitHub does not list: unchecked',
      c(9),
      ahead(linear(3)),
      unchecked(/^GitHub's comparison of base-sha ba5e000 and c000009 does not list c000009$/),
    ],
    [
      'ahead with nothing listed: unchecked',
      c(1),
      ahead([], 0),
      unchecked(/^GitHub's comparison of base-sha ba5e000 and c000001 does not list c000001$/),
    ],
  ])('%s', (_, head, comparison, expected) => {
    const range = readable(rangeFrom(BASE, head, comparison, INPUT));
    expect(range).toEqual(expected);
    // A why is a clause the caller ends: never with a full stop of its own.
    if (range.kind === 'unchecked') expect(range.why).not.toMatch(/[.!]$/);
  });

  it.each<[string, string, Comparison, Ranged]>([
    [
      'a successful run on a later commit (behind): passed over',
      c(1),
      { status: 'behind', totalCommits: 0, commits: [] },
      { kind: 'off-line', why: 'GitHub compares it with c000001 as behind' },
    ],
    [
      'a successful run on another line (diverged): passed over',
      c(2),
      { status: 'diverged', totalCommits: 2, commits: linear(2) },
      { kind: 'off-line', why: 'GitHub compares it with c000002 as diverged' },
    ],
    [
      "a successful run whose commit is only a merge's other parent (main merged into an old branch): passed over",
      c(3),
      ahead(foxtrot),
      { kind: 'off-line', why: 'it is not on the first-parent line of c000003' },
    ],
    [
      'a successful run on the first-parent line: the range from it',
      c(3),
      ahead(linear(3)),
      { kind: 'read', base: BASE, chain: [c(3), c(2), c(1)], from: LAST },
    ],
    [
      'a successful run on this very commit: the tip alone',
      BASE,
      { status: 'identical', totalCommits: 0, commits: [] },
      { kind: 'tip', why: 'identical', from: LAST },
    ],
  ])('from the last successful run: %s', (_, head, comparison, expected) => {
    expect(readable(rangeFrom(BASE, head, comparison, LAST))).toEqual(expected);
  });

  it('the data: the long comparison lists 320 commits, and its first-parent line is its 20 merges', () => {
    expect(long.listed).toHaveLength(320);
    expect(new Set(long.listed.map(({ sha: commit }) => commit)).size).toBe(320);
    expect(long.line).toHaveLength(20);
    // The walk leaves the 250 listed at the 4th merge: the 70 oldest hold the first four.
    expect(long.listed.slice(-250).some(({ sha: commit }) => commit === long.line.at(-4))).toBe(false);
  });
});

describe('walkChain and walkNeedsMore: how far the newest pages carry the walk', () => {
  const listed = new Map(linear(5).map(({ sha: commit, parents }) => [commit, parents]));
  it('reaches base-sha: nothing more needed', () => {
    const walk = walkChain(c(5), listed);
    expect(walk).toEqual({ chain: [c(5), c(4), c(3), c(2), c(1)], exit: BASE, tooLong: false });
    expect(walkNeedsMore(walk, BASE)).toBe(false);
  });

  it('leaves the pages read at an older commit: an older page may hold it', () => {
    const newest = new Map([...listed].slice(-2));
    const walk = walkChain(c(5), newest);
    expect(walk).toEqual({ chain: [c(5), c(4)], exit: c(3), tooLong: false });
    expect(walkNeedsMore(walk, BASE)).toBe(true);
  });

  it('past the limit: nothing more is worth reading', () => {
    const all = new Map(thousandAndOne.map(({ sha: commit, parents }) => [commit, parents]));
    const walk = walkChain(c(MAX_RANGE_COMMITS + 1), all);
    expect([walk.chain.length, walk.tooLong, walkNeedsMore(walk, BASE)]).toEqual([MAX_RANGE_COMMITS, true, false]);
  });
});

describe('oldestCommitMs: how far back a list of merged PRs must go', () => {
  it('the earliest commit time on the chain; the others, and commits without a time, do not count', () => {
    const comparison = ahead([
      { sha: c(1), parents: [BASE], date: '2026-11-20T10:00:00Z' },
      { sha: c(2), parents: [c(1)] },
      { sha: c(3), parents: [c(2)], date: '2026-11-21T10:00:00Z' },
    ]);
    expect(oldestCommitMs(comparison, [c(3), c(2)])).toBe(Date.parse('2026-11-21T10:00:00Z'));
    expect(oldestCommitMs(comparison, [c(2)])).toBeUndefined();
  });
});

describe('rangeUnread', () => {
  it.each([
    ['HTTP 500 (Server Error).', 'HTTP 500 (Server Error)'],
    ['HTTP 500 (Server Error)', 'HTTP 500 (Server Error)'],
    ['connection refused!', 'connection refused'],
    ['timed out...  ', 'timed out'],
  ])(
    'a compare that failed with "%s": unchecked, naming base-sha, the message without its full stop',
    (message, words) => {
      expect(
        readable(rangeUnread(BASE, `GitHub API (which commits lie between base-sha and the commit): ${message}`)),
      ).toEqual({
        kind: 'unchecked',
        base: BASE,
        why: `the commits since base-sha ba5e000 could not be read: GitHub API (which commits lie between base-sha and the commit): ${words}`,
      });
    },
  );
});

describe("GitHub's words in a why", () => {
  it('are marked as text from outside, so that the exit that writes them redacts and escapes them', () => {
    const range = rangeUnread(BASE, 'HTTP 500 (<b>token-123</b>).');
    expect(range.kind === 'unchecked' && range.why).toBe(
      `the commits since base-sha ba5e000 could not be read: ${outside('HTTP 500 (<b>token-123</b>)')}`,
    );
  });
});
