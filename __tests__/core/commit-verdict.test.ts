// "Did this commit come through the merge queue?", rule by rule, from the commits checked, the PR
// GitHub says brought each in, Trunk's answer for each PR and Trunk's history: one row per rule of
// the contract's "The verdict for a commit", then the PRs Trunk is asked about.
import { describe, expect, it } from '@jest/globals';
import {
  coveredShas,
  decideCommitVerdict,
  mergedIntoRange,
  prsToAsk,
  SETTLING_STATES,
  type CommitFault,
  type CommitVerdictInput,
  type MergeHistory,
} from '../../src/core/commit-verdict.js';
import type { PrAnswer } from '../../src/core/model.js';
import {
  checks,
  forcePushed,
  history,
  mergedPr,
  mergedWith,
  minutesAgo,
  openPr,
  readOf,
  sha,
  TIP_ONLY,
  trunk,
  UNKNOWABLE,
} from '../helpers/commits.js';

const TIP = sha('abc1234');
const [R1, R2, R3] = [sha('e1'), sha('e2'), sha('e3')];
const EARLIER = sha('def5678');
const ELSEWHERE = sha('999aaaa');

const FORCE_PUSHED = forcePushed(TIP);

/** The tip, PR #1842's merge commit, GitHub-merged 4 min ago. */
const tipPr = mergedPr(1842, TIP);
const byTrunk = history(mergedWith(1842, 'merge_graph_merge'));

/** A commit run on the tip alone, PR #1842 in Trunk in `state`, its history `merges`. */
const tipIn = (state: string, merges: MergeHistory = byTrunk): CommitVerdictInput => ({
  commits: checks([TIP, tipPr]),
  branch: 'main',
  range: TIP_ONLY,
  trunk: trunk([1842, state]),
  merges,
});

/** One row: the input, the reasons, and each commit's fault (undefined: it came through). */
type Row = [string, CommitVerdictInput, string[], Array<CommitFault | undefined>];

