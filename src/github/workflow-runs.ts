// GitHub Actions' workflow runs, read with github-token (which then needs `actions: read`):
//
// - `getWorkflowRun`: one run by its id (`GET /repos/{owner}/{repo}/actions/runs/{run_id}`), such
//   as this run's own (GITHUB_RUN_ID), to learn its workflow's id.
// - `eachWorkflowRun`: the runs of one workflow, newest first
//   (`GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs`), filtered as GitHub filters
//   them (`branch`, `event`, `status`, which takes a status or a conclusion), one run left out by
//   id (this run, or the run being re-run), handed one at a time to a visitor that says when it
//   has found what it looks for. Paged by number (`per_page`, `page`), ended by `total_count`,
//   through the paging loop, so it stops at a page already read, at its page limit, at the run's
//   request budget and at its deadline.
//
// GitHub answers at most 1,000 runs for a filtered list. Each run carries only what its callers
// read; the fields are GitHub's, as its REST reference describes a "workflow run".
import * as z from 'zod/mini';
import { GitHubError } from '../shared/errors.js';
import { oneLine } from '../shared/format.js';
import { readPages, type PagingEnd } from '../shared/paging.js';
import { ask, spentOf, type GitHubClient, type Question } from './client.js';

/** A workflow run as GitHub describes it, the fields this action reads. */
export interface WorkflowRun {
  id: number;
  /** The workflow the run is of. */
  workflowId: number;
  /** The commit the run ran on (for `workflow_run` and check events, the default branch's tip when it started). */
  headSha: string;
  /** The branch (or tag) the run ran on; undefined when GitHub sent null. */
  headBranch?: string;
  /** The event that started it: `push`, `workflow_dispatch`, `workflow_run`, … */
  event: string;
  /** `queued`, `in_progress`, `completed`, …; undefined when null. */
  status?: string;
  /** `success`, `failure`, `cancelled`, …; undefined until the run completes. */
  conclusion?: string;
  /** The run's number in its workflow. */
  runNumber?: number;
  /** 1, or more for a re-run. */
  runAttempt?: number;
  /** The run's title: its `run-name`, or what the event gives it. */
  displayTitle?: string;
  htmlUrl?: string;
}

/** What a list of runs is narrowed to, as GitHub's query parameters say it. */
export interface RunsFilter {
  branch?: string;
  event?: string;
  /** A status (`completed`, `in_progress`) or a conclusion (`success`, `failure`). */
  status?: string;
  /** A run left out of the list (this run itself). */
  excludeRunId?: number;
}

/** Pages of runs read at most, by default: a successful run is most often among the newest. */
export const RUN_PAGES = 5;

export interface RunsPaging {
  /** Runs a page (at most GitHub's 100; default 20). */
  perPage?: number;
  /** Pages at most (default RUN_PAGES). */
  maxPages?: number;
}

/** What a refusal names: the permission the runs need. */
const REFUSED = { reads: "this repository's workflow runs", permissions: 'actions: read' };

const text = z.optional(z.nullable(z.string()));
const RUN = z.object({
  id: z.number().check(z.int(), z.positive()),
  workflow_id: z.number().check(z.int(), z.positive()),
  head_sha: z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'is not a commit SHA')),
  head_branch: text,
  event: z.string(),
  status: text,
  conclusion: text,
  run_number: z.optional(z.number()),
  run_attempt: z.optional(z.number()),
  display_title: text,
  html_url: text,
});
const RUNS = z.object({
  total_count: z.number().check(z.int(), z.nonnegative()),
  workflow_runs: z.array(RUN),
});

