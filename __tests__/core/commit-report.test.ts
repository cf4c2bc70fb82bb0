// What a run about a commit reports, from verdicts decideCommitVerdict made: the status line, the
// error line only with fail-if-not-ready and only when not ready, how a person accepts a held
// commit, the notice naming api-key exactly when a merge could not be told apart, and warnings as
// given.
import { describe, expect, it } from '@jest/globals';
import { plainWords } from '../../src/shared/format.js';
import { rangeFrom, type CommitRange } from '../../src/core/commit-range.js';
import { buildCommitReport, UNKNOWABLE_NOTICE, type CommitReportInput } from '../../src/core/commit-report.js';
import { decideCommitVerdict, type CommitVerdictInput } from '../../src/core/commit-verdict.js';
import {
  BASE,
  checks,
  history,
  mergedPr,
  mergedWith,
  NOW,
  readOf,
  sha,
  TIP_ONLY,
  trunk,
  UNKNOWABLE,
} from '../helpers/commits.js';

const TIP = sha('abc1234');
const [R1, R2, R3] = [sha('e1'), sha('e2'), sha('e3')];
const DEF = sha('def5678');

const tipIn = (state: string, overrides: Partial<CommitVerdictInput> = {}): CommitVerdictInput => ({
  commits: checks([TIP, mergedPr(1842, TIP, 4)]),
  branch: 'main',
  range: TIP_ONLY,
  trunk: trunk([1842, state]),
  merges: history(mergedWith(1842, 'merge_graph_merge', 2)),
  ...overrides,
});

function report(input: CommitVerdictInput, options: Partial<Omit<CommitReportInput, 'verdict' | 'context'>> = {}) {
  return buildCommitReport({
    verdict: decideCommitVerdict(input),
    context: {
      nowMs: NOW,
      range: input.range,
      branch: 'main',
      // As the run says it: the failed read's message goes to the words.
      ...(input.merges.kind === 'failed'
        ? { mergesFailed: { message: input.merges.message, transient: input.merges.transient } }
        : {}),
    },
    failIfNotReady: true,
    warnings: [],
    ...options,
  });
}

const PASSED = 'Commit abc1234 came through the merge queue: PR #1842, merged by Trunk 2 min ago.';
const NEVER_HAD =
  'Commit abc1234 did not come through the merge queue: GitHub merged PR #1842 4 min ago, and Trunk never had it in this queue (not_merged_by_queue, not_submitted).';
const ACCEPT_TIP = `Every deploy holds until a person accepts abc1234: after review, run this workflow by hand with base-sha ${TIP}, on a commit the queue merges after it.`;