describe('decideCommitVerdict', () => {
  it.each<Row>([
    [
      'no PR brought the commit in: no_pull_request',
      { commits: checks([TIP]), branch: 'main', range: TIP_ONLY, trunk: new Map(), merges: byTrunk },
      ['no_pull_request'],
      ['no_pull_request'],
    ],
    [
      'an open PR whose head is the commit (its branch pushed straight to the branch): not_merge_commit',
      {
        commits: checks([TIP, openPr(1842, TIP)]),
        branch: 'main',
        range: TIP_ONLY,
        trunk: trunk([1842, 'testing']),
        merges: byTrunk,
      },
      ['not_merge_commit'],
      ['not_merge_commit'],
    ],
    [
      'an open PR, even one whose test merge commit GitHub names as the commit: it never merged, so not_merge_commit',
      {
        commits: checks([TIP, { ...openPr(1842, sha('fea1842')), mergeCommitSha: TIP }]),
        branch: 'main',
        range: TIP_ONLY,
        trunk: trunk([1842, 'merged']),
        merges: byTrunk,
      },
      ['not_merge_commit'],
      ['not_merge_commit'],
    ],
    [
      'a merged PR whose merge made another commit: not_merge_commit, even when Trunk merged it',
      { ...tipIn('merged'), commits: checks([TIP, mergedPr(1842, ELSEWHERE)]) },
      ['not_merge_commit'],
      ['not_merge_commit'],
    ],
    [
      'a rebase merge: three commits each listing the PR, whose merge commit is the last, in the range: all pass',
      {
        commits: checks([R3, mergedPr(1842, R3)], [R2, mergedPr(1842, R3)], [R1, mergedPr(1842, R3)]),
        branch: 'main',
        range: readOf(R3, R2, R1),
        trunk: trunk([1842, 'merged']),
        merges: byTrunk,
      },
      [],
      [undefined, undefined, undefined],
    ],
    [
      "a rebased PR's commit whose merge commit is not in the range: not_merge_commit, the tip passing",
      {
        commits: checks([TIP, mergedPr(1850, TIP)], [R1, mergedPr(1842, R3)]),
        branch: 'main',
        range: readOf(TIP, R1),
        trunk: trunk([1850, 'merged'], [1842, 'merged']),
        merges: history(mergedWith(1850, 'merge_graph_merge'), mergedWith(1842, 'merge_graph_merge')),
      },
      ['earlier_commit_not_from_queue'],
      [undefined, 'not_merge_commit'],
    ],
    [
      'Trunk still testing after the settle: not_merged_by_queue',
      tipIn('testing'),
      ['not_merged_by_queue'],
      ['not_merged_by_queue'],
    ],
    [
      'Trunk still tests_passed after the settle: not_merged_by_queue',
      tipIn('tests_passed'),
      ['not_merged_by_queue'],
      ['not_merged_by_queue'],
    ],
    [
      'Trunk still pending after the settle: not_merged_by_queue',
      tipIn('pending'),
      ['not_merged_by_queue'],
      ['not_merged_by_queue'],
    ],
    [
      'a PR Trunk never had: not_merged_by_queue, with its own not_submitted beside it',
      tipIn('not_submitted'),
      ['not_merged_by_queue', 'not_submitted'],
      ['not_merged_by_queue'],
    ],
    [
      'a PR the queue failed: not_merged_by_queue, with its own state_failed beside it',
      tipIn('failed'),
      ['not_merged_by_queue', 'state_failed'],
      ['not_merged_by_queue'],
    ],
    [
      'a PR cancelled from the queue: not_merged_by_queue, with its own state_cancelled beside it',
      tipIn('cancelled'),
      ['not_merged_by_queue', 'state_cancelled'],
      ['not_merged_by_queue'],
    ],
    [
      'a PR Trunk was not asked about: not_merged_by_queue alone',
      { ...tipIn('merged'), trunk: new Map<number, PrAnswer>() },
      ['not_merged_by_queue'],
      ['not_merged_by_queue'],
    ],
    ['Trunk merged it, history merge_graph_merge: passes', tipIn('merged'), [], [undefined]],
    [
      'Trunk merged it, history merge_graph_direct_merge: passes',
      tipIn('merged', history(mergedWith(1842, 'merge_graph_direct_merge'))),
      [],
      [undefined],
    ],
    [
      'Trunk merged it, history manual_merge: merged_manually',
      tipIn('merged', history(mergedWith(1842, 'manual_merge'))),
      ['merged_manually'],
      ['merged_manually'],
    ],
    [
      'Trunk merged it with a reason this version does not know: merge_reason_unknown (a word the gate cannot read)',
      tipIn('merged', history(mergedWith(1842, 'merge_by_robot'))),
      ['merge_reason_unknown'],
      ['merge_reason_unknown'],
    ],
    [
      'Trunk merged it, its merged transition without a reason (null): merge_reason_unknown',
      tipIn('merged', history(mergedWith(1842, undefined))),
      ['merge_reason_unknown'],
      ['merge_reason_unknown'],
    ],
    [
      "a PR merged into another branch, whose merge is the commit: merged_into_other_branch, Trunk's answer not asked",
      { ...tipIn('merged'), commits: checks([TIP, { ...tipPr, baseRef: 'release' }]) },
      ['merged_into_other_branch'],
      ['merged_into_other_branch'],
    ],
    [
      'a PR whose base GitHub did not name: merged_into_other_branch, since the branch cannot be confirmed',
      { ...tipIn('merged'), commits: checks([TIP, { ...tipPr, baseRef: undefined }]) },
      ['merged_into_other_branch'],
      ['merged_into_other_branch'],
    ],
    [
      'an earlier commit merged into another branch: earlier_commit_not_from_queue',
      {
        ...tipIn('merged'),
        commits: checks([TIP, tipPr], [EARLIER, { ...mergedPr(1850, EARLIER), baseRef: 'sandbox' }]),
        range: readOf(TIP, EARLIER),
      },
      ['earlier_commit_not_from_queue'],
      [undefined, 'merged_into_other_branch'],
    ],
    [
      'a merged PR whose timeline has no merged transition: merge_reason_unknown',
      tipIn(
        'merged',
        history({ number: 1842, transitions: mergedWith(1842, 'merge_graph_merge').transitions.slice(0, -1) }),
      ),
      ['merge_reason_unknown'],
      ['merge_reason_unknown'],
    ],
    [
      'a merged PR with no timeline in the history read: merge_reason_unknown',
      tipIn('merged', history(mergedWith(1850, 'merge_graph_merge'))),
      ['merge_reason_unknown'],
      ['merge_reason_unknown'],
    ],
    [
      'the history read failed (api-key alone): merge_reason_unknown',
      tipIn('merged', {
        kind: 'failed',
        message: 'Trunk API v2 GET /v2/queue-entry-history: HTTP 503',
        transient: true,
      }),
      ['merge_reason_unknown'],
      ['merge_reason_unknown'],
    ],
    ['the history is unknowable (v1): passes', tipIn('merged', UNKNOWABLE), [], [undefined]],
    [
      'a passing tip with an earlier commit that failed: earlier_commit_not_from_queue, not ready',
      { ...tipIn('merged'), commits: checks([TIP, tipPr], [EARLIER]), range: readOf(TIP, EARLIER) },
      ['earlier_commit_not_from_queue'],
      [undefined, 'no_pull_request'],
    ],
    [
      'a passing tip with a range that could not be read: commit_range_unchecked',
      { ...tipIn('merged'), range: FORCE_PUSHED },
      ['commit_range_unchecked'],
      [undefined],
    ],
    [
      "a failing tip, then the range's codes: the tip's fault, its PR's codes, commit_range_unchecked",
      { ...tipIn('not_submitted'), range: FORCE_PUSHED },
      ['not_merged_by_queue', 'not_submitted', 'commit_range_unchecked'],
      ['not_merged_by_queue'],
    ],
    [
      "a failing tip and failing earlier commits: the tip's fault, then earlier_commit_not_from_queue once",
      {
        commits: checks([TIP], [EARLIER], [R2, mergedPr(1850, R2)], [R1, openPr(1851, R1)]),
        branch: 'main',
        range: readOf(TIP, EARLIER, R2, R1),
        trunk: trunk([1850, 'merged']),
        merges: history(mergedWith(1850, 'manual_merge')),
      },
      ['no_pull_request', 'earlier_commit_not_from_queue'],
      ['no_pull_request', 'no_pull_request', 'merged_manually', 'not_merge_commit'],
    ],
    [
      'the same PR merged by hand at the tip and before it: merged_manually once, then earlier_commit_not_from_queue',
      {
        commits: checks([R3, mergedPr(1842, R3)], [R2, mergedPr(1842, R3)]),
        branch: 'main',
        range: readOf(R3, R2),
        trunk: trunk([1842, 'merged']),
        merges: history(mergedWith(1842, 'manual_merge')),
      },
      ['merged_manually', 'earlier_commit_not_from_queue'],
      ['merged_manually', 'merged_manually'],
    ],
  ])('%s', (_, input, reasons, faults) => {
    const verdict = decideCommitVerdict(input);
    expect(verdict.reasons).toEqual(reasons);
    expect(verdict.ready).toBe(reasons.length === 0);
    expect(verdict.findings.map(({ fault }) => fault)).toEqual(faults);
    expect(verdict.findings.map(({ sha: commit }) => commit)).toEqual(input.commits.map(({ sha: commit }) => commit));
    // Never a code twice, whatever the row.
    expect(new Set(verdict.reasons).size).toBe(verdict.reasons.length);
  });

  it("each finding keeps the PR, Trunk's answer and how it merged, for the words and the summary", () => {
    const input = tipIn('merged', history(mergedWith(1842, 'merge_by_robot', 3)));
    const [tip] = decideCommitVerdict(input).findings;
    expect(tip).toEqual({
      sha: TIP,
      pr: tipPr,
      trunk: input.trunk.get(1842),
      merge: { by: 'unknown', reason: 'merge_by_robot', atMs: minutesAgo(3), recorded: true },
      fault: 'merge_reason_unknown',
    });
    expect(decideCommitVerdict(tipIn('merged')).findings[0]?.merge).toEqual({
      by: 'trunk',
      reason: 'merge_graph_merge',
      atMs: minutesAgo(2),
    });
    expect(decideCommitVerdict(tipIn('merged', UNKNOWABLE)).findings[0]?.merge).toEqual({ by: 'unknowable' });
    expect(decideCommitVerdict(tipIn('merged', history(mergedWith(1842, 'manual_merge')))).findings[0]?.merge).toEqual({
      by: 'hand',
      reason: 'manual_merge',
      atMs: minutesAgo(2),
    });
  });

  it("what the settle noted of a PR's last answer goes with its finding, for the words", () => {
    const note = { kind: 'unanswered' as const, sinceMs: minutesAgo(2) };
    const [tip] = decideCommitVerdict({ ...tipIn('tests_passed'), notes: new Map([[1842, note]]) }).findings;
    expect(tip).toMatchObject({ fault: 'not_merged_by_queue', trunkNote: note });
  });

  it('the newest merged transition says who merged, whatever the order the timeline lists them in', () => {
    const old = mergedWith(1842, 'merge_graph_merge', 60).transitions;
    const recent = mergedWith(1842, 'manual_merge', 2).transitions;
    for (const transitions of [
      [...old, ...recent],
      [...recent, ...old],
    ]) {
      const verdict = decideCommitVerdict(tipIn('merged', history({ number: 1842, transitions })));
      expect(verdict.reasons).toEqual(['merged_manually']);
    }
  });
});

