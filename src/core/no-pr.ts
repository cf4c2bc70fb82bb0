// A commit no pull request brought in (rule 5 of "Which PR" found none): a direct push, or a
// commit older than any PR GitHub knows. That is an answer, and for a deploy gate a "not ready":
// the commit did not come through the merge queue. Pure.
import type { Report } from './report.js';

export interface CommitFacts {
  sha: string;
  /** The queue's branch: `target-branch`, else the repository's default branch. */
  branch: string;
  repo: string;
}

/** The first 7 characters, as GitHub shows a commit; the full SHA stays in `commit-sha`. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** One sentence, for the log, the summary's heading and the error line. */
export function noPrSentence({ sha, branch }: CommitFacts): string {
  return `Commit ${shortSha(sha)} on ${branch} came in through no pull request, so not through the merge queue (a direct push, or a PR merged around the queue that GitHub no longer lists)`;
}

export function noPrReport(facts: CommitFacts, failIfNotReady: boolean): Report {
  const sentence = noPrSentence(facts);
  return {
    failures: failIfNotReady ? [`${sentence}: not ready (no_pull_request).`] : [],
    statusLine: `${sentence}; not ready (no_pull_request).`,
    lines: [],
    warnings: [],
    notices: [],
  };
}
