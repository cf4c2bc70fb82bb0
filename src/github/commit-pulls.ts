// GitHub's answer to "which pull requests brought this commit in?" (rule 5 of "Which PR", and each
// commit of a range the commit verdict checks), in GitHub's order, each PR's facts as the rules
// read them; and, for a long range, one list that stands for many of those questions: the PRs
// merged into the branch, most recently updated first, as far back as the range goes.
import * as z from 'zod/mini';
import type { CommitPr } from '../core/model.js';
import { GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import { readPages, type PagingEnd } from '../shared/paging.js';
import { parseTimestamp } from '../shared/time.js';
import { ask, spentOf, type GitHubClient, type Question } from './client.js';

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
    read: (data) => readPulls(WHAT, data),
    missing: (status, message) => `HTTP ${status} (${message}): commit ${sha} is not in ${owner}/${name}; check sha`,
  };
  return ask(client, question, signal);
}

/** GitHub's largest page. */
const PULLS_PAGE = 100;
/** 1,000 PRs: as many as a range of 1,000 commits can bring. */
const PULLS_PAGES = 10;

/**
 * The PRs merged into `base`, most recently updated first, every page until one updated before
 * `sinceMs` (a PR merged since then was updated since then too), within the page limit, the run's
 * request budget and its deadline. Closed PRs that were not merged are left out.
 */
export async function listMergedInto(
  client: GitHubClient,
  base: string,
  sinceMs: number | undefined,
  signal: AbortSignal,
): Promise<{ prs: CommitPr[]; end: PagingEnd }> {
  const { owner, name } = client.settings;
  const what = `which pull requests were merged into ${base}`;
  const prs: CommitPr[] = [];
  const read = async (page: number | undefined) => {
    const number = page ?? 1;
    const question: Question<CommitPr[]> = {
      what,
      send: (octokit, request) =>
        octokit.rest.pulls.list({
          owner,
          repo: name,
          state: 'closed',
          base,
          sort: 'updated',
          direction: 'desc',
          per_page: PULLS_PAGE,
          page: number,
          request: { signal: request },
        }),
      read: (data) => readPulls(what, data),
      missing: (status, message) => `HTTP ${status} (${message}): ${owner}/${name} cannot be listed`,
    };
    const listed = await ask(client, question, signal);
    // A short page is the last: GitHub fills every page but the last.
    return { items: listed, next: listed.length === PULLS_PAGE ? number + 1 : undefined };
  };
  const end = await readPages(
    read,
    {
      maxPages: PULLS_PAGES,
      first: 1,
      spent: () => spentOf(client),
      contentKey: (listed) => (listed[0] ? String(listed[0].number) : undefined),
    },
    (listed) => {
      prs.push(...listed.filter((pr) => pr.mergedAt !== undefined));
      const oldest = parseTimestamp(listed.at(-1)?.updatedAt ?? '');
      return sinceMs === undefined || oldest === undefined || oldest >= sinceMs;
    },
  );
  return { prs, end };
}

function readPulls(what: string, data: unknown): CommitPr[] {
  const parsed = PULLS.safeParse(data);
  if (!parsed.success) {
    throw new GitHubError(
      what,
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