describe('prsToAsk', () => {
  it.each<[string, ReturnType<typeof checks>, number[]]>([
    ['no PR anywhere: none', checks([TIP], [EARLIER]), []],
    ["the tip's PR always, even an open one", checks([TIP, openPr(1842, TIP)]), [1842]],
    ["the tip's PR always, even one merged into another commit", checks([TIP, mergedPr(1842, ELSEWHERE)]), [1842]],
    ['an earlier PR whose merge is in the range', checks([TIP], [EARLIER, mergedPr(1850, EARLIER)]), [1850]],
    [
      'not an earlier PR whose merge made a commit outside the range, nor an open one',
      checks([TIP, mergedPr(1842, TIP)], [R2, mergedPr(1850, ELSEWHERE)], [R1, openPr(1851, R1)]),
      [1842],
    ],
    [
      'a rebase merge of three commits: its PR once',
      checks([R3, mergedPr(1842, R3)], [R2, mergedPr(1842, R3)], [R1, mergedPr(1842, R3)]),
      [1842],
    ],
    [
      'several, each once, the tip first',
      checks([TIP, mergedPr(1842, TIP)], [R3, mergedPr(1850, R3)], [R2, mergedPr(1842, TIP)], [R1, mergedPr(1850, R3)]),
      [1842, 1850],
    ],
    [
      'not an earlier PR merged into another branch: its queue is not the one asked',
      checks([TIP, mergedPr(1842, TIP)], [R2, { ...mergedPr(1850, R2), baseRef: 'release' }]),
      [1842],
    ],
  ])('%s', (_, commits, numbers) => {
    expect(prsToAsk(commits, 'main')).toEqual(numbers);
  });
});

