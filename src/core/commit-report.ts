// What a run about a commit reports: the verdict's one sentence as the log's account and, with
// fail-if-not-ready, the error line, with how a person accepts a held commit; the notice when
// Trunk cannot say who merged. Pure.
import type { Report } from './report.js';
import type { CommitVerdict } from './commit-verdict.js';
import { acceptWords, commitSentence, type CommitWordsContext } from './words/commit.js';
import { codesAfter } from './words/reasons.js';

export interface CommitReportInput {
  verdict: CommitVerdict;
  context: CommitWordsContext;
  failIfNotReady: boolean;
  warnings: string[];
}

/** Said when a merge was taken as Trunk's because v1 cannot tell: the input that would tell. */
export const UNKNOWABLE_NOTICE =
  "Trunk's v1 API (api-token) cannot tell a merge done by hand from one Trunk made, so a merged PR counts as the queue's; set api-key (a Trunk v2 API key; one with no permissions is enough) for the gate to tell them apart.";

export function buildCommitReport({ verdict, context, failIfNotReady, warnings }: CommitReportInput): Report {
  const sentence = commitSentence(verdict, context);
  const codes = codesAfter(verdict.reasons);
  const accept = verdict.ready ? undefined : acceptWords(verdict, context);
  const line = `${sentence}${codes}.${accept ? ` ${accept}.` : ''}`;
  const unknowable = verdict.findings.some((found) => found.merge?.by === 'unknowable');
  const failures = failIfNotReady && !verdict.ready ? [line] : [];
  return {
    failures,
    // The summary's heading says it.
    verdictFailure: failures[0],
    statusLine: line,
    lines: [],
    warnings,
    notices: unknowable ? [UNKNOWABLE_NOTICE] : [],
  };
}
