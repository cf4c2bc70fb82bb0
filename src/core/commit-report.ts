// What a run about a commit reports: the verdict's one sentence as the log's account and, with
// fail-if-not-ready, the error line; the notice when Trunk cannot say who merged; the merge
// reasons this version does not know, named. Pure.
import type { Report } from './report.js';
import type { CommitVerdict } from './commit-verdict.js';
import { TRUNK_MERGES } from './commit-verdict.js';
import { commitSentence, type CommitWordsContext } from './words/commit.js';
import { codesAfter } from './words/reasons.js';
import { outside } from '../shared/format.js';

export interface CommitReportInput {
  verdict: CommitVerdict;
  context: CommitWordsContext;
  failIfNotReady: boolean;
  /** Said once: v2 could not tell who merged beside v1 (the mixed mode). */
  warnings: string[];
}

/** Said when a merge was taken as Trunk's because v1 cannot tell: the input that would tell. */
export const UNKNOWABLE_NOTICE =
  "Trunk's v1 API (api-token) cannot tell a merge done by hand from one Trunk made, so a merged PR counts as the queue's; set api-key (a Trunk v2 API key; one with no permissions is enough) for the gate to tell them apart.";

export function buildCommitReport({ verdict, context, failIfNotReady, warnings }: CommitReportInput): Report {
  const sentence = commitSentence(verdict, context);
  const codes = codesAfter(verdict.reasons);
  const unknowable = verdict.findings.some((found) => found.merge?.by === 'unknowable');
  const lines = verdict.findings.flatMap(({ pr, merge }) => {
    if (!pr || merge?.by !== 'trunk' || (merge.reason && TRUNK_MERGES.includes(merge.reason))) return [];
    const why = merge.reason
      ? `a reason this version does not know (${outside(merge.reason)})`
      : 'no reason in its history';
    return [`PR #${pr.number} merged with ${why}; it counts as Trunk's merge.`];
  });
  const failures = failIfNotReady && !verdict.ready ? [`${sentence}${codes}.`] : [];
  return {
    failures,
    // The summary's heading says it.
    verdictFailure: failures[0],
    statusLine: `${sentence}${codes}.`,
    lines: [...new Set(lines)],
    warnings,
    notices: unknowable ? [UNKNOWABLE_NOTICE] : [],
  };
}
