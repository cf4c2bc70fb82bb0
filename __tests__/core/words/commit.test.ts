// A commit verdict in words, from verdicts decideCommitVerdict made: the contract's example
// sentences, a sentence for each way a commit can fail, the range's commits each on a line, and
// what no sentence may say ("Not ready", a bare code, "merged by hand" without MANUAL_MERGE).
import { describe, expect, it } from '@jest/globals';
import { plainWords } from '../../../src/shared/format.js';
import { rangeUnread } from '../../../src/core/commit-range.js';
import { decideCommitVerdict, type CommitFinding, type CommitVerdictInput } from '../../../src/core/commit-verdict.js';
import { commitLine, commitSentence, faultWords, type CommitWordsContext } from '../../../src/core/words/commit.js';
import {
  BASE,
  checks,
  forcePushed,
  history,
  mergedPr,
  mergedWith,
  NOW,
  openPr,
  readOf,
  sha,
  TIP_ONLY,
  trunk,
  UNKNOWABLE,
} from '../../helpers/commits.js';

const TIP = sha('abc1234');
const [DEF, ZERO, E1] = [sha('def5678'), sha('0123456'), sha('e1')];
const HISTORY_FAILED = 'Trunk API v2 GET /v2/queue-entry-history: HTTP 503 (Service Unavailable)';

const FORCE_PUSHED = forcePushed(TIP);
const COMPARE_FAILED = rangeUnread(
  BASE,
  'GitHub API (which commits lie between base-sha and the commit): HTTP 502 (Bad Gateway).',
);

/** PR #1842 made the tip 4 min ago on GitHub; Trunk's history has it merged 2 min ago. */
const tipPr = mergedPr(1842, TIP, 4);
const tipIn = (state: string, overrides: Partial<CommitVerdictInput> = {}): CommitVerdictInput => ({
  commits: checks([TIP, tipPr]),
  branch: 'main',
  range: TIP_ONLY,
  trunk: trunk([1842, state]),
  merges: history(mergedWith(1842, 'merge_graph_merge', 2)),
  ...overrides,
});

/** The commits before the tip: PR #1850 merged by hand, a direct push, and PR #1851 through the queue. */
const mixedEarlier: Partial<CommitVerdictInput> = {
  commits: checks([TIP, tipPr], [DEF, mergedPr(1850, DEF)], [ZERO], [E1, mergedPr(1851, E1)]),
  range: readOf(TIP, DEF, ZERO, E1),
  trunk: trunk([1842, 'merged'], [1850, 'merged'], [1851, 'merged']),
  merges: history(
    mergedWith(1842, 'merge_graph_merge', 2),
    mergedWith(1850, 'manual_merge'),
    mergedWith(1851, 'merge_graph_direct_merge'),
  ),
};

function said(input: CommitVerdictInput, mergesFailed?: string) {
  const verdict = decideCommitVerdict(input);
  const context: CommitWordsContext = {
    nowMs: NOW,
    range: input.range,
    branch: 'main',
    ...(mergesFailed ? { mergesFailed: { message: mergesFailed, transient: true } } : {}),
  };
  // As a person reads it: the marks of text from outside removed (the exits remove them too).
  return { verdict, context, sentence: plainWords(commitSentence(verdict, context)) };
}

const CAME = 'Commit abc1234 came through the merge queue';
const NOT = 'Commit abc1234 did not come through the merge queue';

