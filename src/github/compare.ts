// GitHub's answer to "which commits lie between these two?": the compare of base...head, each
// commit with its parents, for the commit verdict to walk (core/commit-range.ts). Paged, as GitHub
// pages it since 2021 (`per_page` up to 100, `page` from 1; the commits in chronological order, so
// the newest are on the last page, which `total_commits` tells): the first page says how the two
// relate and how many commits there are; then the pages are read from the last back, only as far
// as the walk down the tip's first parents needs, within a page limit, the run's request budget
// and its deadline. Without paging GitHub would list only the newest 250.
import * as z from 'zod/mini';
import { listedOf, walkChain, walkNeedsMore, type CompareCommit, type Comparison } from '../core/commit-range.js';
import { pagingWords } from '../core/words/paging.js';
import { GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import { readPages } from '../shared/paging.js';
import { ask, spentOf, type GitHubClient, type Question } from './client.js';

const WHAT = 'which commits lie between base-sha and the commit';
/** GitHub's largest page. */
const COMPARE_PAGE = 100;
/** 2,000 commits: the longest first-parent chain checked, 1,000, with a merge's own commits beside it. */
const COMPARE_PAGES = 20;

// Only what the walk reads: `files`, which can be large, is left undeclared and unread.
// A commit id from GitHub is checked as one: the verdict writes them into outputs as they are.
const sha = z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'is not a commit SHA'));
const COMPARISON = z.object({
  status: z.string(),
  total_commits: z.number().check(z.int(), z.nonnegative()),
  commits: z.array(
    z.object({
      sha,
      parents: z.array(z.object({ sha })),
      commit: z.optional(z.object({ committer: z.optional(z.nullable(z.object({ date: z.optional(z.string()) }))) })),
    }),
  ),
});

interface ComparePage {
  status: string;
  totalCommits: number;
  commits: CompareCommit[];
}

/** The comparison, read as far as the walk from `head` down its first parents needs. */
export async function compareCommits(
  client: GitHubClient,
  base: string,
  head: string,
  signal: AbortSignal,
): Promise<Comparison> {
  const first = await comparePage(client, base, head, 1, signal);
  const { status, totalCommits } = first;
  const lastPage = Math.ceil(totalCommits / COMPARE_PAGE);
  if (status !== 'ahead' || lastPage <= 1) return first;
  // Oldest first within the pages read: page 1, then the newest pages down.
  const pages = new Map<number, CompareCommit[]>([[1, first.commits]]);
  const inOrder = () => [...pages.keys()].sort((a, b) => a - b).flatMap((n) => pages.get(n) ?? []);
  const needsMore = () => walkNeedsMore(walkChain(head, listedOf(inOrder())), base);
  const end = await readPages(
    async (page: number | undefined) => {
      const number = page ?? lastPage;
      const read = await comparePage(client, base, head, number, signal);
      return { items: [{ number, commits: read.commits }], next: number > 2 ? number - 1 : undefined };
    },
    {
      maxPages: COMPARE_PAGES - 1,
      first: lastPage,
      spent: () => spentOf(client),
      // A server that answers every page with the same commits is repeating itself.
      contentKey: ([read]) => read?.commits[0]?.sha,
    },
    ([read]) => {
      if (read) pages.set(read.number, read.commits);
      return needsMore();
    },
  );
  const unread = end.how !== 'last' && end.how !== 'enough';
  return {
    status,
    totalCommits,
    commits: inOrder(),
    ...(unread && needsMore() ? { cutShort: pagingWords("GitHub's comparison", end, COMPARE_PAGES - 1) } : {}),
  };
}

function comparePage(
  client: GitHubClient,
  base: string,
  head: string,
  page: number,
  signal: AbortSignal,
): Promise<ComparePage> {
  const { owner, name } = client.settings;
  const question: Question<ComparePage> = {
    what: WHAT,
    send: (octokit, request) =>
      octokit.rest.repos.compareCommitsWithBasehead({
        owner,
        repo: name,
        basehead: `${base}...${head}`,
        per_page: COMPARE_PAGE,
        page,
        request: { signal: request },
      }),
    read: readComparison,
    missing: (status, message) =>
      `HTTP ${status} (${message}): GitHub knows no commit ${base} (base-sha) or ${head} in ${owner}/${name}; check base-sha`,
  };
  return ask(client, question, signal);
}

function readComparison(data: unknown): ComparePage {
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
      ...(commit.commit?.committer?.date ? { date: commit.commit.committer.date } : {}),
    })),
  };
}