/** One run by its id; an error that names what to fix otherwise (a 403: `actions: read`). */
export function getWorkflowRun(client: GitHubClient, runId: number, signal: AbortSignal): Promise<WorkflowRun> {
  const { owner, name } = client.settings.runsRepo ?? client.settings;
  const what = `which workflow run ${runId} is`;
  const question: Question<WorkflowRun> = {
    what,
    send: (octokit, request) =>
      octokit.rest.actions.getWorkflowRun({
        owner,
        repo: name,
        run_id: runId,
        exclude_pull_requests: true,
        request: { signal: request },
      }),
    read: (data) => runOf(parsed(what, RUN, data)),
    missing: (status, message) => `HTTP ${status} (${message}): ${owner}/${name} has no workflow run ${runId}`,
    refused: REFUSED,
  };
  return ask(client, question, signal);
}

/**
 * The runs of a workflow, newest first, each given to `visit` until it answers `false` (it has
 * found what it looks for), or the list ends, or a limit stops it: how it ended.
 */
export async function eachWorkflowRun(
  client: GitHubClient,
  workflowId: number,
  filter: RunsFilter,
  signal: AbortSignal,
  visit: (run: WorkflowRun) => boolean | Promise<boolean>,
  paging: RunsPaging = {},
): Promise<PagingEnd> {
  const perPage = Math.min(paging.perPage ?? 20, 100);
  const read = async (page: number | undefined) => {
    const number = page ?? 1;
    const { total, runs } = await runsPage(client, workflowId, filter, { page: number, perPage }, signal);
    return { items: runs, next: number * perPage < total ? number + 1 : undefined };
  };
  return readPages(
    read,
    {
      maxPages: paging.maxPages ?? RUN_PAGES,
      first: 1,
      spent: () => spentOf(client),
      contentKey: (runs) => (runs[0] ? String(runs[0].id) : undefined),
    },
    async (runs) => {
      for (const run of runs) {
        if (run.id === filter.excludeRunId) continue;
        if (!(await visit(run))) return false;
      }
      return true;
    },
  );
}

function runsPage(
  client: GitHubClient,
  workflowId: number,
  filter: RunsFilter,
  at: { page: number; perPage: number },
  signal: AbortSignal,
): Promise<{ total: number; runs: WorkflowRun[] }> {
  const { owner, name } = client.settings.runsRepo ?? client.settings;
  const what = `which runs of this workflow ${filter.status === 'success' ? 'succeeded' : 'there were'}`;
  const question: Question<{ total: number; runs: WorkflowRun[] }> = {
    what,
    send: (octokit, request) =>
      octokit.rest.actions.listWorkflowRuns({
        owner,
        repo: name,
        workflow_id: workflowId,
        ...(filter.branch === undefined ? {} : { branch: filter.branch }),
        ...(filter.event === undefined ? {} : { event: filter.event }),
        ...(filter.status === undefined ? {} : { status: filter.status as 'success' }),
        exclude_pull_requests: true,
        per_page: at.perPage,
        page: at.page,
        request: { signal: request },
      }),
    read: (data) => {
      const list = parsed(what, RUNS, data);
      return { total: list.total_count, runs: list.workflow_runs.map(runOf) };
    },
    missing: (status, message) => `HTTP ${status} (${message}): ${owner}/${name} has no workflow ${workflowId}`,
    refused: REFUSED,
  };
  return ask(client, question, signal);
}

/** The answer, checked against what this action reads of it; a GitHubError naming the field otherwise. */
export function parsed<T>(what: string, schema: z.ZodMiniType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new GitHubError(
    what,
    `answered with something this action cannot read (${oneLine(`${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`)})`,
  );
}

function runOf(run: z.infer<typeof RUN>): WorkflowRun {
  return {
    id: run.id,
    workflowId: run.workflow_id,
    headSha: run.head_sha.toLowerCase(),
    headBranch: run.head_branch ?? undefined,
    event: run.event,
    status: run.status ?? undefined,
    conclusion: run.conclusion ?? undefined,
    runNumber: run.run_number,
    runAttempt: run.run_attempt,
    displayTitle: run.display_title ?? undefined,
    htmlUrl: run.html_url ?? undefined,
  };
}
