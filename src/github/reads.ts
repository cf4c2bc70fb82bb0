// The GitHub reads of a run about a commit, behind one import() so that they load as one chunk,
// and only on such runs: the PRs behind a commit, the PRs merged into a branch, the commits
// between two, and this workflow's runs. They share one client: one request budget, one deadline.
import type { Comparison } from '../core/commit-range.js';
import type { CommitPr } from '../core/model.js';
import type { PagingEnd } from '../shared/paging.js';
import { gitHubClient, GITHUB_REQUESTS_PER_RUN, type GitHubSettings } from './client.js';
import { listCommitPulls, listMergedInto } from './commit-pulls.js';
import { compareCommits } from './compare.js';
import { eachWorkflowRun, getWorkflowRun, RUN_PAGES, type RunsFilter, type WorkflowRun } from './workflow-runs.js';

export interface GitHubReads {
  /** The PRs GitHub lists for a commit, in its order. */
  pulls(sha: string, signal: AbortSignal): Promise<CommitPr[]>;
  /** The PRs merged into `base`, back to those updated before `sinceMs`, and how the list ended. */
  mergedInto(
    base: string,
    sinceMs: number | undefined,
    signal: AbortSignal,
  ): Promise<{ prs: CommitPr[]; end: PagingEnd }>;
  /** The compare of base...head, as far as the walk down head's first parents needs. */
  compare(base: string, head: string, signal: AbortSignal): Promise<Comparison>;
  /** One workflow run by its id. */
  run(runId: number, signal: AbortSignal): Promise<WorkflowRun>;
  /** A workflow's runs, newest first, each to `visit` until it answers false. */
  eachRun(
    workflowId: number,
    filter: RunsFilter,
    signal: AbortSignal,
    visit: (run: WorkflowRun) => boolean | Promise<boolean>,
  ): Promise<PagingEnd>;
  /** Requests made so far, of the run's budget. */
  requests(): number;
  /** The most pages of runs `eachRun` reads. */
  runPages: number;
}

export async function gitHubReads(settings: Omit<GitHubSettings, 'maxRequests'>): Promise<GitHubReads> {
  const client = await gitHubClient({ ...settings, maxRequests: GITHUB_REQUESTS_PER_RUN });
  return {
    pulls: (sha, signal) => listCommitPulls(client, sha, signal),
    mergedInto: (base, sinceMs, signal) => listMergedInto(client, base, sinceMs, signal),
    compare: (base, head, signal) => compareCommits(client, base, head, signal),
    run: (runId, signal) => getWorkflowRun(client, runId, signal),
    eachRun: (workflowId, filter, signal, visit) => eachWorkflowRun(client, workflowId, filter, signal, visit),
    requests: () => client.budget.made,
    runPages: RUN_PAGES,
  };
}

export type { GitHubSettings, WorkflowRun };
