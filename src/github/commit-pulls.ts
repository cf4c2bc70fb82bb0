// GitHub's answer to "which pull requests brought this commit in?" (rule 5 of "Which PR", and each
// commit of a push the commit verdict checks), in GitHub's order, each PR's facts as the rules read them.
import * as z from 'zod/mini';
import type { CommitPr } from '../core/model.js';
import { GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import { ask, type GitHubClient, type Question } from './client.js';

const WHAT = 'which pull request brought the commit in';

const optionalText = z.optional(z.nullable(z.string()));
// A deleted fork's PR has `head.repo: null`.
const repository = z.optional(z.nullable(z.object({ full_name: optionalText })));

const PULLS = z.array(
  z.object({
    // GitHub's numbers are 32-bit: one beyond is no PR of GitHub's, and is never written as one.
    number: z.number().check(z.int(), z.positive(), z.lt(2 ** 31)),
    state: z.optional(z.nullable(z.string())),
    merged_at: z.optional(z.nullable(z.string())),
    merge_commit_sha: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.nullable(z.string())),
    head: z.optional(z.nullable(z.object({ sha: optionalText, ref: optionalText, repo: repository }))),
    base: z.optional(z.nullable(z.object({ ref: optionalText, repo: repository }))),
  }),
);

/** The PRs GitHub lists for `sha`, in its order; an error that names what to fix otherwise. */
export function listCommitPulls(client: GitHubClient, sha: string, signal: AbortSignal): Promise<CommitPr[]> {
  const { owner, name } = client.settings;
  const question: Question<CommitPr[]> = {
    what: WHAT,
    send: (octokit, request) =>
      octokit.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo: name,
        commit_sha: sha,
        per_page: 100,
        request: { signal: request },
      }),
    read: readPulls,
    missing: (status, message) => `HTTP ${status} (${message}): commit ${sha} is not in ${owner}/${name}; check sha`,
  };
  return ask(client, question, signal);
}

function readPulls(data: unknown): CommitPr[] {
  const parsed = PULLS.safeParse(data);
  if (!parsed.success) {
    throw new GitHubError(
      WHAT,
      `answered with a list of pull requests this action cannot read (${oneLine(parsed.error.issues[0]?.message ?? 'invalid')})`,
    );
  }
  return parsed.data.map((pr) => ({
    number: pr.number,
    open: pr.state === 'open',
    mergedAt: pr.merged_at ?? undefined,
    mergeCommitSha: pr.merge_commit_sha ?? undefined,
    headSha: pr.head?.sha ?? undefined,
    headRef: pr.head?.ref ?? undefined,
    headInRepository: sameRepository(pr.head?.repo?.full_name, pr.base?.repo?.full_name),
    baseRef: pr.base?.ref ?? undefined,
    updatedAt: pr.updated_at ?? undefined,
  }));
}

/** Whether the PR's branch is in the repository it targets: not a fork's, and not a deleted fork's. */
function sameRepository(head: string | null | undefined, base: string | null | undefined): boolean {
  return Boolean(head && base && head.toLowerCase() === base.toLowerCase());
}