describe('the status line and the error line', () => {
  it.each<[string, CommitVerdictInput, boolean, string, string[]]>([
    ['ready, fail-if-not-ready: no failure, no codes', tipIn('merged'), true, PASSED, []],
    ['ready, without fail-if-not-ready: no failure', tipIn('merged'), false, PASSED, []],
    [
      'not ready, fail-if-not-ready: the line is the failure, the codes at its end, then how to accept it',
      tipIn('not_submitted'),
      true,
      `${NEVER_HAD} ${ACCEPT_TIP}`,
      [`${NEVER_HAD} ${ACCEPT_TIP}`],
    ],
    [
      'not ready, without fail-if-not-ready: no failure',
      tipIn('not_submitted'),
      false,
      `${NEVER_HAD} ${ACCEPT_TIP}`,
      [],
    ],
    [
      'MANUAL_MERGE: its words name it, and the code follows once',
      tipIn('merged', { merges: history(mergedWith(1842, 'manual_merge')) }),
      true,
      `Commit abc1234 did not come through the merge queue: PR #1842 was merged by hand 2 min ago, around the queue (merged_manually). ${ACCEPT_TIP}`,
      [
        `Commit abc1234 did not come through the merge queue: PR #1842 was merged by hand 2 min ago, around the queue (merged_manually). ${ACCEPT_TIP}`,
      ],
    ],
    [
      'a passing tip with a range that could not be read: not ready, commit_range_unchecked, nothing to accept',
      tipIn('merged', {
        range: rangeFrom(
          BASE,
          TIP,
          { status: 'behind', totalCommits: 0, commits: [] },
          { kind: 'input' },
        ) as CommitRange,
      }),
      true,
      'Commit abc1234 came through the merge queue (PR #1842, merged by Trunk 2 min ago), but the commits before it could not be checked: base-sha ba5e000 comes after abc1234 on the branch (GitHub compares them as behind): abc1234 is already behind it, so no commit after base-sha leads to it; set base-sha to a commit before abc1234 (commit_range_unchecked).',
      [
        'Commit abc1234 came through the merge queue (PR #1842, merged by Trunk 2 min ago), but the commits before it could not be checked: base-sha ba5e000 comes after abc1234 on the branch (GitHub compares them as behind): abc1234 is already behind it, so no commit after base-sha leads to it; set base-sha to a commit before abc1234 (commit_range_unchecked).',
      ],
    ],
    [
      "Trunk's history could not be read: re-run, and nothing a review accepts",
      tipIn('merged', {
        merges: { kind: 'failed', message: 'Trunk API v2 /v2/queue-entry-history: HTTP 503.', transient: true },
      }),
      true,
      'Commit abc1234 did not come through the merge queue: Trunk reports PR #1842 merged, but its history, which says who merged it, could not be read (Trunk API v2 /v2/queue-entry-history: HTTP 503); re-run the job (merge_reason_unknown).',
      [
        'Commit abc1234 did not come through the merge queue: Trunk reports PR #1842 merged, but its history, which says who merged it, could not be read (Trunk API v2 /v2/queue-entry-history: HTTP 503); re-run the job (merge_reason_unknown).',
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
      branch: 'main',
      range: readOf(TIP, DEF, R1),
      trunk: trunk(),
      merges: history(),
    };
    const [line] = report(input).failures;
    expect(line).toMatch(/ \(no_pull_request, earlier_commit_not_from_queue\)\. Every deploy holds until/);
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
      tipIn('merged', { merges: { kind: 'failed', message: 'HTTP 503', transient: true } }),
      [],
    ],
    ['v1, but no PR merged: no merge to tell apart', tipIn('testing', { merges: UNKNOWABLE }), []],
    ['v1, no PR at all', { ...tipIn('merged', { merges: UNKNOWABLE }), commits: checks([TIP]) }, []],
    [
      "v1, the tip with no PR, a commit before it merged: the earlier merge was taken as Trunk's",
      {
        commits: checks([TIP], [DEF, mergedPr(1850, DEF)]),
        branch: 'main',
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
        branch: 'main',
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

describe('how a person accepts a held commit', () => {
  const accepted = (input: CommitVerdictInput) => /Every deploy holds.*$/.exec(report(input).statusLine ?? '')?.[0];

  it.each<[string, CommitVerdictInput, string | undefined]>([
    ['ready: nothing to accept', tipIn('merged'), undefined],
    [
      'an earlier commit pushed around the queue, the tip fine: that commit, in full, to paste',
      { ...tipIn('merged'), commits: checks([TIP, mergedPr(1842, TIP, 4)], [DEF]), range: readOf(TIP, DEF) },
      `Every deploy holds until a person accepts def5678: after review, run this workflow by hand with base-sha ${DEF}.`,
    ],
    [
      'two earlier commits: the newest, and the line says the older one goes with it',
      { ...tipIn('merged'), commits: checks([TIP, mergedPr(1842, TIP, 4)], [DEF], [R1]), range: readOf(TIP, DEF, R1) },
      `Every deploy holds until a person accepts def5678 (and with it the held commit before it): after review, run this workflow by hand with base-sha ${DEF}.`,
    ],
    [
      "a merge Trunk's history records with no reason: a person reviews it, as re-running reads the same history",
      tipIn('merged', { merges: history(mergedWith(1842, undefined)) }),
      `Every deploy holds until a person accepts ${TIP.slice(0, 7)}: after review, run this workflow by hand with base-sha ${TIP}, on a commit the queue merges after it.`,
    ],
  ])('%s', (_, input, words) => {
    expect(accepted(input)).toBe(words);
  });
});