describe('mergedIntoRange', () => {
  const covered = coveredShas(checks([TIP], [R1]));

  it.each<[string, Parameters<typeof mergedIntoRange>[0], boolean]>([
    ['merged, its merge commit covered', mergedPr(1842, TIP), true],
    ['merged, its merge commit an earlier commit covered', mergedPr(1842, R1), true],
    ['merged into a commit not covered', mergedPr(1842, ELSEWHERE), false],
    [
      'merged_at required: a merge commit covered, but never merged',
      { ...mergedPr(1842, TIP), mergedAt: undefined },
      false,
    ],
    ['no merge commit named', { ...mergedPr(1842, TIP), mergeCommitSha: undefined }, false],
    ['an open PR whose head is covered', openPr(1842, TIP), false],
    ["GitHub's SHA in capitals: the case is ignored", mergedPr(1842, TIP.toUpperCase()), true],
  ])('%s', (_, pr, expected) => {
    expect(mergedIntoRange(pr, covered)).toBe(expected);
  });

  it('commits named in capitals are covered in lower case', () => {
    const upper = coveredShas(checks([TIP.toUpperCase()]));
    expect([...upper]).toEqual([TIP]);
    expect(mergedIntoRange(mergedPr(1842, TIP), upper)).toBe(true);
    expect(decideCommitVerdict({ ...tipIn('merged'), commits: checks([TIP.toUpperCase(), tipPr]) }).ready).toBe(true);
  });
});

describe('the vocabulary', () => {
  it('Trunk may still be recording a merge in pending, testing and tests_passed, and no other state', () => {
    expect([...SETTLING_STATES].sort()).toEqual(['pending', 'testing', 'tests_passed']);
  });
});