/** Every sentence this file checks: [name, input, the history's failure, the sentence]. */
const SENTENCES: Array<[string, CommitVerdictInput, string | undefined, string]> = [
  ['with api-key, Trunk merged it', tipIn('merged'), undefined, `${CAME}: PR #1842, merged by Trunk 2 min ago`],
  [
    'with api-token alone, who merged it is unknowable',
    tipIn('merged', { merges: UNKNOWABLE }),
    undefined,
    `${CAME}: PR #1842, merged; Trunk cannot say by whom without api-key`,
  ],
  [
    'GitHub merged it, Trunk still tests it',
    tipIn('testing'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk still reports it being tested`,
  ],
  [
    'GitHub merged it, Trunk still has it with tests passed',
    tipIn('tests_passed'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk still reports it in the queue, tests passed, not merged`,
  ],
  [
    'GitHub merged it, Trunk still has it waiting',
    tipIn('pending'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk still reports it waiting in the queue`,
  ],
  [
    'GitHub merged a PR Trunk never had',
    tipIn('not_submitted'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk never had it in this queue`,
  ],
  [
    'GitHub merged a PR the queue failed',
    tipIn('failed'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk reports that the queue failed it`,
  ],
  [
    'GitHub merged a PR cancelled from the queue',
    tipIn('cancelled'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk reports it cancelled from the queue`,
  ],
  [
    'GitHub merged a PR in a state this version does not know',
    tipIn('frozen'),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk reports it in a state this version does not know (frozen)`,
  ],
  [
    'MANUAL_MERGE',
    tipIn('merged', { merges: history(mergedWith(1842, 'manual_merge')) }),
    undefined,
    `${NOT}: PR #1842 was merged by hand 2 min ago, around the queue`,
  ],
  [
    'no PR',
    { ...tipIn('merged'), commits: checks([TIP]) },
    undefined,
    `${NOT}: no pull request brought it in (a direct push, or a PR merged around the queue that GitHub no longer lists)`,
  ],
  [
    'the head of an open PR',
    { ...tipIn('testing'), commits: checks([TIP, openPr(1842, TIP)]) },
    undefined,
    `${NOT}: it is the head of PR #1842, which is still open: the PR's commit reached this branch without being merged`,
  ],
  [
    'a PR whose merge made another commit',
    { ...tipIn('merged'), commits: checks([TIP, mergedPr(1842, sha('999aaaa'))]) },
    undefined,
    `${NOT}: PR #1842 brought it in, but that PR's merge made commit 999aaaa, not this one`,
  ],
  [
    'merged, but the history shows no merge',
    tipIn('merged', { merges: history({ number: 1842, transitions: [] }) }),
    undefined,
    `${NOT}: Trunk reports PR #1842 merged, but its history shows no merge, so who merged it is unknown`,
  ],
  [
    'merged, but the history could not be read',
    tipIn('merged', { merges: { kind: 'failed', message: HISTORY_FAILED, transient: true } }),
    HISTORY_FAILED,
    `${NOT}: Trunk reports PR #1842 merged, but its history, which says who merged it, could not be read (${HISTORY_FAILED}); re-run the job`,
  ],
  [
    'merged with a reason this version does not know: quoted as Trunk sends it',
    tipIn('merged', { merges: history(mergedWith(1842, 'merge_by_robot')) }),
    undefined,
    `${NOT}: Trunk's history records PR #1842's merge with a reason this version does not know (MERGE_BY_ROBOT), so whether Trunk or a person merged it is unknown`,
  ],
  [
    'merged with no reason (null)',
    tipIn('merged', { merges: history(mergedWith(1842, undefined)) }),
    undefined,
    `${NOT}: Trunk's history records PR #1842's merge with no reason, so whether Trunk or a person merged it is unknown`,
  ],
  [
    "a PR another branch's queue merged",
    { ...tipIn('merged'), commits: checks([TIP, { ...tipPr, baseRef: 'release' }]) },
    undefined,
    `${NOT}: PR #1842 was merged into release, not main: that branch's queue is not this one's, and the commit reached main another way`,
  ],
  [
    'Trunk stopped answering during the settle: its last word, not "still reports"',
    { ...tipIn('tests_passed'), notes: new Map([[1842, { kind: 'unanswered' as const, sinceMs: NOW - 60_000 }]]) },
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk last reported it through its tests and waiting to merge, and did not answer again while the gate waited`,
  ],
  [
    'Trunk stopped listing the PR during the settle (a 404 after it had it): not "never had it"',
    { ...tipIn('not_submitted'), notes: new Map([[1842, { kind: 'gone' as const, was: 'tests_passed' }]]) },
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk no longer lists it in this queue (it last reported it through its tests and waiting to merge)`,
  ],
  [
    'a range that all came through',
    {
      ...tipIn('merged'),
      commits: checks([TIP, tipPr], [DEF, mergedPr(1850, DEF)]),
      range: readOf(TIP, DEF),
      trunk: trunk([1842, 'merged'], [1850, 'merged']),
      merges: history(mergedWith(1842, 'merge_graph_merge', 2), mergedWith(1850, 'merge_graph_merge', 30)),
    },
    undefined,
    `${CAME}: PR #1842, merged by Trunk 2 min ago; so did the commit before it`,
  ],
  [
    'a passing tip with earlier commits that did not come through',
    tipIn('merged', mixedEarlier),
    undefined,
    `${CAME} (PR #1842, merged by Trunk 2 min ago), but 2 of the 3 commits before it did not (def5678: PR #1850, merged by hand; 0123456: no PR)`,
  ],
  [
    'a passing tip with a range that could not be checked',
    tipIn('merged', { range: FORCE_PUSHED }),
    undefined,
    `${CAME} (PR #1842, merged by Trunk 2 min ago), but the commits before it could not be checked: base-sha ba5e000 is not in the history of abc1234 (GitHub compares them as diverged): the branch was rewritten since (a force push), or base-sha is a commit of another branch; set base-sha to a commit the branch still has`,
  ],
  [
    'a passing tip, unknowable, with a range that could not be read',
    tipIn('merged', { range: COMPARE_FAILED, merges: UNKNOWABLE }),
    undefined,
    `${CAME} (PR #1842, merged; Trunk cannot say by whom without api-key), but the commits before it could not be checked: the commits since base-sha ba5e000 could not be read: GitHub API (which commits lie between base-sha and the commit): HTTP 502 (Bad Gateway)`,
  ],
  [
    'a failing tip with earlier commits that did not come through either',
    {
      ...tipIn('merged', mixedEarlier),
      commits: checks([TIP], [DEF, mergedPr(1850, DEF)], [E1, mergedPr(1851, E1)]),
      range: readOf(TIP, DEF, E1),
    },
    undefined,
    `${NOT}: no pull request brought it in (a direct push, or a PR merged around the queue that GitHub no longer lists); nor did 1 of the 2 commits before it (def5678: PR #1850, merged by hand)`,
  ],
  [
    'a failing tip with a range that could not be read',
    tipIn('testing', { range: COMPARE_FAILED }),
    undefined,
    `${NOT}: GitHub merged PR #1842 4 min ago, and Trunk still reports it being tested; and the commits before it could not be checked: the commits since base-sha ba5e000 could not be read: GitHub API (which commits lie between base-sha and the commit): HTTP 502 (Bad Gateway)`,
  ],
];

describe('commitSentence', () => {
  it.each(SENTENCES)('%s', (_, input, mergesFailed, sentence) => {
    expect(said(input, mergesFailed).sentence).toBe(sentence);
  });

  it('no commit checked', () => {
    expect(
      commitSentence({ ready: false, reasons: [], findings: [] }, { nowMs: NOW, range: TIP_ONLY, branch: 'main' }),
    ).toBe('No commit was checked');
  });
});

/** A code as the outputs write it (`not_merged_by_queue`), or as Trunk does (`MANUAL_MERGE`). */
const SNAKE_CODE = /\b[a-z0-9]+(?:_[a-z0-9]+)+\b/;
const UPPER_CODE = /\b[A-Z0-9]+(?:_[A-Z0-9]+)+\b/;

/** The text outside parentheses, nested ones too. */
function outsideParentheses(text: string): string {
  let outside = text;
  for (let inner = /\([^()]*\)/g; inner.test(outside); inner.lastIndex = 0) outside = outside.replace(inner, '');
  return outside;
}

describe('what no sentence says', () => {
  const all = SENTENCES.map(([name, input, mergesFailed]) => ({ name, ...said(input, mergesFailed) }));

  it.each(all.map(({ name, sentence }) => [name, sentence]))(
    '%s: never "Not ready", nor a closing stop',
    (_, sentence) => {
      expect(sentence).not.toMatch(/not ready/i);
      expect(sentence).not.toMatch(/[.!]$/);
    },
  );

  it.each(all.map(({ name, sentence }) => [name, sentence]))(
    '%s: no code outside parentheses; MANUAL_MERGE only inside them',
    (_, sentence) => {
      const outside = outsideParentheses(sentence);
      expect(outside).not.toMatch(SNAKE_CODE);
      expect(outside).not.toMatch(UPPER_CODE);
      const codes = sentence.match(new RegExp(UPPER_CODE, 'g')) ?? [];
      // A reason this version does not know is quoted as Trunk sent it, so that a person can look it up.
      expect(codes.filter((code) => code !== 'MANUAL_MERGE' && code !== 'MERGE_BY_ROBOT')).toEqual([]);
    },
  );

  it('"by hand" is said exactly when Trunk said MANUAL_MERGE', () => {
    const manual = all.filter(({ verdict }) => verdict.findings.some(({ fault }) => fault === 'merged_manually'));
    expect(manual.map(({ name }) => name)).toEqual([
      'MANUAL_MERGE',
      'a passing tip with earlier commits that did not come through',
      'a failing tip with earlier commits that did not come through either',
    ]);
    for (const { name, sentence, verdict } of all) {
      const byHand = verdict.findings.some(({ fault }) => fault === 'merged_manually');
      expect([name, /by hand/i.test(sentence)]).toEqual([name, byHand]);
    }
  });

  it('the check itself finds a bare code, past nested parentheses', () => {
    const outside = outsideParentheses('still (being tested (testing)) tests_passed (h) MANUAL_MERGE');
    expect(outside).toBe('still  tests_passed  MANUAL_MERGE');
    expect(outside.match(SNAKE_CODE)?.[0]).toBe('tests_passed');
    expect(outside.match(UPPER_CODE)?.[0]).toBe('MANUAL_MERGE');
  });
});

describe('commitLine', () => {
  const context: CommitWordsContext = { nowMs: NOW, range: readOf(TIP, DEF), branch: 'main' };
  /** The finding for DEF, the commit before the tip, brought in by `pr` with Trunk and the history given. */
  function earlier(input: Partial<CommitVerdictInput>): CommitFinding {
    const verdict = decideCommitVerdict({
      commits: checks([TIP, tipPr], [DEF, mergedPr(1850, DEF)]),
      branch: 'main',
      range: readOf(TIP, DEF),
      trunk: trunk([1842, 'merged'], [1850, 'merged']),
      merges: history(mergedWith(1842, 'merge_graph_merge'), mergedWith(1850, 'merge_graph_merge', 2)),
      ...input,
    });
    const found = verdict.findings[1];
    if (!found) throw new Error('no finding for the earlier commit');
    return found;
  }

  it.each<[string, Partial<CommitVerdictInput>, string]>([
    ['no PR', { commits: checks([TIP, tipPr], [DEF]) }, 'def5678: no PR'],
    [
      'merged by hand',
      { merges: history(mergedWith(1842, 'merge_graph_merge'), mergedWith(1850, 'manual_merge')) },
      'def5678: PR #1850, merged by hand',
    ],
    [
      'not its merge commit',
      { commits: checks([TIP, tipPr], [DEF, mergedPr(1850, sha('999aaaa'))]) },
      'def5678: PR #1850, not its merge commit',
    ],
    [
      'the head of an open PR',
      { commits: checks([TIP, tipPr], [DEF, openPr(1850, DEF)]) },
      'def5678: PR #1850, not its merge commit',
    ],
    [
      'merged by GitHub, Trunk still testing it',
      { trunk: trunk([1842, 'merged'], [1850, 'testing']) },
      'def5678: PR #1850, merged by GitHub; Trunk still reports it being tested',
    ],
    [
      'merged by GitHub, never asked of Trunk',
      { trunk: trunk([1842, 'merged']) },
      'def5678: PR #1850, merged by GitHub; Trunk never had it in this queue',
    ],
    [
      'merged, who merged it unknown',
      { merges: history(mergedWith(1842, 'merge_graph_merge')) },
      'def5678: PR #1850, merged; who merged it is unknown',
    ],
    [
      'merged into another branch',
      { commits: checks([TIP, tipPr], [DEF, { ...mergedPr(1850, DEF), baseRef: 'sandbox' }]) },
      'def5678: PR #1850, merged into sandbox',
    ],
    ['came through, with api-key', {}, 'def5678: PR #1850, merged by Trunk 2 min ago'],
    ['came through, with api-token alone', { merges: UNKNOWABLE }, 'def5678: PR #1850, merged'],
  ])('%s', (_, input, line) => {
    expect(plainWords(commitLine(earlier(input), context))).toBe(line);
  });
});

describe('a PR GitHub merged that Trunk never had (404), before the tip', () => {
  // Bug: commitLine takes any Trunk answer as "Trunk had it", and a 404 is an answer too
  // (`{ found: false }`, which v1's readPrs gives for every PR never submitted). So a PR merged by
  // hand that the queue never saw, the case the gate exists for, is said to have been in the queue,
  // in the summary's list and in the sentence (the heading and the error line).
  const input = tipIn('merged', {
    commits: checks([TIP, tipPr], [DEF, mergedPr(1850, DEF)]),
    range: readOf(TIP, DEF),
    trunk: trunk([1842, 'merged'], [1850, 'not_submitted']),
  });

  it("the verdict: not_merged_by_queue, Trunk's answer a 404", () => {
    const [, found] = said(input).verdict.findings;
    expect([found?.fault, found?.trunk]).toEqual(['not_merged_by_queue', { found: false }]);
  });

  it('its line says Trunk never had it', () => {
    const { verdict, context } = said(input);
    const [, found] = verdict.findings;
    if (!found) throw new Error('no finding for the earlier commit');
    expect(commitLine(found, context)).toBe('def5678: PR #1850, merged by GitHub; Trunk never had it in this queue');
  });

  it('the sentence says Trunk never had it', () => {
    expect(said(input).sentence).toBe(
      `${CAME} (PR #1842, merged by Trunk 2 min ago), but the commit before it did not (def5678: PR #1850, merged by GitHub; Trunk never had it in this queue)`,
    );
  });
});

describe('faultWords', () => {
  it('is the clause after "did not come through the merge queue:", for a commit before the tip too', () => {
    const { verdict, context } = said(tipIn('merged', mixedEarlier));
    const [, manual, direct] = verdict.findings;
    if (!manual || !direct) throw new Error('the earlier commits have no findings');
    expect(faultWords(manual, context)).toBe('PR #1850 was merged by hand 2 min ago, around the queue');
    expect(faultWords(direct, context)).toMatch(/^no pull request brought it in \(/);
  });
});
