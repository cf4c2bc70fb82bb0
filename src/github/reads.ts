// The GitHub reads of a run about a commit, behind one import() so that they load as one chunk,
// and only on such runs: the PRs behind a commit, and the commits a push brought.
import type { Comparison } from '../core/commit-range.js';
import type { CommitPr } from '../core/model.js';
import { gitHubClient, type GitHubSettings } from './client.js';
import { listCommitPulls } from './commit-pulls.js';
import { compareCommits } from './compare.js';

export interface GitHubReads {
  /** The PRs GitHub lists for a commit, in its order. */
  pulls(sha: string, signal: AbortSignal): Promise<CommitPr[]>;
  /** The compare of base...head, each commit with its parents. */
  compare(base: string, head: string, signal: AbortSignal): Promise<Comparison>;
}

export async function gitHubReads(settings: GitHubSettings): Promise<GitHubReads> {
  const client = await gitHubClient(settings);
  return {
    pulls: (sha, signal) => listCommitPulls(client, sha, signal),
    compare: (base, head, signal) => compareCommits(client, base, head, signal),
  };
}

export type { GitHubSettings };
