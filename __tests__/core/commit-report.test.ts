// What a run about a commit reports, from verdicts decideCommitVerdict made: the status line, the
// error line only with fail-if-not-ready and only when not ready, the notice naming api-key exactly
// when a merge could not be told apart, warnings as given, and merge reasons this version does not
// know named once per PR.
import { describe, expect, it } from '@jest/globals';
import { outside, plainWords } from '../../src/shared/format.js';
import { rangeFrom, type CommitRange } from '../../src/core/commit-range.js';
import { buildCommitReport, UNKNOWABLE_NOTICE, type CommitReportInput } from '../../src/core/commit-report.js';
import { decideCommitVerdict, type CommitVerdictInput } from '../../src/core/commit-verdict.js';
import { checks, history, mergedPr, mergedWith, NOW, sha, trunk, UNKNOWABLE } from '../helpers/commits.js';

const TIP = sha('abc1234');
const BASE = sha('ba5e000');
const [R1, R2, R3] = [sha('e1'), sha('e2'), sha('e3')];
const DEF = sha('def5678');

const TIP_ONLY: CommitRange = { kind: 'tip' };
const readOf = (...chain: string[]): CommitRange => ({ kind: 'read', base: BASE, chain });

const tipIn = (state: string, overrides: Partial<CommitVerdictInput> = {}): CommitVerdictInput => ({
  commits: checks([TIP, mergedPr(1842, TIP, 4)]),
  range: TIP_ONLY,
  trunk: trunk([1842, state]),
  merges: history(mergedWith(1842, 'merge_graph_merge', 2)),
  ...overrides,
});

function report(input: CommitVerdictInput, options: Partial<Omit<CommitReportInput, 'verdict' | 'context'>> = {}) {
  return buildCommitReport({
    verdict: decideCommitVerdict(input),
    context: { nowMs: NOW, range: input.range },
    failIfNotReady: true,
    warnings: [],
    ...options,
  });
}

const PASSED = 'Commit abc1234 came through the merge queue: PR #1842, merged by Trunk 2 min ago.';
const NEVER_HAD =
  'Commit abc1234 did not come through the merge queue: GitHub merged PR #1842 4 min ago, and Trunk never had it in this queue (not_merged_by_queue, not_submitted).';

