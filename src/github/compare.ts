// GitHub's answer to "which commits did this push bring?": the compare of base...head, each commit
// with its parents, for the commit verdict to walk (core/commit-range.ts). One request without
// paging: GitHub then lists the newest 250 commits, more than the 100 the verdict will check.
import * as z from 'zod/mini';
import type { Comparison } from '../core/commit-range.js';
import { GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import { ask, type GitHubClient, type Question } from './client.js';

const WHAT = 'which commits the push brought';

// Only what the walk reads: `files`, which can be large, is left undeclared and unread.
// A commit id from GitHub is checked as one: the verdict writes them into outputs as they are.
const sha = z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'is not a commit SHA'));
const COMPARISON = z.object({
  status: z.string(),
  total_commits: z.number().check(z.int(), z.nonnegative()),
  commits: z.array(z.object({ sha, parents: z.array(z.object({ sha })) })),
});

export function compareCommits(
  client: GitHubClient,
  base: string,
  head: string,
  signal: AbortSignal,
): Promise<Comparison> {
  const { owner, name } = client.settings;
  const question: Question<Comparison> = {
    what: WHAT,
    send: (octokit, request) =>
      octokit.rest.repos.compareCommitsWithBasehead({
        owner,
        repo: name,
        basehead: `${base}...${head}`,
        request: { signal: request },
      }),
    read: readComparison,
    missing: (status, message) =>
      `HTTP ${status} (${message}): GitHub knows no commit ${base} (base-sha) or ${head} in ${owner}/${name}; check base-sha`,
  };
  return ask(client, question, signal);
}

function readComparison(data: unknown): Comparison {
  const parsed = COMPARISON.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new GitHubError(
      WHAT,
      `answered with a comparison this action cannot read (${oneLine(`${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`)})`,
    );
  }
  const { status, total_commits: totalCommits, commits } = parsed.data;
  return {
    status: status.toLowerCase(),
    totalCommits,
    commits: commits.map((commit) => ({
      sha: commit.sha.toLowerCase(),
      parents: commit.parents.map((parent) => parent.sha.toLowerCase()),
    })),
  };
}