describe('the status line and the error line', () => {
  it.each<[string, CommitVerdictInput, boolean, string, string[]]>([
    ['ready, fail-if-not-ready: no failure, no codes', tipIn('merged'), true, PASSED, []],
    ['ready, without fail-if-not-ready: no failure', tipIn('merged'), false, PASSED, []],
    [
      'not ready, fail-if-not-ready: the line is the failure, the codes at its end',
      tipIn('not_submitted'),
      true,
      NEVER_HAD,
      [NEVER_HAD],
    ],
    ['not ready, without fail-if-not-ready: no failure', tipIn('not_submitted'), false, NEVER_HAD, []],
    [
      'MANUAL_MERGE: its words name it, and the code follows once',
      tipIn('merged', { merges: history(mergedWith(1842, 'manual_merge')) }),
      true,
      'Commit abc1234 did not come through the merge queue: PR #1842 was merged by hand 2 min ago, around the queue (merged_manually).',
      [
        'Commit abc1234 did not come through the merge queue: PR #1842 was merged by hand 2 min ago, around the queue (merged_manually).',
      ],
    ],
    [
      'a passing tip with a range that could not be read: not ready, commit_range_unchecked',
      tipIn('merged', { range: rangeFrom(BASE, TIP, { status: 'behind', totalCommits: 0, commits: [] }) }),
      true,
      'Commit abc1234 came through the merge queue (PR #1842, merged by Trunk 2 min ago), but the commits before it could not be checked: base-sha ba5e000 is not an ancestor of abc1234 (GitHub compares them as behind): a force push may have rewritten the branch; set base-sha to a commit the branch still has (commit_range_unchecked).',
      [
        'Commit abc1234 came through the merge queue (PR #1842, merged by Trunk 2 min ago), but the commits before it could not be checked: base-sha ba5e000 is not an ancestor of abc1234 (GitHub compares them as behind): a force push may have rewritten the branch; set base-sha to a commit the branch still has (commit_range_unchecked).',
      ],
    ],
  ])('%s', (_, input, failIfNotReady, statusLine, failures) => {
    const built = report(input, { failIfNotReady });
    // As the log and the error line write them: the marks of text from outside removed.
    expect(plainWords(built.statusLine ?? '')).toBe(statusLine);
    expect(built.failures.map(plainWords)).toEqual(failures);
  });

  it('each code once, in parentheses at the end, the line ending with one full stop', () => {
    const input: CommitVerdictInput = {
      commits: checks([TIP], [DEF], [R1]),
      range: readOf(TIP, DEF, R1),
      trunk: trunk(),
      merges: history(),
    };
    const [line] = report(input).failures;
    expect(line).toMatch(/ \(no_pull_request, earlier_commit_not_from_queue\)\.$/);
    expect(line?.match(/no_pull_request/g)).toHaveLength(1);
    expect(line?.match(/earlier_commit_not_from_queue/g)).toHaveLength(1);
    expect(line).not.toMatch(/\.\.$|\. \(/);
  });
});

describe('the notice naming api-key', () => {
  it.each<[string, CommitVerdictInput, string[]]>([
    ["a merge taken as Trunk's because v1 cannot tell", tipIn('merged', { merges: UNKNOWABLE }), [UNKNOWABLE_NOTICE]],
    ['with api-key, the history read', tipIn('merged'), []],
    [
      'with api-key alone, the history failed: an error, not this notice',
      tipIn('merged', { merges: { kind: 'failed', message: 'HTTP 503' } }),
      [],
    ],
    ['v1, but no PR merged: no merge to tell apart', tipIn('testing', { merges: UNKNOWABLE }), []],
    ['v1, no PR at all', { ...tipIn('merged', { merges: UNKNOWABLE }), commits: checks([TIP]) }, []],
    [
      "v1, the tip with no PR, a commit before it merged: the earlier merge was taken as Trunk's",
      {
        commits: checks([TIP], [DEF, mergedPr(1850, DEF)]),
        range: readOf(TIP, DEF),
        trunk: trunk([1850, 'merged']),
        merges: UNKNOWABLE,
      },
      [UNKNOWABLE_NOTICE],
    ],
    [
      'v1, a rebase of three commits: the notice once',
      {
        commits: checks([R3, mergedPr(1842, R3)], [R2, mergedPr(1842, R3)], [R1, mergedPr(1842, R3)]),
        range: readOf(R3, R2, R1),
        trunk: trunk([1842, 'merged']),
        merges: UNKNOWABLE,
      },
      [UNKNOWABLE_NOTICE],
    ],
  ])('%s', (_, input, notices) => {
    expect(report(input).notices).toEqual(notices);
  });

  it('names api-key and says what v1 cannot tell', () => {
    expect(UNKNOWABLE_NOTICE).toMatch(/api-token.*cannot tell a merge done by hand from one Trunk made.*set api-key/);
  });
});

describe('warnings', () => {
  it('are passed through as given', () => {
    const warnings = [
      "Trunk's v2 API could not say who merged the PRs (HTTP 503); the gate decides as with api-token alone.",
    ];
    expect(report(tipIn('merged', { merges: UNKNOWABLE }), { warnings }).warnings).toEqual(warnings);
    expect(report(tipIn('merged')).warnings).toEqual([]);
  });
});

describe('merge reasons this version does not know', () => {
  it.each<[string, CommitVerdictInput, string[]]>([
    ['merge_graph_merge: nothing to say', tipIn('merged'), []],
    [
      'merge_graph_direct_merge: nothing to say',
      tipIn('merged', { merges: history(mergedWith(1842, 'merge_graph_direct_merge')) }),
      [],
    ],
    [
      "a reason this version does not know: named, and counted as Trunk's",
      tipIn('merged', { merges: history(mergedWith(1842, 'merge_by_robot')) }),
      ["PR #1842 merged with a reason this version does not know (merge_by_robot); it counts as Trunk's merge."],
    ],
    [
      'a merge with no reason at all',
      tipIn('merged', { merges: history(mergedWith(1842, undefined)) }),
      ["PR #1842 merged with no reason in its history; it counts as Trunk's merge."],
    ],
    [
      'MANUAL_MERGE: the verdict says it, not this line',
      tipIn('merged', { merges: history(mergedWith(1842, 'manual_merge')) }),
      [],
    ],
    ['v1: no reason to name', tipIn('merged', { merges: UNKNOWABLE }), []],
    [
      'a rebase of three commits: its PR named once',
      {
        commits: checks([R3, mergedPr(1842, R3)], [R2, mergedPr(1842, R3)], [R1, mergedPr(1842, R3)]),
        range: readOf(R3, R2, R1),
        trunk: trunk([1842, 'merged']),
        merges: history(mergedWith(1842, 'merge_by_robot')),
      },
      ["PR #1842 merged with a reason this version does not know (merge_by_robot); it counts as Trunk's merge."],
    ],
    [
      'two PRs, each named',
      {
        commits: checks([TIP, mergedPr(1842, TIP)], [DEF, mergedPr(1850, DEF)], [R1, mergedPr(1851, R1)]),
        range: readOf(TIP, DEF, R1),
        trunk: trunk([1842, 'merged'], [1850, 'merged'], [1851, 'merged']),
        merges: history(
          mergedWith(1842, 'merge_by_robot'),
          mergedWith(1850, 'merge_graph_merge'),
          mergedWith(1851, 'merge_by_robot'),
        ),
      },
      [
        "PR #1842 merged with a reason this version does not know (merge_by_robot); it counts as Trunk's merge.",
        "PR #1851 merged with a reason this version does not know (merge_by_robot); it counts as Trunk's merge.",
      ],
    ],
  ])('%s', (_, input, lines) => {
    // Trunk's reason is text from outside, marked for the exits (plainWords shows it as read).
    expect(report(input).lines.map(plainWords)).toEqual(lines);
    for (const line of report(input).lines.filter((l) => l.includes('merge_by_robot'))) {
      expect(line).toContain(outside('merge_by_robot'));
    }
  });
});
